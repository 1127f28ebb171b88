import type { Approval, Status } from '@nivaas/contracts/common.schema';

/**
 * A listing's approval state machine, owned by moderation: one pure function so every writer (the provider's
 * decisions here, and the owner's edits, photos and display toggle in listings/) obeys the same rules:
 *
 *   pending  --approve (provider)-->  approved (inactive)
 *   pending  --reject (provider)-->   rejected (inactive)
 *   rejected --edit (owner)-->        pending  (inactive)      'rejected -> pending on edit'
 *   approved --edit (owner)-->        pending  (inactive)      an edit is reviewed again before it is shown
 *   approved --publish (owner)-->     approved, active|inactive spec §4: the toggle is offered only on approved ones
 *
 * Anything else is refused with a message that says why and what would make it possible.
 */

export interface ListingState {
  approval: Approval;
  status: Status;
}

export type ListingEvent = { kind: 'approve' } | { kind: 'reject' } | { kind: 'edit' } | { kind: 'publish'; status: Status };

export type Transition = { ok: true; next: ListingState; changed: boolean } | { ok: false; message: string };

const REVIEW_WORDS: Record<Approval, string> = { pending: 'pending review', approved: 'approved', rejected: 'rejected' };

function refuse(message: string): Transition {
  return { ok: false, message };
}

function to(current: ListingState, next: ListingState): Transition {
  return { ok: true, next, changed: current.approval !== next.approval || current.status !== next.status };
}

export function transition(current: ListingState, event: ListingEvent): Transition {
  switch (event.kind) {
    case 'approve':
      if (current.approval === 'pending') return to(current, { approval: 'approved', status: 'inactive' });
      return refuse(
        current.approval === 'approved'
          ? 'This listing is already approved'
          : 'This listing was rejected; it comes back for review when its owner edits it',
      );
    case 'reject':
      if (current.approval === 'pending') return to(current, { approval: 'rejected', status: 'inactive' });
      return refuse(
        current.approval === 'rejected'
          ? 'This listing is already rejected'
          : 'Only a listing pending review can be rejected; this one is already approved',
      );
    case 'edit':
      return to(current, { approval: 'pending', status: 'inactive' });
    case 'publish':
      if (current.approval !== 'approved') {
        return refuse(`Only approved listings can be ${event.status === 'active' ? 'shown on the site' : 'shown or hidden'}; this one is ${REVIEW_WORDS[current.approval]}`);
      }
      return to(current, { approval: 'approved', status: event.status });
  }
}

/** What the owner is told after an edit (the upload form shows it as the toast). */
export function editMessage(before: ListingState): string {
  if (before.approval === 'approved' && before.status === 'active') {
    return 'Listing updated. It was live; it is now hidden from the site and pending review again, and you can switch it live once it is approved.';
  }
  if (before.approval === 'approved') return 'Listing updated. It is pending review again; you can switch it live once it is approved.';
  if (before.approval === 'rejected') return 'Listing updated and resubmitted for review.';
  return 'Listing updated. It is pending review.';
}
