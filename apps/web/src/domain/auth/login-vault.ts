import { BROKER_LOGIN_KEY, USER_LOGIN_KEY } from '../../lib/storage';
import { parseStoredLogin, type LoginRole, type StoredLogin } from './stored-login';

/**
 * spec §3 'Storage' / §6: the user and broker logins live in local storage under `user` and `broker`,
 * encrypted. AES-GCM with a per-browser key that is generated non-extractable and kept in IndexedDB,
 * so the stored text is unreadable to anything that copies local storage (a backup, a sync tool, a
 * support screenshot of devtools) and cannot be decrypted on another machine.
 *
 * What it is not: a defence against script running on this origin. Such script can ask the same key to
 * decrypt, and it could use the bearer token anyway. The refresh token, the credential that lasts, is
 * kept out of reach in an httpOnly cookie by the server.
 */

const STORAGE_KEYS: Record<LoginRole, string> = { user: USER_LOGIN_KEY, broker: BROKER_LOGIN_KEY };
const FORMAT = 'v1';
const DB_NAME = 'nivaas-vault';
const DB_STORE = 'keys';
const KEY_ID = 'login';

function idbRequest<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

async function openKeyDatabase(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(DB_STORE);
  return idbRequest(request);
}

function generateKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

async function loadOrCreatePersistentKey(): Promise<CryptoKey> {
  const db = await openKeyDatabase();
  try {
    const existing = await idbRequest(db.transaction(DB_STORE).objectStore(DB_STORE).get(KEY_ID));
    if (existing instanceof CryptoKey) return existing;
    const created = await generateKey();
    try {
      // `add`, not `put`: when two tabs start at once the first key written wins and the other tab
      // reads it back, so neither encrypts with a key that is then lost.
      await idbRequest(db.transaction(DB_STORE, 'readwrite').objectStore(DB_STORE).add(created, KEY_ID));
      return created;
    } catch {
      const winner = await idbRequest(db.transaction(DB_STORE).objectStore(DB_STORE).get(KEY_ID));
      if (winner instanceof CryptoKey) return winner;
      throw new Error('No vault key could be stored');
    }
  } finally {
    db.close();
  }
}

let keyPromise: Promise<CryptoKey> | null = null;

/**
 * The browser's vault key. Without IndexedDB (some private modes, the test environment) the key lives
 * only as long as the page: logins still work for the visit but are not kept across a reload, since
 * what was written cannot be decrypted afterwards.
 */
function vaultKey(): Promise<CryptoKey> {
  keyPromise ??= (typeof indexedDB === 'undefined' ? generateKey() : loadOrCreatePersistentKey()).catch(() =>
    generateKey(),
  );
  return keyPromise;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function encryptText(plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await vaultKey(), new TextEncoder().encode(plain));
  return `${FORMAT}.${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`;
}

export async function decryptText(stored: string): Promise<string | null> {
  const [format, iv, cipher] = stored.split('.');
  if (format !== FORMAT || !iv || !cipher) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(iv) }, await vaultKey(), fromBase64(cipher));
    return new TextDecoder().decode(plain);
  } catch {
    // Another key (cleared site data, another browser profile) or a tampered value.
    return null;
  }
}

function readRaw(role: LoginRole): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS[role]);
  } catch {
    return null;
  }
}

function removeRaw(role: LoginRole): void {
  try {
    localStorage.removeItem(STORAGE_KEYS[role]);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/** Whether a login is stored for the role, without decrypting: lets the first render skip waiting. */
export function hasStoredLogin(role: LoginRole): boolean {
  return readRaw(role) !== null;
}

/** The stored login for the role; an unreadable value is removed so it is not tried on every start. */
export async function readStoredLogin(role: LoginRole): Promise<StoredLogin | null> {
  const raw = readRaw(role);
  if (raw === null) return null;
  const plain = await decryptText(raw);
  let login: StoredLogin | null = null;
  if (plain !== null) {
    try {
      login = parseStoredLogin(JSON.parse(plain), role);
    } catch {
      login = null;
    }
  }
  if (login === null) removeRaw(role);
  return login;
}

// Writes are encrypted asynchronously; chaining them per role keeps the last change the one stored,
// even when a sign-in and a token refresh land in the same moment.
const writeChains: Record<LoginRole, Promise<void>> = { user: Promise.resolve(), broker: Promise.resolve() };

/** Stores (or with null removes) the login for the role. Resolves once storage holds it. */
export function writeStoredLogin(role: LoginRole, login: StoredLogin | null): Promise<void> {
  const next = writeChains[role].then(async () => {
    if (login === null) {
      removeRaw(role);
      return;
    }
    const encrypted = await encryptText(JSON.stringify(login));
    try {
      localStorage.setItem(STORAGE_KEYS[role], encrypted);
    } catch {
      // Quota or disabled storage: the login still holds for this page view.
    }
  });
  writeChains[role] = next.catch(() => undefined);
  return next;
}
