import { selectLoginsRestored } from '../domain/auth/auth-slice';
import { readSelectedCity } from '../lib/storage';
import type { TrackingContext } from '../lib/tracking/tracking-context';
import type { AppStore } from './store';

/**
 * What the tracking engine (lib/tracking) may know of the visitor, read from the store when it asks: lib/ does not
 * import the login slots, the app hands them over here.
 */
export function trackingContextFor(store: AppStore): TrackingContext {
  const ready = new Promise<void>((resolve) => {
    if (selectLoginsRestored(store.getState())) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!selectLoginsRestored(store.getState())) return;
      unsubscribe();
      resolve();
    });
  });
  return {
    // spec §6 'Tracking identity': the stored user, then the broker; a guest otherwise (the engine's guest id).
    identity() {
      const { user, broker } = store.getState().auth;
      const login = user ?? broker;
      return login ? { id: login.id, role: login.role, token: login.token } : null;
    },
    selectedCity: () => readSelectedCity(),
    ready,
  };
}
