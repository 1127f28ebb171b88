/**
 * A record's publication in the console (issue 14, spec §5: public = active AND approved), the same for every
 * record kind:
 *
 *   <PublicationBadge status={row.status} approval={row.approval} />         // in tables and headings
 *   <PublicationControl status={b.status} approval={b.approval}
 *     onSave={(change) => updateBuilder(api, b.id, change)} onSaved={(item) => setBuilder(item)} />
 *
 * The control is a switch for 'Shown on the site' (status) and a choice of approval; rejecting asks for a remark
 * (the API refuses a rejection without one, and the refusal is shown). `onSave` sends the PATCH body
 * `{ status?, approval?, remark? }` (contracts publicationFields); what it resolves to goes to `onSaved`.
 */
import type { PublicationInput } from '@nivaas/contracts/admin.schema';
import type { Approval, Status } from '@nivaas/contracts/common.schema';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { messageOf } from '../../lib/use-paged';
import { useToaster } from '../toaster';

const APPROVAL_LABELS: Record<Approval, string> = { approved: 'Approved', pending: 'Pending', rejected: 'Rejected' };

export function PublicationBadge({ status, approval }: { status: Status; approval: Approval }) {
  const live = status === 'active' && approval === 'approved';
  const tone = live ? 'bg-green-100 text-green-800' : approval === 'rejected' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900';
  return (
    <span className="inline-flex flex-col gap-0.5 text-xs">
      <span className={`w-fit rounded-full px-2 py-0.5 font-semibold whitespace-nowrap ${tone}`}>{live ? 'On the site' : 'Not public'}</span>
      <span className="text-slate-600">
        {status === 'active' ? 'Active' : 'Inactive'} · {APPROVAL_LABELS[approval]}
      </span>
    </span>
  );
}

export interface PublicationControlProps<T> {
  status: Status;
  approval: Approval;
  onSave: (change: PublicationInput) => Promise<T>;
  onSaved: (result: T) => void;
}

export function PublicationControl<T>({ status, approval, onSave, onSaved }: PublicationControlProps<T>) {
  const toaster = useToaster();
  const [busy, setBusy] = useState(false);
  const [nextApproval, setNextApproval] = useState<Approval>(approval);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const approvalId = useId();
  const remarkId = useId();
  const remarkErrorId = useId();
  const live = status === 'active' && approval === 'approved';

  const save = async (change: PublicationInput) => {
    setBusy(true);
    setError(null);
    try {
      const result = await onSave(change);
      setRemark('');
      onSaved(result);
      toaster.success(change.status === 'active' ? 'Switched on.' : change.status === 'inactive' ? 'Switched off: hidden from the site.' : 'Approval saved.');
    } catch (failure) {
      setError(failure instanceof ApiError || failure instanceof Error ? messageOf(failure) : 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  };

  const needsRemark = nextApproval === 'rejected' && nextApproval !== approval;

  return (
    <section aria-label="Publication" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-base font-bold text-slate-900">Publication</h3>
          <p className="text-sm text-slate-600">
            {live ? 'Visitors see it now.' : 'Visitors see it once it is active and approved.'}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={status === 'active'}
          aria-label="Shown on the site (active)"
          disabled={busy}
          onClick={() => void save({ status: status === 'active' ? 'inactive' : 'active' })}
          className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${status === 'active' ? 'bg-brand-700' : 'bg-slate-300'}`}
        >
          <span aria-hidden="true" className={`inline-block h-6 w-6 rounded-full bg-white shadow transition-transform ${status === 'active' ? 'translate-x-7' : 'translate-x-1'}`} />
        </button>
      </div>
      <form
        className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void save({ approval: nextApproval, ...(remark.trim() ? { remark: remark.trim() } : {}) });
        }}
      >
        <div>
          <label htmlFor={approvalId} className="mb-1 block text-sm font-semibold text-slate-800">
            Approval
          </label>
          <select id={approvalId} value={nextApproval} onChange={(event) => setNextApproval(event.target.value as Approval)} className="pc-input">
            <option value="approved">Approved</option>
            <option value="pending">Pending</option>
            <option value="rejected">Rejected</option>
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={remarkId} className="mb-1 block text-sm font-semibold text-slate-800">
            Remark{needsRemark ? ' (required to reject)' : ' (optional)'}
          </label>
          <input id={remarkId} value={remark} onChange={(event) => setRemark(event.target.value)} aria-describedby={error ? remarkErrorId : undefined} className="pc-input" />
        </div>
        <button type="submit" className="pc-btn-secondary" disabled={busy || (nextApproval === approval && !remark.trim())}>
          Save approval
        </button>
      </form>
      {error ? (
        <p id={remarkErrorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
