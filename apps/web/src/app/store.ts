import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { api } from '../lib/api/api-slice';
import { createAuthExtra, persistLogins, restoreStoredLogins } from '../domain/auth/auth-persistence';
import { authSlice } from '../domain/auth/auth-slice';
import { citySelected, citySlice } from '../domain/city/city-slice';
import { compareAdded, compareCleared, compareRemoved, compareSlice } from '../domain/compare/compare-slice';
import { writeCompareSet, writeSelectedCity } from '../lib/storage';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [authSlice.reducerPath]: authSlice.reducer,
  [citySlice.reducerPath]: citySlice.reducer,
  [compareSlice.reducerPath]: compareSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store per call, so each test starts clean; the app makes one in main.tsx. */
export function makeStore(preloadedState?: Partial<RootState>) {
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

  // spec §3 'Storage': the user and broker logins are kept (encrypted) in local storage.
  persistLogins(listener);

  const authExtra = createAuthExtra();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: authExtra } })
        .prepend(listener.middleware)
        .concat(api.middleware),
  });
  // Decrypting the stored logins is asynchronous; requests wait on this before picking a token.
  authExtra.loginsRestored = restoreStoredLogins(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
