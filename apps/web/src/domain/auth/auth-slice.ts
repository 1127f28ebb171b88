import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { hasStoredLogin } from './login-vault';
import type { LoginRole, StoredLogin } from './stored-login';

/** spec §3 'Client state sections': authentication holds a user slot and a broker slot. */
export interface AuthState {
  user: StoredLogin | null;
  broker: StoredLogin | null;
  /**
   * False while the encrypted stored logins are being read at start (decryption is asynchronous).
   * Guards and the navbar wait on it so a signed-in visitor is never bounced to /login on reload.
   */
  restored: boolean;
  /** Any feature can ask for the sign-in modal (spec §6: anonymous favouriting opens it). */
  signInModalOpen: boolean;
}

export interface SignedInPayload {
  role: LoginRole;
  login: StoredLogin;
}

/** What the profile page may change in a slot after a successful update. */
export type LoginDisplayFields = Partial<Pick<StoredLogin, 'name' | 'phone' | 'photo' | 'email'>>;

export const authSlice = createSlice({
  name: 'auth',
  initialState: (): AuthState => ({
    user: null,
    broker: null,
    restored: !hasStoredLogin('user') && !hasStoredLogin('broker'),
    signInModalOpen: false,
  }),
  reducers: {
    signedIn(state, action: PayloadAction<SignedInPayload>) {
      const { role, login } = action.payload;
      state[role] = { ...login, role };
    },
    signedOut(state, action: PayloadAction<LoginRole>) {
      state[action.payload] = null;
    },
    /** spec §4/§8: a failed or tokenless refresh removes both stored logins. */
    loginsCleared(state) {
      state.user = null;
      state.broker = null;
    },
    /** spec §4: the refreshed token is written back to the slot of its role. */
    tokenRefreshed(state, action: PayloadAction<{ role: LoginRole; token: string }>) {
      const slot = state[action.payload.role];
      if (slot) slot.token = action.payload.token;
    },
    loginDisplayUpdated(state, action: PayloadAction<{ role: LoginRole; fields: LoginDisplayFields }>) {
      const slot = state[action.payload.role];
      if (slot) Object.assign(slot, action.payload.fields);
    },
    /** The stored logins, once decrypted. A slot filled meanwhile (a sign-in in this tab) is kept. */
    loginsRestored(state, action: PayloadAction<{ user: StoredLogin | null; broker: StoredLogin | null }>) {
      state.user ??= action.payload.user;
      state.broker ??= action.payload.broker;
      state.restored = true;
    },
    signInModalOpened(state) {
      state.signInModalOpen = true;
    },
    signInModalClosed(state) {
      state.signInModalOpen = false;
    },
  },
  selectors: {
    selectUserLogin: (state) => state.user,
    selectBrokerLogin: (state) => state.broker,
    selectLoginsRestored: (state) => state.restored,
    selectSignInModalOpen: (state) => state.signInModalOpen,
    /** spec §6: a user login takes precedence over a broker login for the session token. */
    selectSessionToken: (state) => state.user?.token ?? state.broker?.token ?? null,
    /** spec §6: the account kind for everything but menus: user over broker. */
    selectAccountRole: (state): LoginRole | null => (state.user ? 'user' : state.broker ? 'broker' : null),
    /** spec §6: menus give the broker precedence over the user. */
    selectMenuRole: (state): LoginRole | null => (state.broker ? 'broker' : state.user ? 'user' : null),
    selectIsSignedIn: (state) => state.user !== null || state.broker !== null,
  },
});

export const {
  signedIn,
  signedOut,
  loginsCleared,
  tokenRefreshed,
  loginDisplayUpdated,
  loginsRestored,
  signInModalOpened,
  signInModalClosed,
} = authSlice.actions;

export const {
  selectUserLogin,
  selectBrokerLogin,
  selectLoginsRestored,
  selectSignInModalOpen,
  selectSessionToken,
  selectAccountRole,
  selectMenuRole,
  selectIsSignedIn,
} = authSlice.selectors;

/** The login a request should carry: the asked-for slot, else the session token's (user over broker). */
export function loginFor(state: { auth: AuthState }, as?: LoginRole): StoredLogin | null {
  if (as) return state.auth[as];
  return state.auth.user ?? state.auth.broker;
}
