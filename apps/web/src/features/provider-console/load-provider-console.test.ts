import { describe, expect, it, vi } from 'vitest';

const loadRemote = vi.fn();
const registerRemotes = vi.fn();
const createInstance = vi.fn((_options: unknown) => ({ loadRemote, registerRemotes }));
vi.mock('@module-federation/runtime', () => ({ createInstance }));

const { DASHBOARD_REMOTE_ENTRY, loadProviderConsole } = await import('./load-provider-console');

function Console() {
  return null;
}

describe('loadProviderConsole', () => {
  it('offers the host React and router as singletons, retries a failed entry under a new URL, then loads once', async () => {
    loadRemote.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    loadRemote.mockResolvedValueOnce({ default: Console });

    await expect(loadProviderConsole()).rejects.toThrow('Failed to fetch');
    const options = createInstance.mock.calls[0]?.[0] as { remotes: { entry: string; type: string }[]; shared: Record<string, { shareConfig: { singleton: boolean } }> };
    expect(options.remotes).toEqual([{ name: 'nivaas_dashboard', entry: DASHBOARD_REMOTE_ENTRY, type: 'module' }]);
    for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-router', '@nivaas/contracts/moderation.schema']) {
      expect(options.shared[name]?.shareConfig.singleton, name).toBe(true);
    }

    await expect(loadProviderConsole()).resolves.toBe(Console);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'nivaas_dashboard', entry: `${DASHBOARD_REMOTE_ENTRY}?retry=1`, type: 'module' }], { force: true });

    // Loaded: later calls (a second visit, React's development double effects) reuse it.
    await expect(loadProviderConsole()).resolves.toBe(Console);
    expect(loadRemote).toHaveBeenCalledTimes(2);
    expect(createInstance).toHaveBeenCalledTimes(1);
  });

  it('refuses a remote whose module is not a component', async () => {
    vi.resetModules();
    loadRemote.mockReset().mockResolvedValueOnce({ default: 'not a component' });
    const fresh = await import('./load-provider-console');
    await expect(fresh.loadProviderConsole()).rejects.toThrow('did not export a component');
  });
});
