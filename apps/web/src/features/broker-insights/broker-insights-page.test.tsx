import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@nivaas/client-kit/console-errors';
import { seedStoredLogin } from '../../test/auth';
import { errorResponse } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { loadBrokerInsights, type BrokerInsightsProps } from './load-broker-insights';

// The remote itself is another build (apps/remote-component); here only the host's side of loading it is under test.
vi.mock('./load-broker-insights', () => ({ loadBrokerInsights: vi.fn() }));
const load = vi.mocked(loadBrokerInsights);

const me = (approval: 'approved' | 'pending') => ({
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

/** Shows what the host's request function answers, as the real remote would after parsing it. */
function FakeInsights({ loadInsights, loadViewerSearches }: BrokerInsightsProps) {
  return (
    <div>
      <h1>Insights remote</h1>
      <button type="button" onClick={() => loadInsights(7).then((body) => (document.title = JSON.stringify(body)), (error: Error) => (document.title = `failed: ${error.message}`))}>
        Load 7 days
      </button>
      <button type="button" onClick={() => loadViewerSearches(90).then((body) => (document.title = JSON.stringify(body)), (error: Error) => (document.title = `failed: ${error.message}`))}>
        Load searches
      </button>
    </div>
  );
}

beforeEach(() => {
  load.mockReset();
});

describe('/RemoteComponent (the brokers\' insights remote)', () => {
  it('renders the remote for an approved broker outside the main layout, and lends it the broker\'s requests', async () => {
    const broker = await seedStoredLogin('broker');
    load.mockResolvedValue(FakeInsights);
    const user = userEvent.setup();
    const { api } = renderApp('/RemoteComponent', {
      '/api/auth/me': me('approved'),
      '/api/broker/insights': (url: URL) => ({ success: true, days: url.searchParams.get('days') }),
      '/api/broker/insights/searches': (url: URL) => ({ success: true, searchesOver: url.searchParams.get('days') }),
    });

    expect(await screen.findByRole('heading', { name: 'Insights remote' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load 7 days' }));
    await vi.waitFor(() => expect(document.title).toBe('{"success":true,"days":"7"}'));
    const call = api.fetchMock.mock.calls.map(([input]) => input).find((input): input is Request => input instanceof Request && input.url.includes('/api/broker/insights'));
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${broker.token}`);

    await user.click(screen.getByRole('button', { name: 'Load searches' }));
    await vi.waitFor(() => expect(document.title).toBe('{"success":true,"searchesOver":"90"}'));
    const searches = api.fetchMock.mock.calls.map(([input]) => input).find((input): input is Request => input instanceof Request && input.url.includes('/api/broker/insights/searches'));
    expect(searches?.headers.get('Authorization')).toBe(`Bearer ${broker.token}`);
  });

  it('hands the remote the server\'s message when the figures cannot be had', async () => {
    await seedStoredLogin('broker');
    load.mockResolvedValue(FakeInsights);
    allowConsoleError(/500/);
    const user = userEvent.setup();
    renderApp('/RemoteComponent', { '/api/auth/me': me('approved'), '/api/broker/insights': () => errorResponse(500, 'The figures are being refreshed') });
    await user.click(await screen.findByRole('button', { name: 'Load 7 days' }));
    await vi.waitFor(() => expect(document.title).toBe('failed: The figures are being refreshed'));
  });

  it('sends a visitor to /login, without loading the remote', async () => {
    const { router } = renderApp('/RemoteComponent');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(load).not.toHaveBeenCalled();
  });

  it('shows a pending broker the pending page', async () => {
    await seedStoredLogin('broker');
    renderApp('/RemoteComponent', { '/api/auth/me': me('pending') });
    expect(await screen.findByRole('heading', { name: 'Your broker profile is pending approval' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('says the insights could not be loaded when the remote fails, and loads them on retry', async () => {
    await seedStoredLogin('broker');
    load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /remotes/insights/remoteEntry.js'));
    load.mockResolvedValueOnce(FakeInsights);
    const user = userEvent.setup();
    renderApp('/RemoteComponent', { '/api/auth/me': me('approved') });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Your insights could not be loaded.' })).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Insights remote' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
