import { describe, expect, it, vi } from 'vitest';
import { retryAfterRefresh, sharedRefresh } from './refresh-on-401';

describe('sharedRefresh', () => {
  it('gives every caller the refresh under way for a key, and starts a new one once it settled', async () => {
    const inFlight = new Map<string, Promise<string | null>>();
    let finish!: (token: string) => void;
    const start = vi.fn(() => new Promise<string | null>((resolve) => (finish = resolve)));

    const first = sharedRefresh(inFlight, 'user', start);
    const second = sharedRefresh(inFlight, 'user', start);
    expect(start).toHaveBeenCalledTimes(1);
    finish('t1');
    await expect(Promise.all([first, second])).resolves.toEqual(['t1', 't1']);
    expect(inFlight.size).toBe(0);

    const again = sharedRefresh(inFlight, 'user', () => Promise.resolve('t2'));
    await expect(again).resolves.toBe('t2');
  });

  it('keeps keys apart, and frees a key whose refresh failed', async () => {
    const inFlight = new Map<string, Promise<string | null>>();
    const user = sharedRefresh(inFlight, 'user', () => Promise.resolve('u'));
    const broker = sharedRefresh(inFlight, 'broker', () => Promise.reject(new Error('offline')));
    await expect(user).resolves.toBe('u');
    await expect(broker).rejects.toThrow('offline');
    expect(inFlight.size).toBe(0);
  });
});

describe('retryAfterRefresh', () => {
  const unauthorized = (answer: number) => answer === 401;

  it('returns an answer that needs no refresh as it is', async () => {
    const token = vi.fn();
    await expect(retryAfterRefresh(200, { unauthorized, token, resend: () => 500 })).resolves.toBe(200);
    expect(token).not.toHaveBeenCalled();
  });

  it('resends once with the new token after a 401', async () => {
    const resend = vi.fn((token: string) => (token === 'new' ? 200 : 401));
    await expect(retryAfterRefresh(401, { unauthorized, token: async () => 'new', resend })).resolves.toBe(200);
    expect(resend).toHaveBeenCalledTimes(1);
  });

  it('gives the 401 back, or what `ended` says, when no token came', async () => {
    const resend = vi.fn(() => 200);
    await expect(retryAfterRefresh(401, { unauthorized, token: async () => null, resend })).resolves.toBe(401);
    await expect(retryAfterRefresh(401, { unauthorized, token: async () => null, resend, ended: () => 440 })).resolves.toBe(440);
    expect(resend).not.toHaveBeenCalled();
  });
});
