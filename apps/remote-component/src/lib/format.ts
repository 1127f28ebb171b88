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
