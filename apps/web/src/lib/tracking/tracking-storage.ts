import type { TrackedEvent, TrackingConsent } from '@nivaas/contracts/tracking.schema';

/**
 * The tracking client's local storage (spec §3 'Storage', §9 'Storage keys'): `{product}_EVENTS`, `{product}_UNSENT`,
 * `{product}_SESSIONID` and the ids beside them. The product prefix is the one lib/client-identity.ts uses.
 * Always loaded (track() writes the buffer), so it holds nothing heavy: the engine is tracking-engine.ts.
 */
export const EVENTS_KEY = 'NIVAAS_EVENTS';
export const UNSENT_KEY = 'NIVAAS_UNSENT';
export const SESSION_ID_KEY = 'NIVAAS_SESSIONID';
export const DEVICE_ID_KEY = 'NIVAAS_DEVICE_ID';
export const GUEST_ID_KEY = 'NIVAAS_GUEST_ID';
export const OPEN_TABS_KEY = 'NIVAAS_OPEN_TABS';
/** spec §3: cached location with its timestamp (§9: kept 1 hour). */
export const LOCATION_KEY = 'NIVAAS_LOCATION';
export const CONSENT_KEY = 'NIVAAS_CONSENT';

/**
 * A buffered event: the wire event plus the consent it was recorded under, so an event recorded before the
 * visitor allowed analytics is never sent with their identity. `consent` is stripped before sending.
 */
export interface BufferedEvent extends TrackedEvent {
  consent: TrackingConsent;
}

/**
 * Bounds on what waits in local storage: a browser offline for a long visit must not fill the origin's quota
 * (other features store logins and chat history there). The oldest events go first.
 */
export const MAX_BUFFERED_EVENTS = 500;
export const MAX_UNSENT_EVENTS = 1000;

// Storage can throw (private mode, disabled storage, quota): tracking then silently does less, never breaks a page.
export function readText(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeText(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisted: acceptable for analytics.
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // As above.
  }
}

function isBufferedEvent(value: unknown): value is BufferedEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return typeof event.id === 'string' && typeof event.event_name === 'string' && typeof event.at === 'string' && typeof event.page === 'string';
}

/** The events stored under a key; anything unreadable (a hand edit, an old format) is dropped, not sent. */
export function readEvents(key: string): BufferedEvent[] {
  const raw = readText(key);
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isBufferedEvent).map((event) => ({ ...event, consent: event.consent === 'analytics' ? 'analytics' : 'essential' }));
  } catch {
    return [];
  }
}

export function writeEvents(key: string, events: readonly BufferedEvent[], max: number): void {
  if (events.length === 0) {
    removeKey(key);
    return;
  }
  writeText(key, JSON.stringify(events.length > max ? events.slice(events.length - max) : events));
}

/** The session id of this browser (spec §4 'Visit tracking'), or null before the first start. */
export function readSessionId(): string | null {
  return readText(SESSION_ID_KEY);
}

/** A v4 UUID: crypto.randomUUID() exists only in secure contexts (not on http://<LAN address> in development). */
export function newUuid(): string {
  const native = globalThis.crypto?.randomUUID?.();
  if (native) return native;
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
