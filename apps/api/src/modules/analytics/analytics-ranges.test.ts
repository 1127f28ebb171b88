import { randomUUID } from 'node:crypto';
import type { AnalyticsOverviewResponse } from '@nivaas/contracts/analytics.schema';
import { schema } from '@nivaas/db';
import { eq, sql } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from '../../test/auth';
import { createCity, createLocation, createProject, createZone } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createTrackingRollupsRepository } from '../tracking/tracking-rollups.repository';

/**
 * The overview over ranges no kept window answers (decision 039): unique visitors from tracking_visitor_gaps and the
 * top localities from tracking_locality_views, both kept by triggers, must equal what the visitor days and the
 * rollups joined to projects say, on PGlite and PostgreSQL, after incremental folds, late events, a listing moved,
 * a listing deleted and the retention.
 */

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;
const dayAgo = (days: number) => new Date(Date.now() + IST_MS - days * DAY_MS).toISOString().slice(0, 10);

let ctx: TestContext;
let provider: { authorization: string };
const listings: number[] = [];
const places: number[] = [];

/** A small deterministic stream of numbers, so a failure can be replayed. */
function stream(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    // The high bits: an LCG's low bits repeat with a short period.
    return Math.floor((state / 2_147_483_648) * below);
  };
}

/** Events of `visitors` visitors on days drawn between `oldest` and `newest` days ago, straight into tracking_events. */
async function track(seed: number, visitors: number, newest: number, oldest: number) {
  const pick = stream(seed);
  const cities = ['Pune', 'Mumbai', 'Nashik'];
  const queries = ['baner', 'wakad', 'andheri', 'villa'];
  const rows: (typeof schema.trackingEvents.$inferInsert)[] = [];
  for (let n = 0; n < visitors * 4; n += 1) {
    const visitor = `guest:v${pick(visitors)}`;
    const at = new Date(Date.now() - (newest + pick(oldest - newest + 1)) * DAY_MS - pick(600) * 60_000);
    const base = { sessionId: `s-${seed}-${n}`, visitorKey: visitor, visitorType: 'guest' as const, city: cities[pick(3)] ?? null, occurredAt: at, receivedAt: new Date() };
    const projectId = listings[pick(pick(2) === 0 ? 2 : listings.length)] ?? null;
    const query = queries[pick(queries.length)] ?? '';
    rows.push(
      { ...base, eventId: randomUUID(), eventName: 'PAGE_VIEW', pagePath: '/' },
      { ...base, eventId: randomUUID(), eventName: 'PROJECT_VIEW', pagePath: `/p/${projectId}`, projectId },
      { ...base, eventId: randomUUID(), eventName: 'SEARCH', pagePath: '/search', metadata: { query, resultCount: pick(3) === 0 ? 0 : 5 } },
    );
  }
  await ctx.database.db.insert(schema.trackingEvents).values(rows);
  await ctx.modules.trackingRollups.refresh();
}

/** What the overview's ranked lists must be: counted directly from the visitor days and the rollups. */
async function expected(from: string, to: string) {
  const { db } = ctx.database;
  const rows = async <T,>(query: ReturnType<typeof sql>) => (await db.execute<T & Record<string, unknown>>(query)).rows as T[];
  const inRange = sql`day between ${from}::date and ${to}::date`;
  const unique = async (dimension: string, key: string) =>
    Number((await rows<{ n: string }>(sql`select count(distinct visitor)::text as n from tracking_visitor_days where dimension = ${dimension} and key = ${key} and ${inRange}`))[0]?.n);
  const top = (dimension: string, event: string) =>
    rows<{ key: string; n: string }>(sql`
      select key, sum(events)::text as n from tracking_daily_rollups where dimension = ${dimension} and event_name = ${event} and ${inRange}
      group by key having sum(events) > 0 order by sum(events) desc, key limit 10`);
  const projects = await rows<{ key: string; n: string }>(sql`
    select key, sum(events)::text as n from tracking_daily_rollups where dimension = 'project' and event_name = 'PROJECT_VIEW' and ${inRange}
    group by key having sum(events) > 0 order by sum(events) desc, key::int limit 10`);
  // A deleted listing keeps its rollups but is left out of the list (after the top 10 is cut, as before).
  const existing = new Set((await rows<{ id: number }>(sql`select id from projects`)).map((row) => String(row.id)));
  const localities = await rows<{ name: string; city: string; n: string }>(sql`
    select l.name, c.name as city, sum(r.events)::text as n
    from tracking_daily_rollups r join projects p on p.id = r.key::int join locations l on l.id = p.location_id join cities c on c.id = l.city_id
    where r.dimension = 'project' and r.event_name = 'PROJECT_VIEW' and r.day between ${from}::date and ${to}::date
    group by l.id, l.name, c.name having sum(r.events) > 0 order by sum(r.events) desc, l.name limit 10`);
  const searches = await top('search', 'SEARCH');
  const zero = await top('search', '#zero-results');
  const zeroOf = new Map(zero.map((row) => [row.key, Number(row.n)]));
  return {
    visitors: await unique('total', ''),
    projects: await Promise.all(projects.filter((row) => existing.has(row.key)).map(async (row) => ({ projectId: Number(row.key), views: Number(row.n), visitors: await unique('project', row.key) }))),
    localities: localities.map((row) => ({ name: row.name, city: row.city, views: Number(row.n) })),
    cities: await Promise.all((await top('city', 'PAGE_VIEW')).map(async (row) => ({ name: row.key, views: Number(row.n), visitors: await unique('city', row.key) }))),
    searches: searches.map((row) => ({ query: row.key, count: Number(row.n), zeroResults: zeroOf.get(row.key) ?? 0 })),
    zeroResultSearches: zero.map((row) => ({ query: row.key, count: Number(row.n) })),
  };
}

async function overview(from: string, to: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/analytics/overview?from=${from}&to=${to}`, headers: provider });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<AnalyticsOverviewResponse>();
  return {
    visitors: body.totals.visitors,
    projects: body.top.projects.map(({ projectId, views, visitors }) => ({ projectId, views, visitors })),
    localities: body.top.localities,
    cities: body.top.cities,
    searches: body.top.searches,
    zeroResultSearches: body.top.zeroResultSearches,
  };
}

/** Ranges inside the kept 90 days, across their start, older than them, past the history and at its edges. */
const RANGES: [number, number][] = [
  [0, 0],
  [1, 1],
  [5, 2],
  [40, 10],
  [13, 0],
  [89, 1],
  [89, 89],
  [95, 80],
  [120, 100],
  [130, 0],
  [300, 200],
  [365, 0],
];

async function expectEveryRangeExact() {
  for (const [older, newer] of RANGES) {
    const [from, to] = [dayAgo(older), dayAgo(newer)];
    const want = await expected(from, to);
    const got = await overview(from, to);
    // Ties may be listed in another order (the route sorts by name in JavaScript); what each row says must agree.
    expect({ range: [from, to], ...got, searches: sorted(got.searches), zeroResultSearches: sorted(got.zeroResultSearches) }).toEqual({
      range: [from, to],
      ...want,
      searches: sorted(want.searches),
      zeroResultSearches: sorted(want.zeroResultSearches),
    });
  }
}

const sorted = <T extends { query: string; count: number }>(rows: T[]) => [...rows].sort((a, b) => b.count - a.count || (a.query < b.query ? -1 : 1));

beforeAll(async () => {
  ctx = await createTestApp({
    env: { LOG_LEVEL: 'error' },
    prepare: async ({ db }) => {
      for (const name of ['Pune', 'Mumbai']) {
        const city = await createCity(db, { name });
        const zoneId = (await createZone(db, { cityId: city.id })).id;
        for (const place of [`${name} East`, `${name} West`]) {
          const locationId = (await createLocation(db, { cityId: city.id, zoneId, name: place })).id;
          places.push(locationId);
          for (let n = 0; n < 2; n += 1) listings.push((await createProject(db, { cityId: city.id, zoneId, locationId, name: `${place} ${n}` })).id);
        }
      }
    },
  });
  const [staff] = await ctx.database.db.insert(schema.providerStaff).values({ email: 'ranges-staff@nivaas.example.com', name: 'Staff', role: 'admin' }).returning();
  provider = await bearerFor(ctx.app, { kind: 'provider', id: staff?.id ?? 0 });
});

afterAll(async () => {
  await ctx?.close();
});

describe('the overview over a range that is not a kept window (decision 039)', () => {
  it('counts unique visitors and ranks listings, localities, cities and searches exactly, fold after fold', async () => {
    // The last 110 days (before and after the kept 90 days' start), then a second fold of newer days, then events of
    // older days for visitors already seen later (a late event changes the next visit's previous day).
    await track(1, 30, 0, 110);
    await expectEveryRangeExact();
    await track(2, 30, 0, 20);
    await track(3, 30, 30, 110);
    await expectEveryRangeExact();
  });

  it('keeps localities exact when a listing moves or is deleted', async () => {
    const [moved, deleted] = [listings[0] ?? 0, listings[3] ?? 0];
    await ctx.database.db.update(schema.projects).set({ locationId: places[3] ?? 0 }).where(eq(schema.projects.id, moved));
    await ctx.database.db.delete(schema.projects).where(eq(schema.projects.id, deleted));
    listings.splice(3, 1);
    await expectEveryRangeExact();
    await track(4, 20, 0, 95);
    await expectEveryRangeExact();
  });

  it('stays equal to the visitor days after the retention forgets the oldest of them', async () => {
    const repository = createTrackingRollupsRepository(ctx.database.db);
    while ((await repository.forgetVisitorDaysBefore(dayAgo(50), 7)) > 0);
    await expectEveryRangeExact();
  });
});
