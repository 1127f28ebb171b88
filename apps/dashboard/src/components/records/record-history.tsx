/**
 * One record's audit history (issue 14): who changed what and when, with the changed fields before -> after, read
 * from GET /api/admin/audit?entityKind=..&entityId=.. (newest first, 10 at a time, 'Older' for more).
 *
 *   <RecordHistory entityKind="builder" entityId={builder.id} refreshKey={builder.updatedAt} />
 *
 * `refreshKey` reloads it after a save (pass anything that changes then, e.g. the record's updatedAt).
 */
import { AuditResponseSchema, type AuditEntityKind, type AuditEntry } from '@nivaas/contracts/moderation.schema';
import { useCallback, useState } from 'react';
import { useApi } from '../../lib/console-context';
import { formatDateTime } from '../../lib/format';
import { usePage } from '../../lib/use-paged';
import { ErrorState } from '../states';

const HISTORY_PAGE_SIZE = 10;

const ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  approve: 'Approved',
  reject: 'Rejected',
  pend: 'Sent back to pending',
  publish: 'Switched on',
  unpublish: 'Switched off',
  resubmit: 'Resubmitted',
  'add-photo': 'Added photos',
  'remove-photo': 'Removed a photo',
};

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(shown).join(value.some((item) => typeof item === 'object' && item !== null) ? '; ' : ', ');
  // A unit or the like: its set fields as 'name value', not JSON, so a phone can wrap it and a person can read it.
  if (typeof value === 'object') {
    return Object.entries(value)
      .filter(([, item]) => item !== null && item !== undefined && item !== '')
      .map(([name, item]) => `${name} ${shown(item)}`)
      .join(' · ');
  }
  return String(value);
}

function Changes({ entry }: { entry: AuditEntry }) {
  const keys = Object.keys(entry.after ?? {});
  if (keys.length === 0) return null;
  return (
    <dl className="mt-1 grid gap-x-3 gap-y-0.5 text-xs sm:grid-cols-[8rem_1fr]">
      {keys.map((key) => (
        <div key={key} className="contents">
          <dt className="font-semibold text-slate-600">{key}</dt>
          <dd className="min-w-0 text-slate-800 [overflow-wrap:anywhere]">
            {entry.before ? (
              <>
                <span className="text-slate-500 line-through">{shown(entry.before[key])}</span> → {shown(entry.after?.[key])}
              </>
            ) : (
              shown(entry.after?.[key])
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function RecordHistory({ entityKind, entityId, refreshKey = '' }: { entityKind: AuditEntityKind; entityId: number; refreshKey?: string }) {
  const api = useApi();
  const [page, setPage] = useState(1);
  const fetchPage = useCallback(async () => {
    const params = new URLSearchParams({ entityKind, entityId: String(entityId), page: String(page), limit: String(HISTORY_PAGE_SIZE) });
    const data = await api.call(`/api/admin/audit?${params.toString()}`, AuditResponseSchema);
    return { items: data.entries, pagination: data.pagination };
  }, [api, entityKind, entityId, page]);
  const { state, reload } = usePage(fetchPage, `${entityKind}:${entityId}:${page}:${refreshKey}`);

  return (
    <section aria-label="History" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 className="text-base font-bold text-slate-900">History</h3>
      {state.status === 'loading' ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Loading the history…
        </p>
      ) : null}
      {state.status === 'error' ? <ErrorState title="The history could not be loaded." message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && state.items.length === 0 ? <p className="mt-2 text-sm text-slate-600">No changes recorded yet.</p> : null}
      {state.status === 'ready' && state.items.length > 0 ? (
        <ol className="mt-2 divide-y divide-slate-100">
          {state.items.map((entry) => (
            <li key={entry.id} className="py-2 text-sm">
              <p className="text-slate-900">
                <span className="font-semibold">{ACTIONS[entry.action] ?? entry.action}</span>
                {entry.actor?.name ? ` by ${entry.actor.name}` : ''}{' '}
                <time dateTime={entry.at} className="text-slate-500">
                  {formatDateTime(entry.at)}
                </time>
              </p>
              {entry.remark ? <p className="text-slate-700">Remark: {entry.remark}</p> : null}
              <Changes entry={entry} />
            </li>
          ))}
        </ol>
      ) : null}
      {state.status === 'ready' && (page > 1 || state.pagination.hasMore) ? (
        <div className="mt-2 flex justify-between">
          <button type="button" className="pc-btn-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <button type="button" className="pc-btn-secondary" disabled={!state.pagination.hasMore} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </div>
      ) : null}
    </section>
  );
}
