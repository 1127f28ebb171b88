import type { TrackedEventName } from '@nivaas/contracts/tracking.schema';
import { effectiveConsent } from './consent';
import { EVENTS_KEY, MAX_BUFFERED_EVENTS, newUuid, readEvents, readSessionId, writeEvents, type BufferedEvent } from './tracking-storage';

/**
 * The always-loaded half of the tracking client (issue 12): features call track(); the event waits in local storage
 * (spec §4 'Event buffer') until the lazily loaded engine (tracking-engine.ts) sends it. Nothing here may grow the
 * first load: no network, no parsing, a few hundred bytes.
 */

export type TrackMetadataValue = string | number | boolean | null | undefined;
export type TrackMetadata = Readonly<Record<string, TrackMetadataValue>>;

/** Contract bounds (tracking.schema.ts); checked here so one odd value never makes a whole batch a 400. */
const MAX_KEYS = 20;
const MAX_TEXT = 300;
const KEY_PATTERN = /^[A-Za-z0-9_.-]{1,40}$/;
/** Keys that carry personal data: never sent without consent (the server drops them anyway). */
const PERSONAL_KEYS = new Set(['email', 'phone', 'mobile', 'name']);

function cleanMetadata(metadata: TrackMetadata | undefined, analytics: boolean): Record<string, string | number | boolean | null> | undefined {
  if (!metadata) return undefined;
  const clean: Record<string, string | number | boolean | null> = {};
  let count = 0;
  for (const [key, value] of Object.entries(metadata)) {
    if (value === undefined || !KEY_PATTERN.test(key)) continue;
    if (!analytics && PERSONAL_KEYS.has(key)) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    // Line breaks and control characters are refused by the contract's single-line text: flatten them.
    clean[key] = typeof value === 'string' ? value.replace(/[\p{Cc}\s]+/gu, ' ').trim().slice(0, MAX_TEXT) : value;
    if (++count === MAX_KEYS) break;
  }
  return count > 0 ? clean : undefined;
}

/** The page an event happened on: the path and query string, as the contract takes it (<= 300 characters). */
export function currentPage(): string {
  const page = `${window.location.pathname}${window.location.search}`;
  return page.slice(0, 300) || '/';
}

type TrackedListener = (bufferedCount: number) => void;
let onTracked: TrackedListener | null = null;

/** The engine listens, to flush as soon as the buffer reaches 10 (spec §9). */
export function setTrackedListener(listener: TrackedListener | null): void {
  onTracked = listener;
}

/** Records one event (spec §3 'Tracked event'). Never throws: analytics must not break what the visitor does. */
export function track(eventName: TrackedEventName, metadata?: TrackMetadata): void {
  try {
    const consent = effectiveConsent();
    const sessionId = readSessionId();
    const event: BufferedEvent = {
      id: newUuid(),
      event_name: eventName,
      at: new Date().toISOString(),
      page: currentPage(),
      consent,
      ...(sessionId ? { sessionId } : {}),
    };
    const clean = cleanMetadata(metadata, consent === 'analytics');
    if (clean) event.metadata = clean;
    const buffer = readEvents(EVENTS_KEY);
    buffer.push(event);
    writeEvents(EVENTS_KEY, buffer, MAX_BUFFERED_EVENTS);
    onTracked?.(buffer.length);
  } catch {
    // Storage or crypto unavailable: the event is lost, the page carries on.
  }
}
