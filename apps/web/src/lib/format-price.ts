// The site-wide formats live in the contracts, shared with the server's page heads (issue 15).
import { CRORE, LAKH, type PricedUnit, unitPriceBounds } from '@nivaas/contracts/price-format';

export { CRORE, formatPrice, formatPriceRange, formatRupees, LAKH, unitPriceBounds } from '@nivaas/contracts/price-format';

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
