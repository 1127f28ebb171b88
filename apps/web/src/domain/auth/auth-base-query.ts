import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { retryAfterRefresh, sharedRefresh } from '@nivaas/client-kit/refresh-on-401';
import { loginFor, loginsCleared, tokenRefreshed, type AuthState } from './auth-slice';
import { SERVER_RENDER_ORIGIN, type AuthExtra, type ServerFetch } from './auth-persistence';
import { readStoredLogin, writeStoredLogin } from './login-vault';
import type { LoginRole, StoredLogin } from './stored-login';

/**
 * Per-endpoint choice of slot: `extraOptions: { as: 'broker' }` sends the broker's token even when a
 * user is signed in too (broker pages). Without it the session token is sent (spec §6: user first).
 */
export interface AuthExtraOptions {
  as?: LoginRole;
}

export const REFRESH_PATH = '/auth/portal/refresh-token';

/**
 * A request may also name its slot per call (`{ url, as: role }`), for calls whose slot is an argument,
 * such as logging out of one of two signed-in accounts.
 */
export type AuthFetchArgs = FetchArgs & { as?: LoginRole };

type AuthBaseQuery = BaseQueryFn<string | AuthFetchArgs, unknown, FetchBaseQueryError, AuthExtraOptions, FetchBaseQueryMeta>;

function withToken(args: string | AuthFetchArgs, token: string | undefined): FetchArgs {
  const { as: _as, ...request }: AuthFetchArgs = typeof args === 'string' ? { url: args } : args;
  if (!token) return request;
  const headers = new Headers(request.headers as HeadersInit | undefined);
  if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  return { ...request, headers };
}

function pathOf(args: string | FetchArgs): string {
  return (typeof args === 'string' ? args : args.url).split('?')[0] ?? '';
}

/** The refresh response's token, or null for anything else (spec §8: a response without token is invalid). */
function tokenFrom(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const token = (data as { token?: unknown }).token;
  return typeof token === 'string' && token !== '' ? token : null;
}

/**
 * The request layer of spec §4 and §8:
 * - every portal call carries `Authorization: Bearer <token>` when a login is stored;
 * - a 401 triggers one refresh for that request (never for the refresh call itself, and not when the
 *   stored login lacks the email or role the refresh call must name), then the request is retried once;
 * - requests failing while a refresh is under way wait for it and retry with its token;
 * - the new token is written to the slot of its role; a failed or tokenless refresh clears both logins;
 * - tabs take turns (a Web Lock), and a tab finding a token another tab stored meanwhile uses it: the server
 *   rotates the refresh cookie on every use and treats a replayed one as stolen (docs/decisions/003).
 */
export function createAuthBaseQuery(baseUrl: string): AuthBaseQuery {
  const browserRaw = fetchBaseQuery({ baseUrl });
  // Decision 028: a store made for a server render fetches in process (the API's app.inject), one base query each.
  const serverRaws = new WeakMap<ServerFetch, typeof browserRaw>();
  const raw: typeof browserRaw = (args, api, extraOptions) => {
    const serverFetch = (api.extra as AuthExtra | undefined)?.serverFetch;
    if (!serverFetch) return browserRaw(args, api, extraOptions);
    let serverRaw = serverRaws.get(serverFetch);
    if (!serverRaw) {
      // fetch() needs an absolute URL where there is no page to be relative to; the host is never dialled.
      serverRaw = fetchBaseQuery({
        baseUrl: `${SERVER_RENDER_ORIGIN}${baseUrl}`,
        fetchFn: (input, init) => serverFetch(new Request(input, init)),
      });
      serverRaws.set(serverFetch, serverRaw);
    }
    return serverRaw(args, api, extraOptions);
  };

  async function callRefresh(login: StoredLogin, api: Parameters<AuthBaseQuery>[1]): Promise<string | null> {
    const role = login.role;
    // Another tab may have refreshed while this one waited: its token is in storage, and presenting the now
    // rotated cookie again would look like theft to the server, which then ends the whole session.
    const stored = await readStoredLogin(role).catch(() => null);
    if (stored && stored.id === login.id && stored.token !== login.token) {
      api.dispatch(tokenRefreshed({ role, token: stored.token }));
      return stored.token;
    }
    const result = await raw(
      { url: REFRESH_PATH, method: 'POST', body: { email: login.email, role, app: 'portal' }, credentials: 'include' },
      api,
      {},
    );
    const token = result.error ? null : tokenFrom(result.data);
    if (!token) {
      api.dispatch(loginsCleared());
      await Promise.all([writeStoredLogin('user', null), writeStoredLogin('broker', null)]);
      return null;
    }
    api.dispatch(tokenRefreshed({ role, token }));
    // Written before the cross-tab lock is released, so a tab waiting on it finds the new token.
    await writeStoredLogin(role, { ...login, token });
    return token;
  }

  /** One refresh per role at a time: in this tab (a shared promise) and across tabs (a Web Lock, where supported). */
  function refresh(login: StoredLogin, api: Parameters<AuthBaseQuery>[1], extra: AuthExtra): Promise<string | null> {
    const role = login.role;
    return sharedRefresh(extra.refreshes, role, () => {
      const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
      return locks
        ? new Promise<string | null>((resolve, reject) => {
            // The lock is held until the callback's promise settles, that is until the refresh is stored.
            locks.request(`nivaas-refresh-${role}`, () => callRefresh(login, api).then(resolve, reject)).catch(reject);
          })
        : callRefresh(login, api);
    });
  }

  return async (args, api, extraOptions = {}) => {
    const extra = api.extra as AuthExtra | undefined;
    // After a reload the logins are still being decrypted: wait, or the first calls go out anonymous.
    if (extra) await extra.loginsRestored;

    const as = (typeof args === 'string' ? undefined : args.as) ?? extraOptions.as;
    const login = loginFor(api.getState() as { auth: AuthState }, as);
    const result = await raw(withToken(args, login?.token), api, extraOptions);
    // Never for the refresh call itself, nor for a stored login lacking what the refresh call must name.
    if (!login || !extra || pathOf(args) === REFRESH_PATH || !login.email || !login.role) return result;
    return retryAfterRefresh(result, {
      unauthorized: (answer) => answer.error?.status === 401,
      token: async () => {
        // Another request may have refreshed this slot while ours was in flight: use its token as is.
        const current = loginFor(api.getState() as { auth: AuthState }, login.role);
        if (!current) return null;
        return (current.token !== login.token ? current.token : await refresh(login, api, extra)) || null;
      },
      resend: (token) => raw(withToken(args, token), api, extraOptions),
    });
  };
}
