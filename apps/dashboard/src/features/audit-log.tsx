import type { AuditEntry, AuditResponse } from '@nivaas/contracts/moderation.schema';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingList } from '../components/states';
import { useApi } from '../lib/console-context';
import { formatDateTime } from '../lib/format';
import { getAuditLog } from '../lib/moderation-api';
import { messageOf } from '../lib/use-paged';

const ACTIONS: Record<string, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  resubmit: 'Resubmitted',
  publish: 'Switched live',
  unpublish: 'Taken off the site',
};

function who(entry: AuditEntry): string {
  if (!entry.actor) return 'System';
  const kind = entry.actor.kind === 'provider' ? 'Provider' : entry.actor.kind === 'broker' ? 'Broker' : 'User';
  return entry.actor.name ? `${entry.actor.name} (${kind})` : kind;
}

function what(entry: AuditEntry): string {
  const action = ACTIONS[entry.action] ?? entry.action;
  const kind = entry.entityKind === 'project' ? 'listing' : entry.entityKind;
  const name = entry.entityName ? `“${entry.entityName}”` : `#${entry.entityId}`;
  return `${action} ${kind} ${name}`;
}

type AuditState = { page: number } & ({ status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: AuditResponse });

/** Every decision, newest first, a page at a time: who, what, when, and the remark. */
export function AuditLog() {
  const api = useApi();
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<AuditState>({ page: 1, status: 'loading' });

  useEffect(() => {
    let live = true;
    getAuditLog(api, page).then(
      (data) => live && setState({ page, status: 'ready', data }),
      (error: unknown) => live && setState({ page, status: 'error', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, page, attempt]);

  // The previous page stays on screen while the next one loads only if it is the same page being retried.
  const current: AuditState = state.page === page ? state : { page, status: 'loading' };
  const goTo = (next: number) => {
    setPage(next);
    setState({ page: next, status: 'loading' });
  };

  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="mb-4 text-xl font-bold text-slate-900">
        Audit log
      </h2>
      {current.status === 'loading' ? <LoadingList label="Loading the audit log…" /> : null}
      {current.status === 'error' ? (
        <ErrorState
          title="The audit log could not be loaded."
          message={current.message}
          onRetry={() => {
            setState({ page, status: 'loading' });
            setAttempt((value) => value + 1);
          }}
        />
      ) : null}
      {current.status === 'ready' && current.data.entries.length === 0 ? <EmptyState title="Nothing has been decided yet." /> : null}
      {current.status === 'ready' && current.data.entries.length > 0 ? (
        <>
          <ol className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            {current.data.entries.map((entry) => (
              <li key={entry.id} className="grid gap-1 px-4 py-3 text-sm md:grid-cols-[12rem_14rem_1fr] md:gap-4">
                <time dateTime={entry.at} className="text-slate-500">
                  {formatDateTime(entry.at)}
                </time>
                <span className="font-medium break-words text-slate-900">{who(entry)}</span>
                <div className="min-w-0">
                  <p className="break-words text-slate-900">
                    {what(entry)}
                    {entry.fromState && entry.toState ? (
                      <span className="text-slate-500">
                        {' '}
                        ({entry.fromState} → {entry.toState})
                      </span>
                    ) : null}
                  </p>
                  {entry.remark ? <p className="mt-0.5 break-words text-slate-600">Remark: {entry.remark}</p> : null}
                  {entry.entityKind === 'broker' || entry.entityKind === 'project' ? (
                    <Link
                      to={`../analytics/${entry.entityKind === 'broker' ? 'brokers' : 'projects'}/${entry.entityId}`}
                      relative="path"
                      className="mt-0.5 inline-block text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
                    >
                      Figures<span className="sr-only"> for {entry.entityName ?? `#${entry.entityId}`}</span>
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
          <nav aria-label="Audit log pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
            <button type="button" className="pc-btn-secondary" onClick={() => goTo(page - 1)} disabled={page <= 1}>
              Newer
            </button>
            <span className="text-slate-600">
              Page {current.data.pagination.page} of {Math.max(1, Math.ceil(current.data.pagination.total / current.data.pagination.limit))}
            </span>
            <button type="button" className="pc-btn-secondary" onClick={() => goTo(page + 1)} disabled={!current.data.pagination.hasMore}>
              Older
            </button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
