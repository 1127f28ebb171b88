import type { ReactNode } from 'react';
import { RefreshIcon } from './icons';

interface ErrorStateProps {
  title?: string;
  message?: string;
  onRetry?: () => void;
}

/** A section that failed: says so plainly and offers a retry, leaving the rest of the page usable. */
export function ErrorState({
  title = 'This section could not load',
  message = 'Check your connection and try again.',
  onRetry,
}: ErrorStateProps) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-5 py-6 text-center">
      <p className="font-semibold text-red-900">{title}</p>
      <p className="mt-1 text-sm text-red-800">{message}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-4 inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-red-900 shadow-sm ring-1 ring-red-200 hover:bg-red-100"
        >
          <RefreshIcon width={16} height={16} />
          Try again
        </button>
      )}
    </div>
  );
}

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
}

export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-5 py-8 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      {children && <div className="mt-1 text-sm text-slate-600">{children}</div>}
    </div>
  );
}
