import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAB_IDS_KEY } from '../client-identity';
import { writeConsent } from './consent';
import { track } from './track';
import { FLUSH_INTERVAL_MS, startTrackingEngine, STALE_TAB_MS, type TrackingEngine } from './tracking-engine';
import { EVENTS_KEY, OPEN_TABS_KEY, readEvents, SESSION_ID_KEY, UNSENT_KEY } from './tracking-storage';

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  keepalive: boolean;
}

type Answer = (request: SentRequest) => Response | Promise<Response>;

/** A stand-in for the three /api/track routes that records what the browser sent. */
function fakeTrackingServer(answerEvents: Answer = () => Response.json({ success: true, stored: 1, duplicates: 0 }, { status: 202 })) {
  const requests: SentRequest[] = [];
  let eventAnswer = answerEvents;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: SentRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>,
      keepalive: init?.keepalive === true,
    };
    requests.push(request);
    if (request.url.endsWith('/session/start')) return Response.json({ success: true, sessionId: 'server-session-1' }, { status: 201 });
    if (request.url.endsWith('/session/end')) return new Response(null, { status: 204 });
    return eventAnswer(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    eventPosts: () => requests.filter((request) => request.url.endsWith('/track/event')),
    sessionStarts: () => requests.filter((request) => request.url.endsWith('/session/start')),
    sessionEnds: () => requests.filter((request) => request.url.endsWith('/session/end')),
    answerEventsWith(answer: Answer) {
      eventAnswer = answer;
    },
  };
}

/** Exclusive named Web Locks as a browser grants them: in request order, released when the holder's promise settles. */
function fakeLockManager() {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const release = (name: string) => {
    held.delete(name);
    waiting.get(name)?.shift()?.();
  };
  const acquire = (name: string) =>
    new Promise<void>((granted) => {
      if (!held.has(name)) {
        held.add(name);
        granted();
      } else {
        waiting.set(name, [...(waiting.get(name) ?? []), () => (held.add(name), granted())]);
      }
    });
  return {
    async request(name: string, callback: () => unknown) {
      await acquire(name);
      try {
        return await callback();
      } finally {
        release(name);
      }
    },
    query: async () => ({ held: [...held].map((name) => ({ name })), pending: [] }),
    /** Another tab holding `name` until the returned function is called. */
    hold(name: string): () => void {
      held.add(name);
      return () => release(name);
    },
  };
}

const eventNames = (request: SentRequest) => (request.body.events as { event_name: string }[]).map((event) => event.event_name);

let engine: TrackingEngine | null = null;
const identity = { id: 42, role: 'user' as const, token: 'access-token-42' };
function start(signedIn = false): TrackingEngine {
  engine = startTrackingEngine({ identity: () => (signedIn ? identity : null), selectedCity: () => 'Bengaluru' });
  return engine;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  window.history.replaceState(null, '', '/developers');
});

afterEach(() => {
  engine?.stop();
  engine = null;
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('track(): the event buffer', () => {
  it('keeps each event in local storage with a client-made id, the page, the time and clean metadata', () => {
    track('SEARCH', { query: 'whitefield\n3 bhk', resultCount: 12, city: 'Bengaluru', bhk: undefined });
    const [event] = readEvents(EVENTS_KEY);
    expect(event).toMatchObject({ event_name: 'SEARCH', page: '/developers', metadata: { query: 'whitefield 3 bhk', resultCount: 12, city: 'Bengaluru' } });
    expect(event?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(event?.metadata).not.toHaveProperty('bhk');
  });

  it('sends no e-mail without consent, and the e-mail with it (spec §3 USER_LOGIN)', () => {
    track('USER_LOGIN', { email: 'asha@example.in' });
    writeConsent('analytics');
    track('USER_LOGIN', { email: 'asha@example.in' });
    const [before, after] = readEvents(EVENTS_KEY);
    expect(before?.metadata).toBeUndefined();
    expect(before?.consent).toBe('essential');
    expect(after?.metadata).toEqual({ email: 'asha@example.in' });
    expect(after?.consent).toBe('analytics');
  });
});

describe('flush triggers (spec §7, §9)', () => {
  it('sends the buffer when it reaches 10 events, and clears it once the server answered', async () => {
    const server = fakeTrackingServer();
    start();
    await engine!.sessionReady();
    for (let n = 0; n < 9; n++) track('PAGE_VIEW');
    expect(server.eventPosts()).toHaveLength(0);
    track('PAGE_VIEW');
    await vi.waitFor(() => expect(server.eventPosts()).toHaveLength(1));
    await engine!.flush();
    expect((server.eventPosts()[0]!.body.events as unknown[]).length).toBe(10);
    expect(server.eventPosts()[0]!.body).toMatchObject({ sessionId: 'server-session-1', consent: 'essential' });
    expect(readEvents(EVENTS_KEY)).toEqual([]);
  });

  it('sends what is buffered every 10 000 ms, and nothing when the buffer is empty', async () => {
    const server = fakeTrackingServer();
    start();
    await engine!.sessionReady();
    track('PAGE_VIEW');
    track('EMI_USED');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS - 1);
    expect(server.eventPosts()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.eventPosts().map(eventNames)).toEqual([['PAGE_VIEW', 'EMI_USED']]);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(server.eventPosts()).toHaveLength(1);
  });

  it('runs one flush at a time: events tracked meanwhile wait for the next one', async () => {
    let release: () => void = () => undefined;
    const server = fakeTrackingServer(() => new Promise((resolve) => (release = () => resolve(new Response(null, { status: 202 })))));
    start();
    await engine!.sessionReady();
    for (let n = 0; n < 10; n++) track('PAGE_VIEW');
    for (let n = 0; n < 10; n++) track('PROJECT_VIEW', { projectId: n });
    await vi.waitFor(() => expect(server.eventPosts()).toHaveLength(1));
    expect(eventNames(server.eventPosts()[0]!)).toHaveLength(10);
    release();
    // The ten tracked during the first request reach the threshold: the next flush takes them.
    await vi.waitFor(() => expect(server.eventPosts()).toHaveLength(2));
    release();
    await vi.waitFor(() => expect(readEvents(EVENTS_KEY)).toEqual([]));
    expect(eventNames(server.eventPosts()[1]!)).toEqual(Array(10).fill('PROJECT_VIEW'));
  });

  it('sends the bearer token only with consent, and batches split by the consent events were recorded under', async () => {
    const server = fakeTrackingServer();
    start(true);
    await engine!.sessionReady();
    track('PAGE_VIEW');
    writeConsent('analytics');
    await engine!.sessionReady();
    track('PROJECT_VIEW', { projectId: 7 });
    await engine!.flush();
    const [essential, analytics] = server.eventPosts().filter((post) => (post.body.events as unknown[]).length > 0);
    expect(essential!.body.consent).toBe('essential');
    expect(essential!.headers.authorization).toBeUndefined();
    expect(eventNames(essential!)).toEqual(['PAGE_VIEW']);
    expect(analytics!.body.consent).toBe('analytics');
    expect(analytics!.headers.authorization).toBe('Bearer access-token-42');
    expect(eventNames(analytics!)).toEqual(['PROJECT_VIEW']);
  });
});

describe('failures (spec §4, §8)', () => {
  it('moves a failed flush to the unsent list with a console warning, and the buffer is cleared', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = fakeTrackingServer(() => Promise.reject(new TypeError('Failed to fetch')));
    start();
    await engine!.sessionReady();
    track('PAGE_VIEW');
    track('SEARCH', { query: 'hebbal' });
    await engine!.flush();
    expect(server.eventPosts()).toHaveLength(1);
    expect(readEvents(EVENTS_KEY)).toEqual([]);
    expect(readEvents(UNSENT_KEY).map((event) => event.event_name)).toEqual(['PAGE_VIEW', 'SEARCH']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be sent'), expect.any(TypeError));
  });

  it('keeps events a 503 refused, and drops a batch the server refuses as malformed (resending cannot help)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = fakeTrackingServer(() => new Response(null, { status: 503 }));
    start();
    await engine!.sessionReady();
    track('PAGE_VIEW');
    await engine!.flush();
    expect(readEvents(UNSENT_KEY)).toHaveLength(1);
    server.answerEventsWith((request) =>
      eventNames(request).includes('EMI_USED') ? Response.json({ error: 'events.0.page' }, { status: 400 }) : new Response(null, { status: 503 }),
    );
    track('EMI_USED');
    await engine!.flush();
    expect(readEvents(EVENTS_KEY)).toEqual([]);
    expect(readEvents(UNSENT_KEY).map((event) => event.event_name)).toEqual(['PAGE_VIEW']);
    // The first 503, the 400, and the unsent list retried after that (answered) flush: 503 again.
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('keeps a local session id when the start fails (spec §8), and events carry it', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    start();
    await engine!.sessionReady();
    expect(localStorage.getItem(SESSION_ID_KEY)).toMatch(/^local-[0-9a-f-]{36}$/);
    track('PAGE_VIEW');
    expect(readEvents(EVENTS_KEY)[0]?.sessionId).toBe(localStorage.getItem(SESSION_ID_KEY));
  });
});

describe('back online (spec §4)', () => {
  it('resends the unsent events with the session id when the browser comes back online', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = fakeTrackingServer(() => Promise.reject(new TypeError('Failed to fetch')));
    start();
    await engine!.sessionReady();
    track('PAGE_VIEW');
    track('COMPARE_ADDED', { projectId: 3 });
    await engine!.flush();
    expect(readEvents(UNSENT_KEY)).toHaveLength(2);
    server.answerEventsWith(() => new Response(null, { status: 202 }));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(readEvents(UNSENT_KEY)).toEqual([]));
    const resent = server.eventPosts().at(-1)!;
    expect(resent.body.sessionId).toBe('server-session-1');
    expect(eventNames(resent)).toEqual(['PAGE_VIEW', 'COMPARE_ADDED']);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('sends nothing on online when no session id exists', async () => {
    const server = fakeTrackingServer();
    start();
    await engine!.sessionReady();
    localStorage.removeItem(SESSION_ID_KEY);
    localStorage.setItem(UNSENT_KEY, JSON.stringify([{ id: crypto.randomUUID(), event_name: 'PAGE_VIEW', at: new Date().toISOString(), page: '/', consent: 'essential' }]));
    window.dispatchEvent(new Event('online'));
    await engine!.resendUnsent();
    expect(server.eventPosts()).toHaveLength(0);
    expect(readEvents(UNSENT_KEY)).toHaveLength(1);
  });
});

describe('final beacon at page exit or hidden (spec §4)', () => {
  it('sends unsent and buffered events in one text/plain beacon without a bearer, then clears both', async () => {
    fakeTrackingServer();
    writeConsent('analytics');
    const beacon = vi.spyOn(navigator, 'sendBeacon').mockReturnValue(true);
    start(true);
    await engine!.sessionReady();
    localStorage.setItem(UNSENT_KEY, JSON.stringify([{ id: crypto.randomUUID(), event_name: 'SEARCH', at: new Date().toISOString(), page: '/', consent: 'analytics' }]));
    track('PAGE_VIEW');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(beacon).toHaveBeenCalledOnce();
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/track/event');
    // A string body: the browser sends it as text/plain, which needs no CORS preflight and carries no header of ours.
    expect(typeof body).toBe('string');
    const parsed = JSON.parse(body as string) as { sessionId: string; consent: string; events: { event_name: string; consent?: unknown }[] };
    expect(parsed.sessionId).toBe('server-session-1');
    expect(parsed.consent).toBe('analytics');
    expect(parsed.events.map((event) => event.event_name)).toEqual(['SEARCH', 'PAGE_VIEW']);
    expect(parsed.events[0]).not.toHaveProperty('consent');
    expect(readEvents(UNSENT_KEY)).toEqual([]);
    expect(readEvents(EVENTS_KEY)).toEqual([]);
  });

  it('keeps what the browser refused to queue', async () => {
    fakeTrackingServer();
    vi.spyOn(navigator, 'sendBeacon').mockReturnValue(false);
    start();
    await engine!.sessionReady();
    track('PAGE_VIEW');
    window.dispatchEvent(new Event('pagehide'));
    expect(readEvents(EVENTS_KEY)).toHaveLength(1);
  });
});

describe('one session per browser (spec §4 Visit tracking)', () => {
  it('the first tab starts the session; its pagehide, the last, ends it once with keepalive and removes the id', async () => {
    const server = fakeTrackingServer();
    vi.spyOn(navigator, 'sendBeacon').mockReturnValue(true);
    start();
    await engine!.sessionReady();
    expect(server.sessionStarts()).toHaveLength(1);
    expect(server.sessionStarts()[0]!.body).toEqual({ consent: 'essential', entry_page: '/developers', device: { type: 'desktop' } });
    expect(localStorage.getItem(OPEN_TABS_KEY)).toBe('1');
    window.dispatchEvent(new Event('pagehide'));
    expect(server.sessionEnds()).toHaveLength(1);
    expect(server.sessionEnds()[0]).toMatchObject({ method: 'PUT', keepalive: true, body: { sessionId: 'server-session-1', exit_page: '/developers' } });
    expect(localStorage.getItem(SESSION_ID_KEY)).toBeNull();
    expect(localStorage.getItem(OPEN_TABS_KEY)).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(server.sessionEnds()).toHaveLength(1);
  });

  it('a second tab joins the open session, and leaving it while another tab is open does not end it', async () => {
    const server = fakeTrackingServer();
    vi.spyOn(navigator, 'sendBeacon').mockReturnValue(true);
    // Another tab is open and has started the session.
    localStorage.setItem(TAB_IDS_KEY, JSON.stringify({ 'other-tab': Date.now() }));
    localStorage.setItem(SESSION_ID_KEY, 'shared-session');
    start();
    await engine!.sessionReady();
    expect(server.sessionStarts()).toHaveLength(0);
    expect(localStorage.getItem(OPEN_TABS_KEY)).toBe('2');
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(OPEN_TABS_KEY)).toBe('1');
    expect(server.sessionEnds()).toHaveLength(0);
    expect(localStorage.getItem(SESSION_ID_KEY)).toBe('shared-session');
  });

  it('a tab that vanished without a pagehide stops counting after a while, and the next visit starts afresh', async () => {
    const server = fakeTrackingServer();
    localStorage.setItem(TAB_IDS_KEY, JSON.stringify({ crashed: Date.now() - STALE_TAB_MS - 1 }));
    localStorage.setItem(SESSION_ID_KEY, 'old-visit');
    start();
    await engine!.sessionReady();
    expect(server.sessionStarts()).toHaveLength(1);
    expect(localStorage.getItem(SESSION_ID_KEY)).toBe('server-session-1');
    expect(localStorage.getItem(OPEN_TABS_KEY)).toBe('1');
  });

  it('a tab whose pagehide was cut off stops counting as soon as the browser releases its Web Lock', async () => {
    const server = fakeTrackingServer();
    vi.spyOn(navigator, 'sendBeacon').mockReturnValue(true);
    const locks = fakeLockManager();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      // Another tab is open: registered, holding its lock, and it started the session.
      const releaseOther = locks.hold('nivaas-tab:other');
      localStorage.setItem(TAB_IDS_KEY, JSON.stringify({ other: Date.now() }));
      localStorage.setItem(SESSION_ID_KEY, 'shared-session');
      start();
      await engine!.sessionReady();
      expect(localStorage.getItem(OPEN_TABS_KEY)).toBe('2');
      // It closes and its pagehide never runs (the browser cut it off): only its lock goes, as the browser does.
      releaseOther();
      await vi.waitFor(() => expect(localStorage.getItem(OPEN_TABS_KEY)).toBe('1'));
      expect(server.sessionEnds()).toHaveLength(0);
      // This tab is now the last: its pagehide ends the visit.
      window.dispatchEvent(new Event('pagehide'));
      expect(server.sessionEnds()).toHaveLength(1);
      expect(server.sessionEnds()[0]!.body).toMatchObject({ sessionId: 'shared-session' });
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('with consent, the session start names the visitor, the device and the bearer; coordinates only after consent', async () => {
    const server = fakeTrackingServer();
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: 12.97, longitude: 77.59 } } as GeolocationPosition));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    start(true);
    await engine!.sessionReady();
    expect(getCurrentPosition).not.toHaveBeenCalled();
    writeConsent('analytics');
    await vi.waitFor(() => expect(server.sessionStarts()).toHaveLength(2));
    await engine!.sessionReady();
    expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), { enableHighAccuracy: true, timeout: 5000, maximumAge: 3_600_000 });
    // The choice starts a new session under it: the essential one is ended.
    expect(server.sessionEnds()).toHaveLength(1);
    const analytics = server.sessionStarts()[1]!;
    expect(analytics.headers.authorization).toBe('Bearer access-token-42');
    expect(analytics.body).toMatchObject({
      consent: 'analytics',
      userId: 42,
      user_type: 'user',
      device: { type: 'desktop', id: expect.any(String) as string },
      location: { latitude: 12.97, longitude: 77.59 },
      selectedCity: 'Bengaluru',
    });
  });
});
