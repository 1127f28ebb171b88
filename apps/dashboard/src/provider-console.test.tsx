import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAuditEntry, createPendingBroker } from './test/factories';
import { mockApi, page, signedInRoutes, STAFF } from './test/mock-api';
import { renderConsole } from './test/render-console';

const emptyListings = { 'GET /api/admin/projects/pending': { body: { success: true, projects: [], pagination: page(0) } } };

describe('provider sign-in', () => {
  it('signs in with a passcode to the work e-mail and opens the listings queue', async () => {
    const calls = mockApi({
      ...emptyListings,
      'POST /api/auth/provider/send-otp': { body: { success: true, message: 'Passcode sent', resendAfterSeconds: 30 } },
      'POST /api/auth/provider/verify-otp': { body: { success: true, message: 'Signed in', role: 'provider', staff: STAFF, token: 'access-9' } },
    });
    const user = userEvent.setup();
    renderConsole();

    await user.type(await screen.findByRole('textbox', { name: 'Work e-mail' }), 'Provider@Nivaas.local ');
    await user.click(screen.getByRole('button', { name: 'Send passcode' }));
    await user.type(await screen.findByRole('textbox', { name: 'Passcode' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('No listings are waiting for review.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/provider/send-otp')?.body).toEqual({ email: 'provider@nivaas.local' });
    expect(calls.find((call) => call.path === '/api/auth/provider/verify-otp')?.body).toEqual({ email: 'provider@nivaas.local', otp: '123456' });
    expect(calls.find((call) => call.path.startsWith('/api/admin/projects/pending'))?.authorization).toBe('Bearer access-9');
    expect(localStorage.getItem('nivaas_provider_email')).toBe(STAFF.email);
  });

  it("says 'sent' on the first send whatever the server calls it, and 'resent' only on a resend (issue 17)", async () => {
    // The server says 'resent' when an earlier code is still valid (another tab, a reload).
    const calls = mockApi({ 'POST /api/auth/provider/send-otp': { status: 201, body: { success: true, message: 'OTP resent successfully', resendAfterSeconds: 1 } } });
    const user = userEvent.setup();
    renderConsole();

    await user.type(await screen.findByRole('textbox', { name: 'Work e-mail' }), 'provider@nivaas.local');
    await user.click(screen.getByRole('button', { name: 'Send passcode' }));
    expect(await screen.findByText('OTP sent successfully')).toBeTruthy();
    expect(screen.queryByText('OTP resent successfully')).toBeNull();
    const resend = screen.getByRole('button', { name: /^Resend passcode/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Resend passcode' }) as HTMLButtonElement).disabled).toBe(false), { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Resend passcode' }));
    expect(await screen.findByText('OTP resent successfully')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/auth/provider/send-otp')).toHaveLength(2);
  });

  it("shows the server's message for a wrong passcode and stays on the form", async () => {
    mockApi({
      'POST /api/auth/provider/send-otp': { body: { success: true, message: 'Passcode sent', resendAfterSeconds: 30 } },
      'POST /api/auth/provider/verify-otp': {
        status: 401,
        body: { success: false, statusCode: 401, error: 'Unauthorized', message: 'That passcode is wrong or has expired' },
      },
    });
    const user = userEvent.setup();
    renderConsole();

    await user.type(await screen.findByRole('textbox', { name: 'Work e-mail' }), 'provider@nivaas.local');
    await user.click(screen.getByRole('button', { name: 'Send passcode' }));
    await user.type(await screen.findByRole('textbox', { name: 'Passcode' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('That passcode is wrong or has expired')).toBeTruthy();
  });

  it('refreshes an expired token once and retries; when the refresh fails too, asks to sign in again', async () => {
    let refreshes = 0;
    const routes = signedInRoutes();
    mockApi({
      ...routes,
      'POST /api/auth/portal/refresh-token': () => {
        refreshes += 1;
        return refreshes === 1
          ? { body: { success: true, token: 'access-1' } }
          : { status: 401, body: { success: false, statusCode: 401, error: 'Unauthorized', message: 'Session ended' } };
      },
      'GET /api/admin/projects/pending': { status: 401, body: { success: false, statusCode: 401, error: 'Unauthorized', message: 'Token expired' } },
    });
    renderConsole();

    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Work e-mail' })).toBeTruthy();
    expect(refreshes).toBe(2);
    expect(localStorage.getItem('nivaas_provider_email')).toBeNull();
  });
});

describe('console sections', () => {
  it('approves a pending broker from the brokers tab', async () => {
    const broker = createPendingBroker({ name: 'Meera Estates' });
    mockApi({
      ...signedInRoutes(),
      ...emptyListings,
      'GET /api/admin/brokers/pending': { body: { success: true, brokers: [broker], pagination: page(1) } },
      [`POST /api/admin/brokers/${broker.id}/approve`]: { body: { success: true, message: 'Broker approved', broker: { id: broker.id, approval: 'approved' } } },
    });
    const user = userEvent.setup();
    renderConsole();

    await user.click(await screen.findByRole('link', { name: 'Brokers' }));
    const card = await screen.findByRole('article', { name: 'Meera Estates' });
    expect(within(card).getByText('PRM/KA/RERA/1251/310/AG/171016/000123')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Broker approved')).toBeTruthy();
    expect(await screen.findByText('No brokers are waiting for approval.')).toBeTruthy();
  });

  it('lists the audit log (who, what, when, remark) and pages back through it', async () => {
    mockApi({
      ...signedInRoutes(),
      'GET /api/admin/audit': (call) =>
        call.path.includes('page=2')
          ? { body: { success: true, entries: [createAuditEntry({ action: 'approve', entityName: 'Old Mill Villas', toState: 'approved', remark: null })], pagination: page(31, false, 2) } }
          : { body: { success: true, entries: [createAuditEntry()], pagination: page(31, true) } },
    });
    const user = userEvent.setup();
    renderConsole('/dashboard/audit');

    expect(await screen.findByText('Portal Admin (Provider)')).toBeTruthy();
    expect(screen.getByText(/Rejected listing “Green Acres”/)).toBeTruthy();
    expect(screen.getByText('Remark: Add photos of the kitchen')).toBeTruthy();
    expect(screen.getByText(/Nov 21, 2026/)).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText(/Approved listing “Old Mill Villas”/)).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('an unknown console address shows a not-found screen with the way to each section, not the listings queue', async () => {
    const calls = mockApi({ ...signedInRoutes(), ...emptyListings });
    const user = userEvent.setup();
    renderConsole('/dashboard/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/dashboard/no-such-page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pending listings' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/admin/projects/pending'))).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Pending listings' }));
    expect(await screen.findByText('No listings are waiting for review.')).toBeTruthy();
  });
});
