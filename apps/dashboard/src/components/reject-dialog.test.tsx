import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createPendingBroker, createPendingListing } from '../test/factories';
import { mockApi, page, signedInRoutes } from '../test/mock-api';
import { renderConsole } from '../test/render-console';

describe('reject with a remark', () => {
  it('requires a remark: an empty or too short one is refused in the dialog and nothing is sent', async () => {
    const listing = createPendingListing();
    const calls = mockApi({
      ...signedInRoutes(),
      'GET /api/admin/projects/pending': { body: { success: true, projects: [listing], pagination: page(1) } },
    });
    const user = userEvent.setup();
    renderConsole();

    const opener = within(await screen.findByRole('article', { name: listing.name })).getByRole('button', { name: 'Reject' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: `Reject “${listing.name}”` });
    const remark = within(dialog).getByRole('textbox', { name: 'Remark' });
    expect(document.activeElement).toBe(remark);

    await user.click(within(dialog).getByRole('button', { name: 'Reject with remark' }));
    expect(within(dialog).getByText('Remark must be at least 3 characters')).toBeTruthy();
    expect(remark.getAttribute('aria-invalid')).toBe('true');

    await user.type(remark, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject with remark' }));
    expect(within(dialog).getByText('Remark must be at least 3 characters')).toBeTruthy();
    expect(calls.some((call) => call.path.includes('/reject'))).toBe(false);

    // Escape cancels and gives focus back to the button that opened the dialog.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('sends the trimmed remark, closes, removes the listing and confirms with a toast', async () => {
    const listing = createPendingListing();
    const calls = mockApi({
      ...signedInRoutes(),
      'GET /api/admin/projects/pending': { body: { success: true, projects: [listing], pagination: page(1) } },
      [`POST /api/admin/projects/${listing.id}/reject`]: {
        body: {
          success: true,
          message: 'Listing rejected',
          project: { id: listing.id, approval: 'rejected', status: 'inactive', updatedAt: '2026-11-21T10:00:00.000Z', remarks: {} },
        },
      },
    });
    const user = userEvent.setup();
    renderConsole();

    await user.click(within(await screen.findByRole('article', { name: listing.name })).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Remark' }), '  Photos are blurry; add a clear one of the hall.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject with remark' }));

    expect(await screen.findByText('Listing rejected')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('article', { name: listing.name })).toBeNull();
    expect(calls.find((call) => call.path.endsWith('/reject'))?.body).toEqual({ remark: 'Photos are blurry; add a clear one of the hall.' });
  });

  it("keeps the dialog open with the server's message when the rejection fails", async () => {
    const broker = createPendingBroker();
    mockApi({
      ...signedInRoutes(),
      'GET /api/admin/projects/pending': { body: { success: true, projects: [], pagination: page(0) } },
      'GET /api/admin/brokers/pending': { body: { success: true, brokers: [broker], pagination: page(1) } },
      [`POST /api/admin/brokers/${broker.id}/reject`]: {
        status: 400,
        body: { success: false, statusCode: 400, error: 'Bad Request', message: 'Remark has characters that are not allowed', field: 'remark' },
      },
    });
    const user = userEvent.setup();
    renderConsole('/dashboard/brokers');

    await user.click(within(await screen.findByRole('article', { name: broker.name })).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: `Reject “${broker.name}”` });
    await user.type(within(dialog).getByRole('textbox', { name: 'Remark' }), 'RERA number does not match');
    await user.click(within(dialog).getByRole('button', { name: 'Reject with remark' }));

    expect(await within(dialog).findByText('Remark has characters that are not allowed')).toBeTruthy();
    expect(screen.getByRole('article', { name: broker.name })).toBeTruthy();
  });
});
