import type { BudgetBand, ViewerSearch } from '@nivaas/contracts/analytics.schema';
import { formatPrice } from '@nivaas/contracts/price-format';

/** Indian digit grouping (1,23,456) for every figure on the screen (issue 13). */
const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return whole.format(value);
}

/** A 0..1 rate as a percentage with at most one decimal: 0.0425 -> '4.3%'. */
export function formatRate(value: number): string {
  return `${oneDecimal.format(value * 100)}%`;
}

/** Hours waited in moderation, in the unit a person reads: '45 min', '5.5 hours', '3.2 days'. */
export function formatWait(hours: number): string {
  if (hours < 1) return `${whole.format(Math.round(hours * 60))} min`;
  if (hours < 48) return `${oneDecimal.format(hours)} hours`;
  return `${oneDecimal.format(hours / 24)} days`;
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** An India calendar day ('YYYY-MM-DD') as '24 Nov'. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** An ISO instant in India time: '24 Nov 2026, 4:05 pm'. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** Bedroom counts a search picked, as the results page's chips read: [] -> 'Any BHK', [2, 3] -> '2 or 3 BHK', 5 -> '5+'. */
export function formatBhk(bhk: readonly number[]): string {
  if (bhk.length === 0) return 'Any BHK';
  const names = bhk.map((n) => (n >= 5 ? '5+' : String(n)));
  const last = names.pop() as string;
  return `${names.length > 0 ? `${names.join(', ')} or ${last}` : last} BHK`;
}

/** A budget band in rupees: 'Up to ₹ 30 L', '₹ 50 L – ₹ 80 L', '₹ 5 Cr and above', or 'Any budget'. */
export function formatBudget(band: BudgetBand | null): string {
  if (band === null) return 'Any budget';
  if (band.max === null) return `${formatPrice(band.min)} and above`;
  if (band.min === 0) return `Up to ${formatPrice(band.max)}`;
  return `${formatPrice(band.min)} – ${formatPrice(band.max)}`;
}

/** Where a search looked: 'Baner, Pune', 'Anywhere in Pune' (a city alone), 'Anywhere'. */
export function formatPlace(search: Pick<ViewerSearch, 'locality' | 'city'>): string {
  if (search.locality !== null) return search.city === null ? search.locality.name : `${search.locality.name}, ${search.city.name}`;
  return search.city === null ? 'Anywhere' : `Anywhere in ${search.city.name}`;
}

/** One whole search in a line: '2 BHK · ₹ 50 L – ₹ 80 L · Baner, Pune'. */
export function formatSearch(search: ViewerSearch): string {
  return [formatBhk(search.bhk), formatBudget(search.budget), formatPlace(search)].join(' · ');
}
