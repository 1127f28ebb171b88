/**
 * Analytics read benchmark (issue 13): the provider's overview and a broker's insights over 1,000,000 tracked events,
 * at 10 connections, public response cache off (these routes are never cached: they are signed in).
 *
 *   npm run analytics -w @nivaas/bench [-- --events 1000000 --data-dir /tmp/bench-analytics --duration 10 --connections 10]
 *   DATABASE_URL=postgres://... npm run analytics -w @nivaas/bench -- --engine postgres   (or both)
 *   ... -- --prepare-only      seed, generate and fold the data (PGlite folder, PostgreSQL schema bench_analytics), no run
 *   ... -- --profile 30        no HTTP: each route's service 30 times, every statement timed alone (count and mean)
 *   ... -- --routes overview-custom,overview   only these routes (names as in the report)
 *   ... -- --check 60          no HTTP: 60 random custom ranges (and the 7/30/90-day ones no window ends on), each
 *                              answered by the overview with its ranked lists counted in process (decision 043) and
 *                              read in SQL as before (039), alternated: answers compared, time and CPU per request
 *
 * 1. Seeds the data folder with the seed CLI (the default 1,800-project catalogue) unless it is there.
 * 2. Generates the events in SQL (generate_series: sessions of six events over the last 90 days, visitors from a pool
 *    of 150,000 with a skew, project views on a long-tailed popularity, searches with BHK, budget and locality, a few
 *    per cent enquiries), unless the table already holds that many.
 * 3. Folds them into the rollups in one pass with the same facts the incremental job writes (the job's own throughput
 *    is bench/tracking.ts's subject), then VACUUM ANALYZE.
 * 4. Starts the app and drives each route with autocannon from a worker thread; writes bench/reports/analytics.md.
 *    Besides the busiest broker and fixed ranges (the worst case, and the rows earlier reports have), each route is
 *    driven with a mix: the overview's three presets, the 12 busiest brokers at 7, 30 and 90 days, and the overview
 *    over 200 random ranges in the last 90 days that are not a kept window. Identical requests in flight share one read (decision 037), so the
 *    single-URL rows are a best case; each connection starts a mix at its own place.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb, type Database } from '@nivaas/db';
import { sql } from '@nivaas/db/orm';
import autocannon, { type Result } from 'autocannon';
import { buildApp } from '../apps/api/src/app';
import { accessTokenKey, signAccessToken } from '../apps/api/src/lib/auth/tokens';
import { createAnalyticsRepository } from '../apps/api/src/modules/analytics/analytics.repository';
import { createAnalyticsService } from '../apps/api/src/modules/analytics/analytics.service';
import { createTrackingRollupsRepository } from '../apps/api/src/modules/tracking/tracking-rollups.repository';
import { benchAppConfig } from './bench-config';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const seedCli = path.join(repoRoot, 'packages/db/src/seed/cli.ts');
const reportPath = path.join(benchDir, 'reports/analytics.md');
const connectionModule = path.join(benchDir, 'analytics-connection.cjs');

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    'data-dir': { type: 'string', default: '/tmp/bench-analytics' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    engine: { type: 'string', default: 'pglite' },
    'no-report': { type: 'boolean', default: false },
    /** Seed, generate and fold the data folders, then stop (no measuring). */
    'prepare-only': { type: 'boolean', default: false },
    /**
     * Instead of HTTP: call each route's service this many times on one connection, every repository call run alone
     * (one at a time, so each is timed without the others' queueing), and print each statement's count and mean.
     */
    profile: { type: 'string', default: '0' },
    /** Instead of HTTP: compare the overview's answers counted in process and in SQL over this many random ranges. */
    check: { type: 'string', default: '0' },
    /** Only these routes (comma-separated names, e.g. overview-custom); the report is then written with them alone. */
    routes: { type: 'string' },
  },
});
const eventCount = Number(values.events);
const dataDir = path.resolve(values['data-dir']);
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);
const TARGET_P99_MS = 100;
/** Brokers in the insights mix: the busiest by listings. */
const MIX_BROKERS = 12;
/** Custom overview ranges in their mix: many distinct ones, so identical requests in flight (decision 037) are rare. */
const CUSTOM_RANGES = 200;
const POSTGRES_SCHEMA = 'bench_analytics';
type Engine = 'pglite' | 'postgres';

/** India's calendar day `offset` days from today, as the API counts days. */
const istDay = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', command, ...args], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

async function scalar(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = await database.db.execute<{ n: string }>(query);
  return Number(result.rows[0]?.n ?? 0);
}

async function openSeeded(engine: Engine): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  if (engine === 'postgres' && !databaseUrl) throw new Error('--engine postgres needs DATABASE_URL');
  const pgliteDir = path.join(dataDir, 'pglite');
  const open = () => (engine === 'postgres' ? createDb({ databaseUrl, searchPath: POSTGRES_SCHEMA }) : createDb({ dataDir: pgliteDir }));
  if (engine === 'postgres' || existsSync(pgliteDir)) {
    const database = await open();
    if ((await scalar(database, sql`select count(*)::text as n from projects`)) > 0) return database;
    await database.close();
  }
  const target = engine === 'postgres' ? ['--schema', POSTGRES_SCHEMA] : ['--data-dir', dataDir];
  await run(seedCli, ['--no-images', '--reset', ...target], engine === 'postgres' ? {} : { DATABASE_URL: '' });
  return open();
}

/**
 * 1,000,000 events in SQL, 100,000 rows per INSERT ... SELECT (no row crosses into JavaScript): sessions of six events,
 * each session's visitor, day, city, device and source fixed by its number; each event's name and listing drawn per
 * row (random() in the select list: a random() in an uncorrelated sub-select is evaluated once per statement, which
 * made every event of a chunk the same kind).
 */
async function generateEvents(database: Database): Promise<void> {
  const { db } = database;
  const stored = await scalar(database, sql`select count(*)::text as n from tracking_events where session_id like 'bench-%'`);
  if (stored >= eventCount) return;
  const started = performance.now();
  await db.execute(sql`delete from tracking_events where session_id like 'bench-%'`);
  const chunk = 100_000;
  for (let first = 1; first <= eventCount; first += chunk) {
    const last = Math.min(eventCount, first + chunk - 1);
    await db.execute(sql`
      with live as (select array_agg(id order by md5(id::text)) as ids from projects where status = 'active' and approval = 'approved'),
           cities as (select array_agg(name order by id) as names from cities),
           places as (select array_agg(name order by id) as names from locations),
           g as (select n, n / 6 as s, random() as r, random() as p, random() as z from generate_series(${first}::int, ${last}::int) as n),
           named as (
             select n, s, p, z,
                    (array['PAGE_VIEW','PROJECT_VIEW','SEARCH','PROPERTY_ADDED_IN_WISHLIST','COMPARE_ADDED','ENQUIRY_SENT','USER_LOGIN','FILTER_APPLIED'])[
                      case when r < 0.42 then 1 when r < 0.74 then 2 when r < 0.87 then 3 when r < 0.92 then 4 when r < 0.95 then 5
                           when r < 0.975 then 6 when r < 0.99 then 7 else 8 end] as name
             from g
           )
      insert into tracking_events (event_id, session_id, visitor_key, visitor_type, event_name, page_path, project_id, city, device_type,
                                   traffic_source, metadata, occurred_at, received_at)
      select gen_random_uuid(), 'bench-' || s, 'guest:' || ((s * 7919) % 150000)::text, 'guest', name,
             case when name = 'PROJECT_VIEW' then '/properties/p/' || pid else '/' end,
             case when name in ('PROJECT_VIEW','PROPERTY_ADDED_IN_WISHLIST','COMPARE_ADDED','ENQUIRY_SENT') then pid end,
             c.names[1 + (s * 31) % array_length(c.names, 1)],
             (array['mobile','mobile','mobile','desktop','laptop','tablet'])[1 + (s * 13) % 6],
             (array['search','search','direct','direct','social','referral','campaign'])[1 + (s * 17) % 7],
             case when name = 'SEARCH' then jsonb_build_object(
               'query', lower(pl.names[1 + (s * 11) % array_length(pl.names, 1)]),
               'resultCount', case when z < 0.07 then 0 else 12 end,
               'bhk', (1 + (s % 4))::text,
               'budgetMax', (array[4000000, 8000000, 15000000, 30000000])[1 + (s * 3) % 4],
               'locality', pl.names[1 + (s * 11) % array_length(pl.names, 1)]) else '{}'::jsonb end,
             t, t
      from named, live, cities c, places pl,
           lateral (select live.ids[1 + floor(power(p, 3) * array_length(live.ids, 1))::int] as pid) pick,
           lateral (select now() - ((s * 37) % 90) * interval '1 day' - (s % 1200) * interval '1 minute' + (n % 6) * interval '1 minute' as t) tm`);
    console.log(`events ${last.toLocaleString('en-IN')} of ${eventCount.toLocaleString('en-IN')}`);
  }
  console.log(`generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * The rollups of every stored event, set-wise: the same facts tracking-rollups.repository.ts folds batch by batch
 * (daily counts with exact daily visitors, sessions per day, searches that found nothing, visitor days), computed
 * whole, then the watermark set past them. Each event is read and its visitor digested once (a temporary table);
 * unique visitors are counted in two hash aggregations (per visitor, then per row) rather than count(distinct), which
 * sorts every group and made the PGlite fold of a million events take many minutes.
 */
async function foldAll(database: Database): Promise<void> {
  const { db } = database;
  const folded = await scalar(database, sql`select coalesce((select last_event_id from tracking_rollup_state where name = 'daily'), 0)::text as n`);
  const latest = await scalar(database, sql`select coalesce(max(id), 0)::text as n from tracking_events`);
  if (folded >= latest && (await scalar(database, sql`select count(*)::text as n from tracking_visitor_days`)) > 0) {
    await foldViewerSearches(database, latest);
    await keepWindows(database);
    return;
  }
  const started = performance.now();
  await db.execute(sql`truncate tracking_daily_rollups, tracking_rollup_visitors, tracking_visitor_days, tracking_visitor_last_seen, tracking_window_counts, tracking_window_state, tracking_viewer_searches, tracking_search_contexts`);
  await db.execute(sql`delete from tracking_rollup_state where name = 'viewer-searches'`);
  // One transaction: the temporary table and the memory setting belong to one connection of PostgreSQL's pool.
  await db.transaction(async (tx) => {
    // The aggregations below hash millions of fact rows: with the default 4 MB they spill to temporary files in batches.
    await tx.execute(sql`set local work_mem = '1GB'`);
    const digest = (text: ReturnType<typeof sql>) => sql`('x' || substr(md5(${text}), 1, 16))::bit(64)::bigint`;
    await tx.execute(sql`
      create temporary table bench_fold on commit drop as
      select ((occurred_at at time zone 'UTC') + interval '330 minutes')::date as day, event_name, page_path, project_id, city, device_type,
             traffic_source, nullif(lower(left(btrim(metadata->>'query'), 100)), '') as query,
             case when event_name = 'SEARCH' then metadata end as search,
             ${digest(sql`coalesce(visitor_key, 'session:' || session_id)`)} as visitor, ${digest(sql`'session:' || session_id`)} as session
      from tracking_events`);
    await tx.execute(sql`
      with facts as (
        select b.day, d.dimension, d.key, e.event_name, e.visitor
        from bench_fold b
        cross join lateral (values ('total', ''), ('page', b.page_path), ('project', b.project_id::text), ('city', b.city),
                                   ('source', b.traffic_source), ('device', b.device_type), ('search', b.query)) as d(dimension, key)
        cross join lateral (values (b.event_name, b.visitor), ('*', b.visitor),
                                   (case when d.dimension in ('total', 'city', 'source', 'device') then '#sessions' end, b.session),
                                   (case when b.search->>'resultCount' = '0' and d.dimension in ('total', 'search') then '#zero-results' end, b.visitor)
                           ) as e(event_name, visitor)
        where d.key is not null and e.event_name is not null
      ),
      per_visitor as (select day, dimension, key, event_name, visitor, count(*) as events from facts group by 1, 2, 3, 4, 5)
      insert into tracking_daily_rollups (day, dimension, key, event_name, events, visitors)
      select day, dimension, key, event_name, sum(events), count(visitor) from per_visitor group by 1, 2, 3, 4`);
    await tx.execute(sql`
      insert into tracking_visitor_days (dimension, key, day, visitor)
      select distinct d.dimension, d.key, b.day, b.visitor
      from bench_fold b
      cross join lateral (values
        ('total', ''), ('city', b.city), ('project', case when b.event_name = 'PROJECT_VIEW' then b.project_id::text end)) as d(dimension, key)
      where d.key is not null`);
  });
  await db.execute(sql`insert into tracking_rollup_state (name, last_event_id) values ('daily', (select coalesce(max(id), 0) from tracking_events))
                       on conflict (name) do update set last_event_id = excluded.last_event_id`);
  console.log(`folded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await foldViewerSearches(database, latest);
  await keepWindows(database);
}

/**
 * The viewers' searches (decision 030) by the rollup job's own fold, behind its own watermark: crediting a view to
 * the search before it depends on the order of events, which the set-wise fold above does not follow. Large batches
 * (the job's are paced for the ingest's sake, which the bench has none of).
 */
async function foldViewerSearches(database: Database, upTo: number): Promise<void> {
  const repository = createTrackingRollupsRepository(database.db);
  if ((await repository.viewerSearchesWatermark()) >= upTo) return;
  const started = performance.now();
  for (;;) {
    const batch = await repository.foldViewerSearchesNext(upTo, 20_000);
    if (batch === 'busy' || batch.lastEventId >= upTo) break;
  }
  const rows = await scalar(database, sql`select count(*)::text as n from tracking_viewer_searches`);
  console.log(`viewers' searches folded in ${((performance.now() - started) / 1000).toFixed(0)} s: ${rows.toLocaleString('en-IN')} rows`);
}

/**
 * Decision 019's read model over the folded rollups: when each visitor was last seen (from the visitor days, as
 * migration 0016 backfills it), then the last 7/30/90 days built by the rollup job's own rebuild for today.
 */
async function keepWindows(database: Database): Promise<void> {
  const { db } = database;
  const started = performance.now();
  if ((await scalar(database, sql`select count(*)::text as n from tracking_visitor_last_seen`)) === 0) {
    await db.execute(sql`
      insert into tracking_visitor_last_seen (dimension, key, visitor, last_day)
      select dimension, key, visitor, max(day) from tracking_visitor_days where dimension in ('total', 'city', 'project') group by 1, 2, 3`);
  }
  // Always built afresh, as the job does on a new day: a data folder kept from an older build of the app may hold
  // windows of another day or shape.
  await db.execute(sql`delete from tracking_window_state`);
  await createTrackingRollupsRepository(db).rollWindows(istDay(0));
  console.log(`windows built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Visibility maps and statistics as a database that has been running would have them (PGlite has no autovacuum).
  await db.execute(sql`vacuum analyze`);
}

/**
 * `count` distinct ranges inside the last 90 days (India's days, today included) that no kept window answers: from
 * and to drawn uniformly, so lengths run from one day to 90, except 7, 30 and 90 days ending today (decision 019).
 */
function customRanges(count: number): string[] {
  const ranges = new Set<string>();
  while (ranges.size < count) {
    const [a, b] = [Math.floor(Math.random() * 90), Math.floor(Math.random() * 90)];
    const [from, to] = [-Math.max(a, b), -Math.min(a, b)];
    if (to === 0 && [7, 30, 90].includes(1 - from)) continue;
    ranges.add(`?from=${istDay(from)}&to=${istDay(to)}`);
  }
  return [...ranges];
}

interface Measured {
  name: string;
  path: string;
  result: Result;
  single: Result;
  load: [number, number];
}

/** A request of a route: its path and who sends it. */
interface Call {
  path: string;
  authorization: string;
}

/**
 * One route at `connections` connections, then at one. Several calls (a mix of ranges or brokers) are shuffled once
 * and each connection goes through them in that order from its own random place (bench/analytics-connection.cjs), so
 * concurrent requests are mostly different ones. The app answers identical requests in flight together from one read
 * (decision 037; no cache): the single-URL rows (busiest broker, one range) are that sharing's best case, the mixes
 * are the figures to judge by.
 */
async function measure(name: string, url: string, calls: readonly Call[], label = calls[0]?.path ?? ''): Promise<Measured> {
  const shuffled = [...calls].sort(() => Math.random() - 0.5);
  const requests = shuffled.map(({ path: pathname, authorization }) => ({ path: pathname, headers: { authorization } }));
  const common = { url, requests, workers: 1, timeout: 10, setupClient: connectionModule };
  if (warmup > 0) await autocannon({ ...common, connections, duration: warmup });
  const before = os.loadavg()[0] ?? 0;
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({ ...common, connections, duration });
  const cpuUsed = process.cpuUsage(cpuBefore);
  const single = await autocannon({ ...common, connections: 1, duration: 5 });
  const after = os.loadavg()[0] ?? 0;
  console.log(`${name.padEnd(14)} ${result.requests.average.toFixed(0)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx + result.errors}  (1 connection: mean ${single.latency.average.toFixed(1)} ms)  process CPU ${((cpuUsed.user + cpuUsed.system) / 1000 / Math.max(1, result.requests.total)).toFixed(2)} ms/request (app, PGlite worker, autocannon)  load ${before.toFixed(1)} -> ${after.toFixed(1)}`);
  return { name, path: label, result, single, load: [before, after] };
}

/**
 * Each route's statements, one at a time: the repository's methods are wrapped so that calls the service makes
 * together (Promise.all) run one after another, each timed alone. Prints, per route, each method's calls per request
 * and mean time, and the request's mean when the calls run as the service makes them.
 */
async function profile(database: Database, brokerId: number, rounds: number): Promise<void> {
  const plain = createAnalyticsRepository(database.db);
  const timings = new Map<string, { calls: number; ms: number }>();
  let queue: Promise<unknown> = Promise.resolve();
  const timed = Object.fromEntries(
    Object.entries(plain).map(([name, method]) => [
      name,
      (...args: unknown[]) => {
        const call = queue.then(async () => {
          const started = performance.now();
          try {
            return await (method as (...a: unknown[]) => Promise<unknown>)(...args);
          } finally {
            const seen = timings.get(name) ?? { calls: 0, ms: 0 };
            timings.set(name, { calls: seen.calls + 1, ms: seen.ms + performance.now() - started });
          }
        });
        queue = call.catch(() => undefined);
        return call;
      },
    ]),
  ) as unknown as typeof plain;
  const clock = () => new Date();
  const ownerOf = async () => ({ kind: 'broker' as const, id: brokerId });
  const alone = createAnalyticsService({ repository: timed, clock, ownerOf });
  const together = createAnalyticsService({ repository: plain, clock, ownerOf });
  const principal = { kind: 'broker' as const, id: brokerId };
  const routes: [string, (service: typeof alone) => Promise<unknown>][] = [
    ['overview', (service) => service.overview({})],
    ['overview90', (service) => service.overview({ from: istDay(-89), to: istDay(0) })],
    ['overview-custom', (service) => service.overview({ from: istDay(-40), to: istDay(-10) })],
    ['insights30', (service) => service.brokerInsights(principal, 30)],
    ['insights90', (service) => service.brokerInsights(principal, 90)],
    ['searches30', (service) => service.brokerViewerSearches(principal, 30)],
    ['searches90', (service) => service.brokerViewerSearches(principal, 90)],
  ];
  for (const [name, call] of routes) {
    await call(together);
    timings.clear();
    for (let round = 0; round < rounds; round += 1) await call(alone);
    const took: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      await call(together);
      took.push(performance.now() - started);
    }
    took.sort((a, b) => a - b);
    const mean = took.reduce((total, ms) => total + ms, 0) / rounds;
    const parts = [...timings].map(([method, { calls, ms }]) => `${method} ${(calls / rounds).toFixed(0)}x ${(ms / calls).toFixed(2)}`);
    const sum = [...timings.values()].reduce((total, { ms }) => total + ms, 0) / rounds;
    console.log(
      `${name.padEnd(16)} request mean ${mean.toFixed(2)} / median ${(took[rounds >> 1] ?? 0).toFixed(2)} / min ${(took[0] ?? 0).toFixed(2)} ms (statements one at a time ${sum.toFixed(2)} ms, load ${(os.loadavg()[0] ?? 0).toFixed(1)}): ${parts.join(', ')}`,
    );
  }
}

/**
 * Decision 043's identity check: the overview of `count` random custom ranges (and 7, 30 and 90-day ranges that no
 * kept window ends on) from a service counting the ranked lists in process and one reading them in SQL (the code
 * before 043), alternated range by range on one connection; every answer compared whole. Prints the medians of wall
 * time and of the process's CPU per request.
 */
async function check(database: Database, count: number): Promise<void> {
  const repository = createAnalyticsRepository(database.db);
  const clock = () => new Date();
  const ownerOf = async () => ({ kind: 'broker' as const, id: 0 });
  const counted = createAnalyticsService({ repository, clock, ownerOf });
  const inSql = createAnalyticsService({ repository, clock, ownerOf, countsInProcess: false });
  const started = performance.now();
  await counted.overview({ from: istDay(-1), to: istDay(-1) });
  console.log(`first read of the day counts: ${(performance.now() - started).toFixed(0)} ms`);
  const ranges = [
    ...customRanges(count).map((query) => {
      const found = new URLSearchParams(query);
      return { from: found.get('from') ?? undefined, to: found.get('to') ?? undefined };
    }),
    { from: istDay(-7), to: istDay(-1) },
    { from: istDay(-31), to: istDay(-2) },
    { from: istDay(-90), to: istDay(-1) },
  ];
  const times = { counted: [] as number[], inSql: [] as number[] };
  const cpu = { counted: [] as number[], inSql: [] as number[] };
  let same = 0;
  const differing: string[] = [];
  for (const [index, range] of ranges.entries()) {
    const order = index % 2 === 0 ? (['counted', 'inSql'] as const) : (['inSql', 'counted'] as const);
    const answers: Record<string, unknown> = {};
    for (const which of order) {
      const service = which === 'counted' ? counted : inSql;
      const cpuBefore = process.cpuUsage();
      const at = performance.now();
      answers[which] = await service.overview(range);
      times[which].push(performance.now() - at);
      const used = process.cpuUsage(cpuBefore);
      cpu[which].push((used.user + used.system) / 1000);
    }
    if (JSON.stringify(answers.counted) === JSON.stringify(answers.inSql)) same += 1;
    else differing.push(`${range.from}..${range.to}`);
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1] ?? 0;
  console.log(
    `identical ${same} / ${ranges.length}${differing.length > 0 ? ` (differ: ${differing.join(', ')})` : ''}; median wall ms: in process ${median(times.counted).toFixed(1)}, SQL ${median(times.inSql).toFixed(1)}; median CPU ms of this process: in process ${median(cpu.counted).toFixed(1)}, SQL ${median(cpu.inSql).toFixed(1)} (load ${(os.loadavg()[0] ?? 0).toFixed(1)})`,
  );
}

async function runEngine(engine: Engine): Promise<{ engine: Engine; measured: Measured[]; facts: string }> {
  const database = await openSeeded(engine);
  await generateEvents(database);
  await foldAll(database);
  // The busiest brokers (most listings): the first is the worst case the single-broker rows measure, all of them the mix.
  const busiest = await database.db.execute<{ id: number; listings: string }>(sql`
    select broker_id as id, count(*)::text as listings from projects where broker_id is not null group by broker_id order by count(*) desc, broker_id limit ${MIX_BROKERS}`);
  const broker = { rows: busiest.rows.slice(0, 1) };
  const brokerId = Number(broker.rows[0]?.id);
  const mixBrokers = busiest.rows.map((row) => Number(row.id));
  await database.db.execute(sql`update brokers set approval = 'approved' where id = any(${`{${mixBrokers.join(',')}}`}::int[])`);
  const staffId = await scalar(database, sql`select min(id)::text as n from provider_staff`);
  const events = await scalar(database, sql`select count(*)::text as n from tracking_events`);
  const rollupRows = await scalar(database, sql`select count(*)::text as n from tracking_daily_rollups`);
  const visitorDays = await scalar(database, sql`select count(*)::text as n from tracking_visitor_days`);
  const viewerSearchRows = await scalar(database, sql`select count(*)::text as n from tracking_viewer_searches`);
  const facts = `${events.toLocaleString('en-IN')} events, ${rollupRows.toLocaleString('en-IN')} rollup rows, ${visitorDays.toLocaleString('en-IN')} visitor-day rows, ${viewerSearchRows.toLocaleString('en-IN')} viewers' search rows; broker ${brokerId} has ${broker.rows[0]?.listings} listings`;
  console.log(facts);
  if (values['prepare-only'] || Number(values.profile) > 0 || Number(values.check) > 0) {
    if (Number(values.profile) > 0) await profile(database, brokerId, Number(values.profile));
    if (Number(values.check) > 0) await check(database, Number(values.check));
    await database.close();
    return { engine, measured: [], facts };
  }

  mkdirSync(path.join(dataDir, 'media'), { recursive: true });
  const config = benchAppConfig(dataDir);
  const app = await buildApp({ config, database });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const key = accessTokenKey(config);
  const provider = `Bearer ${await signAccessToken(key, { kind: 'provider', id: staffId }, randomUUID())}`;
  const brokerBearer = `Bearer ${await signAccessToken(key, { kind: 'broker', id: brokerId }, randomUUID())}`;
  const measured: Measured[] = [];
  try {
    const as = (authorization: string) => (pathname: string): Call => ({ path: pathname, authorization });
    const staff = as(provider);
    const busiestBroker = as(brokerBearer);
    const bearers = await Promise.all(mixBrokers.map(async (id) => `Bearer ${await signAccessToken(key, { kind: 'broker', id }, randomUUID())}`));
    const presets = [`?from=${istDay(-6)}&to=${istDay(0)}`, '', `?from=${istDay(-89)}&to=${istDay(0)}`];
    const custom = customRanges(CUSTOM_RANGES);
    const mix = (route: string) => bearers.flatMap((bearer) => [7, 30, 90].map((days) => as(bearer)(`${route}?days=${days}`)));
    const routes: [string, () => Promise<Measured>][] = [
      ['overview', () => measure('overview', url, [staff('/api/admin/analytics/overview')])],
      ['overview90', () => measure('overview90', url, [staff(`/api/admin/analytics/overview${presets[2]}`)])],
      ['overview-mix', () => measure('overview-mix', url, presets.map((query) => staff(`/api/admin/analytics/overview${query}`)), '/api/admin/analytics/overview: last 7, 30, 90 days')],
      ['insights30', () => measure('insights30', url, [busiestBroker('/api/broker/insights?days=30')])],
      ['insights90', () => measure('insights90', url, [busiestBroker('/api/broker/insights?days=90')])],
      ['insights-mix', () => measure('insights-mix', url, mix('/api/broker/insights'), `/api/broker/insights: ${MIX_BROKERS} brokers x 7, 30, 90 days`)],
      ['searches30', () => measure('searches30', url, [busiestBroker('/api/broker/insights/searches?days=30')])],
      ['searches90', () => measure('searches90', url, [busiestBroker('/api/broker/insights/searches?days=90')])],
      ['searches-mix', () => measure('searches-mix', url, mix('/api/broker/insights/searches'), `/api/broker/insights/searches: ${MIX_BROKERS} brokers x 7, 30, 90 days`)],
      [
        'overview-custom',
        async () => {
          // The app's first custom range reads the day counts it keeps (decision 043), once per process: timed apart.
          const started = performance.now();
          const first = await fetch(`${url}/api/admin/analytics/overview${custom[0]}`, { headers: { authorization: provider } });
          console.log(`overview-custom: first request (reads the day counts) ${first.status} in ${(performance.now() - started).toFixed(0)} ms`);
          return measure('overview-custom', url, custom.map((query) => staff(`/api/admin/analytics/overview${query}`)), `/api/admin/analytics/overview: ${CUSTOM_RANGES} random ranges in the last 90 days, none a kept window`);
        },
      ],
    ];
    const only = values.routes === undefined ? undefined : new Set(values.routes.split(','));
    for (const [name, run] of routes) if (only === undefined || only.has(name)) measured.push(await run());
  } finally {
    await app.close();
    await database.close();
  }
  return { engine, measured, facts };
}

async function main(): Promise<void> {
  const engines: Engine[] = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine === 'postgres' ? 'postgres' : 'pglite'];
  const runs = [];
  for (const engine of engines) runs.push(await runEngine(engine));
  const cpus = os.cpus();
  const lines = [
    '# Analytics read benchmark (issue 13)',
    '',
    `Generated by \`npm run analytics -w @nivaas/bench\` on ${new Date().toISOString()}: ${connections} connections, ${duration} s per route after a ${warmup} s warm-up, then 5 s at one connection; public response cache off (signed-in routes are never cached anyway); autocannon in a worker thread of the app's process.`,
    '',
    ...runs.flatMap(({ engine, measured, facts }) => [
      `## ${engine === 'pglite' ? 'Embedded database (PGlite)' : 'PostgreSQL (DATABASE_URL, localhost)'}`,
      '',
      facts,
      '',
      '| route | req/s | p50 ms | p99 ms | max ms | non-2xx | p99 <= 100 ms | 1 connection: mean ms | load avg before / after |',
      '|---|---|---|---|---|---|---|---|---|',
      ...measured.map(({ name, path: pathname, result, single, load }) =>
        `| ${name} \`${pathname}\` | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${result.non2xx + result.errors} | ${result.latency.p99 <= TARGET_P99_MS ? 'met' : '**missed**'} | ${single.latency.average.toFixed(1)} | ${load[0].toFixed(1)} / ${load[1].toFixed(1)} |`,
      ),
      '',
    ]),
    '## Machine',
    '',
    `- CPU: ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} logical cores; memory ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}, ${os.type()} ${os.release()}.`,
    '- Shared with other engineers\' builds and tests: the load average columns say how busy it was. Above the core count the app gets a fraction of a core and p99 grows with the stalls.',
    '',
  ];
  if (!values['no-report'] && !values['prepare-only'] && Number(values.profile) === 0 && Number(values.check) === 0) {
    mkdirSync(path.dirname(reportPath), { recursive: true });
    writeFileSync(reportPath, lines.join('\n'));
    console.log(`report: ${reportPath}`);
  }
}

await main();
