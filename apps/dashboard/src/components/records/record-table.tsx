/**
 * A searchable, paged table of back-office records (issue 14), every state included, for any record kind whose list
 * answers `{ items, pagination }` (contracts adminPageSchema) to AdminListQuerySchema (page, limit, q, status,
 * approval; places answer page, limit, q). Search, filters and page live in the address, so Back and a shared link show the same page.
 *
 *   const load = useCallback((query: AdminListQueryInput) => listBuilders(api, query), [api]);
 *   <RecordTable title="Builders" load={load} searchPlaceholder="Name or id"
 *     columns={[{ header: 'Name', cell: (b) => b.name, primary: true }, { header: 'Projects', cell: (b) => b.projectCount }]}
 *     rowLink={(b) => String(b.id)} publication={(b) => b}
 *     actions={<Link to="new" className="pc-btn-primary">New builder</Link>} />
 *
 * A column marked `primary` links to the row (`rowLink`, relative to the section); columns marked `wide` are hidden
 * below 640 px, so the table fits a phone without scrolling sideways. Status and approval are shown by
 * <PublicationBadge> in their own column.
 */
import type { AdminListQueryInput } from '@nivaas/contracts/admin.schema';
import { ADMIN_SEARCH_MAX } from '@nivaas/contracts/admin.schema';
import { APPROVALS, STATUSES, type Approval, type Pagination, type Status } from '@nivaas/contracts/common.schema';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, Pager } from '../states';
import { usePage } from '../../lib/use-paged';
import { PublicationBadge } from './publication-control';

export const RECORD_PAGE_SIZE = 20;

export interface RecordColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Links to the record (rowLink). */
  primary?: boolean;
  /** Hidden on narrow screens. */
  wide?: boolean;
}

export interface RecordTableProps<T extends { id: number }> {
  title: string;
  load: (query: AdminListQueryInput) => Promise<{ items: T[]; pagination: Pagination }>;
  columns: RecordColumn<T>[];
  rowLink: (row: T) => string;
  searchPlaceholder: string;
  /** Buttons beside the title ('New builder'). */
  actions?: ReactNode;
  /** Records with status and approval get a State column and its two filters; places have neither. */
  publication?: (row: T) => { status: Status; approval: Approval };
  /**
   * Prefixes this table's address parameters ('zones.' -> zones.q, zones.page) when several tables share a page
   * (Places), so searching one does not search the others.
   */
  paramPrefix?: string;
}

const isStatus = (value: string | null): value is Status => value !== null && (STATUSES as readonly string[]).includes(value);
const isApproval = (value: string | null): value is Approval => value !== null && (APPROVALS as readonly string[]).includes(value);

export function RecordTable<T extends { id: number }>({ title, load, columns, rowLink, searchPlaceholder, actions, publication, paramPrefix = '' }: RecordTableProps<T>) {
  const [params, setParams] = useSearchParams();
  const q = params.get(`${paramPrefix}q`) ?? '';
  const statusParam = params.get(`${paramPrefix}status`);
  const approvalParam = params.get(`${paramPrefix}approval`);
  const status = isStatus(statusParam) ? statusParam : undefined;
  const approval = isApproval(approvalParam) ? approvalParam : undefined;
  const page = Math.max(1, Number(params.get(`${paramPrefix}page`)) || 1);
  const headingId = useId();

  const fetchPage = useCallback(() => load({ page, limit: RECORD_PAGE_SIZE, ...(q ? { q } : {}), ...(status ? { status } : {}), ...(approval ? { approval } : {}) }), [load, page, q, status, approval]);
  const { state, reload } = usePage(fetchPage, `${page}|${q}|${status ?? ''}|${approval ?? ''}`);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(paramPrefix + key, value);
      else next.delete(paramPrefix + key);
    }
    // A new search or filter starts at its first page.
    if (!('page' in changes)) next.delete(`${paramPrefix}page`);
    setParams(next);
  };

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      <RecordFilters
        label={`Search ${title.toLowerCase()}`}
        placeholder={searchPlaceholder}
        q={q}
        status={status}
        approval={approval}
        filters={publication !== undefined}
        onChange={update}
      />
      {state.status === 'loading' ? (
        <p role="status" className="rounded-xl bg-white px-4 py-8 text-center text-sm text-slate-600 ring-1 ring-slate-200">
          Loading {title.toLowerCase()}…
        </p>
      ) : null}
      {state.status === 'error' ? <ErrorState title={`${title} could not be loaded.`} message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && state.items.length === 0 ? (
        <EmptyState title={q || status || approval ? 'Nothing matches this search.' : `No ${title.toLowerCase()} yet.`} />
      ) : null}
      {state.status === 'ready' && state.items.length > 0 ? (
        <>
          <p className="mb-2 text-sm text-slate-600">
            {state.pagination.total.toLocaleString('en-IN')} {state.pagination.total === 1 ? 'record' : 'records'}
          </p>
          <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="w-full table-fixed text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {columns.map((column) => (
                    <th key={column.header} scope="col" className={`px-3 py-2 ${column.wide ? 'hidden sm:table-cell' : ''}`}>
                      {column.header}
                    </th>
                  ))}
                  {publication ? (
                    <th scope="col" className="w-28 px-3 py-2 sm:w-36">
                      State
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {state.items.map((row) => (
                  <tr key={row.id} className="align-top hover:bg-slate-50">
                    {columns.map((column) => (
                      <td key={column.header} className={`px-3 py-2 break-words ${column.wide ? 'hidden sm:table-cell' : ''}`}>
                        {column.primary ? (
                          <Link to={rowLink(row)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                            {column.cell(row)}
                          </Link>
                        ) : (
                          column.cell(row)
                        )}
                      </td>
                    ))}
                    {publication ? (
                      <td className="px-3 py-2">
                        <PublicationBadge {...publication(row)} />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label={`${title} pages`} page={page} pageCount={Math.ceil(state.pagination.total / state.pagination.limit)} onPage={(next) => update({ page: String(next) })} />
        </>
      ) : null}
    </section>
  );
}

function RecordFilters({ label, placeholder, q, status, approval, filters, onChange }: { label: string; placeholder: string; q: string; status: Status | undefined; approval: Approval | undefined; filters: boolean; onChange: (changes: Record<string, string | undefined>) => void }) {
  const searchId = useId();
  const statusId = useId();
  const approvalId = useId();
  const [draft, setDraft] = useState(q);
  const [shown, setShown] = useState(q);
  // The address may change the search (Back, a link): the box follows it.
  if (shown !== q) {
    setShown(q);
    setDraft(q);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: draft.trim() || undefined });
  };
  return (
    <form role="search" aria-label={label} onSubmit={submit} className={`mb-4 grid gap-2 ${filters ? 'sm:grid-cols-[1fr_auto_auto_auto]' : 'sm:grid-cols-[1fr_auto]'}`}>
      <div className="min-w-0">
        <label htmlFor={searchId} className="sr-only">
          {label}
        </label>
        <input id={searchId} type="search" value={draft} maxLength={ADMIN_SEARCH_MAX} placeholder={placeholder} onChange={(event) => setDraft(event.target.value)} className="pc-input" />
      </div>
      {filters ? (
      <div className="grid grid-cols-2 gap-2 sm:contents">
        <div>
          <label htmlFor={statusId} className="sr-only">
            Status
          </label>
          <select id={statusId} value={status ?? ''} onChange={(event) => onChange({ status: event.target.value || undefined })} className="pc-input">
            <option value="">Any status</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
        <div>
          <label htmlFor={approvalId} className="sr-only">
            Approval
          </label>
          <select id={approvalId} value={approval ?? ''} onChange={(event) => onChange({ approval: event.target.value || undefined })} className="pc-input">
            <option value="">Any approval</option>
            <option value="approved">Approved</option>
            <option value="pending">Pending</option>
            <option value="rejected">Rejected</option>
          </select>
        </div>
      </div>
      ) : null}
      <button type="submit" className="pc-btn-primary">
        Search
      </button>
    </form>
  );
}
