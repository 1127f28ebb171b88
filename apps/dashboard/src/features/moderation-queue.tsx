import type { ReactNode } from 'react';
import { useState } from 'react';
import { RejectDialog } from '../components/reject-dialog';
import { EmptyState, ErrorState, LoadingList, LoadMore } from '../components/states';
import { usePagedList, type Loaded } from '../lib/use-paged';
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
  listClassName: string;
  itemClassName?: string;
  /** Who reads a rejection's remark ('the broker', 'the owner'). */
  reader: string;
  fetchPage: (page: number) => Promise<Loaded<T>>;
  approveItem: (id: number) => Promise<{ message: string }>;
  rejectItem: (id: number, remark: string) => Promise<{ message: string }>;
  renderCard: (item: T, actions: QueueCardActions) => ReactNode;
}

/**
 * One moderation queue (the provider approves, or rejects with a remark the owner reads): a paged list waiting for a
 * decision with its count, loading, error and empty states, one decision per item at a time, and the reject dialog.
 * The brokers and listings queues differ only in their words, their calls and their cards.
 */
export function ModerationQueue<T extends QueueItem>(props: ModerationQueueProps<T>) {
  const { state, reload, loadMore, remove } = usePagedList<T>(props.fetchPage);
  const { busy, decide, approve } = useDecisions({ remove, reload });
  const [rejecting, setRejecting] = useState<T | null>(null);

  return (
    <section aria-labelledby={props.headingId}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={props.headingId} className="text-xl font-bold text-slate-900">
          {props.title}
        </h2>
        {state.status === 'ready' ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            {state.pagination.total === 1 ? '1 waiting' : `${state.pagination.total} waiting`}
          </p>
        ) : null}
      </div>

      {state.status === 'loading' ? <LoadingList label={props.loadingLabel} /> : null}
      {state.status === 'error' ? <ErrorState title={props.errorTitle} message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && state.items.length === 0 ? <EmptyState title={props.emptyTitle}>{props.emptyText}</EmptyState> : null}
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
          <LoadMore hasMore={state.pagination.hasMore} busy={state.loadingMore} error={state.moreError} onMore={loadMore} />
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
