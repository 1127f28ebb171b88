/** spec §9: price units. Prices are integer rupees (contracts: Unit.minPrice/maxPrice). */
export const CRORE = 10_000_000;
export const LAKH = 100_000;

const upToTwoDecimals = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

interface PriceParts {
  amount: string;
  unit: '' | 'L' | 'Cr';
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function priceParts(rupees: number): PriceParts {
  const whole = Math.round(rupees);
  // 99,99,999 is '100 L' after rounding; show it as '1 Cr' instead.
  if (whole >= CRORE || round2(whole / LAKH) >= 100) {
    return { amount: upToTwoDecimals.format(whole / CRORE), unit: 'Cr' };
  }
  if (whole >= LAKH) return { amount: upToTwoDecimals.format(whole / LAKH), unit: 'L' };
  return { amount: wholeRupees.format(whole), unit: '' };
}

function joinParts({ amount, unit }: PriceParts): string {
  return unit ? `${amount} ${unit}` : amount;
}

/** The site-wide price: '₹ 85 L', '₹ 1.25 Cr', '₹ 45,000'. */
export function formatPrice(rupees: number): string {
  if (!Number.isFinite(rupees) || rupees < 0) return 'Price on request';
  return `₹ ${joinParts(priceParts(rupees))}`;
}

/** Exact whole rupees with Indian grouping, for amounts a buyer pays: '₹ 43,391', '₹ 1,23,456'. */
export function formatRupees(rupees: number): string {
  if (!Number.isFinite(rupees)) return '₹ –';
  return `₹ ${wholeRupees.format(Math.round(rupees))}`;
}

/**
 * A range for cards and headers: '₹ 85 L – 1.25 Cr', or '₹ 60 – 95 L' when both ends share a unit.
 * Zero or missing prices mean the seller has not published one.
 */
export function formatPriceRange(min: number, max: number): string {
  const low = Number.isFinite(min) && min > 0 ? min : 0;
  const high = Number.isFinite(max) && max > 0 ? max : 0;
  if (low === 0 && high === 0) return 'Price on request';
  if (low === 0 || high === 0 || Math.round(low) === Math.round(high)) return formatPrice(low || high);
  const [from, to] = low <= high ? [low, high] : [high, low];
  const a = priceParts(from);
  const b = priceParts(to);
  if (a.amount === b.amount && a.unit === b.unit) return `₹ ${joinParts(a)}`;
  if (a.unit === b.unit && a.unit !== '') return `₹ ${a.amount} – ${b.amount} ${b.unit}`;
  return `₹ ${joinParts(a)} – ${joinParts(b)}`;
}

interface PricedUnit {
  minPrice: number;
  maxPrice: number;
}

/** spec §5: the lowest minPrice and the highest maxPrice across all units; 0 and 0 if none. */
export function unitPriceBounds(units: readonly PricedUnit[]): { min: number; max: number } {
  if (units.length === 0) return { min: 0, max: 0 };
  return {
    min: Math.min(...units.map((unit) => unit.minPrice)),
    max: Math.max(...units.map((unit) => unit.maxPrice)),
  };
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * spec §5 'Price display (dashboard)': missing or non-numeric 'N/A'; otherwise Cr, Lacs or K with
 * two decimals, and smaller values as they are.
 */
export function formatDashboardPrice(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return 'N/A';
  if (n >= CRORE) return `${(n / CRORE).toFixed(2)} Cr`;
  if (n >= LAKH) return `${(n / LAKH).toFixed(2)} Lacs`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(2)} K`;
  return String(n);
}

/** spec §5 'Price display (broker projects cards)': 'X.XX Cr', 'X.XX L', 'X.XX T' (thousands), else raw. */
export function formatCardPrice(value: number): string {
  if (value >= CRORE) return `${(value / CRORE).toFixed(2)} Cr`;
  if (value >= LAKH) return `${(value / LAKH).toFixed(2)} L`;
  if (value >= 1_000) return `${(value / 1_000).toFixed(2)} T`;
  return String(value);
}

/** spec §5: one price when min equals max, otherwise 'min - max', across all units. */
export function formatCardPriceRange(units: readonly PricedUnit[]): string {
  const { min, max } = unitPriceBounds(units);
  return min === max ? formatCardPrice(min) : `${formatCardPrice(min)} - ${formatCardPrice(max)}`;
}

/** A dash between the two ends of a range: hyphen, en dash or em dash. */
const RANGE_DASH = /[-–—]/;

/**
 * spec §5 'Chat card price': the card's price text ('₹1,25,00,000 - ₹1,50,00,000', '8500000', a number) with the
 * rupee sign and commas stripped and only the part before a dash kept; 'N/A' when that is not a number;
 * then Cr (2 decimals), Lakh (2 decimals), K (no decimals) or the plain number.
 */
export function formatChatCardPrice(price: unknown): string {
  if (typeof price !== 'string' && typeof price !== 'number') return 'N/A';
  const first = String(price).replace(/[₹,]/g, '').split(RANGE_DASH)[0]?.trim() ?? '';
  // Number('') is 0, so a blank first part (a missing price, or '-5') must be caught before converting.
  const n = first === '' ? Number.NaN : Number(first);
  if (!Number.isFinite(n)) return 'N/A';
  if (n >= CRORE) return `${(n / CRORE).toFixed(2)} Cr`;
  if (n >= LAKH) return `${(n / LAKH).toFixed(2)} Lakh`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(0)} K`;
  return String(n);
}
