import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-trail';
import { DomainError } from './domain-error';
import { applyPublication, isPublic } from './publication';

describe('applyPublication (issue 14: every back-office record kind)', () => {
  it('drafts a new record (inactive, pending) unless told otherwise', () => {
    expect(applyPublication(null, {})).toEqual({ next: { status: 'inactive', approval: 'pending' }, action: 'create' });
    expect(applyPublication(null, { status: 'active', approval: 'approved' }).next).toEqual({ status: 'active', approval: 'approved' });
  });

  it('names the change: approval first, then status, else update', () => {
    const live = { status: 'active', approval: 'approved' } as const;
    expect(applyPublication(live, { status: 'inactive' }).action).toBe('unpublish');
    expect(applyPublication({ ...live, status: 'inactive' }, { status: 'active' }).action).toBe('publish');
    expect(applyPublication(live, { approval: 'pending' }).action).toBe('pend');
    expect(applyPublication({ status: 'inactive', approval: 'pending' }, { approval: 'approved', status: 'active' }).action).toBe('approve');
    expect(applyPublication(live, {}).action).toBe('update');
  });

  it('refuses a rejection without a remark, naming the field', () => {
    const refused = (() => {
      try {
        applyPublication({ status: 'inactive', approval: 'pending' }, { approval: 'rejected' });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).details.field).toBe('remark');
    expect(applyPublication({ status: 'inactive', approval: 'pending' }, { approval: 'rejected', remark: 'Blurry photos' }).action).toBe('reject');
  });

  it('is public only when active and approved (spec §5)', () => {
    expect(isPublic({ status: 'active', approval: 'approved' })).toBe(true);
    expect(isPublic({ status: 'active', approval: 'pending' })).toBe(false);
    expect(isPublic({ status: 'inactive', approval: 'approved' })).toBe(false);
  });
});

describe('auditDiff', () => {
  it('keeps only the changed fields, before and after, and the publication as from/to state', () => {
    const before = { name: 'Old', slug: 'old', status: 'inactive', approval: 'pending', updatedAt: new Date(1) };
    const after = { name: 'New', slug: 'old', status: 'active', approval: 'approved', updatedAt: new Date(2) };
    expect(auditDiff(before, after)).toEqual({
      before: { name: 'Old', status: 'inactive', approval: 'pending' },
      after: { name: 'New', status: 'active', approval: 'approved' },
      fromState: 'pending/inactive',
      toState: 'approved/active',
    });
  });

  it('a created record has no before and every field after', () => {
    expect(auditDiff(null, { name: 'A', tags: ['x'] })).toEqual({ before: null, after: { name: 'A', tags: ['x'] }, fromState: null, toState: null });
  });
});
