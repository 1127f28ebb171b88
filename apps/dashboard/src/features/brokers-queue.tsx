import type { PendingBroker } from '@nivaas/contracts/moderation.schema';
import { useCallback, useState } from 'react';
import { RejectDialog } from '../components/reject-dialog';
import { EmptyState, ErrorState, LoadingList, LoadMore } from '../components/states';
import { useApi } from '../lib/console-context';
import { formatDateTime } from '../lib/format';
import { approveBroker, getPendingBrokers, rejectBroker } from '../lib/moderation-api';
import { usePagedList } from '../lib/use-paged';
import { useDecisions } from './use-decisions';

/** Brokers waiting for approval (spec §4 'Broker approval': only approved brokers get leads and uploads). */
export function BrokersQueue() {
  const api = useApi();
  const fetchPage = useCallback(
    (page: number) => getPendingBrokers(api, page).then(({ brokers, pagination }) => ({ items: brokers, pagination })),
    [api],
  );
  const { state, reload, loadMore, remove } = usePagedList<PendingBroker>(fetchPage);
  const { busy, decide, approve } = useDecisions({ remove, reload });
  const [rejecting, setRejecting] = useState<PendingBroker | null>(null);

  return (
    <section aria-labelledby="brokers-heading">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="brokers-heading" className="text-xl font-bold text-slate-900">
          Pending brokers
        </h2>
        {state.status === 'ready' ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            {state.pagination.total === 1 ? '1 waiting' : `${state.pagination.total} waiting`}
          </p>
        ) : null}
      </div>

      {state.status === 'loading' ? <LoadingList label="Loading pending brokers…" /> : null}
      {state.status === 'error' ? (
        <ErrorState title="The pending brokers could not be loaded." message={state.message} onRetry={reload} />
      ) : null}
      {state.status === 'ready' && state.items.length === 0 ? (
        <EmptyState title="No brokers are waiting for approval.">New registrations appear here.</EmptyState>
      ) : null}
      {state.status === 'ready' && state.items.length > 0 ? (
        <>
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {state.items.map((broker) => {
              const headingId = `broker-${broker.id}-name`;
              const decided = busy.has(broker.id);
              return (
                <li key={broker.id} className="min-w-0">
                  <article aria-labelledby={headingId} className="h-full rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                    <div className="flex items-start gap-3">
                      {broker.profilePhoto ? (
                        <img src={broker.profilePhoto} alt="" width={48} height={48} loading="lazy" className="size-12 rounded-full object-cover" />
                      ) : (
                        <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
                          {broker.name.trim().charAt(0).toUpperCase()}
                        </span>
                      )}
                      <div className="min-w-0">
                        <h3 id={headingId} className="font-bold break-words text-slate-900">
                          {broker.name}
                        </h3>
                        <p className="text-sm text-slate-600">{[broker.company, broker.city?.name].filter(Boolean).join(' · ') || 'No company given'}</p>
                      </div>
                    </div>
                    <dl className="mt-3 space-y-1 text-sm">
                      <div className="flex gap-2">
                        <dt className="w-24 shrink-0 text-slate-500">RERA no.</dt>
                        <dd className="min-w-0 break-all text-slate-900">{broker.reraNumber ?? '-'}</dd>
                      </div>
                      <div className="flex gap-2">
                        <dt className="w-24 shrink-0 text-slate-500">Contact</dt>
                        <dd className="min-w-0 break-words text-slate-900">{[broker.phone, broker.email].filter(Boolean).join(' · ')}</dd>
                      </div>
                      <div className="flex gap-2">
                        <dt className="w-24 shrink-0 text-slate-500">Registered</dt>
                        <dd className="text-slate-900">
                          <time dateTime={broker.createdAt}>{formatDateTime(broker.createdAt)}</time>
                        </dd>
                      </div>
                    </dl>
                    {broker.about ? <p className="mt-2 line-clamp-3 text-sm text-slate-700">{broker.about}</p> : null}
                    <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
                      <button type="button" className="pc-btn-secondary" onClick={() => setRejecting(broker)} disabled={decided} aria-describedby={headingId}>
                        Reject
                      </button>
                      <button
                        type="button"
                        className="pc-btn-primary"
                        onClick={() => void approve(broker.id, () => approveBroker(api, broker.id))}
                        disabled={decided}
                        aria-describedby={headingId}
                      >
                        {decided ? 'Saving…' : 'Approve'}
                      </button>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
          <LoadMore hasMore={state.pagination.hasMore} busy={state.loadingMore} error={state.moreError} onMore={loadMore} />
        </>
      ) : null}

      {rejecting ? (
        <RejectDialog
          subject={rejecting.name}
          reader="the broker"
          onCancel={() => setRejecting(null)}
          onReject={async (remark) => {
            await decide(rejecting.id, () => rejectBroker(api, rejecting.id, remark));
            setRejecting(null);
          }}
        />
      ) : null}
    </section>
  );
}
