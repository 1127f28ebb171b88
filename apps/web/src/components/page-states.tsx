import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../lib/api/error-text';
import { EmptyState, ErrorState } from './section-states';

interface PageNotFoundProps {
  /** 'We couldn’t find that developer'. */
  title: string;
  /** The document title, e.g. 'Developer not found'. */
  documentTitle: string;
  /** Where to go instead. */
  back: { to: string; label: string };
  children?: ReactNode;
}

/** A record page whose id is unknown or not public (a 404): says so and offers a way on. */
export function PageNotFound({ title, documentTitle, back, children }: PageNotFoundProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <title>{`${documentTitle} | Nivaas`}</title>
      <EmptyState title={title}>
        {children}{' '}
        <Link to={back.to} className="font-semibold text-brand-700 underline">
          {back.label}
        </Link>
      </EmptyState>
    </div>
  );
}

interface PageErrorProps {
  /** spec §8: the screen's fallback text ('Failed to fetch city', ...). */
  title: string;
  error: unknown;
  onRetry: () => unknown;
}

/** A record page whose request failed: the server's message when it sent one, and a retry. */
export function PageError({ title, error, onRetry }: PageErrorProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <ErrorState
        title={title}
        message={serverMessage(error) ?? 'Check your connection and try again.'}
        onRetry={() => void onRetry()}
      />
    </div>
  );
}
