import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format';

/** A headline figure: the label, the number and a line saying what it counts. */
export function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <dt className="text-xs font-semibold text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
      {note ? <dd className="mt-0.5 text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}

export function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 id={id} className="mb-2 font-bold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Colour keys of a chart's lines, as text, so the legend does not depend on the canvas. */
export function Legend({ items }: { items: readonly { label: string; stroke: string }[] }) {
  return (
    <ul aria-hidden="true" className="mb-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span className="inline-block h-1 w-4 rounded" style={{ backgroundColor: item.stroke }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <span className="sr-only">{label}</span>
      {[0, 1, 2, 3, 4, 5, 6, 7].map((key) => (
        <div key={key} aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-white ring-1 ring-slate-200" />
      ))}
    </div>
  );
}

export const count = (value: number) => formatCount(value);
