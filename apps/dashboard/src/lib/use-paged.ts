import type { Pagination } from '@nivaas/contracts/common.schema';
import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { items: T[]; pagination: Pagination };

export type PageState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: T[]; pagination: Pagination };

/**
 * One page of a list, fetched again whenever `fetchPage` (memoised on what it asks for) or `key` (the page, search
 * and order, as one string) changes, or on `reload`. `remove` takes a decided item out at once, so the queue shows what is still waiting without a refetch.
 */
export function usePage<T extends { id: number }>(fetchPage: () => Promise<Loaded<T>>, key: string) {
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<{ source: () => Promise<Loaded<T>>; key: string; generation: number; value: PageState<T> } | null>(null);

  useEffect(() => {
    let live = true;
    fetchPage().then(
      (loaded) => live && setState({ source: fetchPage, key, generation, value: { status: 'ready', ...loaded } }),
      (error: unknown) => live && setState({ source: fetchPage, key, generation, value: { status: 'error', message: messageOf(error) } }),
    );
    return () => {
      live = false;
    };
  }, [fetchPage, key, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  const remove = useCallback((id: number) => {
    setState((current) => {
      if (current?.value.status !== 'ready') return current;
      const items = current.value.items.filter((item) => item.id !== id);
      const removed = current.value.items.length - items.length;
      const pagination = { ...current.value.pagination, total: Math.max(0, current.value.pagination.total - removed) };
      return { ...current, value: { ...current.value, items, pagination } };
    });
  }, []);

  // What was loaded for another page or search (or before a reload), or by another list's loader (two console sections
  // sharing one table component: their rows would be drawn under the other's columns), is not shown as this one's.
  const value: PageState<T> =
    state && state.source === fetchPage && state.key === key && state.generation === generation ? state.value : { status: 'loading' };
  return { state: value, reload, remove };
}

export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong!';
}
