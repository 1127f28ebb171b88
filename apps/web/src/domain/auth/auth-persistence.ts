import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { loginsRestored, type AuthState } from './auth-slice';
import { readStoredLogin, writeStoredLogin } from './login-vault';
import { LOGIN_ROLES } from './stored-login';

/**
 * What the request layer needs from the store beyond its state: a promise that settles once the stored
 * logins are read (so the first requests after a reload carry the token) and the refreshes in flight,
 * one per role (spec §4: other failed requests wait for it). Passed as the thunk extra argument, so each
 * store (each test) has its own.
 */
export interface AuthExtra {
  loginsRestored: Promise<void>;
  refreshes: Map<string, Promise<string | null>>;
  /** Decision 028: set only in a store made for a server render, which answers its calls in process. */
  serverFetch?: ServerFetch;
}

/** What a server render fetches with: the API's own router, called without a network hop. */
export type ServerFetch = (request: Request) => Promise<Response>;

/** The origin of a server render's request URLs: only their path and query are read. */
export const SERVER_RENDER_ORIGIN = 'http://server-render.invalid';

export function createAuthExtra(serverFetch?: ServerFetch): AuthExtra {
  return { loginsRestored: Promise.resolve(), refreshes: new Map(), ...(serverFetch ? { serverFetch } : {}) };
}

interface AuthStore {
  dispatch: (action: ReturnType<typeof loginsRestored>) => unknown;
  getState: () => { auth: AuthState };
}

/** Reads both encrypted slots and puts them in the store; resolves when done, never rejects. */
export async function restoreStoredLogins(store: AuthStore): Promise<void> {
  if (store.getState().auth.restored) return;
  const [user, broker] = await Promise.all([
    readStoredLogin('user').catch(() => null),
    readStoredLogin('broker').catch(() => null),
  ]);
  store.dispatch(loginsRestored({ user, broker }));
}

/** Keeps local storage in step with the slots, whichever action changed them. */
export function persistLogins(listener: ListenerMiddlewareInstance) {
  listener.startListening({
    predicate: (action, current, previous) => {
      if (loginsRestored.match(action)) return false;
      const now = (current as { auth: AuthState }).auth;
      const before = (previous as { auth: AuthState }).auth;
      return now.user !== before.user || now.broker !== before.broker;
    },
    effect: async (_action, api) => {
      const now = (api.getState() as { auth: AuthState }).auth;
      const before = (api.getOriginalState() as { auth: AuthState }).auth;
      await Promise.all(
        LOGIN_ROLES.filter((role) => now[role] !== before[role]).map((role) => writeStoredLogin(role, now[role])),
      );
    },
  });
}
