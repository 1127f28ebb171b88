/**
 * spec §5 'Price display (dashboard)': missing or non-numeric 'N/A'; 10,000,000 and above value/10,000,000 with
 * 2 decimals plus ' Cr'; 100,000 and above /100,000 with 2 decimals plus ' Lacs'; 1,000 and above /1,000 with
 * 2 decimals plus ' K'; smaller as is.
 */
export function formatDashboardPrice(value: unknown): string {
  const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return 'N/A';
  if (amount >= 10_000_000) return `${(amount / 10_000_000).toFixed(2)} Cr`;
  if (amount >= 100_000) return `${(amount / 100_000).toFixed(2)} Lacs`;
  if (amount >= 1_000) return `${(amount / 1_000).toFixed(2)} K`;
  return String(amount);
}

/** A unit's price as the console shows it: one figure when min equals max, else 'min – max' (both §5 format). */
export function formatPriceRange(min: number, max: number): string {
  if (min === max) return `₹ ${formatDashboardPrice(min)}`;
  return `₹ ${formatDashboardPrice(min)} – ${formatDashboardPrice(max)}`;
}

// spec §9 'Remarks date format: short month, day, 12-hour time'; the year too, since queues can be old.
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** 'Nov 21, 2026, 4:38 PM'; the text as given when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
