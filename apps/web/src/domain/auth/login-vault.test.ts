import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { createStoredLogin, seedStoredLogin } from '../../test/auth';
import { signedIn, signedOut } from './auth-slice';
import { decryptText, encryptText, hasStoredLogin, readStoredLogin, writeStoredLogin } from './login-vault';

describe('login vault (spec §3 Storage, §6: stored encrypted)', () => {
  it('keeps the login under its key without the token or e-mail in readable form', async () => {
    const login = createStoredLogin('user', { email: 'asha@example.in', token: 'secret-token-value' });
    await writeStoredLogin('user', login);
    const stored = localStorage.getItem('user') ?? '';
    expect(stored).not.toBe('');
    expect(stored).not.toContain('secret-token-value');
    expect(stored).not.toContain('asha@example.in');
    expect(localStorage.getItem('broker')).toBeNull();
    expect(await readStoredLogin('user')).toEqual(login);
  });

  it('encrypts the same text differently each time (a fresh IV)', async () => {
    const [first, second] = await Promise.all([encryptText('same'), encryptText('same')]);
    expect(first).not.toBe(second);
    expect(await decryptText(first)).toBe('same');
  });

  it('drops a tampered or foreign value instead of trusting it', async () => {
    await seedStoredLogin('broker');
    const stored = localStorage.getItem('broker') ?? '';
    localStorage.setItem('broker', `${stored.slice(0, -4)}AAAA`);
    expect(await readStoredLogin('broker')).toBeNull();
    expect(localStorage.getItem('broker')).toBeNull();

    localStorage.setItem('user', JSON.stringify(createStoredLogin('user')));
    expect(await readStoredLogin('user')).toBeNull();
    expect(hasStoredLogin('user')).toBe(false);
  });

  it('keeps the last of two quick writes', async () => {
    const first = createStoredLogin('user', { token: 'first' });
    const second = { ...first, token: 'second' };
    void writeStoredLogin('user', first);
    await writeStoredLogin('user', second);
    expect((await readStoredLogin('user'))?.token).toBe('second');
  });
});

describe('auth state and storage', () => {
  it('restores both slots from storage at start', async () => {
    const user = await seedStoredLogin('user');
    const broker = await seedStoredLogin('broker');
    const store = makeStore();
    expect(store.getState().auth.restored).toBe(false);
    await expect.poll(() => store.getState().auth.restored).toBe(true);
    expect(store.getState().auth.user).toEqual(user);
    expect(store.getState().auth.broker).toEqual(broker);
  });

  it('starts restored, without waiting, when nothing is stored', () => {
    expect(makeStore().getState().auth.restored).toBe(true);
  });

  it('writes a sign-in to its slot and removes it on sign-out', async () => {
    const store = makeStore();
    const login = createStoredLogin('broker');
    store.dispatch(signedIn({ role: 'broker', login }));
    await expect.poll(() => localStorage.getItem('broker')).not.toBeNull();
    expect(await readStoredLogin('broker')).toEqual(login);
    expect(localStorage.getItem('user')).toBeNull();

    store.dispatch(signedOut('broker'));
    await expect.poll(() => localStorage.getItem('broker')).toBeNull();
  });
});
