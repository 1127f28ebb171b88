import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, page, signedInRoutes } from '../../test/mock-api';
import { renderConsole } from '../../test/render-console';

const review = {
  id: 41,
  subject: 'location',
  place: { id: 7, name: 'Whitefield' },
  city: { id: 1, name: 'Bengaluru' },
  ratingValue: 2,
  comment: 'Waterlogging every monsoon',
  authorName: 'Ravi',
  approval: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
};

const user = {
  id: 9,
  name: 'Meera',
  phone: '9876501234',
  email: 'meera@example.com',
  createdAt: '2026-01-02T10:00:00.000Z',
  blockedAt: null,
  blockReason: null,
};

describe('Reviews (issue 14)', () => {
  it('lists the pending reviews and approves one, which then reads Approved', async () => {
    const calls = mockApi({
      ...signedInRoutes(),
      'GET /api/admin/reviews': { body: { success: true, items: [review], pagination: page(1) } },
      'POST /api/admin/reviews/41/approve': { body: { success: true, message: 'Review approved. It is on the place page now.', review: { id: 41, approval: 'approved' } } },
    });
    const clicks = userEvent.setup();
    renderConsole('/dashboard/reviews');

    const row = (await screen.findByText('Waterlogging every monsoon')).closest('tr') as HTMLElement;
    expect(calls.find((call) => call.path.startsWith('/api/admin/reviews?'))?.path).toContain('approval=pending');
    await clicks.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await within(row).findByText('Approved')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(await screen.findByText('Review approved. It is on the place page now.')).toBeTruthy();
  });
});

describe('Users (issue 14)', () => {
  it('blocks a user with the reason typed in the dialog, sent to the API', async () => {
    const calls = mockApi({
      ...signedInRoutes(),
      'GET /api/admin/users': { body: { success: true, items: [user], pagination: page(1) } },
      'POST /api/admin/users/9/block': {
        body: { success: true, message: 'User blocked. Their sign-ins have ended and a new one is refused.', item: { ...user, blockedAt: '2026-11-24T10:00:00.000Z', blockReason: 'Fake enquiries' } },
      },
    });
    const clicks = userEvent.setup();
    renderConsole('/dashboard/users?q=98765');

    const row = (await screen.findByText('Meera')).closest('tr') as HTMLElement;
    expect(calls.find((call) => call.path.startsWith('/api/admin/users?'))?.path).toContain('q=98765');
    await clicks.click(within(row).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block “Meera”' });
    await clicks.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake enquiries');
    await clicks.click(within(dialog).getByRole('button', { name: 'Block with reason' }));
    expect(await within(row).findByText('Blocked: Fake enquiries')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/admin/users/9/block')?.body).toEqual({ reason: 'Fake enquiries' });
    expect(within(row).getByRole('button', { name: 'Unblock' })).toBeTruthy();
  });
});
