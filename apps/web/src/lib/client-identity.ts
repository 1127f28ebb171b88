/**
 * The per-browser client identity (spec §3 'Storage': a per-browser client id, tab ids and the chat history in
 * local storage) and the spec §4 'Client identity' rule: when the browser session is new and the last activity was
 * over 30 s ago (or is unknown), the stored client id, tab ids and chat history are reset.
 *
 * "Browser session" is what session storage scopes: a reload keeps it, a new tab or a restarted browser does not.
 * A new tab opened while another is in use must keep the identity, hence the last-activity time, which every open
 * page refreshes well within the 30 s.
 */

/** spec §9: new-session reset 30 s. */
export const NEW_SESSION_RESET_MS = 30_000;
/** How often an open page records that it is alive: well inside NEW_SESSION_RESET_MS. */
export const ACTIVITY_HEARTBEAT_MS = 10_000;

export const CLIENT_ID_KEY = 'NIVAAS_CLIENT_ID';
/** The visit tracker's ids of the open tabs (spec §4 'Visit tracking'); reset with the identity. */
export const TAB_IDS_KEY = 'NIVAAS_TAB_IDS';
export const CHAT_HISTORY_KEY = 'NIVAAS_CHAT_HISTORY';
export const LAST_ACTIVITY_KEY = 'NIVAAS_LAST_ACTIVITY';
/** Session storage: present once this browser session has started. */
export const BROWSER_SESSION_KEY = 'NIVAAS_BROWSER_SESSION';

/** Everything the identity rule clears. */
export const IDENTITY_KEYS = [CLIENT_ID_KEY, TAB_IDS_KEY, CHAT_HISTORY_KEY] as const;

// Storage can throw (private mode, disabled storage, quota): identity then lives for this page view only.
function get(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function set(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Nothing to do: the value holds in memory where callers keep it.
  }
}

function remove(storage: () => Storage, key: string): void {
  try {
    storage().removeItem(key);
  } catch {
    // As above.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

let memoryClientId: string | null = null;

function newClientId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Applies the reset rule once for this page load and marks the browser session as started.
 * Returns true when the identity was reset.
 */
export function resetIdentityIfNewSession(now: number = Date.now()): boolean {
  const sessionStarted = get(session, BROWSER_SESSION_KEY) !== null;
  set(session, BROWSER_SESSION_KEY, '1');
  if (sessionStarted) return false;
  const last = Number(get(local, LAST_ACTIVITY_KEY));
  const known = Number.isFinite(last) && last > 0;
  if (known && now - last <= NEW_SESSION_RESET_MS) return false;
  for (const key of IDENTITY_KEYS) remove(local, key);
  memoryClientId = null;
  return true;
}

export function recordActivity(now: number = Date.now()): void {
  set(local, LAST_ACTIVITY_KEY, String(now));
}

/** The stored client id, created (and stored) on first use. */
export function readClientId(): string {
  const stored = get(local, CLIENT_ID_KEY);
  if (stored) {
    memoryClientId = stored;
    return stored;
  }
  const id = memoryClientId ?? newClientId();
  memoryClientId = id;
  set(local, CLIENT_ID_KEY, id);
  return id;
}

/**
 * Run once at start: the reset rule, then a heartbeat (and a last write when the page is hidden or left) so the
 * next new tab or restart can tell how long ago this browser was last in use. Returns a stop function.
 */
export function startClientIdentity(): () => void {
  resetIdentityIfNewSession();
  recordActivity();
  const beat = () => recordActivity();
  const timer = window.setInterval(beat, ACTIVITY_HEARTBEAT_MS);
  const onHidden = () => {
    if (document.visibilityState === 'hidden') beat();
  };
  window.addEventListener('pagehide', beat);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('pagehide', beat);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
