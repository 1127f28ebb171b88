import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InitialEntry } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, type mockApi, type MockRoute } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { signedIn } from '../../domain/auth/auth-slice';
import { forgetAllPasscodes } from '../../domain/auth/passcode-memory';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showSuccess: toasts.success, showError: toasts.error, showWarning: toasts.warning }));

const TOKEN = 'a'.repeat(43);

const broker = {
  id: 7,
  name: 'Asha Rao',
  phone: '9845012345',
  email: 'asha@example.in',
  company: 'Rao Realty',
  reraNumber: 'PRM/KA/RERA/1251',
  cityId: 1,
  about: null,
  approval: 'pending',
  profilePhoto: null,
  hasPassword: true,
};

function json(body: unknown, status: number) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function conflict(field: string, message: string) {
  return json({ success: false, statusCode: 409, error: 'Conflict', message, field }, 409);
}

/** The app at `entry` (a path, or a path with the state a guard leaves), against a mocked API. */
function renderAt(entry: InitialEntry, apiRoutes: Record<string, MockRoute> = {}) {
  const { api, store, router } = renderApp(entry, apiRoutes);
  return { api, store, router };
}

async function bodyOf(api: ReturnType<typeof mockApi>, path: string): Promise<unknown> {
  const call = api.fetchMock.mock.calls.find(([input]) => new URL(input instanceof Request ? input.url : String(input)).pathname === path);
  if (!call) throw new Error(`no request to ${path}`);
  const [input, init] = call;
  const request = input instanceof Request ? input : new Request(String(input), init);
  return request.json();
}

/** The first render transforms a lazy route chunk, which on two busy cores can take seconds. */
const SLOW = 20_000;

beforeEach(() => {
  toasts.success.mockReset();
  toasts.error.mockReset();
  toasts.warning.mockReset();
  forgetAllPasscodes();
});

describe('/login', () => {
  it('signs a broker in with e-mail and password and returns to where the guard found them', async () => {
    const user = userEvent.setup();
    const { api, store, router } = renderAt(
      { pathname: '/login', state: { from: { pathname: '/wishlist', search: '', hash: '' } } },
      { '/api/auth/broker/login': { success: true, message: 'Welcome back', role: 'broker', broker, token: 'jwt-1' } },
    );
    const form = await screen.findByRole('form', { name: 'Log in with e-mail and password' });
    expect(screen.queryByRole('navigation', { name: /main/i })).toBeNull();
    await user.type(within(form).getByLabelText('E-mail'), 'Asha@Example.in');
    await user.type(within(form).getByLabelText('Password'), 'correct horse');
    await user.click(within(form).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/wishlist'));
    expect(await bodyOf(api, '/api/auth/broker/login')).toEqual({ email: 'asha@example.in', password: 'correct horse' });
    expect(store.getState().auth.broker).toMatchObject({ id: 7, role: 'broker', token: 'jwt-1', email: 'asha@example.in' });
    expect(toasts.success).toHaveBeenCalledWith('Welcome back');
  }, SLOW);

  it('shows the server’s refusal and stays on the page', async () => {
    const user = userEvent.setup();
    const { router, store } = renderAt('/login', {
      '/api/auth/broker/login': errorResponse(401, 'Wrong e-mail or password'),
    });
    const form = await screen.findByRole('form', { name: 'Log in with e-mail and password' });
    await user.type(within(form).getByLabelText('E-mail'), 'asha@example.in');
    await user.type(within(form).getByLabelText('Password'), 'nope');
    await user.click(within(form).getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong e-mail or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth.broker).toBeNull();
  }, SLOW);

  it('says how long to wait when there were too many attempts (429), and leaves the passcode way open', async () => {
    const user = userEvent.setup();
    const waitMessage = 'Too many attempts for this e-mail. Please try again in 15 minutes, or log in with a passcode.';
    const { router, store } = renderAt('/login', {
      '/api/auth/broker/login': new Response(JSON.stringify({ success: false, statusCode: 429, error: 'Too Many Requests', message: waitMessage }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '900' },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Log in with e-mail and password' });
    await user.type(within(form).getByLabelText('E-mail'), 'asha@example.in');
    await user.type(within(form).getByLabelText('Password'), 'nope');
    await user.click(within(form).getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(waitMessage);
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth.broker).toBeNull();
    expect(screen.getByRole('tab', { name: 'Passcode' })).toBeTruthy();
  }, SLOW);

  it('asks to wait, not "Something went wrong!", when a proxy answers 429 without a message', async () => {
    const user = userEvent.setup();
    renderAt('/login', { '/api/auth/broker/login': new Response('<html><body>429 Too Many Requests</body></html>', { status: 429, headers: { 'Content-Type': 'text/html' } }) });
    const form = await screen.findByRole('form', { name: 'Log in with e-mail and password' });
    await user.type(within(form).getByLabelText('E-mail'), 'asha@example.in');
    await user.type(within(form).getByLabelText('Password'), 'nope');
    await user.click(within(form).getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a few minutes and try again.');
  }, SLOW);

  it('checks the fields before calling the server', async () => {
    const user = userEvent.setup();
    const { api } = renderAt('/login');
    const form = await screen.findByRole('form', { name: 'Log in with e-mail and password' });
    await user.type(within(form).getByLabelText('E-mail'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Log in' }));
    expect(await within(form).findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(within(form).getByText('Enter your password')).toBeTruthy();
    expect(api.requests.some((url) => url.pathname.startsWith('/api/auth'))).toBe(false);
  }, SLOW);

  it('signs a broker in with a passcode, and the sent-to value can be edited', async () => {
    const user = userEvent.setup();
    const { api, store, router } = renderAt('/login', {
      '/api/auth/broker/send-otp': { success: true, message: 'Passcode sent', resendAfterSeconds: 30 },
      '/api/auth/broker/verify-otp': { success: true, message: 'Signed in', role: 'broker', broker, token: 'jwt-2' },
    });
    await user.click(await screen.findByRole('tab', { name: 'Passcode' }));
    await user.type(screen.getByLabelText('E-mail or phone number'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send passcode' }));
    expect(screen.getByText('Enter a valid phone number or e-mail address')).toBeTruthy();

    await user.clear(screen.getByLabelText('E-mail or phone number'));
    await user.type(screen.getByLabelText('E-mail or phone number'), '98450 12345');
    await user.click(screen.getByRole('button', { name: 'Send passcode' }));
    const code = await screen.findByLabelText('6-digit passcode');
    expect(await bodyOf(api, '/api/auth/broker/send-otp')).toEqual({ email: '98450 12345' });
    expect(screen.getByRole('button', { name: /Resend passcode \(\d+s\)/ }).hasAttribute('disabled')).toBe(true);

    await user.type(code, '12ab34');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter the 6-digit passcode')).toBeTruthy();
    await user.type(code, '56');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await bodyOf(api, '/api/auth/broker/verify-otp')).toEqual({ email: '98450 12345', otp: '123456' });
    expect(store.getState().auth.broker?.token).toBe('jwt-2');
  }, SLOW);

  it('sends a home buyer who signs in through the modal on to where the guard found them', async () => {
    const { store, router } = renderAt({ pathname: '/login', state: { from: { pathname: '/wishlist', search: '', hash: '' } } });
    await screen.findByRole('form', { name: 'Log in with e-mail and password' });
    act(() => {
      store.dispatch(
        signedIn({ role: 'user', login: { id: 41, email: '9845012345', role: 'user', token: 'jwt-u', name: null, phone: null, photo: null } }),
      );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/wishlist'));
  }, SLOW);

  it('reopens the code step with the countdown when the same address is asked for again inside it (issue 17)', async () => {
    const user = userEvent.setup();
    const { api } = renderAt('/login', {
      '/api/auth/broker/send-otp': { success: true, message: 'Passcode sent', resendAfterSeconds: 30 },
    });
    await user.click(await screen.findByRole('tab', { name: 'Passcode' }));
    await user.type(screen.getByLabelText('E-mail or phone number'), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Send passcode' }));
    await user.click(await screen.findByRole('button', { name: 'asha@example.in: change it' }));
    await user.click(screen.getByRole('button', { name: 'Send passcode' }));
    expect(await screen.findByLabelText('6-digit passcode')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/still works/);
    expect(screen.getByRole('button', { name: /Resend passcode \(\d+s\)/ }).hasAttribute('disabled')).toBe(true);
    const sends = api.fetchMock.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).endsWith('/api/auth/broker/send-otp'));
    expect(sends).toHaveLength(1);
  }, SLOW);

  it("gives an owner sent here by 'Post Your Property' the passcode sign-in, then the upload form (issue 17)", async () => {
    const user = userEvent.setup();
    const { api, store, router } = renderAt(
      { pathname: '/login', state: { from: { pathname: '/upload-a-property', search: '', hash: '' } } },
      {
        '/api/auth/portal/send-otp': { success: true, message: 'OTP sent successfully', resendAfterSeconds: 30 },
        '/api/auth/portal/verify-otp': {
          success: true,
          message: 'Logged in successfully!',
          role: 'user',
          user: { id: 41, name: null, phone: '9845012345', email: null, photo: null },
          token: 'jwt-owner',
        },
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to post your property' })).toBeTruthy();
    expect(screen.queryByText(/don’t need a broker account/)).toBeNull();
    await user.type(screen.getByLabelText('E-mail or phone number'), '9845012345');
    await user.click(screen.getByRole('button', { name: 'Send passcode' }));
    expect(await bodyOf(api, '/api/auth/portal/send-otp')).toEqual({ email: '9845012345' });
    await user.type(await screen.findByLabelText('6-digit passcode'), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upload-a-property'));
    expect(await bodyOf(api, '/api/auth/portal/verify-otp')).toEqual({ email: '9845012345', otp: '123456' });
    expect(store.getState().auth.user?.token).toBe('jwt-owner');
    expect(toasts.success).toHaveBeenCalledWith('Logged in successfully!');
  }, SLOW);

  it('lets a broker sent here from an owner page switch to the broker log in', async () => {
    const user = userEvent.setup();
    renderAt({ pathname: '/login', state: { from: { pathname: '/upload-a-property', search: '', hash: '' } } });
    await user.click(await screen.findByRole('button', { name: 'Broker log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Broker log in' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Log in with e-mail and password' })).toBeTruthy();
  }, SLOW);

  it('points a home buyer to the passcode sign-in modal', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passcode' }));
    expect(store.getState().auth.signInModalOpen).toBe(true);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Register as a broker' }).getAttribute('href')).toBe('/registration');
  }, SLOW);
});

describe('/registration', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    const form = await screen.findByRole('form', { name: 'Broker registration' });
    await user.type(within(form).getByLabelText('Full name'), 'Asha Rao');
    await user.type(within(form).getByLabelText('Mobile number'), '98450 12345');
    await user.type(within(form).getByLabelText('E-mail'), 'asha@example.in');
    await user.type(within(form).getByLabelText('Company'), 'Rao Realty');
    await user.type(within(form).getByLabelText('RERA registration number'), 'PRM/KA/RERA/1251');
    await within(form).findByRole('option', { name: 'Pune' });
    await user.selectOptions(within(form).getByLabelText('City'), 'Pune');
    return form;
  }

  it('registers a broker with the password optional, signs them in and shows their profile', async () => {
    const user = userEvent.setup();
    const { api, store, router } = renderAt('/registration', {
      '/api/auth/broker/register': () =>
        json({ success: true, message: 'Registration received: approval pending', role: 'broker', broker, token: 'jwt-3' }, 201),
    });
    const form = await fill(user);
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/broker-profile'));
    expect(await bodyOf(api, '/api/auth/broker/register')).toEqual({
      name: 'Asha Rao',
      phone: '9845012345',
      email: 'asha@example.in',
      company: 'Rao Realty',
      reraNumber: 'PRM/KA/RERA/1251',
      cityId: 2,
    });
    expect(store.getState().auth.broker?.token).toBe('jwt-3');
    expect(toasts.success).toHaveBeenCalledWith('Registration received: approval pending');
  }, SLOW);

  it('sends a chosen password along', async () => {
    const user = userEvent.setup();
    const { api, router } = renderAt('/registration', {
      '/api/auth/broker/register': () =>
        json({ success: true, message: 'Welcome', role: 'broker', broker, token: 'jwt-3' }, 201),
    });
    const form = await fill(user);
    await user.type(within(form).getByLabelText('Password'), 'long enough pass');
    await user.type(within(form).getByLabelText('Confirm password'), 'long enough pass');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/broker-profile'));
    expect(await bodyOf(api, '/api/auth/broker/register')).toMatchObject({ password: 'long enough pass' });
  }, SLOW);

  it('shows a taken e-mail (409) under the e-mail field', async () => {
    const user = userEvent.setup();
    renderAt('/registration', {
      '/api/auth/broker/register': () => conflict('email', 'A broker with this e-mail is already registered'),
    });
    const form = await fill(user);
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    const email = within(form).getByLabelText('E-mail');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'A broker with this e-mail is already registered',
    );
    expect(toasts.error).not.toHaveBeenCalled();
  }, SLOW);

  it('asks for every required field and a matching password before sending', async () => {
    const user = userEvent.setup();
    const { api } = renderAt('/registration');
    const form = await screen.findByRole('form', { name: 'Broker registration' });
    await user.type(within(form).getByLabelText('Password'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByText('Enter the name')).toBeTruthy();
    expect(within(form).getByText('Choose a city')).toBeTruthy();
    expect(within(form).getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(api.requests.some((url) => url.pathname === '/api/auth/broker/register')).toBe(false);
  }, SLOW);
});

describe('/forgot-password and /reset-password', () => {
  it('sends a reset link and says so', async () => {
    const user = userEvent.setup();
    const { api } = renderAt('/forgot-password', {
      '/api/auth/broker/forgot-password': { success: true, message: 'If that e-mail has an account, a link is on its way.' },
    });
    await user.type(await screen.findByLabelText('E-mail'), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toContain('a link is on its way');
    expect(await bodyOf(api, '/api/auth/broker/forgot-password')).toEqual({ email: 'asha@example.in' });
  }, SLOW);

  it('explains a link without a token', async () => {
    renderAt('/reset-password');
    expect(await screen.findByRole('heading', { name: 'This reset link is not complete' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  }, SLOW);

  it('sets the new password with the token and goes to log in', async () => {
    const user = userEvent.setup();
    const { api, router } = renderAt(`/reset-password?token=${TOKEN}`, {
      '/api/auth/broker/reset-password': { success: true, message: 'Password changed. Log in with the new one.' },
    });
    await user.type(await screen.findByLabelText('New password'), 'a brand new pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new pasS');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await bodyOf(api, '/api/auth/broker/reset-password')).toEqual({ token: TOKEN, password: 'a brand new pass' });
    expect((await screen.findByRole('status')).textContent).toBe('Password changed. Log in with the new one.');
  }, SLOW);

  it('shows an expired link’s message with a way to a new one', async () => {
    const user = userEvent.setup();
    renderAt(`/reset-password?token=${TOKEN}`, {
      '/api/auth/broker/reset-password': errorResponse(400, 'This reset link has expired'),
    });
    await user.type(await screen.findByLabelText('New password'), 'a brand new pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This reset link has expired');
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  }, SLOW);
});
