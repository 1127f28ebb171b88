import { describe, expect, it } from 'vitest';
import { type ListingEvent, type ListingState, transition } from './approval-state';

const states: ListingState[] = [
  { approval: 'pending', status: 'inactive' },
  { approval: 'approved', status: 'inactive' },
  { approval: 'approved', status: 'active' },
  { approval: 'rejected', status: 'inactive' },
];
const events: ListingEvent[] = [{ kind: 'approve' }, { kind: 'reject' }, { kind: 'edit' }, { kind: 'publish', status: 'active' }, { kind: 'publish', status: 'inactive' }];

/** The whole table: what each event does from each state (null = refused). */
const expected: Record<string, (ListingState | null)[]> = {
  'pending/inactive': [{ approval: 'approved', status: 'inactive' }, { approval: 'rejected', status: 'inactive' }, { approval: 'pending', status: 'inactive' }, null, null],
  'approved/inactive': [null, null, { approval: 'pending', status: 'inactive' }, { approval: 'approved', status: 'active' }, { approval: 'approved', status: 'inactive' }],
  'approved/active': [null, null, { approval: 'pending', status: 'inactive' }, { approval: 'approved', status: 'active' }, { approval: 'approved', status: 'inactive' }],
  'rejected/inactive': [null, null, { approval: 'pending', status: 'inactive' }, null, null],
};

describe('listing state machine', () => {
  for (const state of states) {
    const key = `${state.approval}/${state.status}`;
    events.forEach((event, i) => {
      const want = expected[key]?.[i];
      it(`${key} + ${event.kind}${event.kind === 'publish' ? `(${event.status})` : ''} -> ${want ? `${want.approval}/${want.status}` : 'refused'}`, () => {
        const result = transition(state, event);
        if (want === null || want === undefined) {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.message.length).toBeGreaterThan(10);
        } else {
          expect(result).toMatchObject({ ok: true, next: want });
        }
      });
    });
  }

  it('never makes a listing active unless it is approved', () => {
    for (const state of states) {
      for (const event of events) {
        const result = transition(state, event);
        if (result.ok && result.next.status === 'active') expect(result.next.approval).toBe('approved');
      }
    }
  });
});
