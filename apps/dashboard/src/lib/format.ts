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

const indianCount = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const indianHours = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
const indianPercent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 1 });

/** Counts in the Indian grouping (issue 13): 1,23,456. */
export function formatCount(value: number): string {
  return indianCount.format(value);
}

/** A 0..1 rate as a percentage with at most one decimal: 0.0425 -> '4.3%'. */
export function formatRate(value: number): string {
  return indianPercent.format(value);
}

/** Waits: under two days in hours ('5.5 h'), longer in days ('3.2 days'). */
export function formatWait(hours: number): string {
  if (hours < 48) return `${indianHours.format(hours)} h`;
  return `${indianHours.format(hours / 24)} days`;
}
