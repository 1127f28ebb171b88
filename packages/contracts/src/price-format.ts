// The site's price words, shared by the web app and the server's page heads (issue 15), so a link preview quotes the
// price exactly as the page shows it.

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

export interface PricedUnit {
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
