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

function putBodies(fetchMock: ReturnType<typeof vi.fn>) {
  const puts = fetchMock.mock.calls.map(([input]) => input as Request).filter((request) => request.method === 'PUT');
  return Promise.all(puts.map(async (request) => ({ body: (await request.clone().json()) as unknown, auth: request.headers.get('Authorization') })));
}

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

  it('saves the name and e-mail with the user token, never the sign-in phone, and updates the side menu', async () => {
    const login = await seedStoredLogin('user', { name: null });
    const user = userEvent.setup();
    const { api, store } = renderApp('/profile', { '/api/user/me': { success: true, user: profile } });
    answerPuts(api.fetchMock, (body) => ({ success: true, message: 'Profile updated successfully!', user: { ...profile, ...body } }));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Asha Rao');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Profile updated successfully!'));
    expect(await putBodies(api.fetchMock)).toEqual([
      { body: { name: 'Asha Rao', email: 'asha@example.in' }, auth: `Bearer ${login.token}` },
    ]);
    expect(store.getState().auth.user?.name).toBe('Asha Rao');
    expect(store.getState().auth.user?.email).toBe(login.email);
  });

  it('names a wrong field before sending, and shows the field the server names', async () => {
    await seedStoredLogin('user');
    const user = userEvent.setup();
    const { api } = renderApp('/profile', { '/api/user/me': { success: true, user: profile } });
    answerPuts(
      api.fetchMock,
      () =>
        new Response(
          JSON.stringify({ success: false, statusCode: 409, error: 'Conflict', message: 'This e-mail belongs to another account', field: 'email' }),
          { status: 409, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(await putBodies(api.fetchMock)).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'taken@example.in');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This e-mail belongs to another account')).toBeTruthy();
  });
});
