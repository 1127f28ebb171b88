import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_HEARTBEAT_MS,
  BROWSER_SESSION_KEY,
  CHAT_HISTORY_KEY,
  CLIENT_ID_KEY,
  LAST_ACTIVITY_KEY,
  readClientId,
  resetIdentityIfNewSession,
  startClientIdentity,
  TAB_IDS_KEY,
} from './client-identity';

const NOW = Date.parse('2026-11-21T10:00:00Z');

function storeIdentity(lastActivity: number | null) {
  localStorage.setItem(CLIENT_ID_KEY, 'client-1');
  localStorage.setItem(TAB_IDS_KEY, '["tab-1"]');
  localStorage.setItem(CHAT_HISTORY_KEY, '[{"sender":"bot","message":"Hello"}]');
  if (lastActivity !== null) localStorage.setItem(LAST_ACTIVITY_KEY, String(lastActivity));
}

function identityKept() {
  return [CLIENT_ID_KEY, TAB_IDS_KEY, CHAT_HISTORY_KEY].map((key) => localStorage.getItem(key) !== null);
}

describe('client identity reset (spec §4 Client identity)', () => {
  it('a new browser session after more than 30 s away resets client id, tab ids and chat history', () => {
    storeIdentity(NOW - 30_001);
    expect(resetIdentityIfNewSession(NOW)).toBe(true);
    expect(identityKept()).toEqual([false, false, false]);
    expect(readClientId()).not.toBe('client-1');
  });

  it('a new browser session with no recorded activity resets too', () => {
    storeIdentity(null);
    expect(resetIdentityIfNewSession(NOW)).toBe(true);
    expect(identityKept()).toEqual([false, false, false]);
  });

  it('a new browser session within 30 s of activity (another tab open) keeps everything', () => {
    storeIdentity(NOW - 30_000);
    expect(resetIdentityIfNewSession(NOW)).toBe(false);
    expect(identityKept()).toEqual([true, true, true]);
    expect(readClientId()).toBe('client-1');
  });

  it('a reload in the same browser session keeps everything however long it was idle', () => {
    sessionStorage.setItem(BROWSER_SESSION_KEY, '1');
    storeIdentity(NOW - 3_600_000);
    expect(resetIdentityIfNewSession(NOW)).toBe(false);
    expect(identityKept()).toEqual([true, true, true]);
  });

  it('marks the session started, so the rule runs once per browser session', () => {
    storeIdentity(null);
    resetIdentityIfNewSession(NOW);
    localStorage.setItem(CLIENT_ID_KEY, 'client-2');
    expect(resetIdentityIfNewSession(NOW + 120_000)).toBe(false);
    expect(readClientId()).toBe('client-2');
  });
});

describe('readClientId', () => {
  it('creates one id, stores it and keeps returning it', () => {
    const id = readClientId();
    expect(id).not.toBe('');
    expect(localStorage.getItem(CLIENT_ID_KEY)).toBe(id);
    expect(readClientId()).toBe(id);
  });
});

describe('startClientIdentity', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the last activity fresh while the page is open, and stops when asked', () => {
    const stop = startClientIdentity();
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(NOW);
    vi.advanceTimersByTime(ACTIVITY_HEARTBEAT_MS);
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(NOW + ACTIVITY_HEARTBEAT_MS);
    stop();
    vi.advanceTimersByTime(ACTIVITY_HEARTBEAT_MS * 3);
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(NOW + ACTIVITY_HEARTBEAT_MS);
  });

  it('records the moment the page is left', () => {
    const stop = startClientIdentity();
    vi.setSystemTime(NOW + 4_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(NOW + 4_000);
    stop();
  });
});
