import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@nivaas/client-kit/console-errors';
import { renderApp } from '../../test/render-app';
import { loadProviderConsole, type ProviderConsoleProps } from './load-provider-console';

// The remote itself is another build (apps/dashboard); here only the host's side of loading it is under test.
// The real module would start the federation runtime; the page only needs the load function.
vi.mock('./load-provider-console', () => ({ loadProviderConsole: vi.fn() }));
const load = vi.mocked(loadProviderConsole);

function FakeConsole({ basePath }: ProviderConsoleProps) {
  return <h1>Console at {basePath}</h1>;
}

beforeEach(() => {
  load.mockReset();
});

describe('/dashboard (the provider console remote)', () => {
  it('renders the remote outside the main layout: no navbar, no footer', async () => {
    load.mockResolvedValue(FakeConsole);
    renderApp('/dashboard/audit');

    expect(await screen.findByRole('heading', { name: 'Console at /dashboard' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('link', { name: /post your property/i })).toBeNull();
  });

  it('says the console could not be loaded when the remote fails, and loads it on retry', async () => {
    load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /remotes/dashboard/remoteEntry.js'));
    load.mockResolvedValueOnce(FakeConsole);
    const user = userEvent.setup();
    renderApp('/dashboard');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The provider console could not be loaded.' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Console at /dashboard' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the same message, not a blank page, when the remote crashes while rendering', async () => {
    allowConsoleError(/remote exploded|The above error occurred|provider console/i);
    function BrokenConsole(): never {
      throw new Error('remote exploded');
    }
    load.mockResolvedValue(BrokenConsole);
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'The provider console could not be loaded.' })).toBeTruthy();
  });
});
