import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seedStoredLogin } from '../../test/auth';
import { renderApp } from '../../test/render-app';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showSuccess: toasts.success, showError: toasts.error, showWarning: toasts.warning }));

const record = {
  id: 4,
  name: 'Vikram Rao',
  phone: '9845012345',
  email: 'vikram@example.in',
  company: 'Rao Realty',
  reraNumber: 'PRM/KA/RERA/1251',
  cityId: 1,
  about: null,
  approval: 'pending',
  profilePhoto: null,
  hasPassword: false,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** GET /auth/me answers the record; PUT /broker/4 answers `put` and keeps the body it was sent. */
function brokerServer(api: ReturnType<typeof renderApp>['api'], put: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  const answer = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.method === 'PUT' && new URL(request.url).pathname === '/api/broker/4') {
      const body = (await request.clone().json()) as Record<string, unknown>;
      sent.push({ ...body, authorization: request.headers.get('Authorization') });
      return put(body);
    }
    return answer!(input, init);
  });
  return sent;
}

/** The first render transforms a lazy route chunk, which on two busy cores can take seconds. */
const SLOW = 20_000;

beforeEach(() => {
  toasts.success.mockReset();
  toasts.error.mockReset();
});

describe('/broker-profile', () => {
  it('shows the approval state and saves the edited record with the broker’s token', async () => {
    const user = userEvent.setup();
    await seedStoredLogin('broker', { id: 4, token: 'broker-jwt' });
    const { api, store } = renderApp('/broker-profile', { '/api/auth/me': { success: true, account: { kind: 'broker', ...record } } });
    const sent = brokerServer(api, (body) =>
      json({ success: true, message: 'Profile updated', broker: { ...record, ...body, about: body.about ?? null } }),
    );

    expect(await screen.findByText('Approval: pending approval')).toBeTruthy();
    expect(screen.getByText('Pending approval')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Edit your broker profile' });
    const name = within(form).getByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Vikram R. Rao');
    await user.type(within(form).getByLabelText(/About/), 'Whitefield resale flats.');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Profile updated'));
    expect(sent[0]).toMatchObject({
      name: 'Vikram R. Rao',
      phone: '9845012345',
      company: 'Rao Realty',
      reraNumber: 'PRM/KA/RERA/1251',
      cityId: 1,
      about: 'Whitefield resale flats.',
      authorization: 'Bearer broker-jwt',
    });
    expect(sent[0]).not.toHaveProperty('approval');
    expect(sent[0]).not.toHaveProperty('email');
    expect(store.getState().auth.broker?.name).toBe('Vikram R. Rao');
  }, SLOW);

  it('shows a refused field under that field', async () => {
    const user = userEvent.setup();
    await seedStoredLogin('broker', { id: 4 });
    const { api } = renderApp('/broker-profile', { '/api/auth/me': { success: true, account: { kind: 'broker', ...record } } });
    brokerServer(api, () =>
      json({ success: false, statusCode: 409, error: 'Conflict', message: 'Another broker uses this phone number', field: 'phone' }, 409),
    );
    const form = await screen.findByRole('form', { name: 'Edit your broker profile' });
    const phone = within(form).getByLabelText('Mobile number');
    await user.clear(phone);
    await user.type(phone, '9900112233');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Another broker uses this phone number')).toBeTruthy();
  }, SLOW);

  it('logs out from the profile back to / (spec §2 side menu), not to /login', async () => {
    const user = userEvent.setup();
    await seedStoredLogin('broker', { id: 4 });
    const { router, store } = renderApp('/broker-profile', {
      '/api/auth/me': { success: true, account: { kind: 'broker', ...record } },
      '/api/auth/portal/logout': { success: true, message: 'Logged out successfully!' },
    });
    await screen.findByRole('form', { name: 'Edit your broker profile' });
    await user.click(screen.getByRole('button', { name: 'Your account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(store.getState().auth.broker).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(router.state.location.pathname).toBe('/');
  }, SLOW);

  it('tells a signed-in user who is not a broker that the page is for brokers (issue 17), instead of /login', async () => {
    await seedStoredLogin('user');
    const { router } = renderApp('/broker-profile');
    expect(await screen.findByRole('heading', { name: 'This page is for brokers.' })).toBeTruthy();
    expect(screen.getByText('You are signed in as a buyer.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/broker-profile');
  }, SLOW);
});
