/** spec §3/§9: the selected city lives in session storage under this key. */
export const SELECTED_CITY_KEY = 'selectedCity';
/** spec §4: the city shown until the visitor picks another. */
export const DEFAULT_CITY_NAME = 'Bengaluru';

/** spec §3: the stored logins (encrypted; read and written by domain/auth/login-vault.ts). */
export const USER_LOGIN_KEY = 'user';
export const BROKER_LOGIN_KEY = 'broker';

// Storage can throw (Safari private mode, storage disabled, quota): a missing preference must never
// break the page, so every access degrades to "nothing stored".
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Not persisting is acceptable: the choice still holds for this page view.
  }
}

const session = () => window.sessionStorage;

export function readSelectedCity(): string {
  const stored = read(session, SELECTED_CITY_KEY)?.trim();
  return stored ? stored : DEFAULT_CITY_NAME;
}

export function writeSelectedCity(cityName: string): void {
  write(session, SELECTED_CITY_KEY, cityName);
}

/** spec §3/§9: the compare set lives in session storage under this key. */
export const COMPARE_KEY = 'compare';

/** The stored compare set as parsed JSON, or null when absent or unreadable; the slice validates it. */
export function readCompareSet(): unknown {
  const raw = read(session, COMPARE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeCompareSet(items: readonly unknown[]): void {
  write(session, COMPARE_KEY, JSON.stringify(items));
}

/**
 * spec §7 'Other details': a project or builder picked from the search suggestions stores the
 * properties its search returned under a random id. Returns the id, or null when storage refused.
 */
export function storeSearchProperties(properties: readonly unknown[]): string | null {
  const key = `search-${globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2)}`;
  try {
    session().setItem(key, JSON.stringify(properties));
    return key;
  } catch {
    return null;
  }
}
