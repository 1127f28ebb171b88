import type { PendingBroker } from '@nivaas/contracts/moderation.schema';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { useApi } from '../lib/console-context';
import { formatDateTime } from '../lib/format';
import { approveBroker, getPendingBrokers, rejectBroker, type QueueQuery } from '../lib/moderation-api';
import { ModerationQueue, type QueueCardActions } from './moderation-queue';

/** Brokers waiting for approval (spec §4 'Broker approval': only approved brokers get leads and uploads). */
export function BrokersQueue() {
  const api = useApi();
  const fetchPage = useCallback(
    (query: QueueQuery) => getPendingBrokers(api, query).then(({ brokers, pagination }) => ({ items: brokers, pagination })),
    [api],
  );
  return (
    <ModerationQueue<PendingBroker>
      headingId="brokers-heading"
      title="Pending brokers"
      loadingLabel="Loading pending brokers…"
      errorTitle="The pending brokers could not be loaded."
      emptyTitle="No brokers are waiting for approval."
      emptyText="New registrations appear here."
      listClassName="grid grid-cols-1 gap-4 lg:grid-cols-2"
      itemClassName="min-w-0"
      searchLabel="Search pending brokers"
      searchPlaceholder="Name, company, e-mail, phone, RERA no. or city"
      reader="the broker"
      fetchPage={fetchPage}
      approveItem={(id) => approveBroker(api, id)}
      rejectItem={(id, remark) => rejectBroker(api, id, remark)}
      renderCard={(broker, actions) => <BrokerCard broker={broker} {...actions} />}
    />
  );
}

function BrokerCard({ broker, busy, approve, reject }: { broker: PendingBroker } & QueueCardActions) {
  const headingId = `broker-${broker.id}-name`;
  return (
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
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
        <Link to={`../analytics/brokers/${broker.id}`} relative="path" className="pc-btn-secondary sm:mr-auto" aria-describedby={headingId}>
          Figures
        </Link>
        <button type="button" className="pc-btn-secondary" onClick={reject} disabled={busy} aria-describedby={headingId}>
          Reject
        </button>
        <button
          type="button"
          className="pc-btn-primary"
          onClick={approve}
          disabled={busy}
          aria-describedby={headingId}
        >
          {busy ? 'Saving…' : 'Approve'}
        </button>
      </div>
    </article>  );
}
