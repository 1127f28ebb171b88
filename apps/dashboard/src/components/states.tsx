import type { ReactNode } from 'react';

export function LoadingList({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((key) => (
        <div key={key} aria-hidden="true" className="h-40 animate-pulse rounded-xl bg-white ring-1 ring-slate-200" />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-base font-semibold text-slate-800">{title}</p>
      {children ? <div className="mt-1 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-6 py-8 text-center">
      <p className="text-base font-semibold text-red-800">{title}</p>
      <p className="mt-1 text-sm text-red-700">{message}</p>
      <button type="button" className="pc-btn-secondary mt-4" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * Numbered pages of a list (issue 17: a queue of hundreds is read a page at a time): Previous, 'Page N of M',
 * Next. Hidden when everything fits on one page.
 */
export function Pager({ label, page, pageCount, onPage }: { label: string; page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <button type="button" className="pc-btn-secondary" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <span className="text-slate-600" aria-current="page">
        Page {page} of {Math.max(pageCount, page)}
      </span>
      <button type="button" className="pc-btn-secondary" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
        Next
      </button>
    </nav>
  );
}
