import type { QueueOrder } from '@nivaas/contracts/moderation.schema';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueueToolbar } from '../components/queue-toolbar';
import { RejectDialog } from '../components/reject-dialog';
import { EmptyState, ErrorState, LoadingList, Pager } from '../components/states';
import type { QueueQuery } from '../lib/moderation-api';
import { usePage, type Loaded } from '../lib/use-paged';
import { useDecisions } from './use-decisions';

interface QueueItem {
  id: number;
  name: string;
}

/** What one queue card is given: whether its decision is in flight, and the two decisions. */
export interface QueueCardActions {
  busy: boolean;
  approve: () => void;
  reject: () => void;
}

interface ModerationQueueProps<T extends QueueItem> {
  /** The heading's id, e.g. 'brokers-heading'. */
  headingId: string;
  title: string;
  loadingLabel: string;
  errorTitle: string;
  emptyTitle: string;
  emptyText: string;
  /** The search box's label and hint ('Search pending listings'; 'Name, place, owner, e-mail or phone'). */
  searchLabel: string;
  searchPlaceholder: string;
  listClassName: string;
  itemClassName?: string;
  /** Who reads a rejection's remark ('the broker', 'the owner'). */
  reader: string;
  fetchPage: (query: QueueQuery) => Promise<Loaded<T>>;
  approveItem: (id: number) => Promise<{ message: string }>;
  rejectItem: (id: number, remark: string) => Promise<{ message: string }>;
  renderCard: (item: T, actions: QueueCardActions) => ReactNode;
}

/** The queue's page, search and order live in the address (?page=2&q=whitefield&order=newest), so a reload keeps them. */
function useQueueQuery(): [QueueQuery, (change: Partial<QueueQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query: QueueQuery = { page, q: params.get('q') ?? '', order: params.get('order') === 'newest' ? 'newest' : 'oldest' };
  const change = useCallback(
    (next: Partial<QueueQuery>) =>
      setParams((current) => {
        const merged = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) {
          if (value === '' || (name === 'page' && value === 1) || (name === 'order' && value === 'oldest')) merged.delete(name);
          else merged.set(name, String(value));
        }
        return merged;
      }),
    [setParams],
  );
  return [query, change];
}

/**
 * One moderation queue (the provider approves, or rejects with a remark the owner reads): a page of what waits for a
 * decision, searched and ordered on the server, with its count, loading, error and empty states, one decision per
 * item at a time, and the reject dialog. The brokers and listings queues differ only in their words, their calls and
 * their cards.
 */
export function ModerationQueue<T extends QueueItem>(props: ModerationQueueProps<T>) {
  const [query, setQuery] = useQueueQuery();
  const { fetchPage } = props;
  const { page, q, order } = query;
  const load = useCallback(() => fetchPage({ page, q, order }), [fetchPage, page, q, order]);
  const { state, reload, remove } = usePage<T>(load, `${page}|${order}|${q}`);
  const { busy, decide, approve } = useDecisions({ remove, reload });
  const [rejecting, setRejecting] = useState<T | null>(null);

  const pageCount = state.status === 'ready' ? Math.ceil(state.pagination.total / state.pagination.limit) : 0;
  // A page emptied by decisions: fetch it again (later items move up), or step back when it no longer exists.
  const emptied = state.status === 'ready' && state.items.length === 0 && state.pagination.total > 0;
  useEffect(() => {
    if (!emptied) return;
    if (page > pageCount) setQuery({ page: Math.max(1, pageCount) });
    else reload();
  }, [emptied, page, pageCount, setQuery, reload]);

  const changeOrder = (next: QueueOrder) => setQuery({ order: next, page: 1 });
  const searching = q.trim() !== '';

  return (
    <section aria-labelledby={props.headingId}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={props.headingId} className="text-xl font-bold text-slate-900">
          {props.title}
        </h2>
        {state.status === 'ready' ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            {searching ? `${state.pagination.total} matching “${q.trim()}”` : state.pagination.total === 1 ? '1 waiting' : `${state.pagination.total} waiting`}
          </p>
        ) : null}
      </div>
      <QueueToolbar label={props.searchLabel} placeholder={props.searchPlaceholder} q={q} order={order} onSearch={(next) => setQuery({ q: next, page: 1 })} onOrder={changeOrder} />

      {state.status === 'loading' ? <LoadingList label={props.loadingLabel} /> : null}
      {state.status === 'error' ? <ErrorState title={props.errorTitle} message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && state.pagination.total === 0 ? (
        searching ? (
          <EmptyState title={`Nothing waiting matches “${q.trim()}”.`}>Try fewer or other words, or clear the search.</EmptyState>
        ) : (
          <EmptyState title={props.emptyTitle}>{props.emptyText}</EmptyState>
        )
      ) : null}
      {state.status === 'ready' && state.items.length > 0 ? (
        <>
          <ul className={props.listClassName}>
            {state.items.map((item) => (
              <li key={item.id} className={props.itemClassName}>
                {props.renderCard(item, {
                  busy: busy.has(item.id),
                  approve: () => void approve(item.id, () => props.approveItem(item.id)),
                  reject: () => setRejecting(item),
                })}
              </li>
            ))}
          </ul>
          <Pager
            label={`${props.title} pages`}
            page={page}
            pageCount={pageCount}
            onPage={(next) => {
              setQuery({ page: next });
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      ) : null}

      {rejecting ? (
        <RejectDialog
          subject={rejecting.name}
          reader={props.reader}
          onCancel={() => setRejecting(null)}
          onReject={async (remark) => {
            await decide(rejecting.id, () => props.rejectItem(rejecting.id, remark));
            setRejecting(null);
          }}
        />
      ) : null}
    </section>
  );
}
