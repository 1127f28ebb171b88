import { AnalyticsDaySchema, MAX_ANALYTICS_RANGE_DAYS, analyticsRangeDays } from '@nivaas/contracts/analytics.schema';
import { useState, type FormEvent } from 'react';
import { indiaToday, PRESETS, type RangeChoice } from './use-range';

/** Last 7 / 30 / 90 days, or a custom from-to (at most 366 days, as the API answers). */
export function RangePicker({ choice, onChange }: { choice: RangeChoice; onChange: (next: URLSearchParams) => void }) {
  const [from, setFrom] = useState(choice.range.from);
  const [to, setTo] = useState(choice.range.to);
  const [error, setError] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!AnalyticsDaySchema.safeParse(from).success || !AnalyticsDaySchema.safeParse(to).success) return setError('Choose both dates.');
    const days = analyticsRangeDays(from, to);
    if (days < 1) return setError('“To” must not be before “From”.');
    if (days > MAX_ANALYTICS_RANGE_DAYS) return setError(`A range may cover at most ${MAX_ANALYTICS_RANGE_DAYS} days.`);
    setError(null);
    onChange(new URLSearchParams({ from, to }));
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 lg:flex-row lg:items-end lg:justify-between">
      <div role="group" aria-label="Date range" className="flex flex-wrap gap-2">
        {PRESETS.map((days) => {
          const active = choice.kind === 'preset' && choice.days === days;
          return (
            <button
              key={days}
              type="button"
              aria-pressed={active}
              className={active ? 'pc-btn-primary' : 'pc-btn-secondary'}
              onClick={() => onChange(new URLSearchParams({ days: String(days) }))}
            >
              Last {days} days
            </button>
          );
        })}
      </div>
      <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-2" aria-label="Custom range">
        <label className="text-xs font-semibold text-slate-600">
          From
          <input type="date" className="pc-input mt-1 py-1.5" value={from} max={indiaToday()} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="text-xs font-semibold text-slate-600">
          To
          <input type="date" className="pc-input mt-1 py-1.5" value={to} max={indiaToday()} onChange={(event) => setTo(event.target.value)} />
        </label>
        <button type="submit" className={choice.kind === 'custom' ? 'pc-btn-primary' : 'pc-btn-secondary'}>
          Apply
        </button>
        {error ? (
          <p role="alert" className="w-full text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </form>
    </div>
  );
}
