import type { ReactNode } from 'react';
import { serverMessage } from '../lib/api/error-text';
import { useSentinel } from '../lib/use-sentinel';
import { ErrorState } from './section-states';

/** The parts of an RTK Query infinite-query result a paged list reads. */
export interface PagedQuery {
  isError: boolean;
  isLoading: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  error?: unknown;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

interface PagedListProps<T extends { id: number }> {
  query: PagedQuery;
  items: readonly T[];
  /** Names the list for assistive technology ('Developers'). */
  label: string;
  gridClassName: string;
  /** `index` in the whole list (the first item of a results page is its largest paint). */
  renderItem: (item: T, index: number) => ReactNode;
  /** spec §8: the screen's failure text ('Failed to fetch projects', 'Something went wrong', ...). */
  errorTitle: string;
  errorMessage?: string;
  /** One placeholder card; shown `skeletonCount` times while the first page loads. */
  skeleton: ReactNode;
  skeletonCount?: number;
  /** Shown when the list is empty. */
  empty: ReactNode;
  /** 'scroll' loads the next page near the end (spec §4 'Paging'); 'button' waits for 'Load more'. */
  paging: 'scroll' | 'button';
  /** Forces the skeleton, e.g. while a new filter's first page replaces the old list. */
  replacing?: boolean;
}

/**
 * A paged list's every state in one place: skeletons while the first page loads, the screen's
 * failure text with a retry, the empty state, the items, and the next page by scroll or button.
 */
export function PagedList<T extends { id: number }>({
  query,
  items,
  label,
  gridClassName,
  renderItem,
  errorTitle,
  errorMessage = 'Check your connection and try again.',
  skeleton,
  skeletonCount = 6,
  empty,
  paging,
  replacing = false,
}: PagedListProps<T>) {
  const canLoadMore = query.hasNextPage && !query.isFetching && !query.isError;
  const sentinel = useSentinel(() => void query.fetchNextPage(), paging === 'scroll' && canLoadMore);

  if (query.isError && items.length === 0) {
    return (
      <ErrorState title={errorTitle} message={serverMessage(query.error) ?? errorMessage} onRetry={() => void query.refetch()} />
    );
  }
  if (query.isLoading || replacing) {
    return (
      <ul className={gridClassName} aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`}>
        {Array.from({ length: skeletonCount }, (_, i) => (
          <li key={i}>{skeleton}</li>
        ))}
      </ul>
    );
  }
  if (items.length === 0) return <>{empty}</>;
  return (
    <div aria-busy={query.isFetching}>
      <ul className={gridClassName} aria-label={label}>
        {items.map((item, index) => (
          <li key={item.id}>{renderItem(item, index)}</li>
        ))}
      </ul>
      {query.isError && (
        <div className="mt-6">
          <ErrorState title={errorTitle} onRetry={() => void query.fetchNextPage()} />
        </div>
      )}
      {query.isFetchingNextPage && (
        <p className="py-6 text-center text-sm text-slate-600" role="status">
          Loading more…
        </p>
      )}
      {paging === 'button' && query.hasNextPage && !query.isError && !query.isFetchingNextPage && (
        <div className="mt-8 text-center">
          <button type="button" onClick={() => void query.fetchNextPage()} className="btn-secondary min-w-40">
            Load more
          </button>
        </div>
      )}
      <div ref={sentinel} aria-hidden="true" className="h-px" />
    </div>
  );
}
