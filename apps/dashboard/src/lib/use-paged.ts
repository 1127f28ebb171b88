import { useCallback, useEffect, useState } from 'react';
import type { Pagination } from '@nivaas/contracts/common.schema';

export type Loaded<T> = { items: T[]; pagination: Pagination };

export type PagedState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: T[]; pagination: Pagination; loadingMore: boolean; moreError: string | null };

/**
 * A paged list: the first page on mount (and on reload), further pages appended on `loadMore`, de-duplicated by id.
 * `remove` takes a decided item out at once, so the queue shows what is still waiting without a refetch.
 */
export function usePagedList<T extends { id: number }>(fetchPage: (page: number) => Promise<Loaded<T>>) {
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<PagedState<T>>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    fetchPage(1).then(
      (first) => live && setState({ status: 'ready', ...first, loadingMore: false, moreError: null }),
      (error: unknown) => live && setState({ status: 'error', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [fetchPage, generation]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setGeneration((value) => value + 1);
  }, []);

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || state.loadingMore || !state.pagination.hasMore) return;
    const next = state.pagination.page + 1;
    setState({ ...state, loadingMore: true, moreError: null });
    fetchPage(next).then(
      (page) =>
        setState((current) => {
          if (current.status !== 'ready') return current;
          const seen = new Set(current.items.map((item) => item.id));
          return {
            status: 'ready',
            items: [...current.items, ...page.items.filter((item) => !seen.has(item.id))],
            pagination: page.pagination,
            loadingMore: false,
            moreError: null,
          };
        }),
      (error: unknown) =>
        setState((current) => (current.status === 'ready' ? { ...current, loadingMore: false, moreError: messageOf(error) } : current)),
    );
  }, [fetchPage, state]);

  const remove = useCallback((id: number) => {
    setState((current) => {
      if (current.status !== 'ready') return current;
      const items = current.items.filter((item) => item.id !== id);
      const removed = current.items.length - items.length;
      return { ...current, items, pagination: { ...current.pagination, total: Math.max(0, current.pagination.total - removed) } };
    });
  }, []);

  return { state, reload, loadMore, remove };
}

export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong!';
}
