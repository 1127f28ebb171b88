import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { createStoredLogin, seedStoredLogin } from '../../test/auth';
import { api } from '../../lib/api/api-slice';
import { signedIn } from './auth-slice';
import { readStoredLogin, writeStoredLogin } from './login-vault';
import type { StoredLogin } from './stored-login';

// Endpoints that exist only here, to drive the real base query through RTK Query as a feature would.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (name) => `/probe/${name}` }),
    probeAsBroker: build.query<unknown, string>({ query: (name) => `/probe/${name}`, extraOptions: { as: 'broker' } }),
  }),
});

interface Seen {
  path: string;
  authorization: string | null;
  credentials: RequestCredentials;
  body: unknown;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A fake API: /api/probe/* answers 200 to the currently valid token and 401 to any other; the refresh call
 * answers what `refresh` says (and may be held, to let other requests fail meanwhile).
 */
function fakeServer(options: { valid: string; refresh?: (seen: Seen) => Promise<Response> | Response }) {
  const seen: Seen[] = [];
  let valid = options.valid;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const entry: Seen = {
      path,
      authorization: request.headers.get('Authorization'),
      credentials: request.credentials,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    seen.push(entry);
    if (path === '/api/auth/portal/refresh-token') {
      const response = await (options.refresh?.(entry) ?? json({ success: true, token: 'fresh-token' }));
      const body = (await response.clone().json().catch(() => null)) as { token?: string } | null;
      if (response.ok && body?.token) valid = body.token;
      return response;
    }
    return entry.authorization === `Bearer ${valid}` ? json({ ok: true, path }) : json({ message: 'Unauthorized' }, 401);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { seen, probes: () => seen.filter((entry) => entry.path.startsWith('/api/probe')), refreshes: () => seen.filter((entry) => entry.path.endsWith('/refresh-token')) };
}

function storeWith(logins: StoredLogin[]) {
  const store = makeStore();
  for (const login of logins) store.dispatch(signedIn({ role: login.role, login }));
  return store;
}

describe('request layer: bearer token (spec §4, §6, §7)', () => {
  it('sends the user token when both are signed in, the broker token where an endpoint asks for it', async () => {
    const user = createStoredLogin('user', { token: 'u1' });
    const broker = createStoredLogin('broker', { token: 'b1' });
    const server = fakeServer({ valid: 'u1' });
    const store = storeWith([user, broker]);
    await store.dispatch(probeApi.endpoints.probe.initiate('a'));
    await store.dispatch(probeApi.endpoints.probeAsBroker.initiate('b'));
    // (The fake accepts only u1, so the broker's call then refreshes; only what was sent first matters here.)
    expect(server.probes().map((entry) => entry.authorization).slice(0, 2)).toEqual(['Bearer u1', 'Bearer b1']);
  });

  it('sends no header for a visitor', async () => {
    const server = fakeServer({ valid: 'none' });
    await makeStore().dispatch(probeApi.endpoints.probe.initiate('a'));
    expect(server.probes()[0]?.authorization).toBeNull();
    expect(server.refreshes()).toHaveLength(0);
  });

  it('waits for the stored logins to be decrypted before the first request after a reload', async () => {
    await seedStoredLogin('user', { token: 'kept' });
    const server = fakeServer({ valid: 'kept' });
    const result = await makeStore().dispatch(probeApi.endpoints.probe.initiate('a'));
    expect(result.isSuccess).toBe(true);
    expect(server.probes()[0]?.authorization).toBe('Bearer kept');
  });
});

describe('request layer: refresh on 401 (spec §4, §8)', () => {
  it('refreshes once with email, role and app, retries with the new token and stores it for that role', async () => {
    const user = createStoredLogin('user', { token: 'expired', email: 'asha@example.in' });
    const broker = createStoredLogin('broker', { token: 'b1' });
    const server = fakeServer({ valid: 'someone-else' });
    const store = storeWith([user, broker]);

    const result = await store.dispatch(probeApi.endpoints.probe.initiate('a'));

    expect(result.isSuccess).toBe(true);
    expect(server.refreshes()).toHaveLength(1);
    expect(server.refreshes()[0]).toMatchObject({
      body: { email: 'asha@example.in', role: 'user', app: 'portal' },
      credentials: 'include',
    });
    expect(server.probes().map((entry) => entry.authorization)).toEqual(['Bearer expired', 'Bearer fresh-token']);
    expect(store.getState().auth.user?.token).toBe('fresh-token');
    expect(store.getState().auth.broker?.token).toBe('b1');
    await expect.poll(async () => (await readStoredLogin('user'))?.token).toBe('fresh-token');
  });

  it('lets concurrent failures wait for the one refresh, then retries each with its token', async () => {
    const user = createStoredLogin('user', { token: 'expired' });
    let failures = 0;
    let releaseRefresh: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const server = fakeServer({
      valid: 'not-yet',
      refresh: async () => {
        await held;
        return json({ success: true, token: 'fresh-token' });
      },
    });
    // Release the refresh only once all three requests have been refused, so all three are waiting on it.
    const fetchMock = vi.mocked(globalThis.fetch);
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const response = await inner(input, init);
      if (response.status === 401 && ++failures === 3) releaseRefresh();
      return response;
    });
    const store = storeWith([user]);

    const results = await Promise.all(['a', 'b', 'c'].map((name) => store.dispatch(probeApi.endpoints.probe.initiate(name))));

    expect(results.every((result) => result.isSuccess)).toBe(true);
    expect(server.refreshes()).toHaveLength(1);
    const retried = server.probes().filter((entry) => entry.authorization === 'Bearer fresh-token');
    expect(retried.map((entry) => entry.path).sort()).toEqual(['/api/probe/a', '/api/probe/b', '/api/probe/c']);
  });

  it('uses a token another request already refreshed, without refreshing again', async () => {
    const server = fakeServer({ valid: 'not-yet' });
    // Hold the answer to request 'a' until request 'b' has failed, refreshed and succeeded.
    let releaseA: () => void = () => undefined;
    const aHeld = new Promise<void>((resolve) => (releaseA = resolve));
    const fetchMock = vi.mocked(globalThis.fetch);
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const response = await inner(input, init);
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname === '/api/probe/a' && response.status === 401) await aHeld;
      return response;
    });
    const store = storeWith([createStoredLogin('user', { token: 'expired' })]);

    const a = store.dispatch(probeApi.endpoints.probe.initiate('a'));
    await store.dispatch(probeApi.endpoints.probe.initiate('b'));
    releaseA();

    expect((await a).isSuccess).toBe(true);
    expect(server.refreshes()).toHaveLength(1);
    expect(server.probes().filter((entry) => entry.path === '/api/probe/a').map((entry) => entry.authorization)).toEqual([
      'Bearer expired',
      'Bearer fresh-token',
    ]);
  });

  it('uses the token another tab refreshed into storage instead of presenting the rotated cookie again', async () => {
    const login = createStoredLogin('user', { token: 'expired' });
    const server = fakeServer({ valid: 'from-other-tab' });
    const store = storeWith([login]);
    await expect.poll(() => localStorage.getItem('user')).not.toBeNull();
    // The other tab's refresh lands in storage while this tab still holds the old token.
    await writeStoredLogin('user', { ...login, token: 'from-other-tab' });

    const result = await store.dispatch(probeApi.endpoints.probe.initiate('a'));
    expect(result.isSuccess).toBe(true);
    expect(server.refreshes()).toHaveLength(0);
    expect(store.getState().auth.user?.token).toBe('from-other-tab');
  });

  it('takes the cross-tab lock for its role around the refresh, where the browser has Web Locks', async () => {
    const taken: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (name: string, callback: () => Promise<unknown>) => {
          taken.push(name);
          return callback();
        },
      },
    });
    const server = fakeServer({ valid: 'none' });
    const store = storeWith([createStoredLogin('broker', { token: 'old' })]);
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('a'));
    expect(result.isSuccess).toBe(true);
    expect(taken).toEqual(['nivaas-refresh-broker']);
    expect(server.refreshes()).toHaveLength(1);
  });

  it('tries the refresh once per request: a retry that fails again is passed on', async () => {
    const user = createStoredLogin('user', { token: 'expired' });
    const server = fakeServer({ valid: 'never-valid', refresh: () => json({ success: true, token: 'also-refused' }) });
    // The fake marks the refreshed token valid; make the retry fail anyway.
    const fetchMock = vi.mocked(globalThis.fetch);
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname.startsWith('/api/probe')) {
        await inner(input, init);
        return json({ message: 'Unauthorized' }, 401);
      }
      return inner(input, init);
    });
    const store = storeWith([user]);
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('a'));
    expect(result.isError).toBe(true);
    expect(result.error).toMatchObject({ status: 401 });
    expect(server.refreshes()).toHaveLength(1);
    expect(server.probes()).toHaveLength(2);
  });

  it('clears both stored logins when the refresh fails', async () => {
    await seedStoredLogin('user', { token: 'expired' });
    await seedStoredLogin('broker', { token: 'b1' });
    const server = fakeServer({ valid: 'none', refresh: () => json({ message: 'Session expired' }, 401) });
    const store = makeStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('a'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(server.refreshes()).toHaveLength(1);
    expect(server.probes()).toHaveLength(1);
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().auth.broker).toBeNull();
    await expect.poll(() => [localStorage.getItem('user'), localStorage.getItem('broker')]).toEqual([null, null]);
  });

  it('treats a refresh answer without a token as a failure and clears both logins', async () => {
    const server = fakeServer({ valid: 'none', refresh: () => json({ success: true }) });
    const store = storeWith([createStoredLogin('user', { token: 'expired' }), createStoredLogin('broker')]);
    await store.dispatch(probeApi.endpoints.probe.initiate('a'));
    expect(server.refreshes()).toHaveLength(1);
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().auth.broker).toBeNull();
  });

  it('does not refresh when the stored login lacks the email the refresh must name', async () => {
    const server = fakeServer({ valid: 'none' });
    const store = storeWith([createStoredLogin('user', { token: 'expired', email: '' })]);
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('a'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(server.refreshes()).toHaveLength(0);
    expect(store.getState().auth.user).not.toBeNull();
  });

  it('refreshes the slot whose token was sent', async () => {
    const server = fakeServer({ valid: 'none' });
    const store = storeWith([createStoredLogin('user', { token: 'u1' }), createStoredLogin('broker', { token: 'old', email: 'b@example.in' })]);
    await store.dispatch(probeApi.endpoints.probeAsBroker.initiate('a'));
    expect(server.refreshes()[0]?.body).toEqual({ email: 'b@example.in', role: 'broker', app: 'portal' });
    expect(store.getState().auth.broker?.token).toBe('fresh-token');
    expect(store.getState().auth.user?.token).toBe('u1');
  });
});
