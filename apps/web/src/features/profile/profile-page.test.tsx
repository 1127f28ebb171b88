import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seedStoredLogin } from '../../test/auth';
import { renderApp } from '../../test/render-app';

// The first render of a file transforms lazy route chunks, which on two busy cores can take seconds.
vi.setConfig({ testTimeout: 20_000 });

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showSuccess: toasts.success, showError: toasts.error, showWarning: toasts.warning }));

const profile = { id: 41, name: null, phone: '9876543210', email: null, photo: null, signInWith: 'phone' };

beforeEach(() => {
  toasts.success.mockReset();
  toasts.error.mockReset();
});

/** GET /api/user/me answers the profile; PUT answers `put` with the body sent. */
function answerPuts(fetchMock: ReturnType<typeof vi.fn>, put: (body: Record<string, unknown>) => Response | unknown) {
  const answer = fetchMock.getMockImplementation() as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.method !== 'PUT') return answer(input, init);
    const reply = put((await request.clone().json()) as Record<string, unknown>);
    return reply instanceof Response ? reply : new Response(JSON.stringify(reply), { headers: { 'Content-Type': 'application/json' } });
  });
}

function bodiesOf(fetchMock: ReturnType<typeof vi.fn>, method: string) {
  const sent = fetchMock.mock.calls.map(([input]) => input as Request).filter((request) => request.method === method);
  return Promise.all(sent.map(async (request) => ({ body: (await request.clone().json()) as unknown, auth: request.headers.get('Authorization') })));
}
const putBodies = (fetchMock: ReturnType<typeof vi.fn>) => bodiesOf(fetchMock, 'PUT');

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const sentToEmail = {
  success: true,
  message: 'We sent a passcode to asha@example.in. Enter it to add this e-mail address to your profile.',
  verification: { field: 'email', contact: 'asha@example.in', resendAfterSeconds: 30 },
};

describe('/profile (issue 4, spec §2 user only)', () => {
  it('is for users: a visitor goes to /login', async () => {
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows 'Add Your Name', the default photo, the sign-in phone (not editable) and the e-mail", async () => {
    await seedStoredLogin('user');
    renderApp('/profile', { '/api/user/me': { success: true, user: profile } });
    expect(await screen.findByRole('heading', { name: 'Add Your Name' })).toBeTruthy();
    const phone = screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
    expect(phone.value).toBe('9876543210');
    expect(phone.readOnly).toBe(true);
    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('main').querySelector('img')).toBeNull();
  });

  it('saves the name with the user token, never the sign-in phone, and updates the side menu', async () => {
    const login = await seedStoredLogin('user', { name: null });
    const user = userEvent.setup();
    const { api, store } = renderApp('/profile', { '/api/user/me': { success: true, user: profile } });
    answerPuts(api.fetchMock, (body) => ({ success: true, message: 'Profile updated successfully!', user: { ...profile, ...body } }));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Asha Rao');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Profile updated successfully!'));
    expect(await putBodies(api.fetchMock)).toEqual([{ body: { name: 'Asha Rao', email: null }, auth: `Bearer ${login.token}` }]);
    expect(store.getState().auth.user?.name).toBe('Asha Rao');
    expect(store.getState().auth.user?.email).toBe(login.email);
    expect(screen.queryByRole('textbox', { name: 'Passcode' })).toBeNull();
  });

  it('asks for the passcode sent to a new e-mail and saves the e-mail only when the code comes back (issue 10)', async () => {
    const login = await seedStoredLogin('user', { name: null });
    const user = userEvent.setup();
    const { api } = renderApp('/profile', {
      '/api/user/me': { success: true, user: profile },
      '/api/user/me/verify-contact': { success: true, message: 'Verified and saved to your profile.', user: { ...profile, name: 'Asha Rao', email: 'asha@example.in' } },
    });
    answerPuts(api.fetchMock, (body) => ({ ...sentToEmail, user: { ...profile, name: body.name } }));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Asha Rao');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const step = await screen.findByRole('region', { name: 'Confirm your e-mail address' });
    expect(step.textContent).toContain('We sent a passcode to asha@example.in. Enter it to add this e-mail address to your profile.');
    expect(screen.getByRole('button', { name: 'Send a new code in 30 s' })).toHaveProperty('disabled', true);
    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe('asha@example.in');
    expect(toasts.success).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Passcode' }), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit passcode')).toBeTruthy();
    expect(await bodiesOf(api.fetchMock, 'POST')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Passcode' }), '3456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Verified and saved to your profile.'));
    expect(await bodiesOf(api.fetchMock, 'POST')).toEqual([{ body: { contact: 'asha@example.in', otp: '123456' }, auth: `Bearer ${login.token}` }]);
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail address' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe('asha@example.in');
    // Saving again does not ask for a second code for the e-mail now saved.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(putBodies(api.fetchMock)).resolves.toHaveLength(2));
    expect((await putBodies(api.fetchMock))[1]?.body).toEqual({ name: 'Asha Rao', email: 'asha@example.in' });
  });

  it("shows the server's word on a wrong code, and a refused contact at its field with the old value back", async () => {
    await seedStoredLogin('user');
    const user = userEvent.setup();
    let verifyCalls = 0;
    const { api } = renderApp('/profile', {
      '/api/user/me': { success: true, user: profile },
      '/api/user/me/verify-contact': () => {
        verifyCalls += 1;
        return verifyCalls === 1
          ? json({ success: false, statusCode: 400, error: 'Bad Request', message: 'Invalid or expired OTP. Please check the code or ask for a new one.', field: 'otp' }, 400)
          : json({ success: false, statusCode: 409, error: 'Conflict', message: 'This e-mail address already belongs to another Nivaas account.', field: 'contact' }, 409);
      },
    });
    answerPuts(api.fetchMock, () => ({ ...sentToEmail, user: profile }));
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.type(await screen.findByRole('textbox', { name: 'Passcode' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid or expired OTP. Please check the code or ask for a new one.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This e-mail address already belongs to another Nivaas account.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail address' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe('');
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('names a wrong field before sending, and shows the field the server names', async () => {
    await seedStoredLogin('user');
    const user = userEvent.setup();
    const { api } = renderApp('/profile', { '/api/user/me': { success: true, user: profile } });
    answerPuts(
      api.fetchMock,
      () =>
        new Response(
          JSON.stringify({ success: false, statusCode: 400, error: 'Bad Request', message: 'E-mail must be at most 254 characters', field: 'email' }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(await putBodies(api.fetchMock)).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'taken@example.in');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('E-mail must be at most 254 characters')).toBeTruthy();
  });
});
