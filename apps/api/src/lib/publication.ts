import type { PublicationInput } from '@nivaas/contracts/admin.schema';
import type { Approval, Status } from '@nivaas/contracts/common.schema';
import { DomainError } from './domain-error';

/**
 * Issue 14: the one rule for a back-office record's publication (builders, projects, banners, blogs, FAQs,
 * construction projects, contractors), so each kind is drafted, reviewed and published the same way:
 *
 * - A new record is a draft (inactive, pending) unless the body says otherwise.
 * - status and approval move independently; the record is public only when active AND approved (spec §5), so the
 *   provider may switch a record on before approving it and nothing shows until both hold.
 * - Rejecting needs a remark (the contract refuses it too; this keeps a service caller such as the bulk import honest).
 * - Nothing is deleted: inactive hides it.
 *
 * Use in a service: `const change = applyPublication(current, body)`; write `change.next` with the other fields and
 * record `change.action` and `body.remark` on the audit row (lib/audit-trail.ts).
 */
export interface PublicationState {
  status: Status;
  approval: Approval;
}

export const DRAFT: PublicationState = { status: 'inactive', approval: 'pending' };

export type PublicationAction = 'create' | 'update' | 'approve' | 'reject' | 'pend' | 'publish' | 'unpublish';

export interface PublicationChange {
  next: PublicationState;
  /** What the audit row calls the change: an approval change wins over a status change, else a plain update. */
  action: PublicationAction;
}

export function isPublic(state: PublicationState): boolean {
  return state.status === 'active' && state.approval === 'approved';
}

/** `current` null: the record is being created. */
export function applyPublication(current: PublicationState | null, input: PublicationInput): PublicationChange {
  const base = current ?? DRAFT;
  const next: PublicationState = { status: input.status ?? base.status, approval: input.approval ?? base.approval };
  if (next.approval === 'rejected' && next.approval !== current?.approval && !input.remark) {
    throw new DomainError('VALIDATION', 'Write a remark saying why it is rejected', { field: 'remark' });
  }
  if (current === null) return { next, action: 'create' };
  if (next.approval !== current.approval) {
    return { next, action: next.approval === 'approved' ? 'approve' : next.approval === 'rejected' ? 'reject' : 'pend' };
  }
  if (next.status !== current.status) return { next, action: next.status === 'active' ? 'publish' : 'unpublish' };
  return { next, action: 'update' };
}
