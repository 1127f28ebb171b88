/**
 * Tracking ingestion benchmark (issue 12): 1,000,000 events in batches of 10 from 200 simulated browsers against
 * the real API server, on the embedded database and on PostgreSQL, with a catalogue read load running at the same
 * time, against the same reads with no ingestion.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run tracking -w @nivaas/bench
 *
 * is the whole benchmark: both databases, the public cache off (1,000,000 events at 350 calls/s: under 5 minutes when
 * the server keeps up; --max-seconds 300 ends a run that cannot) and then on (--cache-on-events, 200,000), about 8
 * minutes per database. Options:
 * --engine pglite|postgres|both, --cache off|on|both, --events, --rate, --max-seconds, --burst-events, --cpu-prof.
 *
 * For each engine and public-cache setting:
 * 1. Prepares the database: the default catalogue (seed CLI, no pictures), tracking tables emptied.
 * 2. Starts the API server as its own process (`node --import tsx apps/api/src/server.ts`, production settings,
 *    TRUST_PROXY=loopback so each browser's X-Forwarded-For is its address, a local address -> city table), so the
 *    load generator never shares the server's thread. The rollup job runs in it as in production.
 * 3. Baseline: the catalogue reads alone (listing pages, project details and typeahead searches drawn as visitors
 *    read the catalogue, bench/read-mix.ts, at a fixed rate), from a worker thread of their own
 *    (tracking-reads.mjs), so their clocks never wait for the browsers below. Each phase reads its own stretch of
 *    the mix, so neither replays URLs the other put in the cache.
 * 4. Ingestion: 200 browsers, each with its own session (started through the API), User-Agent, address and
 *    Accept-Encoding: br, gzip, send batches of 10 events at a fixed total rate (each browser has at most one call in
 *    flight, as a real one does); the same catalogue reads run meanwhile. Then a short burst with no pacing measures
 *    the most events/s the server takes.
 * 5. Stops the server (SIGTERM) and checks the database: every acknowledged event stored once, and how far the
 *    rollups had got.
 * Writes bench/reports/tracking.md. Not part of `npm test`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { createDb, type Database } from '@nivaas/db';
import { sql } from '@nivaas/db/orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { benchAppConfig } from './bench-config';
import { buildReadMix, type ReadMix } from './read-mix';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const seedCli = path.join(repoRoot, 'packages/db/src/seed/cli.ts');
const serverEntry = path.join(repoRoot, 'apps/api/src/server.ts');
const reportPath = path.join(benchDir, 'reports/tracking.md');

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    /** Events of the ingestion run with the public cache on, when --cache both (the cache-off run takes --events). */
    'cache-on-events': { type: 'string', default: '200000' },
    browsers: { type: 'string', default: '200' },
    batch: { type: 'string', default: '10' },
    /**
     * Event batches per second over all browsers (each browser: rate / browsers per second). 350 calls/s sends the
     * million events in under 5 minutes, so each database's run (baseline, ingestion, checks) takes about 6.
     */
    rate: { type: 'string', default: '350' },
    /** Events of the unpaced burst after the paced run (0: none). */
    'burst-events': { type: 'string', default: '0' },
    /**
     * The paced ingestion stops after this many seconds even if not every event was sent (a server that cannot take
     * the offered rate, a busy machine), so a database's run stays near 6 minutes; the report says how many went.
     */
    'max-seconds': { type: 'string', default: '300' },
    'read-rate': { type: 'string', default: '20' },
    readers: { type: 'string', default: '4' },
    baseline: { type: 'string', default: '30' },
    projects: { type: 'string', default: '1800' },
    'data-dir': { type: 'string', default: '/tmp/bench-tracking' },
    engine: { type: 'string', default: 'both' },
    /**
     * The public response cache: off (every read runs its queries, the comparison the issue asks for), on (64 MB, the
     * production default), or both (two runs per database, off first).
     */
    cache: { type: 'string', default: 'both' },
    /** Writes a V8 CPU profile of the server and prints its heaviest functions. */
    'cpu-prof': { type: 'boolean', default: false },
    'no-report': { type: 'boolean', default: false },
  },
});
const num = (name: keyof typeof values) => Number(String(values[name]).replaceAll(/[,_]/g, ''));
const TOTAL_EVENTS = num('events');
const CACHE_ON_EVENTS = num('cache-on-events');
const BROWSERS = num('browsers');
const BATCH = num('batch');
const RATE = num('rate');
const BURST_EVENTS = num('burst-events');
const MAX_SECONDS = num('max-seconds');
const READ_RATE = num('read-rate');
const READERS = num('readers');
const BASELINE_S = num('baseline');
const PROJECTS = num('projects');
const dataDir = path.resolve(String(values['data-dir']));

/** Issue 12 targets. */
const TARGET_INGEST_P99_MS = 20;
const TARGET_READ_SLOWDOWN = 1.2;

type Engine = 'pglite' | 'postgres';
const BENCH_DATABASE = 'nivaas_bench_tracking';

const AGENTS = [
  ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36', 'mobile'],
  ['Mozilla/5.0 (Linux; Android 13; Redmi Note 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36', 'mobile'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'mobile'],
  ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'tablet'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'laptop'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'desktop'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'laptop'],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'desktop'],
] as const;
const REFERRERS = ['', '', 'https://www.google.co.in/', 'https://www.google.com/', 'https://l.facebook.com/', 'https://www.magicbricks.com/', 'https://t.co/x'];
const CITIES = ['Bengaluru', 'Mumbai', 'Pune', 'Hyderabad', 'Chennai', 'New Delhi', 'Kolkata', 'Ahmedabad'];
const SEARCHES = ['whitefield', '2 bhk under 80 lakh in whitefield', 'hsr layout', 'villa in sarjapur', '3 bhk hebbal', 'baner', 'andheri west', 'gachibowli 2 bhk'];
const EVENT_MIX = ['PAGE_VIEW', 'PAGE_VIEW', 'PAGE_VIEW', 'PROJECT_VIEW', 'PROJECT_VIEW', 'SEARCH', 'FILTER_APPLIED', 'BUILDER_VIEW', 'PROPERTY_ADDED_IN_WISHLIST', 'COMPARE_ADDED', 'EMI_USED', 'CHAT_OPENED'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Small tools

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

interface Stats {
  count: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

function stats(samples: number[]): Stats {
  const sorted = Float64Array.from(samples).sort();
  const sum = samples.reduce((total, value) => total + value, 0);
  return { count: samples.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1] ?? Number.NaN, mean: samples.length ? sum / samples.length : Number.NaN };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, delay)));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function runNode(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${args[0]} exited with ${code}`))));
  });
}

/** CPU seconds a process has used (user + system), from /proc; NaN where there is no /proc. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One HTTP call on the given keep-alive agent; the body is read in full (compressed bytes are not decoded). */
function call(agent: http.Agent, port: number, method: string, requestPath: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request({ host: '127.0.0.1', port, method, path: requestPath, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The database

async function postgresUrl(): Promise<string> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('--engine postgres needs DATABASE_URL');
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${BENCH_DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

async function openDatabase(engine: Engine, databaseUrl: string | undefined): Promise<Database> {
  return engine === 'postgres' ? createDb({ databaseUrl }) : createDb({ dataDir: path.join(dataDir, 'pglite') });
}

/** The reads' mix, drawn once per data folder (the same URLs on both databases). */
// Sized so the reads while ingesting (about 2,300 listing pages, 2,300 details and 1,150 searches at the default rate;
// at 1,800 projects a visit is mostly one page) do not come round to the URLs the warm-up and the baseline read.
const READ_MIX = { detailDraws: 20_000, searchPrefixes: 3_000, listingVisits: 3_000, maxPage: 20, pageSize: 30 };

async function loadReadMix(database: Database): Promise<ReadMix> {
  const mixPath = path.join(dataDir, 'read-mix.json');
  if (existsSync(mixPath)) return JSON.parse(readFileSync(mixPath, 'utf8')) as ReadMix;
  // A throwaway app in this process answers each visit's first page, so a visit stops at its last page.
  const probe = await buildApp({ config: benchAppConfig(dataDir), database });
  try {
    const mix = await buildReadMix(database, {
      ...READ_MIX,
      lanes: READERS,
      async listingTotal(query) {
        const first = await probe.inject({ method: 'GET', url: `/api/project?${query}&page=1` });
        return first.json<{ pagination?: { total: number } }>().pagination?.total ?? 0;
      },
    });
    writeFileSync(mixPath, JSON.stringify(mix));
    return mix;
  } finally {
    await probe.close();
  }
}

/** The default catalogue, seeded once per engine; tracking tables emptied before every run. Returns the reads' mix. */
async function prepare(engine: Engine, databaseUrl: string | undefined): Promise<ReadMix> {
  let database = await openDatabase(engine, databaseUrl);
  const projects = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from projects`);
  if ((projects.rows[0]?.n ?? 0) !== PROJECTS) {
    await database.close();
    console.log(`${engine}: seeding ${PROJECTS} projects`);
    const target = engine === 'postgres' ? [] : ['--data-dir', dataDir];
    await runNode([seedCli, '--projects', String(PROJECTS), ...target, '--no-images', '--reset'], engine === 'postgres' ? { DATABASE_URL: databaseUrl ?? '' } : { DATABASE_URL: '' });
    database = await openDatabase(engine, databaseUrl);
  }
  try {
    await database.db.execute(sql`truncate tracking_events, tracking_sessions, tracking_daily_rollups, tracking_rollup_visitors, tracking_rollup_state`);
    await database.db.execute(sql`insert into tracking_rollup_state (name, last_event_id) values ('daily', 0)`);
    await database.db.execute(sql`vacuum analyze`);
    return await loadReadMix(database);
  } finally {
    await database.close();
  }
}

interface Stored {
  events: number;
  distinctEvents: number;
  sessions: number;
  watermark: number;
  maxId: number;
  rollupEvents: number;
}

async function storedCounts(engine: Engine, databaseUrl: string | undefined): Promise<Stored> {
  const database = await openDatabase(engine, databaseUrl);
  try {
    const result = await database.db.execute<{ events: string; distinct_events: string; sessions: string; watermark: string | null; max_id: string | null; rollup_events: string | null }>(sql`
      select (select count(*) from tracking_events)::text as events,
             (select count(distinct event_id) from tracking_events)::text as distinct_events,
             (select count(*) from tracking_sessions)::text as sessions,
             (select last_event_id from tracking_rollup_state where name = 'daily')::text as watermark,
             (select max(id) from tracking_events)::text as max_id,
             (select sum(events) from tracking_daily_rollups where dimension = 'total' and event_name = '*')::text as rollup_events`);
    const row = result.rows[0];
    return {
      events: Number(row?.events ?? 0),
      distinctEvents: Number(row?.distinct_events ?? 0),
      sessions: Number(row?.sessions ?? 0),
      watermark: Number(row?.watermark ?? 0),
      maxId: Number(row?.max_id ?? 0),
      rollupEvents: Number(row?.rollup_events ?? 0),
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The server

interface Server {
  port: number;
  child: ChildProcess;
  stop(): Promise<number | null>;
}

function ipCityTable(): string {
  const file = path.join(dataDir, 'ip-city.csv');
  const lines = ['# bench table: 49.x.y.0/24 blocks spread over cities'];
  for (let x = 0; x < 64; x += 1) for (let y = 0; y < 256; y += 16) lines.push(`49.${32 + x}.${y}.0/20,${CITIES[(x + y) % CITIES.length]}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function startServer(engine: Engine, databaseUrl: string | undefined, cache: boolean, profileDir: string | undefined): Promise<Server> {
  const port = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_ORIGIN: 'http://127.0.0.1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_ON_START: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    DASHBOARD_DIST_DIR: path.join(dataDir, 'no-dashboard-build'),
    PUBLIC_CACHE_MB: cache ? '64' : '0',
    // README: the proxies' addresses are the safest setting; here the "proxy" is the bench on loopback.
    TRUST_PROXY: 'loopback',
    TRACKING_IP_CITY_TABLE: ipCityTable(),
    DATABASE_URL: engine === 'postgres' ? (databaseUrl ?? '') : '',
  };
  const nodeArgs = ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), serverEntry];
  const child = spawn(process.execPath, nodeArgs, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const agent = new http.Agent({ keepAlive: false });
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const answer = await call(agent, port, 'GET', '/api/ready', {});
      if (answer.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (attempt > 600) throw new Error('the server did not become ready in 60 s');
    await sleep(100);
  }
  return {
    port,
    child,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The heaviest functions of a V8 CPU profile, by self time. */
function profileSummary(profileDir: string): string[] {
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return ['(no profile written)'];
  interface ProfileNode {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    const where = frame ? `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(repoRoot, '')}:${frame.lineNumber + 1}` : '?';
    self.set(where, (self.get(where) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([where, micros]) => `${((micros / total) * 100).toFixed(1).padStart(5)} %  ${where}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Load

interface ReadSample {
  kind: 'listing' | 'detail' | 'search';
  ms: number;
}

/**
 * Catalogue reads at a fixed rate from a few readers, until `until()` says stop. They run in a worker thread of
 * their own (tracking-reads.mjs): timed on this thread, a read's answer waited behind the simulated browsers' work.
 */
async function readLoad(port: number, mix: ReadMix, start: number, until: () => boolean): Promise<{ samples: ReadSample[]; errors: number }> {
  const worker = new Worker(path.join(benchDir, 'tracking-reads.mjs'), {
    workerData: { port, mix: { listing: mix.listing, detail: mix.detail, search: mix.search }, start, readers: READERS, readRate: READ_RATE, agents: AGENTS.map(([agent]) => agent) },
  });
  const finished = new Promise<{ samples: ReadSample[]; errors: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the readers' thread exited (code ${code}) before answering`)));
  });
  const watch = setInterval(() => {
    if (!until()) return;
    clearInterval(watch);
    worker.postMessage('stop');
  }, 50);
  try {
    return await finished;
  } finally {
    clearInterval(watch);
    await worker.terminate();
  }
}

interface IngestResult {
  /** Events planned. */
  events: number;
  /** Events sent before the time budget ran out (all of them unless it did). */
  sent: number;
  acknowledged: number;
  duplicates: number;
  seconds: number;
  latencies: number[];
  failures: Map<string, number>;
  sessionStarts: Stats;
}

/**
 * `events` events from BROWSERS browsers in batches of BATCH. Paced at `rate` batches per second over all browsers
 * (0: as fast as answers come back); a browser never has more than one call in flight.
 */
async function ingest(port: number, events: number, rate: number, maxSeconds = Number.POSITIVE_INFINITY): Promise<IngestResult> {
  const failures = new Map<string, number>();
  const fail = (reason: string) => failures.set(reason, (failures.get(reason) ?? 0) + 1);
  const latencies: number[] = [];
  const sessionLatencies: number[] = [];
  let batchesLeft = Math.ceil(events / BATCH);
  let acknowledged = 0;
  let duplicates = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;
  const interval = rate > 0 ? (1000 * BROWSERS) / rate : 0;

  const browser = async (index: number) => {
    const [agentString, device] = AGENTS[index % AGENTS.length] ?? AGENTS[0];
    const address = `49.${32 + (index % 64)}.${(index * 7) % 256}.${1 + (index % 250)}`;
    const headers = { 'accept-encoding': 'br, gzip', 'user-agent': agentString, 'x-forwarded-for': address };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const consent = index % 5 === 0 ? 'essential' : 'analytics';
    const start = await call(agent, port, 'POST', '/api/track/session/start', { ...headers, 'content-type': 'application/json' }, JSON.stringify({
      entry_page: '/',
      consent,
      device: { id: randomUUID(), type: device },
      traffic_source: { referrer: REFERRERS[index % REFERRERS.length] },
      selectedCity: CITIES[index % CITIES.length],
    })).catch(() => undefined);
    sessionLatencies.push(start?.ms ?? Number.NaN);
    let sessionId: string | undefined;
    if (start?.status === 201) sessionId = (JSON.parse(start.body) as { sessionId?: string }).sessionId;
    else fail(`session start ${start?.status ?? 'network error'}`);

    let next = performance.now() + (interval * index) / BROWSERS;
    for (let n = 0; batchesLeft > 0; n += 1) {
      batchesLeft -= 1;
      if (interval > 0) {
        await sleep(next - performance.now());
        // Behind schedule (a slow answer): carry on from now rather than bursting to catch up.
        next = Math.max(next + interval, performance.now());
      }
      if (performance.now() > deadline) break;
      sent += BATCH;
      const at = new Date().toISOString();
      const batch = Array.from({ length: BATCH }, (_, k) => {
        const name = EVENT_MIX[(n * BATCH + k + index) % EVENT_MIX.length] ?? 'PAGE_VIEW';
        const projectId = 1 + ((n + k + index) % 1500);
        const metadata: Record<string, string | number> =
          name === 'SEARCH' ? { query: SEARCHES[(n + k) % SEARCHES.length] ?? 'x', resultCount: 12 } : name === 'PAGE_VIEW' ? {} : { projectId };
        return { id: randomUUID(), event_name: name, at, page: name === 'PROJECT_VIEW' ? `/project/${projectId}` : `/page/${(n + k) % 40}`, metadata };
      });
      // One call in ten is the final beacon's shape: text/plain.
      const beacon = n % 10 === 9;
      const body = JSON.stringify({ sessionId, consent, events: batch });
      try {
        const answer = await call(agent, port, 'POST', '/api/track/event', { ...headers, 'content-type': beacon ? 'text/plain;charset=UTF-8' : 'application/json' }, body);
        latencies.push(answer.ms);
        if (answer.status === 202) {
          const outcome = JSON.parse(answer.body) as { stored: number; duplicates: number };
          acknowledged += outcome.stored;
          duplicates += outcome.duplicates;
        } else {
          fail(`event batch ${answer.status}`);
        }
      } catch (error) {
        fail(`event batch ${(error as Error).message}`);
      }
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: BROWSERS }, (_, index) => browser(index)));
  return { events, sent, acknowledged, duplicates, seconds: (performance.now() - started) / 1000, latencies, failures, sessionStarts: stats(sessionLatencies) };
}

// ---------------------------------------------------------------------------------------------------------------
// One run: one engine, one cache setting

interface ReadStats {
  all: Stats;
  listing: Stats;
  detail: Stats;
  search: Stats;
  errors: number;
}

function readStats({ samples, errors }: { samples: ReadSample[]; errors: number }): ReadStats {
  const of = (kind?: ReadSample['kind']) => stats(samples.filter((sample) => kind === undefined || sample.kind === kind).map((sample) => sample.ms));
  return { all: of(), listing: of('listing'), detail: of('detail'), search: of('search'), errors };
}

interface Run {
  engine: Engine;
  cache: boolean;
  baseline: ReadStats;
  paced: IngestResult;
  pacedIngest: Stats;
  pacedReads: ReadStats;
  burst: { result: IngestResult; ingest: Stats } | undefined;
  stored: Stored;
  serverCpu: { baseline: number; paced: number; burst: number };
  load: { baseline: [number, number]; paced: [number, number]; burst: [number, number] };
  exitCode: number | null;
  profile: string[] | undefined;
}

async function runOnce(engine: Engine, cache: boolean, databaseUrl: string | undefined, events: number): Promise<Run> {
  const mix = await prepare(engine, databaseUrl);
  const profileDir = values['cpu-prof'] ? path.join(dataDir, `profile-${engine}-${cache ? 'on' : 'off'}-${Date.now()}`) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const server = await startServer(engine, databaseUrl, cache, profileDir);
  const pid = server.child.pid;
  const label = `${engine}, cache ${cache ? 'on' : 'off'}`;
  try {
    // Warm-up: every read URL once or twice, so the cache-on figures are the cache's and plans are made.
    let warm = true;
    setTimeout(() => (warm = false), 5_000);
    // Each phase starts at its own place in the mix: the warm-up, the baseline and the reads while ingesting.
    await readLoad(server.port, mix, 0, () => !warm);

    let load0 = os.loadavg()[0] ?? 0;
    let cpu0 = cpuSeconds(pid);
    let done = false;
    setTimeout(() => (done = true), BASELINE_S * 1000);
    const baseline = readStats(await readLoad(server.port, mix, 200, () => done));
    const baselineCpu = cpuSeconds(pid) - cpu0;
    const baselineLoad: [number, number] = [load0, os.loadavg()[0] ?? 0];
    console.log(`${label}: reads alone p50 ${ms(baseline.all.p50)} ms, p99 ${ms(baseline.all.p99)} ms (${baseline.all.count} reads, load ${baselineLoad[0].toFixed(1)} -> ${baselineLoad[1].toFixed(1)})`);

    load0 = os.loadavg()[0] ?? 0;
    cpu0 = cpuSeconds(pid);
    let ingesting = true;
    const progress = setInterval(() => console.log(`${label}: ingesting... load ${(os.loadavg()[0] ?? 0).toFixed(1)}`), 30_000);
    const readsDuring = readLoad(server.port, mix, 1_000, () => !ingesting);
    const paced = await ingest(server.port, events, RATE, MAX_SECONDS).finally(() => {
      ingesting = false;
      clearInterval(progress);
    });
    const pacedReads = readStats(await readsDuring);
    const pacedCpu = cpuSeconds(pid) - cpu0;
    const pacedLoad: [number, number] = [load0, os.loadavg()[0] ?? 0];
    const pacedIngest = stats(paced.latencies);
    console.log(
      `${label}: ${paced.acknowledged} events in ${paced.seconds.toFixed(0)} s (${(paced.acknowledged / paced.seconds).toFixed(0)} events/s), ingest p50 ${ms(pacedIngest.p50)} p99 ${ms(pacedIngest.p99)} ms; reads p99 ${ms(pacedReads.all.p99)} ms (alone ${ms(baseline.all.p99)})`,
    );

    let burst: Run['burst'];
    let burstCpu = Number.NaN;
    let burstLoad: [number, number] = [Number.NaN, Number.NaN];
    if (BURST_EVENTS > 0) {
      load0 = os.loadavg()[0] ?? 0;
      cpu0 = cpuSeconds(pid);
      const result = await ingest(server.port, BURST_EVENTS, 0);
      burstCpu = cpuSeconds(pid) - cpu0;
      burstLoad = [load0, os.loadavg()[0] ?? 0];
      burst = { result, ingest: stats(result.latencies) };
      console.log(`${label}: unpaced burst ${result.acknowledged} events in ${result.seconds.toFixed(1)} s (${(result.acknowledged / result.seconds).toFixed(0)} events/s), p99 ${ms(burst.ingest.p99)} ms`);
    }
    // The rollup job's next run or two, so the check below sees where it settles.
    await sleep(6_000);
    const exitCode = await server.stop();
    const stored = await storedCounts(engine, databaseUrl);
    const profile = profileDir ? profileSummary(profileDir) : undefined;
    if (profile) console.log(profile.join('\n'));
    return {
      engine,
      cache,
      baseline,
      paced,
      pacedIngest,
      pacedReads,
      burst,
      stored,
      serverCpu: { baseline: baselineCpu, paced: pacedCpu, burst: burstCpu },
      load: { baseline: baselineLoad, paced: pacedLoad, burst: burstLoad },
      exitCode,
      profile,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Report

const ENGINE_TITLES: Record<Engine, string> = { pglite: 'Embedded database (PGlite)', postgres: 'PostgreSQL (DATABASE_URL, localhost)' };

function verdict(ok: boolean): string {
  return ok ? 'met' : '**missed**';
}

function section(run: Run): string[] {
  const { baseline, pacedReads, pacedIngest, paced, burst, stored } = run;
  const eventsPerSecond = paced.acknowledged / paced.seconds;
  const slowdown = pacedReads.all.p99 / baseline.all.p99;
  const readRow = (name: string, alone: Stats, during: Stats) =>
    `| ${name} | ${alone.count} | ${ms(alone.p50)} | ${ms(alone.p99)} | ${ms(alone.max)} | ${during.count} | ${ms(during.p50)} | ${ms(during.p99)} | ${ms(during.max)} | ${(during.p99 / alone.p99).toFixed(2)} |`;
  const failures = [...paced.failures.entries(), ...(burst ? [...burst.result.failures.entries()] : [])];
  const sent = paced.sent + (burst?.result.sent ?? 0);
  const acknowledged = paced.acknowledged + (burst?.result.acknowledged ?? 0);
  return [
    `## ${ENGINE_TITLES[run.engine]}, public response cache ${run.cache ? 'on (64 MB, the default)' : 'off (`PUBLIC_CACHE_MB=0`)'}`,
    '',
    `Paced ingestion: ${paced.acknowledged.toLocaleString('en-IN')} events acknowledged of ${paced.sent.toLocaleString('en-IN')} sent, in ${(paced.sent / BATCH).toLocaleString('en-IN')} calls of ${BATCH}, ` +
      (paced.sent < paced.events ? `**the ${MAX_SECONDS} s budget ended the run before all ${paced.events.toLocaleString('en-IN')} events were sent**, ` : '') +
      `from ${BROWSERS} browsers at ${RATE} calls/s offered, in ${paced.seconds.toFixed(0)} s: **${eventsPerSecond.toFixed(0)} events/s**. Session starts: ${BROWSERS}, p99 ${ms(paced.sessionStarts.p99)} ms.`,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| ingest call p50 / p99 / max (paced) | ${ms(pacedIngest.p50)} / **${ms(pacedIngest.p99)}** / ${ms(pacedIngest.max)} ms | p99 <= ${TARGET_INGEST_P99_MS} ms: ${verdict(pacedIngest.p99 <= TARGET_INGEST_P99_MS)} |`,
    `| catalogue read p99 alone / while ingesting | ${ms(baseline.all.p99)} / **${ms(pacedReads.all.p99)}** ms (x ${slowdown.toFixed(2)}) | at most x ${TARGET_READ_SLOWDOWN}: ${verdict(slowdown <= TARGET_READ_SLOWDOWN)} |`,
    burst
      ? `| unpaced burst (every browser sends as soon as its last call is answered) | ${burst.result.acknowledged.toLocaleString('en-IN')} events in ${burst.result.seconds.toFixed(1)} s: **${(burst.result.acknowledged / burst.result.seconds).toFixed(0)} events/s**, call p50 / p99 ${ms(burst.ingest.p50)} / ${ms(burst.ingest.p99)} ms | capacity, no target |`
      : '| unpaced burst | not run | |',
    `| stored after the run | ${stored.events.toLocaleString('en-IN')} rows, ${stored.distinctEvents.toLocaleString('en-IN')} distinct event ids, for ${acknowledged.toLocaleString('en-IN')} acknowledged of ${sent.toLocaleString('en-IN')} sent; ${stored.sessions} sessions | every acknowledged event stored once: ${verdict(stored.events === acknowledged && stored.distinctEvents === acknowledged)} |`,
    `| rollups 6 s after the last call | watermark ${stored.watermark.toLocaleString('en-IN')} of max id ${stored.maxId.toLocaleString('en-IN')}; ${stored.rollupEvents.toLocaleString('en-IN')} events counted in the daily totals | |`,
    `| failed calls | ${failures.length === 0 ? 'none' : failures.map(([reason, count]) => `${reason}: ${count}`).join(', ')} | |`,
    `| server CPU (one process) | baseline ${(run.serverCpu.baseline / BASELINE_S).toFixed(2)} cores; paced ${(run.serverCpu.paced / paced.seconds).toFixed(2)} cores${burst ? `; burst ${(run.serverCpu.burst / burst.result.seconds).toFixed(2)} cores` : ''} | |`,
    `| machine load average (1 min) before / after | baseline ${run.load.baseline[0].toFixed(1)} / ${run.load.baseline[1].toFixed(1)}; paced ${run.load.paced[0].toFixed(1)} / ${run.load.paced[1].toFixed(1)}${burst ? `; burst ${run.load.burst[0].toFixed(1)} / ${run.load.burst[1].toFixed(1)}` : ''} | ${os.cpus().length} cores |`,
    `| server exit after SIGTERM | code ${run.exitCode} | |`,
    '',
    `Catalogue reads (${READ_RATE} reads/s from ${READERS} readers: 40 % listing pages, 40 % project details, 20 % typeahead searches, drawn as in bench/read-mix.ts; Accept-Encoding: br, gzip), in ms:`,
    '',
    '| reads | alone: n | p50 | p99 | max | while ingesting: n | p50 | p99 | max | p99 ratio |',
    '|---|---|---|---|---|---|---|---|---|---|',
    readRow('all', baseline.all, pacedReads.all),
    readRow('listing', baseline.listing, pacedReads.listing),
    readRow('detail', baseline.detail, pacedReads.detail),
    readRow('search', baseline.search, pacedReads.search),
    '',
    ...(run.profile ? ['Server CPU profile over the whole run, heaviest functions by self time:', '', '```', ...run.profile, '```', ''] : []),
  ];
}

/** The one command the report asks for: both databases, the defaults above. */
const REPRODUCE = 'DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run tracking -w @nivaas/bench';

/** How this run was started, with the PostgreSQL address's password (if any) left out. */
function commandLine(): string {
  const url = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;
  if (url) url.password = url.password ? '***' : '';
  const args = process.argv.slice(2).join(' ');
  return `${url ? `DATABASE_URL=${url.toString()} ` : ''}npm run tracking -w @nivaas/bench${args ? ` -- ${args}` : ''}`;
}

function report(runs: Run[], notes: string[], analysis: string[]): string {
  return [
    '# Tracking ingestion benchmark (issue 12)',
    '',
    'Re-run on a quiet machine with one command from the repository root (a local PostgreSQL for the second database;',
    'about 8 minutes per database, cache off then on, plus the first seeding of each):',
    '',
    '```sh',
    REPRODUCE,
    '```',
    '',
    `This report: \`${commandLine()}\` on ${new Date().toISOString()}. ${BROWSERS} simulated browsers, each with its own`,
    `session, User-Agent and address (X-Forwarded-For, TRUST_PROXY=loopback), batches of ${BATCH} events (one in ten as a text/plain beacon body),`,
    `against the API server in its own process (production settings, ${PROJECTS.toLocaleString('en-IN')} projects, the rollup job running), while`,
    `${READ_RATE} catalogue reads/s run; the same reads alone first (${BASELINE_S} s) for comparison.`,
    '',
    ...runs.flatMap(section),
    ...analysis,
    '## Machine and method',
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
}

/** Kept from a previous report: the hand-written analysis between the last run section and the machine notes. */
function keptAnalysis(): string[] {
  if (!existsSync(reportPath)) return [];
  const text = readFileSync(reportPath, 'utf8');
  const start = text.indexOf('\n## Reading the figures');
  const end = text.indexOf('\n## Machine and method');
  return start >= 0 && end > start ? text.slice(start + 1, end).split('\n') : [];
}

async function main(): Promise<void> {
  const engines: Engine[] = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine === 'postgres' ? 'postgres' : 'pglite'];
  const caches = values.cache === 'both' ? [false, true] : [values.cache === 'on'];
  mkdirSync(dataDir, { recursive: true });
  const runs: Run[] = [];
  for (const engine of engines) {
    const databaseUrl = engine === 'postgres' ? await postgresUrl() : undefined;
    for (const cache of caches) {
      runs.push(await runOnce(engine, cache, databaseUrl, cache && values.cache === 'both' ? CACHE_ON_EVENTS : TOTAL_EVENTS));
      // After every run, so a long session that fails later still leaves what it measured.
      writeReport(runs);
    }
  }
  rmSync(path.join(dataDir, 'ip-city.csv'), { force: true });
}

function writeReport(runs: Run[]): void {
  const cpus = os.cpus();
  const notes = [
    `CPU: ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} logical cores; memory ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}, ${os.type()} ${os.release()}.`,
    'The load generator (this script: 200 browsers on keep-alive connections, node:http) runs in its own process beside the server; on PostgreSQL the database server is on the same machine. Everything shares the same cores.',
    'The machine is shared with other work (other engineers\' builds, tests and servers); the load-average rows say how busy it was. With the load average above the core count, every process gets a fraction of a core and stalls while descheduled, which shows in p99 and max.',
    'Ingest latency is measured by the client from sending the request to the last byte of the 202, which is sent only after the batch has committed.',
    'Pacing: each browser sends its next batch at its own fixed interval (browsers x 1000 / rate ms) and never has two calls in flight; when an answer comes late it continues from then rather than bursting.',
  ];
  if (!values['no-report']) {
    writeFileSync(reportPath, report(runs, notes, keptAnalysis()));
    console.log(`wrote ${path.relative(repoRoot, reportPath)}`);
  }
}

await main();
