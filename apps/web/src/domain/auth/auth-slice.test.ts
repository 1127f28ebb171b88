import { describe, expect, it } from 'vitest';
import { createStoredLogin } from '../../test/auth';
import {
  authSlice,
  loginDisplayUpdated,
  loginsCleared,
  loginsRestored,
  selectAccountRole,
  selectBrokerLogin,
  selectMenuRole,
  selectSessionToken,
  selectSignInModalOpen,
  selectUserLogin,
  signedIn,
  signedOut,
  signInModalClosed,
  signInModalOpened,
  tokenRefreshed,
  type AuthState,
} from './auth-slice';

const reduce = (actions: Parameters<typeof authSlice.reducer>[1][]) =>
  ({ auth: actions.reduce(authSlice.reducer, authSlice.getInitialState()) }) as { auth: AuthState };

describe('auth slice (spec §3, §6)', () => {
  const user = createStoredLogin('user', { token: 'user-token' });
  const broker = createStoredLogin('broker', { token: 'broker-token' });

  it('keeps user and broker in separate slots', () => {
    const state = reduce([signedIn({ role: 'user', login: user }), signedIn({ role: 'broker', login: broker })]);
    expect(selectUserLogin(state)).toEqual(user);
    expect(selectBrokerLogin(state)).toEqual(broker);
  });

  it('gives the user precedence for the token and account kind, the broker for menus', () => {
    const both = reduce([signedIn({ role: 'broker', login: broker }), signedIn({ role: 'user', login: user })]);
    expect(selectSessionToken(both)).toBe('user-token');
    expect(selectAccountRole(both)).toBe('user');
    expect(selectMenuRole(both)).toBe('broker');

    const brokerOnly = reduce([signedIn({ role: 'broker', login: broker })]);
    expect(selectSessionToken(brokerOnly)).toBe('broker-token');
    expect(selectMenuRole(brokerOnly)).toBe('broker');
    expect(selectSessionToken(reduce([]))).toBeNull();
  });

  it('signs one slot out, or clears both', () => {
    const both = [signedIn({ role: 'user', login: user }), signedIn({ role: 'broker', login: broker })];
    const userGone = reduce([...both, signedOut('user')]);
    expect(selectUserLogin(userGone)).toBeNull();
    expect(selectBrokerLogin(userGone)).toEqual(broker);
    const cleared = reduce([...both, loginsCleared()]);
    expect(selectUserLogin(cleared)).toBeNull();
    expect(selectBrokerLogin(cleared)).toBeNull();
  });

  it('writes a refreshed token to its own slot only', () => {
    const state = reduce([
      signedIn({ role: 'user', login: user }),
      signedIn({ role: 'broker', login: broker }),
      tokenRefreshed({ role: 'broker', token: 'new-broker-token' }),
    ]);
    expect(selectBrokerLogin(state)?.token).toBe('new-broker-token');
    expect(selectUserLogin(state)?.token).toBe('user-token');
  });

  it('updates what the menus show after a profile edit', () => {
    const state = reduce([signedIn({ role: 'user', login: user }), loginDisplayUpdated({ role: 'user', fields: { name: 'Asha R' } })]);
    expect(selectUserLogin(state)?.name).toBe('Asha R');
    expect(selectUserLogin(state)?.token).toBe('user-token');
  });

  it('keeps a sign-in made while the stored logins were still being read', () => {
    const older = { ...user, token: 'older' };
    const state = reduce([signedIn({ role: 'user', login: user }), loginsRestored({ user: older, broker })]);
    expect(selectUserLogin(state)?.token).toBe('user-token');
    expect(selectBrokerLogin(state)).toEqual(broker);
    expect(state.auth.restored).toBe(true);
  });

  it('opens and closes the sign-in modal for any feature', () => {
    expect(selectSignInModalOpen(reduce([signInModalOpened()]))).toBe(true);
    expect(selectSignInModalOpen(reduce([signInModalOpened(), signInModalClosed()]))).toBe(false);
  });
});
