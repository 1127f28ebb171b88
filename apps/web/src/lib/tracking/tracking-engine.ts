import type { TrackingConsent, TrackSessionStartInput } from '@nivaas/contracts/tracking.schema';
import { TAB_IDS_KEY } from '../client-identity';
import { browserLocation } from './browser-location';
import { effectiveConsent, subscribeConsent } from './consent';
import { deviceTypeHint } from './device-hint';
import { currentPage, setTrackedListener } from './track';
import type { TrackingContext } from './tracking-context';
import {
  DEVICE_ID_KEY,
  EVENTS_KEY,
  GUEST_ID_KEY,
  MAX_BUFFERED_EVENTS,
  MAX_UNSENT_EVENTS,
  newUuid,
  OPEN_TABS_KEY,
  readEvents,
  readSessionId,
  readText,
  removeKey,
  SESSION_ID_KEY,
  UNSENT_KEY,
  writeEvents,
  writeText,
  type BufferedEvent,
} from './tracking-storage';

/**
 * The tracking engine (issue 12; spec §4 'Event buffer', 'Visit tracking'; §7 'Event flush triggers'; §8; §9),
 * loaded after the page is interactive (start-tracking.ts), so none of this is in the first load.
 */

/** spec §9: event flush at 10 events; timer 10000 ms. */
export const FLUSH_AT_EVENTS = 10;
export const FLUSH_INTERVAL_MS = 10_000;
/** The contract's batch bound (tracking.schema.ts MAX_EVENTS_PER_BATCH). */
const BATCH_SIZE = 50;
/**
 * A tab that has not written its heartbeat for this long was closed without a pagehide (a crash, a killed
 * browser). Generous: Chrome runs a hidden tab's timers only once a minute after five minutes in the background.
 */
export const STALE_TAB_MS = 3 * 60 * 1000;
/** How long a session start waits for the stored logins before going ahead without them. */
const IDENTITY_WAIT_MS = 3000;

export const TRACK_EVENT_URL = '/api/track/event';
export const SESSION_START_URL = '/api/track/session/start';
export const SESSION_END_URL = '/api/track/session/end';

const TABS_LOCK = 'nivaas-tracking-session';
/**
 * Each open tab holds the Web Lock `${TAB_LOCK_PREFIX}<tab id>` for its lifetime, and the browser releases it when the
 * tab is gone, however it went. The registry in local storage alone cannot say that: its only removal is the closing
 * tab's pagehide, which the browser may cut off (Chromium allows unload handlers a short time, and a busy renderer was
 * seen killed before the write), leaving the closed tab counted for good.
 */
const TAB_LOCK_PREFIX = 'nivaas-tab:';

type TabRegistry = Record<string, number>;

function readTabs(): TabRegistry {
  try {
    const parsed = JSON.parse(readText(TAB_IDS_KEY) ?? '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const tabs: TabRegistry = {};
    for (const [id, seen] of Object.entries(parsed)) if (typeof seen === 'number') tabs[id] = seen;
    return tabs;
  } catch {
    return {};
  }
}

/** spec §3: the open tabs' ids and their count, kept together. */
function writeTabs(tabs: TabRegistry): number {
  const count = Object.keys(tabs).length;
  if (count === 0) {
    removeKey(TAB_IDS_KEY);
    removeKey(OPEN_TABS_KEY);
  } else {
    writeText(TAB_IDS_KEY, JSON.stringify(tabs));
    writeText(OPEN_TABS_KEY, String(count));
  }
  return count;
}

function storedId(key: string): string {
  const stored = readText(key);
  if (stored) return stored;
  const id = newUuid();
  writeText(key, id);
  return id;
}

function webLocks(): LockManager | undefined {
  return typeof navigator !== 'undefined' ? navigator.locks : undefined;
}

/** Runs fn with the cross-tab lock where the browser has Web Locks, so two tabs opening at once start one session. */
async function withTabsLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  if (!locks) return fn();
  return locks.request(TABS_LOCK, fn) as Promise<T>;
}

/** The ids of the tabs that hold their lock now, or null where the browser has no Web Locks. */
async function liveTabIds(): Promise<Set<string> | null> {
  const locks = webLocks();
  if (!locks) return null;
  const { held = [] } = await locks.query();
  return new Set(held.flatMap(({ name }) => (name?.startsWith(TAB_LOCK_PREFIX) ? [name.slice(TAB_LOCK_PREFIX.length)] : [])));
}

function withoutConsent({ consent: _consent, ...event }: BufferedEvent) {
  return event;
}

/** Batches of at most BATCH_SIZE, each under one consent (a batch carries one). */
function batchesOf(events: readonly BufferedEvent[]): { consent: TrackingConsent; events: BufferedEvent[] }[] {
  const batches: { consent: TrackingConsent; events: BufferedEvent[] }[] = [];
  for (const consent of ['essential', 'analytics'] as const) {
    const same = events.filter((event) => event.consent === consent);
    for (let start = 0; start < same.length; start += BATCH_SIZE) batches.push({ consent, events: same.slice(start, start + BATCH_SIZE) });
  }
  return batches;
}

function batchBody(consent: TrackingConsent, events: readonly BufferedEvent[]): string {
  const sessionId = readSessionId();
  return JSON.stringify({ ...(sessionId ? { sessionId } : {}), consent, events: events.map(withoutConsent) });
}

function removeByIds(key: string, ids: ReadonlySet<string>, max: number): void {
  writeEvents(
    key,
    readEvents(key).filter((event) => !ids.has(event.id)),
    max,
  );
}

function appendUnsent(events: readonly BufferedEvent[]): void {
  const unsent = readEvents(UNSENT_KEY);
  const known = new Set(unsent.map((event) => event.id));
  for (const event of events) if (!known.has(event.id)) unsent.push(event);
  writeEvents(UNSENT_KEY, unsent, MAX_UNSENT_EVENTS);
}

export interface TrackingEngine {
  /** Sends the buffer now (one flush at a time); resolves when done. */
  flush(): Promise<void>;
  /** spec §4: unsent events re-sent, with the session id, only if one exists. */
  resendUnsent(): Promise<void>;
  /** Resolves when the current session start (if any) has settled. */
  sessionReady(): Promise<void>;
  stop(): void;
}

export function startTrackingEngine(context: TrackingContext): TrackingEngine {
  const tabId = newUuid();
  let flushing: Promise<void> | null = null;
  let sessionStart: Promise<void> = Promise.resolve();
  let registered = false;

  function bearerFor(consent: TrackingConsent): Record<string, string> {
    if (consent !== 'analytics') return {};
    const identity = context.identity();
    return identity ? { authorization: `Bearer ${identity.token}` } : {};
  }

  /** Sends events; returns those that failed and should be kept. A refused (400/413) batch is dropped: resending it cannot succeed. */
  async function send(events: readonly BufferedEvent[]): Promise<BufferedEvent[]> {
    const failed: BufferedEvent[] = [];
    for (const batch of batchesOf(events)) {
      try {
        const body = batchBody(batch.consent, batch.events);
        const post = (headers: Record<string, string>) =>
          fetch(TRACK_EVENT_URL, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
        let response = await post(bearerFor(batch.consent));
        // An access token that expired mid-visit: the events still count, as the session's.
        if (response.status === 401) response = await post({});
        if (response.ok) continue;
        if (response.status === 400 || response.status === 413) {
          console.warn(`Tracking: the server refused ${batch.events.length} events (${response.status}); they are dropped`);
          continue;
        }
        throw new Error(`status ${response.status}`);
      } catch (error) {
        failed.push(...batch.events);
        // spec §8: a flush failure is logged as a warning and the user is not told.
        console.warn(`Tracking: ${batch.events.length} events could not be sent and wait in the unsent list`, error);
      }
    }
    return failed;
  }

  /**
   * spec §4: a flush sends the buffer; success clears it, failure moves it to the unsent list. Events tracked while
   * the request is in flight stay in the buffer for the next flush. After a success the unsent list is retried too
   * (the server is reachable again), so nothing waits for the next pagehide.
   */
  async function runFlush(): Promise<void> {
    const batch = readEvents(EVENTS_KEY);
    if (batch.length > 0) {
      const failed = await send(batch);
      removeByIds(EVENTS_KEY, new Set(batch.map((event) => event.id)), MAX_BUFFERED_EVENTS);
      if (failed.length > 0) {
        appendUnsent(failed);
        return;
      }
    }
    if (readEvents(UNSENT_KEY).length > 0 && batch.length > 0) await runResend();
  }

  function flush(): Promise<void> {
    if (flushing) return flushing;
    flushing = runFlush().finally(() => {
      flushing = null;
      // Events that reached the threshold while this flush was in flight.
      if (readEvents(EVENTS_KEY).length >= FLUSH_AT_EVENTS) void flush();
    });
    return flushing;
  }

  async function runResend(): Promise<void> {
    if (!readSessionId()) return;
    const unsent = readEvents(UNSENT_KEY);
    if (unsent.length === 0) return;
    const failed = new Set((await send(unsent)).map((event) => event.id));
    removeByIds(
      UNSENT_KEY,
      new Set(unsent.filter((event) => !failed.has(event.id)).map((event) => event.id)),
      MAX_UNSENT_EVENTS,
    );
  }

  function resendUnsent(): Promise<void> {
    // One request at a time: wait for a flush in flight, then resend.
    return (flushing ?? Promise.resolve()).then(runResend);
  }

  /**
   * spec §4: the final flush at page exit or hidden sends unsent and buffered events in one beacon (split at the
   * contract's 50 per batch), then clears what the browser accepted. A beacon carries no bearer header: with
   * consent the server ties the events to the session's visitor.
   */
  function finalBeacon(): void {
    if (typeof navigator.sendBeacon !== 'function') return;
    const seen = new Set<string>();
    const events = [...readEvents(UNSENT_KEY), ...readEvents(EVENTS_KEY)].filter((event) => !seen.has(event.id) && seen.add(event.id));
    if (events.length === 0) return;
    const sent = new Set<string>();
    for (const batch of batchesOf(events)) {
      let accepted = false;
      try {
        accepted = navigator.sendBeacon(TRACK_EVENT_URL, batchBody(batch.consent, batch.events));
      } catch {
        accepted = false;
      }
      // The browser queues at most 64 KB of beacons: what it refused stays for the next visit.
      if (!accepted) break;
      for (const event of batch.events) sent.add(event.id);
    }
    removeByIds(UNSENT_KEY, sent, MAX_UNSENT_EVENTS);
    removeByIds(EVENTS_KEY, sent, MAX_BUFFERED_EVENTS);
  }

  async function sessionPayload(consent: TrackingConsent): Promise<TrackSessionStartInput> {
    const type = await deviceTypeHint();
    const entry_page = `${window.location.pathname}${window.location.search}`.slice(0, 2048) || '/';
    if (consent !== 'analytics') return { consent, entry_page, device: { type } };
    const identity = context.identity();
    const location = await browserLocation();
    const params = new URLSearchParams(window.location.search);
    const referrer = document.referrer;
    return {
      consent,
      entry_page,
      // spec §6: the stored user, then the broker, then a generated guest id. The server takes the identity from the
      // bearer token; these are the spec's payload, not trusted.
      userId: identity?.id ?? storedId(GUEST_ID_KEY),
      user_type: identity?.role ?? 'guest',
      device: { id: storedId(DEVICE_ID_KEY), type },
      location: location ? { latitude: location.latitude, longitude: location.longitude, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone } : null,
      traffic_source: {
        trafficSource: params.get('utm_source')?.slice(0, 100) ?? null,
        trafficMedium: params.get('utm_medium')?.slice(0, 100) ?? null,
        referrer: referrer ? referrer.slice(0, 2048) : null,
        trafficDevice: type,
      },
      selectedCity: context.selectedCity()?.slice(0, 100) ?? null,
    };
  }

  /** spec §7 POST /track/session/start; spec §8: on failure a local id, silently. */
  async function startSession(): Promise<void> {
    const consent = effectiveConsent();
    if (context.ready) await Promise.race([context.ready, new Promise((resolve) => setTimeout(resolve, IDENTITY_WAIT_MS))]);
    let sessionId: string | null = null;
    try {
      const response = await fetch(SESSION_START_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearerFor(consent) },
        body: JSON.stringify(await sessionPayload(consent)),
      });
      if (response.ok) {
        const body = (await response.json()) as { sessionId?: unknown };
        if (typeof body.sessionId === 'string') sessionId = body.sessionId;
      }
    } catch {
      // Offline or refused: the local id below.
    }
    writeText(SESSION_ID_KEY, sessionId ?? `local-${newUuid()}`);
  }

  /** spec §7 PUT /track/session/end, with keepalive so it outlives a closing page; spec §8: a failure is logged. */
  function endSession(sessionId: string): void {
    removeKey(SESSION_ID_KEY);
    try {
      void fetch(SESSION_END_URL, {
        method: 'PUT',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId, exit_page: currentPage() }),
      }).catch((error: unknown) => console.warn('Tracking: the session end was not sent', error));
    } catch (error) {
      console.warn('Tracking: the session end was not sent', error);
    }
  }

  /** Releases this tab's lock; set while it is held. */
  let releaseTabLock: (() => void) | null = null;
  /** The other tabs whose lock this tab waits for, so it learns at once when one is gone. */
  const watched = new Set<string>();

  /** Takes this tab's lock (granted at once: the id is new) and keeps it until released or the tab is gone. */
  async function holdTabLock(): Promise<void> {
    const locks = webLocks();
    if (!locks || releaseTabLock) return;
    await new Promise<void>((granted) => {
      void locks.request(`${TAB_LOCK_PREFIX}${tabId}`, () => {
        granted();
        return new Promise<void>((release) => (releaseTabLock = release));
      });
    });
  }

  /**
   * The registry brought in line with the tabs that hold their lock: entries of tabs that are gone are dropped (a
   * pagehide cut short, or a stale copy written back by another tab), and this tab's own entry is kept.
   */
  async function reconcileTabs(): Promise<void> {
    const live = await liveTabIds();
    if (!live || !registered) return;
    await withTabsLock(async () => {
      const tabs = readTabs();
      const gone = Object.keys(tabs).filter((id) => !live.has(id));
      if (gone.length === 0 && tabs[tabId] !== undefined) return;
      for (const id of gone) delete tabs[id];
      tabs[tabId] = Date.now();
      writeTabs(tabs);
    });
    watchOtherTabs();
  }

  /** Waits on each other registered tab's lock: it is granted to this tab only once that tab is gone. */
  function watchOtherTabs(): void {
    const locks = webLocks();
    if (!locks) return;
    for (const id of Object.keys(readTabs())) {
      if (id === tabId || watched.has(id)) continue;
      watched.add(id);
      void locks
        .request(`${TAB_LOCK_PREFIX}${id}`, () => undefined)
        .then(() => {
          watched.delete(id);
          return reconcileTabs();
        });
    }
  }

  /** spec §4 'Visit tracking': the open-tab count rises per tab; the first tab starts the browser's one session. */
  function enterTab(): void {
    registered = true;
    sessionStart = holdTabLock().then(() =>
      withTabsLock(async () => {
        const now = Date.now();
        const tabs = readTabs();
        // Where the browser has Web Locks, a tab without its lock is gone; elsewhere, one silent for too long.
        const live = await liveTabIds();
        for (const [id, seen] of Object.entries(tabs)) if (live ? !live.has(id) : now - seen > STALE_TAB_MS) delete tabs[id];
        const first = Object.keys(tabs).length === 0;
        tabs[tabId] = now;
        writeTabs(tabs);
        // The first tab of a visit starts afresh: a stored id is from a visit whose tabs closed without a pagehide.
        if (first) removeKey(SESSION_ID_KEY);
        if (!readSessionId()) await startSession();
      }).finally(watchOtherTabs),
    );
  }

  /**
   * spec §4: on pagehide the tab is decremented; at 0 the session is ended and the stored id removed. Answers the
   * session to end, if this was the last tab; the caller sends the end after the final beacon.
   */
  function leaveTab(): string | null {
    if (!registered) return null;
    registered = false;
    releaseTabLock?.();
    releaseTabLock = null;
    const tabs = readTabs();
    delete tabs[tabId];
    if (writeTabs(tabs) > 0) return null;
    return readSessionId();
  }

  function heartbeat(): void {
    if (!registered) return;
    const tabs = readTabs();
    tabs[tabId] = Date.now();
    writeTabs(tabs);
    // Heals what a heartbeat may have written from a stale copy (another tab's removal not yet seen here).
    void reconcileTabs();
  }

  // The browser gives a closing page little time: the registry write, the cheapest and what the other tabs depend
  // on, goes first, then the beacon, then the session end.
  const onPageHide = () => {
    const ending = leaveTab();
    finalBeacon();
    if (ending) endSession(ending);
  };
  const onPageShow = (event: PageTransitionEvent) => {
    // Back from the back/forward cache: this tab is open again.
    if (event.persisted && !registered) enterTab();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') finalBeacon();
    else heartbeat();
  };
  const onOnline = () => void resendUnsent();
  const timer = window.setInterval(() => {
    heartbeat();
    void flush();
  }, FLUSH_INTERVAL_MS);

  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  setTrackedListener((count) => {
    if (count >= FLUSH_AT_EVENTS && !flushing) void flush();
  });
  const unsubscribeConsent = subscribeConsent((_consent, fromThisTab) => {
    if (!fromThisTab || !registered) return;
    // A new choice starts a new session under it, so the server's session record says what the visitor allowed.
    void flush();
    sessionStart = sessionStart.then(() =>
      withTabsLock(async () => {
        const sessionId = readSessionId();
        if (sessionId) endSession(sessionId);
        await startSession();
      }),
    );
  });

  enterTab();
  // Events buffered before the engine loaded (or left from the last visit) may already be past the threshold.
  if (readEvents(EVENTS_KEY).length >= FLUSH_AT_EVENTS) void flush();

  return {
    flush,
    resendUnsent,
    sessionReady: () => sessionStart,
    stop() {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      setTrackedListener(null);
      unsubscribeConsent();
    },
  };
}
