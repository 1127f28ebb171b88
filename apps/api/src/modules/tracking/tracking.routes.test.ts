import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TrackSessionStartInput } from '@nivaas/contracts/tracking.schema';
import { sql } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from '../../test/auth';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * The tracking API (issue 12) on a real database: PGlite here, PostgreSQL in CI's second pass (DATABASE_URL set).
 * What a client notices (statuses, bodies) and what the database then holds, for each rule of the contract.
 */

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0';

let ctx: TestContext;
let proxied: TestContext;
let tableDir: string;

beforeAll(async () => {
  tableDir = mkdtempSync(path.join(tmpdir(), 'nivaas-ip-cities-'));
  const table = path.join(tableDir, 'ip-cities.csv');
  writeFileSync(table, '203.0.113.0/24,Pune\n198.51.100.0/24,Chennai\n');
  // High enough that this file's calls never meet the limit; one test below lowers it on an app of its own.
  ctx = await createTestApp({ env: { TRACKING_IP_CITY_TABLE: table, TRACKING_REQUESTS_PER_IP_PER_MINUTE: '100000' } });
  // Behind one proxy: the address is the hop the proxy adds to X-Forwarded-For.
  proxied = await createTestApp({ env: { TRACKING_IP_CITY_TABLE: table, TRUST_PROXY: '1', TRACKING_REQUESTS_PER_IP_PER_MINUTE: '100000' } });
});

afterAll(async () => {
  await ctx?.close();
  await proxied?.close();
  rmSync(tableDir, { recursive: true, force: true });
});

interface EventRow {
  event_id: string;
  session_id: string | null;
  visitor_key: string | null;
  visitor_type: string;
  event_name: string;
  page_path: string;
  project_id: number | null;
  city: string | null;
  device_type: string | null;
  traffic_source: string | null;
  metadata: Record<string, unknown> | null;
  occurred_at: Date | string;
  received_at: Date | string;
}

interface SessionRow {
  id: string;
  consent: string;
  visitor_key: string | null;
  user_type: string;
  device_type: string | null;
  os: string | null;
  browser: string | null;
  city: string | null;
  traffic_source: string | null;
  referrer_host: string | null;
  entry_page: string | null;
  exit_page: string | null;
  ip_address: string | null;
  last_seen_at: Date | string;
  ended_at: Date | string | null;
}

async function eventsOf(context: TestContext, ids: string[]): Promise<EventRow[]> {
  const result = await context.database.db.execute<EventRow & Record<string, unknown>>(
    sql`select * from tracking_events where event_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid) order by id`,
  );
  return result.rows;
}

async function sessionOf(context: TestContext, id: string): Promise<SessionRow | undefined> {
  const result = await context.database.db.execute<SessionRow & Record<string, unknown>>(sql`select * from tracking_sessions where id = ${id}`);
  return result.rows[0];
}

function event(over: Record<string, unknown> = {}) {
  return { id: randomUUID(), event_name: 'PAGE_VIEW', at: new Date().toISOString(), page: '/developers', ...over };
}

function sessionPayload(over: Partial<TrackSessionStartInput> = {}): TrackSessionStartInput {
  return {
    userId: 'someone-else',
    user_type: 'broker',
    device: { id: 'device-1234', type: 'mobile', os: 'Android', browser: 'Chrome', version: '124' },
    entry_page: '/',
    ip_address: '8.8.8.8',
    location: { city: 'Chennai', latitude: 13.08, longitude: 80.27, ip: '8.8.8.8', address: '1 Some Street', pin: '600001', country: 'India' },
    traffic_source: { trafficSource: 'google', trafficMedium: 'organic', referrer: 'https://www.google.com/search?q=my+name' },
    consent: 'analytics',
    selectedCity: 'Bengaluru',
    ...over,
  };
}

async function startSession(context: TestContext, payload: TrackSessionStartInput, headers: Record<string, string> = {}, remoteAddress?: string): Promise<string> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/track/session/start',
    payload,
    headers: { 'user-agent': ANDROID_CHROME, ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<{ success: true; sessionId: string }>();
  expect(body.success).toBe(true);
  return body.sessionId;
}

async function sendBatch(context: TestContext, body: unknown, headers: Record<string, string> = {}) {
  return context.app.inject({ method: 'POST', url: '/api/track/event', payload: body as Record<string, unknown>, headers: { 'user-agent': ANDROID_CHROME, ...headers } });
}

describe('POST /api/track/session/start', () => {
  it("answers 201 with a new session id and stores, with consent, the server's own facts: device from the agent, city from the address table, source from the referrer's host", async () => {
    const id = await startSession(ctx, sessionPayload(), {}, '203.0.113.9');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sessionOf(ctx, id)).toMatchObject({
      consent: 'analytics',
      visitor_key: 'guest:device-1234',
      user_type: 'guest',
      device_type: 'mobile',
      os: 'Android',
      browser: 'Chrome',
      city: 'Pune',
      traffic_source: 'search',
      referrer_host: 'google.com',
      entry_page: '/',
      ip_address: '203.0.113.9',
      ended_at: null,
    });
  });

  it("falls back to the client's city, then the selected city, when the address table does not know the address", async () => {
    const withLocation = await startSession(ctx, sessionPayload(), {}, '192.0.2.1');
    expect((await sessionOf(ctx, withLocation))?.city).toBe('Chennai');
    const withSelected = await startSession(ctx, sessionPayload({ location: null }), {}, '192.0.2.1');
    expect((await sessionOf(ctx, withSelected))?.city).toBe('Bengaluru');
  });

  it("records a signed-in user's and a broker's identity from the bearer token, never the payload's userId or user_type", async () => {
    const asUser = await startSession(ctx, sessionPayload({ userId: '999', user_type: 'broker' }), await bearerFor(ctx.app, { kind: 'user', id: 41 }));
    expect(await sessionOf(ctx, asUser)).toMatchObject({ visitor_key: 'user:41', user_type: 'user' });
    const asBroker = await startSession(ctx, sessionPayload({ userId: '41', user_type: 'user' }), await bearerFor(ctx.app, { kind: 'broker', id: 7 }));
    expect(await sessionOf(ctx, asBroker)).toMatchObject({ visitor_key: 'broker:7', user_type: 'broker' });
    // A token that does not verify is a guest, not a 401: the visit is still recorded.
    const forged = await startSession(ctx, sessionPayload(), { authorization: 'Bearer not.a.token' });
    expect(await sessionOf(ctx, forged)).toMatchObject({ visitor_key: 'guest:device-1234', user_type: 'guest' });
  });

  it('ignores the forged address in ip_address and location.ip, and a forged X-Forwarded-For when no proxy is trusted', async () => {
    const id = await startSession(ctx, sessionPayload(), { 'x-forwarded-for': '198.51.100.20' }, '203.0.113.50');
    expect(await sessionOf(ctx, id)).toMatchObject({ ip_address: '203.0.113.50', city: 'Pune' });
  });

  it("takes the client's address from the trusted proxy's X-Forwarded-For hop", async () => {
    const id = await startSession(proxied, sessionPayload(), { 'x-forwarded-for': '198.51.100.20' }, '10.0.0.2');
    expect(await sessionOf(proxied, id)).toMatchObject({ ip_address: '198.51.100.20', city: 'Chennai' });
  });

  it("with consent 'essential' stores no identity, address, city, source or browser details: only the device type and the pages", async () => {
    const id = await startSession(ctx, sessionPayload({ consent: 'essential' }), await bearerFor(ctx.app, { kind: 'user', id: 41 }), '203.0.113.9');
    expect(await sessionOf(ctx, id)).toMatchObject({
      consent: 'essential',
      visitor_key: null,
      user_type: 'guest',
      device_type: 'mobile',
      os: null,
      browser: null,
      city: null,
      traffic_source: null,
      referrer_host: null,
      ip_address: null,
      entry_page: '/',
    });
  });

  it('refuses a payload without consent or with an entry page that is not a path, naming the field', async () => {
    const noConsent = await ctx.app.inject({ method: 'POST', url: '/api/track/session/start', payload: { entry_page: '/' } });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json()).toMatchObject({ field: 'consent' });
    const badPage = await ctx.app.inject({ method: 'POST', url: '/api/track/session/start', payload: { entry_page: 'http://x.example/', consent: 'analytics' } });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json()).toMatchObject({ field: 'entry_page' });
  });
});

describe('POST /api/track/event', () => {
  it('answers 202 with the count stored, and the rows are there when it answers', async () => {
    const sessionId = await startSession(ctx, sessionPayload(), await bearerFor(ctx.app, { kind: 'user', id: 41 }), '203.0.113.9');
    const events = [
      event(),
      event({ event_name: 'PROJECT_VIEW', page: '/properties/bengaluru/east/whitefield/sky-towers/12', metadata: { projectId: 12, city: 'Bengaluru' } }),
      event({ event_name: 'SEARCH', page: '/property-detail-page?search=whitefield', metadata: { query: 'whitefield', resultCount: 4 } }),
    ];
    const response = await sendBatch(ctx, { sessionId, consent: 'analytics', events }, await bearerFor(ctx.app, { kind: 'user', id: 41 }));
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ success: true, stored: 3, duplicates: 0 });
    const rows = await eventsOf(ctx, events.map((e) => e.id));
    expect(rows.map((row) => [row.event_name, row.page_path, row.project_id])).toEqual([
      ['PAGE_VIEW', '/developers', null],
      ['PROJECT_VIEW', '/properties/bengaluru/east/whitefield/sky-towers/12', 12],
      ['SEARCH', '/property-detail-page?search=whitefield', null],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ session_id: sessionId, visitor_key: 'user:41', visitor_type: 'user', city: 'Pune', device_type: 'mobile', traffic_source: 'search' });
    }
    expect(rows[2]?.metadata).toEqual({ query: 'whitefield', resultCount: 4 });
  });

  it('takes a navigator.sendBeacon body (text/plain, no bearer) and gives it the identity of the session it belongs to', async () => {
    const sessionId = await startSession(ctx, sessionPayload(), await bearerFor(ctx.app, { kind: 'broker', id: 7 }));
    const events = [event({ page: '/leads' }), event({ event_name: 'SIGN_OUT', page: '/' })];
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/event',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': ANDROID_CHROME },
      payload: JSON.stringify({ sessionId, consent: 'analytics', events }),
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ stored: 2, duplicates: 0 });
    const rows = await eventsOf(ctx, events.map((e) => e.id));
    expect(rows.map((row) => [row.visitor_key, row.visitor_type])).toEqual([
      ['broker:7', 'broker'],
      ['broker:7', 'broker'],
    ]);
  });

  it('takes a batch without a session id from a guest (an earlier session never started, spec §8)', async () => {
    const events = [event()];
    const response = await sendBatch(ctx, { consent: 'analytics', events });
    expect(response.statusCode).toBe(202);
    expect((await eventsOf(ctx, [events[0]!.id]))[0]).toMatchObject({ session_id: null, visitor_key: null, visitor_type: 'guest', device_type: 'mobile' });
  });

  it('an event keeps its own session id over the batch one (unsent events from an earlier session)', async () => {
    const earlier = await startSession(ctx, sessionPayload());
    const later = await startSession(ctx, sessionPayload());
    const old = event({ sessionId: earlier });
    const fresh = event();
    expect((await sendBatch(ctx, { sessionId: later, consent: 'analytics', events: [old, fresh] })).statusCode).toBe(202);
    expect((await eventsOf(ctx, [old.id, fresh.id])).map((row) => row.session_id)).toEqual([earlier, later]);
  });

  it('stores a batch sent twice once, and overlapping batches once per event', async () => {
    const events = [event(), event(), event()];
    const batch = { consent: 'analytics', events };
    expect((await sendBatch(ctx, batch)).json()).toMatchObject({ stored: 3, duplicates: 0 });
    expect((await sendBatch(ctx, batch)).json()).toMatchObject({ stored: 0, duplicates: 3 });
    // The exit beacon after a failed flush: the unsent list plus what was buffered since.
    const more = [event(), event()];
    expect((await sendBatch(ctx, { consent: 'analytics', events: [...events.slice(1), ...more] })).json()).toMatchObject({ stored: 2, duplicates: 2 });
    // The same id twice in one batch, and two copies of one batch at the same moment.
    const twice = event();
    expect((await sendBatch(ctx, { events: [twice, twice] })).json()).toMatchObject({ stored: 1, duplicates: 1 });
    const racing = [event(), event()];
    const answers = await Promise.all([sendBatch(ctx, { events: racing }), sendBatch(ctx, { events: racing })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    expect(answers.map((answer) => answer.json<{ stored: number }>().stored).sort()).toEqual([0, 2]);
    const rows = await eventsOf(ctx, [...events, ...more, twice, ...racing].map((e) => e.id));
    expect(rows).toHaveLength(8);
  });

  it("drops e-mail, phone, mobile and name from the metadata: USER_LOGIN's e-mail never reaches the database", async () => {
    const login = event({ event_name: 'USER_LOGIN', metadata: { email: 'asha@example.com', Phone: '9876543210', mobile: '9876543210', name: 'Asha', method: 'otp' } });
    const wish = event({ event_name: 'PROPERTY_ADDED_IN_WISHLIST', metadata: { projectId: 5, propertyName: 'Sky Towers' } });
    expect((await sendBatch(ctx, { consent: 'analytics', events: [login, wish] }, await bearerFor(ctx.app, { kind: 'user', id: 41 }))).statusCode).toBe(202);
    const [loginRow, wishRow] = await eventsOf(ctx, [login.id, wish.id]);
    expect(loginRow).toMatchObject({ visitor_key: 'user:41', metadata: { method: 'otp' } });
    expect(wishRow).toMatchObject({ project_id: 5, metadata: { projectId: 5, propertyName: 'Sky Towers' } });
  });

  it("ignores a forged userId, user_type or ip in the payload: they are fields the batch does not accept, and the bearer decides", async () => {
    for (const forged of [{ userId: 41 }, { user_type: 'user' }, { ip: '1.2.3.4' }]) {
      const response = await sendBatch(ctx, { ...forged, events: [event()] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: Object.keys(forged)[0] });
    }
    // Inside the metadata they are plain metadata: they name nobody.
    const claim = event({ metadata: { userId: 41, user_type: 'user' } });
    expect((await sendBatch(ctx, { consent: 'analytics', events: [claim] })).statusCode).toBe(202);
    expect((await eventsOf(ctx, [claim.id]))[0]).toMatchObject({ visitor_key: null, visitor_type: 'guest' });
  });

  it("with consent 'essential' (or none) stores no identity, city or source, even for a signed-in visitor with an analytics session", async () => {
    const sessionId = await startSession(ctx, sessionPayload(), await bearerFor(ctx.app, { kind: 'user', id: 41 }), '203.0.113.9');
    const essential = [event(), event()];
    const unsaid = [event()];
    const bearer = await bearerFor(ctx.app, { kind: 'user', id: 41 });
    expect((await sendBatch(ctx, { sessionId, consent: 'essential', events: essential }, bearer)).statusCode).toBe(202);
    expect((await sendBatch(ctx, { sessionId, events: unsaid }, bearer)).statusCode).toBe(202);
    for (const row of await eventsOf(ctx, [...essential, ...unsaid].map((e) => e.id))) {
      expect(row).toMatchObject({ visitor_key: null, visitor_type: 'guest', city: null, traffic_source: null, device_type: 'mobile', page_path: '/developers', event_name: 'PAGE_VIEW' });
    }
  });

  it("an essential session's events stay anonymous even when a later batch says 'analytics' without a bearer", async () => {
    const sessionId = await startSession(ctx, sessionPayload({ consent: 'essential' }), {}, '203.0.113.9');
    const late = event();
    expect((await sendBatch(ctx, { sessionId, consent: 'analytics', events: [late] })).statusCode).toBe(202);
    expect((await eventsOf(ctx, [late.id]))[0]).toMatchObject({ visitor_key: null, city: null, traffic_source: null });
  });

  it("reads the device from this request's agent when the session is unknown", async () => {
    const desk = event();
    expect((await sendBatch(ctx, { events: [desk] }, { 'user-agent': DESKTOP_FIREFOX })).statusCode).toBe(202);
    expect((await eventsOf(ctx, [desk.id]))[0]?.device_type).toBe('desktop');
  });

  it("clamps the client's clock to a week back and five minutes ahead", async () => {
    const ancient = event({ at: '2001-01-01T00:00:00Z' });
    const future = event({ at: '2999-01-01T00:00:00Z' });
    const now = event();
    expect((await sendBatch(ctx, { events: [ancient, future, now] })).statusCode).toBe(202);
    const rows = await eventsOf(ctx, [ancient.id, future.id, now.id]);
    const lag = (row: EventRow | undefined) => new Date(row!.received_at).getTime() - new Date(row!.occurred_at).getTime();
    expect(lag(rows[0])).toBe(7 * 24 * 60 * 60 * 1000);
    expect(lag(rows[1])).toBe(-5 * 60 * 1000);
    expect(Math.abs(lag(rows[2]))).toBeLessThan(60_000);
  });

  it('refuses an unknown event name, a malformed batch and bad metadata with 400 naming the field, and stores nothing of it', async () => {
    const good = event();
    const cases: [unknown, string][] = [
      [{ events: [good, event({ event_name: 'DROP_TABLE' })] }, 'events.1.event_name'],
      [{ events: [event({ id: 'not-a-uuid' })] }, 'events.0.id'],
      [{ events: [event({ page: 'developers' })] }, 'events.0.page'],
      [{ events: [event({ at: 'yesterday' })] }, 'events.0.at'],
      [{ events: [event({ metadata: { deep: { a: 1 } } })] }, 'events.0.metadata.deep'],
      [{ events: [] }, 'events'],
      [{ events: Array.from({ length: 51 }, () => event()) }, 'events'],
      [{ sessionId: 'has spaces', events: [event()] }, 'sessionId'],
      [{ consent: 'everything', events: [event()] }, 'consent'],
      [{}, 'events'],
    ];
    for (const [body, field] of cases) {
      const response = await sendBatch(ctx, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<{ field: string }>().field).toBe(field);
    }
    expect(await eventsOf(ctx, [good.id])).toEqual([]);
  });

  it('refuses a body that is not JSON (either content type) with 400, and another content type with 415', async () => {
    for (const type of ['text/plain', 'application/json']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/track/event', headers: { 'content-type': type }, payload: '{"events": [' });
      expect(response.statusCode, type).toBe(400);
      expect(response.json()).toMatchObject({ success: false, statusCode: 400 });
    }
    const form = await ctx.app.inject({ method: 'POST', url: '/api/track/event', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'events=1' });
    expect(form.statusCode).toBe(415);
  });

  it('refuses a body over 64 KB with 413, as JSON and as a beacon', async () => {
    const padding = 'x'.repeat(300);
    const events = Array.from({ length: 50 }, () => event({ metadata: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, padding])) }));
    const body = JSON.stringify({ events });
    expect(body.length).toBeGreaterThan(64 * 1024);
    for (const type of ['application/json', 'text/plain']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/track/event', headers: { 'content-type': type }, payload: body });
      expect(response.statusCode, type).toBe(413);
    }
    expect(await eventsOf(ctx, events.map((e) => e.id))).toEqual([]);
  });

  it("is counted per address under the 'tracking' limit: 429 with Retry-After past it", async () => {
    const limited = await createTestApp({ env: { TRACKING_REQUESTS_PER_IP_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await sendBatch(limited, { events: [event()] })).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
      const refused = await sendBatch(limited, { events: [event()] });
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe("a session's last_seen_at", () => {
  it('moves with its batches, at most every 30 s', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const timed = await createTestApp({ clock: () => now });
    try {
      const sessionId = await startSession(timed, sessionPayload());
      const lastSeen = async () => new Date((await sessionOf(timed, sessionId))!.last_seen_at).toISOString();
      now = new Date('2026-11-24T10:00:10Z');
      expect((await sendBatch(timed, { sessionId, events: [event({ at: now.toISOString() })] })).statusCode).toBe(202);
      expect(await lastSeen()).toBe('2026-11-24T10:00:00.000Z');
      now = new Date('2026-11-24T10:01:00Z');
      expect((await sendBatch(timed, { sessionId, events: [event({ at: now.toISOString() })] })).statusCode).toBe(202);
      expect(await lastSeen()).toBe('2026-11-24T10:01:00.000Z');
    } finally {
      await timed.close();
    }
  });
});

describe('PUT /api/track/session/end', () => {
  it('answers 204 and records the exit page and the end', async () => {
    const id = await startSession(ctx, sessionPayload());
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/track/session/end', payload: { sessionId: id, exit_page: '/blog' } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const row = await sessionOf(ctx, id);
    expect(row?.exit_page).toBe('/blog');
    expect(row?.ended_at).not.toBeNull();
  });

  it('takes a text/plain body (fetch keepalive at the last tab closing)', async () => {
    const id = await startSession(ctx, sessionPayload());
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/track/session/end',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ sessionId: id, exit_page: '/wishlist' }),
    });
    expect(response.statusCode).toBe(204);
    expect((await sessionOf(ctx, id))?.exit_page).toBe('/wishlist');
  });

  it("answers 204 for a session it never saw (spec §8's local id), and 400 naming the field for a bad one", async () => {
    const unknown = await ctx.app.inject({ method: 'PUT', url: '/api/track/session/end', payload: { sessionId: 'local-1700000000000', exit_page: '/' } });
    expect(unknown.statusCode).toBe(204);
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/track/session/end', payload: { sessionId: 'local-1', exit_page: 'nowhere' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'exit_page' });
  });
});
