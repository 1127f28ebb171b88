import { randomUUID } from 'node:crypto';
import type { AnalyticsOverviewResponse, BrokerAnalyticsResponse, BrokerInsightsResponse, BrokerViewerSearchesResponse, ProjectAnalyticsResponse } from '@nivaas/contracts/analytics.schema';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_NOT_APPROVED_MESSAGE } from '../listings/listings.service';
import { bearerFor } from '../../test/auth';
import { createBroker, createCity, createLocation, createProject, createUser, createZone } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Issue 13's analytics on a real database (PGlite here, PostgreSQL in the second pass with DATABASE_URL): visits
 * and events go in through the real tracking routes, the rollups are refreshed as the background job would, and the
 * figures read back through the analytics routes are the ones those events make.
 */

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;
const istDay = (at: Date) => new Date(at.getTime() + IST_MS).toISOString().slice(0, 10);

let ctx: TestContext;
const listingPlace = { cityId: 0, zoneId: 0, locationId: 0, item: 'listing' as const };
const ids = { brokerA: 0, brokerB: 0, pendingBroker: 0, user: 0, staff: 0, a1: 0, a2: 0, b1: 0 };

async function as(principal: { kind: 'broker' | 'user' | 'provider'; id: number }) {
  return bearerFor(ctx.app, principal);
}

/** A browser: a session (analytics consent, its own device id), then batches of events through POST /api/track/event. */
async function visitor(deviceId: string, device: string) {
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/track/session/start',
    headers: { 'user-agent': device },
    payload: { entry_page: '/', consent: 'analytics', device: { id: deviceId }, selectedCity: 'Pune' },
  });
  expect(start.statusCode).toBe(201);
  const { sessionId } = start.json<{ sessionId: string }>();
  return async (events: { name: string; page?: string; daysAgo?: number; metadata?: Record<string, string | number> }[]) => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/event',
      headers: { 'user-agent': device },
      payload: {
        sessionId,
        consent: 'analytics',
        events: events.map((event) => ({
          id: randomUUID(),
          event_name: event.name,
          at: new Date(Date.now() - (event.daysAgo ?? 0) * DAY_MS).toISOString(),
          page: event.page ?? '/',
          ...(event.metadata ? { metadata: event.metadata } : {}),
        })),
      },
    });
    expect(sent.statusCode).toBe(202);
  };
}

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

beforeAll(async () => {
  ctx = await createTestApp({
    env: { TRACKING_REQUESTS_PER_IP_PER_MINUTE: '100000', LOG_LEVEL: 'error' },
    prepare: async ({ db }) => {
      ids.user = (await createUser(db)).id;
      ids.brokerA = (await createBroker(db, { name: 'Broker A' })).id;
      ids.brokerB = (await createBroker(db, { name: 'Broker B' })).id;
      ids.pendingBroker = (await createBroker(db, { name: 'Broker Pending', approval: 'pending' })).id;
      const [staff] = await db.insert(schema.providerStaff).values({ email: 'analytics-staff@nivaas.example.com', name: 'Staff', role: 'admin' }).returning();
      ids.staff = staff?.id ?? 0;
      const city = await createCity(db, { name: 'Pune' });
      const zoneId = (await createZone(db, { cityId: city.id })).id;
      const locationId = (await createLocation(db, { cityId: city.id, zoneId, name: 'Baner' })).id;
      const place = { cityId: city.id, zoneId, locationId, item: 'listing' as const };
      Object.assign(listingPlace, place);
      ids.a1 = (await createProject(db, { ...place, name: 'A One', brokerId: ids.brokerA })).id;
      ids.a2 = (await createProject(db, { ...place, name: 'A Two', brokerId: ids.brokerA, approval: 'pending', status: 'inactive', remarks: ['Add the RERA number'] })).id;
      ids.b1 = (await createProject(db, { ...place, name: 'B One', brokerId: ids.brokerB })).id;
      await db.insert(schema.leads).values([
        { projectId: ids.a1, name: 'Buyer', phone: '9811111111', stage: 'interested' },
        { projectId: ids.b1, name: 'Other buyer', phone: '9822222222' },
      ]);
    },
  });

  // Visitor 1 views A1 today and two days ago (one person over the week, two on the daily chart).
  const one = await visitor('device-1', ANDROID);
  await one([
    { name: 'PAGE_VIEW' },
    { name: 'PROJECT_VIEW', metadata: { projectId: ids.a1 } },
    { name: 'PROJECT_VIEW', daysAgo: 2, metadata: { projectId: ids.a1 } },
    { name: 'PROPERTY_ADDED_IN_WISHLIST', metadata: { projectId: ids.a1 } },
    { name: 'ENQUIRY_SENT', metadata: { projectId: ids.a1 } },
  ]);
  // Visitor 2 views A1 and A2 and searched for 2 or 3 BHK under a crore in Whitefield, finding nothing.
  const two = await visitor('device-2', WINDOWS);
  await two([
    { name: 'PAGE_VIEW' },
    { name: 'SEARCH', metadata: { query: 'Villa Whitefield', resultCount: 0, bhk: '2,3', budgetMax: 8_000_000, locality: 'Whitefield' } },
    { name: 'PROJECT_VIEW', metadata: { projectId: ids.a1 } },
    { name: 'PROJECT_VIEW', metadata: { projectId: ids.a2 } },
    { name: 'COMPARE_ADDED', metadata: { projectId: ids.a1 } },
  ]);
  // Visitor 3 looks only at broker B's listing, and searched for 4 BHK: none of broker A's business.
  const three = await visitor('device-3', ANDROID);
  await three([
    { name: 'PAGE_VIEW' },
    { name: 'SEARCH', metadata: { query: 'villa whitefield', resultCount: 3, bhk: '4' } },
    { name: 'PROJECT_VIEW', metadata: { projectId: ids.b1 } },
  ]);
  await ctx.modules.trackingRollups.refresh();
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/broker/insights', () => {
  it("gives an approved broker their own listings' figures, unique visitors over the range, and what their viewers searched for", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/broker/insights?days=7', headers: await as({ kind: 'broker', id: ids.brokerA }) });
    expect(response.statusCode).toBe(200);
    const body = response.json<BrokerInsightsResponse>();
    expect(body.range).toMatchObject({ to: istDay(new Date()), days: 7 });
    expect(body.totals).toEqual({ views: 4, visitors: 2, enquiries: 1, enquiryRate: 0.25, leadsByStage: { new: 0, interested: 1, not_interested: 0, crm: 0 } });
    expect(body.listings.map((listing) => [listing.name, listing.views, listing.visitors, listing.enquiries, listing.seenNotEnquired])).toEqual([
      ['A One', 3, 2, 1, false],
      ['A Two', 1, 1, 0, true],
    ]);
    const two = body.listings[1];
    expect(two?.approval).toBe('pending');
    expect(two?.moderation.decidedAt).toBeNull();
    expect(two?.moderation.remarks.map((remark) => remark.remark)).toEqual(['Add the RERA number']);
    expect(body.listings[0]?.path).toMatch(new RegExp(`^/broker-property-details/.+/${ids.a1}$`));
    // Seven days, today last; visitor 1's two days each count them once, the week counts them once.
    expect(body.daily).toHaveLength(7);
    expect(body.daily.at(-1)).toEqual({ day: istDay(new Date()), views: 3, visitors: 2, enquiries: 1 });
    expect(body.daily.reduce((sum, day) => sum + day.visitors, 0)).toBe(3);
  });

  it("shows another broker only theirs, and new views and enquiries once they are tracked", async () => {
    const headers = await as({ kind: 'broker', id: ids.brokerB });
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/broker/insights', headers })).json<BrokerInsightsResponse>();
    expect(before.range.days).toBe(30);
    expect(before.listings.map((listing) => listing.projectId)).toEqual([ids.b1]);
    expect(before.totals).toMatchObject({ views: 1, visitors: 1, enquiries: 1 });

    const four = await visitor('device-4', WINDOWS);
    await four([{ name: 'PROJECT_VIEW', metadata: { projectId: ids.b1 } }]);
    await ctx.database.db.insert(schema.leads).values({ projectId: ids.b1, name: 'Third buyer', phone: '9833333333' });
    await ctx.modules.trackingRollups.refresh();
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/broker/insights', headers })).json<BrokerInsightsResponse>();
    expect(after.totals).toMatchObject({ views: 2, visitors: 2, enquiries: 2, leadsByStage: { new: 2, interested: 0, not_interested: 0, crm: 0 } });
  });

  it('refuses a pending broker with the pending message, and users, the provider and guests', async () => {
    const pending = await ctx.app.inject({ method: 'GET', url: '/api/broker/insights', headers: await as({ kind: 'broker', id: ids.pendingBroker }) });
    expect(pending.statusCode).toBe(403);
    expect(pending.json<{ message: string }>().message).toBe(BROKER_NOT_APPROVED_MESSAGE);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/broker/insights', headers: await as({ kind: 'user', id: ids.user }) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/broker/insights', headers: await as({ kind: 'provider', id: ids.staff }) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/broker/insights' })).statusCode).toBe(401);
  });

  it('answers a window other than 7, 30 or 90 with a 400 naming days', async () => {
    const headers = await as({ kind: 'broker', id: ids.brokerA });
    for (const days of ['8', 'x', '', '90.5']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/broker/insights?days=${days}`, headers });
      expect(response.statusCode, days).toBe(400);
      expect(response.json<{ field?: string }>().field, days).toBe('days');
    }
  });
});

describe('the provider analytics', () => {
  it('the overview counts the tracked visits, events, searches, sources and devices', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/analytics/overview', headers: await as({ kind: 'provider', id: ids.staff }) });
    expect(response.statusCode).toBe(200);
    const body = response.json<AnalyticsOverviewResponse>();
    expect(body.range).toMatchObject({ to: istDay(new Date()), days: 30 });
    expect(body.daily).toHaveLength(30);
    // Four browsers (the fourth from the test before: this file's tests run in order), each one session a day; visitor
    // 1 also came two days ago, so five sessions and four visitors.
    expect(body.totals).toMatchObject({ pageViews: 3, visitors: 4, projectViews: 6, enquiries: 1, leads: 3 });
    expect(body.totals.sessions).toBe(5);
    expect(body.totals.viewToEnquiry).toBeCloseTo(1 / 6);
    expect(body.top.projects[0]).toEqual({ projectId: ids.a1, name: 'A One', views: 3, visitors: 2, enquiries: 1 });
    expect(body.top.localities).toEqual([{ name: 'Baner', city: 'Pune', views: 6 }]);
    expect(body.top.searches).toEqual([{ query: 'villa whitefield', count: 2, zeroResults: 1 }]);
    expect(body.top.zeroResultSearches).toEqual([{ query: 'villa whitefield', count: 1 }]);
    expect(body.top.sources).toEqual([{ source: 'direct', sessions: 5 }]);
    expect(Object.fromEntries(body.top.devices.map((row) => [row.device, row.sessions]))).toEqual({ mobile: 3, desktop: 2 });
    expect(body.moderation.pending).toBe(1);
    expect(body.moderation.decisionsByDay).toHaveLength(30);
  });

  it("a listing's funnel: views, favourites, compares, enquiries", async () => {
    const headers = await as({ kind: 'provider', id: ids.staff });
    const body = (await ctx.app.inject({ method: 'GET', url: `/api/admin/analytics/projects/${ids.a1}`, headers })).json<ProjectAnalyticsResponse>();
    expect(body.project).toMatchObject({ id: ids.a1, name: 'A One' });
    expect(body.funnel).toEqual({ views: 3, favourites: 1, compares: 1, enquiries: 1 });
    expect(body.daily.at(-1)).toEqual({ day: istDay(new Date()), views: 2, enquiries: 1 });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/admin/analytics/projects/999999', headers });
    expect(missing.statusCode).toBe(404);
  });

  it("a broker's listings and leads, as the broker sees them", async () => {
    const headers = await as({ kind: 'provider', id: ids.staff });
    const body = (await ctx.app.inject({ method: 'GET', url: `/api/admin/analytics/brokers/${ids.brokerA}?from=${istDay(new Date(Date.now() - 6 * DAY_MS))}&to=${istDay(new Date())}`, headers })).json<BrokerAnalyticsResponse>();
    expect(body.broker).toEqual({ id: ids.brokerA, name: 'Broker A' });
    expect(body.totals).toMatchObject({ views: 4, visitors: 2, enquiries: 1 });
    expect(body.listings.map((listing) => listing.projectId)).toEqual([ids.a1, ids.a2]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/analytics/brokers/999999', headers })).statusCode).toBe(404);
  });

  it('answers a bad range with a 400 naming the field', async () => {
    const headers = await as({ kind: 'provider', id: ids.staff });
    const cases: [string, string][] = [
      ['from=2025-01-01&to=2026-06-01', 'from'],
      ['from=2026-03-10&to=2026-03-01', 'to'],
      ['from=2026-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-01-01&colour=red', 'colour'],
    ];
    for (const [query, field] of cases) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/analytics/overview?${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ field?: string }>().field, query).toBe(field);
    }
    const year = await ctx.app.inject({ method: 'GET', url: '/api/admin/analytics/overview?from=2025-01-01&to=2026-01-01', headers });
    expect(year.statusCode).toBe(200);
    expect(year.json<AnalyticsOverviewResponse>().daily).toHaveLength(366);
  });

  it('answers the same from the kept 7/30/90-day windows as from the daily rows, and rebuilds the windows when they are gone', async () => {
    const provider = await as({ kind: 'provider', id: ids.staff });
    const broker = await as({ kind: 'broker', id: ids.brokerA });
    const read = async () => ({
      overview: (await ctx.app.inject({ method: 'GET', url: '/api/admin/analytics/overview', headers: provider })).json<AnalyticsOverviewResponse>(),
      week: (await ctx.app.inject({ method: 'GET', url: '/api/admin/analytics/overview?from=' + istDay(new Date(Date.now() - 6 * DAY_MS)), headers: provider })).json<AnalyticsOverviewResponse>(),
      insights: await Promise.all(
        [7, 30, 90].map(async (days) => (await ctx.app.inject({ method: 'GET', url: `/api/broker/insights?days=${days}`, headers: broker })).json<BrokerInsightsResponse>()),
      ),
    });
    const windowed = await read();
    expect(windowed.overview.totals.visitors).toBe(4);
    // Without the windows' day every figure comes from the daily rows and visitor days: the same answers.
    await ctx.database.db.delete(schema.trackingWindowState);
    expect(await read()).toEqual(windowed);
    // The rollup job's next run builds them again for today.
    await ctx.modules.trackingRollups.refresh();
    expect(await ctx.database.db.select().from(schema.trackingWindowState)).toEqual([{ one: true, endDay: istDay(new Date()) }]);
    expect(await read()).toEqual(windowed);
  });
});

describe('GET /api/broker/insights/searches (decision 030)', () => {
  const read = async (broker: number, days = 30) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/broker/insights/searches?days=${days}`, headers: await as({ kind: 'broker', id: broker }) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BrokerViewerSearchesResponse>();
  };
  const place = (row: BrokerViewerSearchesResponse['top'][number]) => `${row.bhk.join(',')}|${row.budget?.max ?? '-'}|${row.locality?.name ?? '-'}|${row.city?.name ?? '-'}|${row.searches}`;

  it('credits a search to the listings the same visitor viewed after it, once per listing, for their broker only', async () => {
    // Earlier tests' visitors: visitor 2 searched 2 or 3 BHK up to 80 lakh in an unknown locality, then viewed A1
    // and A2; visitor 3 searched 4 BHK, then viewed B1. Visitor 1 never searched.
    const before = await read(ids.brokerA);
    expect(before.searches).toBe(2);
    expect(before.top.map(place)).toEqual(['2,3|8000000|-|-|2']);

    // A new visitor views A2 first (no search yet: not credited), searches 2 BHK under 80 lakh in Baner, Pune, then
    // views A1 twice and A2 again: the search counts once for each of them.
    const five = await visitor('device-5', ANDROID);
    await five([
      { name: 'PROJECT_VIEW', metadata: { projectId: ids.a2 } },
      { name: 'SEARCH', metadata: { resultCount: 2, bhk: '2', budgetMax: 8_000_000, locality: 'Baner', city: 'Pune' } },
      { name: 'PROJECT_VIEW', metadata: { projectId: ids.a1 } },
    ]);
    await ctx.modules.trackingRollups.refresh();
    // Later batches are credited to the search the visitor made before them (remembered across folds).
    await five([
      { name: 'PROJECT_VIEW', metadata: { projectId: ids.a1 } },
      { name: 'PROJECT_VIEW', metadata: { projectId: ids.a2 } },
    ]);
    await ctx.modules.trackingRollups.refresh();

    const after = await read(ids.brokerA, 7);
    expect(after.range).toMatchObject({ to: istDay(new Date()), days: 7 });
    expect(after.searches).toBe(4);
    // Ties in the order of their filters.
    expect(after.top.map(place)).toEqual(['2|8000000|Baner|Pune|2', '2,3|8000000|-|-|2']);
    expect(after.top[0]?.budget).toEqual({ min: 5_000_000, max: 8_000_000 });
    expect(after.byBhk.map((row) => [row.bhk, row.searches])).toEqual([[[2], 2], [[2, 3], 2]]);
    expect(after.byBudget.map((row) => [row.budget, row.searches])).toEqual([[{ min: 5_000_000, max: 8_000_000 }, 4]]);
    expect(after.byPlace.map((row) => [row.locality?.name, row.city?.name, row.searches])).toEqual([['Baner', 'Pune', 2]]);
    expect(after.listings.map((listing) => [listing.projectId, listing.name, listing.searches, listing.top.map(place)])).toEqual([
      [ids.a1, 'A One', 2, ['2|8000000|Baner|Pune|1', '2,3|8000000|-|-|1']],
      [ids.a2, 'A Two', 2, ['2|8000000|Baner|Pune|1', '2,3|8000000|-|-|1']],
    ]);

    // Broker B sees their own listing's searches only.
    const other = await read(ids.brokerB);
    expect(other.searches).toBe(1);
    expect(other.top.map(place)).toEqual(['4|-|-|-|1']);
    expect(other.listings.map((listing) => listing.projectId)).toEqual([ids.b1]);
    expect(JSON.stringify(other)).not.toContain('Baner');
  });

  it('does not count twice when the job folds again or a batch is delivered twice', async () => {
    const before = await read(ids.brokerA);
    await ctx.modules.trackingRollups.refresh();
    await ctx.modules.trackingRollups.refresh();
    const start = await ctx.app.inject({ method: 'POST', url: '/api/track/session/start', headers: { 'user-agent': ANDROID }, payload: { entry_page: '/', consent: 'analytics', device: { id: 'device-6' } } });
    const { sessionId } = start.json<{ sessionId: string }>();
    const at = new Date().toISOString();
    const batch = {
      sessionId,
      consent: 'analytics',
      events: [
        { id: randomUUID(), event_name: 'SEARCH', at, page: '/properties', metadata: { resultCount: 1, bhk: '3', budgetMin: 12_000_000 } },
        { id: randomUUID(), event_name: 'PROJECT_VIEW', at, page: '/p', metadata: { projectId: ids.a1 } },
      ],
    };
    for (let sent = 0; sent < 2; sent += 1) {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/track/event', headers: { 'user-agent': ANDROID }, payload: batch })).statusCode).toBe(202);
      await ctx.modules.trackingRollups.refresh();
    }
    const after = await read(ids.brokerA);
    expect(after.searches).toBe(before.searches + 1);
    // A minimum alone falls in the band it starts in: 1.2 crore is in 1 to 1.5 crore.
    expect(after.top.find((row) => row.bhk.join() === '3')).toMatchObject({ budget: { min: 10_000_000, max: 15_000_000 }, searches: 1 });

    // An install whose events were folded before the viewers' searches existed: they catch up from the first event
    // to the same figures.
    await ctx.database.db.delete(schema.trackingViewerSearches);
    await ctx.database.db.delete(schema.trackingSearchContexts);
    await ctx.database.db.delete(schema.trackingRollupState).where(eq(schema.trackingRollupState.name, 'viewer-searches'));
    expect((await read(ids.brokerA)).searches).toBe(0);
    await ctx.modules.trackingRollups.refresh();
    expect(await read(ids.brokerA)).toEqual(after);
  });

  it('answers zeros for listings no search led to, and refuses everyone but approved brokers', async () => {
    const brokerC = (await createBroker(ctx.database.db, { name: 'Broker C' })).id;
    const quiet = (await createProject(ctx.database.db, { ...listingPlace, name: 'C One', brokerId: brokerC })).id;
    const lonely = await read(brokerC, 90);
    expect(lonely.range.days).toBe(90);
    expect(lonely).toMatchObject({ searches: 0, top: [], byBhk: [], byBudget: [], byPlace: [], listings: [{ projectId: quiet, name: 'C One', searches: 0, top: [] }] });
    const pending = await ctx.app.inject({ method: 'GET', url: '/api/broker/insights/searches', headers: await as({ kind: 'broker', id: ids.pendingBroker }) });
    expect(pending.statusCode).toBe(403);
    expect(pending.json<{ message: string }>().message).toBe(BROKER_NOT_APPROVED_MESSAGE);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/broker/insights/searches', headers: await as({ kind: 'user', id: ids.user }) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/broker/insights/searches', headers: await as({ kind: 'provider', id: ids.staff }) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/broker/insights/searches' })).statusCode).toBe(401);
    for (const days of ['8', 'x', '']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/broker/insights/searches?days=${days}`, headers: await as({ kind: 'broker', id: ids.brokerA }) });
      expect(response.statusCode, days).toBe(400);
      expect(response.json<{ field?: string }>().field, days).toBe('days');
    }
  });
});
