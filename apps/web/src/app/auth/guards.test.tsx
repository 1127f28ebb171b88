import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { seedStoredLogin } from '../../test/auth';
import { errorResponse, mockApi, type MockRoute } from '../../test/mock-api';
import { makeStore } from '../store';
import { RequireApprovedBroker } from './require-approved-broker';
import { RequireAuth, type LoginRedirectState } from './require-auth';

// The first render of a file transforms lazy route chunks, which on two busy cores can take seconds.
vi.setConfig({ testTimeout: 20_000 });

function LoginProbe() {
  const state = useLocation().state as LoginRedirectState | null;
  return <p>Login page, from {state?.from.pathname ?? 'nowhere'}{state?.from.search ?? ''}</p>;
}

/** A small route table exercising each guard the way router.tsx uses them (as layout routes). */
function renderGuards(path: string, apiRoutes: Record<string, MockRoute> = {}) {
  const api = mockApi(apiRoutes);
  const store = makeStore();
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      { element: <RequireAuth />, children: [{ path: '/anyone', element: <p>Signed-in page</p> }] },
      { element: <RequireAuth role="user" />, children: [{ path: '/user-only', element: <p>User page</p> }] },
      { element: <RequireAuth role="broker" />, children: [{ path: '/broker-only', element: <p>Broker page</p> }] },
      { element: <RequireApprovedBroker />, children: [{ path: '/leads', element: <p>Leads page</p> }] },
      { element: <RequireApprovedBroker allowUser />, children: [{ path: '/upload', element: <p>Upload page</p> }] },
    ],
    { initialEntries: ['/', path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { api, store, router };
}

const me = (approval: 'approved' | 'pending' | 'rejected') => ({
  success: true,
  account: {
    kind: 'broker',
    id: 7,
    name: 'Vikram Brokers',
    phone: '9876543210',
    email: 'vikram@example.in',
    company: 'Vikram Realty',
    reraNumber: 'PRM/KA/RERA/1251',
    cityId: 1,
    about: null,
    approval,
    profilePhoto: null,
    hasPassword: false,
  },
});

describe('RequireAuth (spec §2 route table, §6)', () => {
  it('sends a visitor to /login, replacing the entry and carrying where they came from', async () => {
    const { router } = renderGuards('/anyone?tab=2');
    expect(await screen.findByText('Login page, from /anyone?tab=2')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets either account in where no role is named', async () => {
    await seedStoredLogin('broker');
    renderGuards('/anyone');
    expect(await screen.findByText('Signed-in page')).toBeTruthy();
  });

  it("checks the named role's slot, and tells a broker on a user page what happened instead of showing /login (issue 17)", async () => {
    await seedStoredLogin('broker');
    const { router } = renderGuards('/user-only');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('This page is for home buyers and owners.');
    expect(screen.getByText('You are signed in as a broker.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with a passcode' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your broker profile' }).getAttribute('href')).toBe('/broker-profile');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(router.state.location.pathname).toBe('/user-only');
    expect(screen.queryByText(/Login page/)).toBeNull();
  });

  it('tells a buyer on a broker page that it is for brokers, with a broker sign-in that comes back here', async () => {
    await seedStoredLogin('user');
    const { router } = renderGuards('/broker-only');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('This page is for brokers.');
    expect(screen.getByText('You are signed in as a buyer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe('/profile');
    screen.getByRole('link', { name: 'Sign in as a broker' }).click();
    expect(await screen.findByText('Login page, from /broker-only')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets the right role in', async () => {
    await seedStoredLogin('user');
    renderGuards('/user-only');
    expect(await screen.findByText('User page')).toBeTruthy();
  });

  it('waits for the stored logins to be read instead of bouncing a signed-in visitor', async () => {
    await seedStoredLogin('broker');
    const { store } = renderGuards('/broker-only');
    expect(store.getState().auth.restored).toBe(false);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('Broker page')).toBeTruthy();
  });
});

describe('RequireApprovedBroker (spec §2, §4 broker approval)', () => {
  it('shows the page to an approved broker, checked live with the broker token', async () => {
    await seedStoredLogin('user', { token: 'user-token' });
    await seedStoredLogin('broker', { token: 'broker-token' });
    const { api } = renderGuards('/leads', { '/api/auth/me': me('approved') });
    expect(await screen.findByText('Leads page')).toBeTruthy();
    const call = api.fetchMock.mock.calls.map(([input]) => input as Request).find((r) => r.url.endsWith('/api/auth/me'));
    expect(call?.headers.get('Authorization')).toBe('Bearer broker-token');
  });

  it.each(['pending', 'rejected'] as const)('shows the pending page to a %s broker, with a way to the profile', async (approval) => {
    await seedStoredLogin('broker');
    renderGuards('/leads', { '/api/auth/me': me(approval) });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(
      approval === 'pending' ? 'Your broker profile is pending approval' : 'Your broker profile was not approved',
    );
    expect(screen.getByRole('link', { name: 'Review your broker profile' }).getAttribute('href')).toBe('/broker-profile');
    expect(screen.queryByText('Leads page')).toBeNull();
  });

  it('sends a visitor to /login', async () => {
    renderGuards('/leads');
    expect(await screen.findByText('Login page, from /leads')).toBeTruthy();
  });

  it('tells a user on a broker page that it is for brokers, without asking for approval', async () => {
    await seedStoredLogin('user');
    const { api } = renderGuards('/leads');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('This page is for brokers.');
    expect(screen.getByText('You are signed in as a buyer.')).toBeTruthy();
    expect(api.requests.some((url) => url.pathname === '/api/auth/me')).toBe(false);
  });

  it('says so, with a retry, when the approval cannot be checked', async () => {
    await seedStoredLogin('broker');
    renderGuards('/leads', { '/api/auth/me': errorResponse(503, 'Service unavailable') });
    expect(await screen.findByText('Service unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeTruthy();
  });

  it('lets a user through where users are allowed (/upload-a-property), without asking for approval', async () => {
    await seedStoredLogin('user');
    const { api } = renderGuards('/upload');
    expect(await screen.findByText('Upload page')).toBeTruthy();
    expect(api.requests.some((url) => url.pathname === '/api/auth/me')).toBe(false);
  });

  it('still checks a broker where users are allowed', async () => {
    await seedStoredLogin('broker');
    renderGuards('/upload', { '/api/auth/me': me('pending') });
    expect(await screen.findByRole('heading', { name: 'Your broker profile is pending approval' })).toBeTruthy();
  });
});
