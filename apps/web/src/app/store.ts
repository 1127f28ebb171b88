import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { api } from '../lib/api/api-slice';
import { createAuthExtra, persistLogins, restoreStoredLogins, type ServerFetch } from '../domain/auth/auth-persistence';
import { authSlice, signedIn, signedOut } from '../domain/auth/auth-slice';
import { citySelected, citySlice } from '../domain/city/city-slice';
import { compareAdded, compareCleared, compareRemoved, compareSlice } from '../domain/compare/compare-slice';
import { writeCompareSet, writeSelectedCity } from '../lib/storage';
import { track } from '../lib/tracking/track';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [authSlice.reducerPath]: authSlice.reducer,
  [citySlice.reducerPath]: citySlice.reducer,
  [compareSlice.reducerPath]: compareSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  /** Decision 028: a store for one server render, whose calls the API answers in process; it restores no logins. */
  serverFetch?: ServerFetch;
}

/** A fresh store per call, so each test (and each server render) starts clean; the app makes one in main.tsx. */
export function makeStore(preloadedState?: Partial<RootState>, { serverFetch }: StoreOptions = {}) {
  const listener = createListenerMiddleware();
  // Keep sessionStorage in step with the store wherever the city is changed from.
  listener.startListening({
    actionCreator: citySelected,
    effect: (action) => writeSelectedCity(action.payload),
  });
  // spec §4: the compare set is kept in session storage, so it survives a reload in the same tab.
  listener.startListening({
    matcher: isAnyOf(compareAdded, compareRemoved, compareCleared),
    effect: (_action, listenerApi) => writeCompareSet((listenerApi.getState() as RootState).compare.items),
  });

  // Issue 12: COMPARE_ADDED / COMPARE_REMOVED wherever the set changes (cards, the project page, the tray, /Compare);
  // an add the slice ignored (duplicate, full, no id) is not one.
  listener.startListening({
    matcher: isAnyOf(compareAdded, compareRemoved),
    effect: (action, listenerApi) => {
      const before = (listenerApi.getOriginalState() as RootState).compare.items.map((item) => item.id);
      const after = (listenerApi.getState() as RootState).compare.items.map((item) => item.id);
      const added = after.find((id) => !before.includes(id));
      const removed = before.find((id) => !after.includes(id));
      if (compareAdded.match(action) && added !== undefined) track('COMPARE_ADDED', { projectId: added, count: after.length });
      if (compareRemoved.match(action) && removed !== undefined) track('COMPARE_REMOVED', { projectId: removed, count: after.length });
    },
  });

  // Issue 12: sign-ins (the passcode modal, the broker's login and registration) and sign-outs, in one place.
  // spec §3: USER_LOGIN carries the e-mail; track() keeps it only with analytics consent (the server drops it anyway).
  listener.startListening({
    actionCreator: signedIn,
    effect: ({ payload: { role, login } }) => {
      if (role === 'user') track('USER_LOGIN', { userId: login.id, email: login.email.includes('@') ? login.email : undefined });
      else track('BROKER_LOGIN', { brokerId: login.id });
    },
  });
  listener.startListening({
    actionCreator: signedOut,
    effect: ({ payload: role }) => track('SIGN_OUT', { role }),
  });

  // spec §3 'Storage': the user and broker logins are kept (encrypted) in local storage.
  persistLogins(listener);

  const authExtra = createAuthExtra(serverFetch);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      // A server render's store lives for one request and only ever holds API data: the development checks would
      // walk every response again on each of its render passes.
      getDefault({ thunk: { extraArgument: authExtra }, immutableCheck: !serverFetch, serializableCheck: !serverFetch })
        .prepend(listener.middleware)
        .concat(api.middleware),
  });
  // Decrypting the stored logins is asynchronous; requests wait on this before picking a token. A server render is
  // anonymous: the browser's logins are the browser's to restore, after hydration.
  if (!serverFetch) authExtra.loginsRestored = restoreStoredLogins(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
