/**
 * Catalogue read benchmark (issue 16): the public listing, detail and search endpoints of the real API at 100,000
 * projects, taken the way visitors take them, next to a bare Fastify route in the same run.
 *
 *   npm run catalogue -w @nivaas/bench [-- --projects 100000 --data-dir /tmp/bench-read-100k --duration 10 --connections 10]
 *   DATABASE_URL=postgres://... npm run catalogue -w @nivaas/bench -- --engine both   (adds the same run on PostgreSQL)
 *
 * The mix (built once per data folder into `<data-dir>/catalogue-mix.json`; --remix builds it again):
 * - detail: ids drawn Zipf-like (s = 1) from every public project, rank to id by a fixed shuffle, so a few
 *   projects are read often and most of the 100,000 now and then;
 * - search: 5,000 distinct prefixes as a typeahead sends them, from real project, locality and builder names,
 *   2 letters and up, each name extended letter by letter;
 * - listing: results-page visits (spec §2 /property-detail-page): a locality (a suggestion's locationId) or the
 *   free text of a name, with the refinements the results page offers (budget, BHK, property type, transaction,
 *   possession, sort), paged 1, 2, 3... up to 20 while pages remain (spec §4: a short page ends it).
 * Every request says `Accept-Encoding: br, gzip`, as a browser does. Ten connections walk ten interleaved visitor
 * streams (bench/catalogue-stream.cjs), so consecutive requests of one connection belong to one visitor.
 *
 * Steps: seed the data folder (or schema) unless it holds exactly that many projects; VACUUM ANALYZE (PGlite runs
 * no autovacuum); for cache off and on: start the app (buildApp, as server.ts does) and a bare Fastify instance in
 * this process, autocannon in a worker thread, a warm-up on another part of each stream, `duration` seconds at
 * `connections` connections, then a few seconds at one connection (service time). Writes bench/reports/catalogue.md.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb, type Database } from '@nivaas/db';
import { sql } from '@nivaas/db/orm';
import autocannon, { type Request, type Result } from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createLogger } from '../apps/api/src/logger';
import { createModules } from '../apps/api/src/modules';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const seedCli = path.join(repoRoot, 'packages/db/src/seed/cli.ts');
const streamModule = path.join(benchDir, 'catalogue-stream.cjs');
const reportPath = path.join(benchDir, 'reports/catalogue.md');

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '100000' },
    'data-dir': { type: 'string', default: '/tmp/bench-read-100k' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    single: { type: 'string', default: '3' },
    only: { type: 'string' },
    /** pglite, postgres (DATABASE_URL, schema bench_catalogue), or both. */
    engine: { type: 'string', default: 'pglite' },
    /** off (every request computed: the issue's targets), on (the product's default), or both, off first. */
    cache: { type: 'string', default: 'both' },
    remix: { type: 'boolean', default: false },
    'no-report': { type: 'boolean', default: false },
    /** Written at the top of the report (what code was measured, e.g. "before: 7903998"). */
    label: { type: 'string', default: '' },
  },
});
const projects = Number(values.projects);
const dataDir = path.resolve(values['data-dir']);
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);
const singleSeconds = Number(values.single);
const mixPath = path.join(dataDir, 'catalogue-mix.json');

type Engine = 'pglite' | 'postgres';
type Kind = 'listing' | 'detail' | 'search';

/** Issue 16 acceptance: p99 with the cache OFF, 100,000 projects, 10 connections. */
const TARGET_P99_MS: Record<Engine, Record<Kind, number>> = {
  pglite: { search: 30, listing: 30, detail: 15 },
  postgres: { search: 15, listing: 20, detail: 10 },
};

const ACCEPT_ENCODING = 'br, gzip';
const PAGE_SIZE = 30;
const SEARCH_PREFIXES = 5_000;
const DETAIL_DRAWS = 60_000;
const LISTING_VISITS = 1_500;
const MAX_PAGE = 20;
const LAKH = 100_000;
const BUDGETS = [20, 30, 40, 50, 60, 75, 90, 100, 150, 200, 300, 500, 1000].map((lakhs) => lakhs * LAKH);
const PROPERTY_TYPES = ['apartment', 'villa', 'plot', 'residentialhouse', 'pent house', 'studio'];

/** A small seeded PRNG (mulberry32), so the mix is the same on every run and both engines. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', command, ...args], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

async function projectCount(database: Database): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from projects`);
  return result.rows[0]?.n ?? 0;
}

/** Where the PostgreSQL run keeps its catalogue: a schema of its own, kept between runs like the PGlite folder. */
const POSTGRES_SCHEMA = 'bench_catalogue';

/** Opens the bench database, seeding it first if it is missing or holds another catalogue size. */
async function openSeeded(engine: Engine): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  if (engine === 'postgres' && !databaseUrl) throw new Error('--engine postgres needs DATABASE_URL');
  const pgliteDir = path.join(dataDir, 'pglite');
  const open = () => (engine === 'postgres' ? createDb({ databaseUrl, searchPath: POSTGRES_SCHEMA }) : createDb({ dataDir: pgliteDir }));
  if (engine === 'postgres' || existsSync(pgliteDir)) {
    const database = await open();
    const found = await projectCount(database);
    if (found === projects) return database;
    await database.close();
    console.log(`${engine} holds ${found} projects, not ${projects}: reseeding`);
  }
  const target = engine === 'postgres' ? ['--schema', POSTGRES_SCHEMA] : ['--data-dir', dataDir];
  await run(seedCli, ['--projects', String(projects), ...target, '--no-images', '--reset'], engine === 'postgres' ? {} : { DATABASE_URL: '' });
  return open();
}

interface Mix {
  detail: string[];
  search: string[];
  listing: string[];
  /** How the mix was drawn, for the report. */
  notes: string[];
}

/** Lays visitor streams side by side, `lanes` at a time, so consecutive URLs belong to different visitors. */
function interleave(streams: string[][], lanes: number): string[] {
  const out: string[] = [];
  const queue = [...streams];
  const active: string[][] = [];
  while (queue.length > 0 || active.length > 0) {
    while (active.length < lanes && queue.length > 0) active.push([...(queue.shift() ?? [])]);
    for (let lane = active.length - 1; lane >= 0; lane -= 1) {
      const next = active[lane]?.shift();
      if (next !== undefined) out.push(next);
      if (active[lane]?.length === 0) active.splice(lane, 1);
    }
  }
  return out;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/**
 * Draws the mix from the seeded catalogue. Listing visits are paged only while pages remain, which is asked of a
 * throwaway app (cache off) so the measured app's count labels start cold.
 */
async function buildMix(database: Database): Promise<Mix> {
  const random = prng(16);
  const { db } = database;

  // detail: Zipf over every public project, rank -> id by md5 order (a fixed shuffle unrelated to id).
  const ids = (await db.execute<{ id: number }>(sql`select id from projects where status = 'active' and approval = 'approved' order by md5(id::text)`)).rows.map((row) => row.id);
  const weights = ids.map((_, rank) => 1 / (rank + 1));
  const cumulative: number[] = [];
  weights.reduce((sum, weight, index) => (cumulative[index] = sum + weight), 0);
  const totalWeight = cumulative[cumulative.length - 1] ?? 1;
  const draw = () => {
    const target = random() * totalWeight;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return ids[low] as number;
  };
  const detail = Array.from({ length: DETAIL_DRAWS }, () => `/api/project/${draw()}`);
  const distinctDetail = new Set(detail).size;

  // search: real names, prefixes of 2+ letters extended one letter at a time; a trailing space is what the
  // typeahead trims away, so it adds no request.
  const names = async (query: ReturnType<typeof sql>) => (await db.execute<{ name: string }>(query)).rows.map((row) => row.name);
  const projectNames = await names(sql`select name from projects where status = 'active' and approval = 'approved' order by md5(name || id::text) limit 3000`);
  const localityNames = await names(sql`select name from locations where status = 'active'`);
  const builderNames = await names(sql`select name from builders where status = 'active' and approval = 'approved'`);
  const sources = shuffle([...projectNames.slice(0, 1200).map((name) => ({ name, kind: 'project' })), ...localityNames.map((name) => ({ name, kind: 'locality' })), ...builderNames.map((name) => ({ name, kind: 'builder' }))], random);
  const seen = new Set<string>();
  const typed: string[][] = [];
  const kinds: Record<string, number> = { project: 0, locality: 0, builder: 0 };
  for (const { name, kind } of sources) {
    if (seen.size >= SEARCH_PREFIXES) break;
    const lower = name.toLowerCase();
    const stream: string[] = [];
    for (let length = 2; length <= lower.length && seen.size < SEARCH_PREFIXES; length += 1) {
      const prefix = lower.slice(0, length);
      if (prefix.endsWith(' ') || seen.has(prefix)) continue;
      seen.add(prefix);
      stream.push(`/api/project/search?query=${encodeURIComponent(prefix)}`);
    }
    if (stream.length > 0) {
      typed.push(stream);
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
  }

  // listing: results-page visits. Where: a locality (a location suggestion) or a name's free text.
  const localities = (await db.execute<{ id: number; name: string }>(sql`select id, name from locations where status = 'active' order by id`)).rows;
  const visits: URLSearchParams[] = [];
  for (let visit = 0; visit < LISTING_VISITS; visit += 1) {
    const params = new URLSearchParams({ status: 'active', approval: 'approved' });
    const where = random();
    if (where < 0.6) params.set('locationId', String(pick(localities, random).id));
    else if (where < 0.8) params.set('search', pick(localities, random).name.toLowerCase());
    else if (where < 0.9) params.set('search', pick(builderNames, random).toLowerCase());
    else params.set('search', `${1 + Math.floor(random() * 4)} bhk in ${pick(localities, random).name.toLowerCase()}`);
    if (random() < 0.4) {
      const low = Math.floor(random() * (BUDGETS.length - 1));
      const high = low + 1 + Math.floor(random() * (BUDGETS.length - 1 - low));
      if (random() < 0.7) params.set('minPrice', String(BUDGETS[low]));
      params.set('maxPrice', String(BUDGETS[high]));
    }
    if (random() < 0.35) {
      const bhk = [1, 2, 3, 4, 5].filter(() => random() < 0.4);
      if (bhk.length > 0) params.set('bhk', bhk.flatMap((n) => (n === 5 ? [5, 6, 7, 8, 9, 10] : [n])).join(','));
    }
    if (random() < 0.25) params.set('propertyType', PROPERTY_TYPES.filter(() => random() < 0.35).join(',') || 'apartment');
    if (random() < 0.15) params.set('transaction', random() < 0.5 ? 'New Booking' : 'Resale');
    if (random() < 0.15) params.set('possession', pick(['ready', 'under-construction', 'upcoming'], random));
    params.set('sort', random() < 0.7 ? 'price_asc' : 'price_desc');
    params.set('limit', String(PAGE_SIZE));
    visits.push(params);
  }
  // How deep each visit scrolls: mostly the first pages, some to the 20th; never past the last page.
  const config = benchConfig(false);
  const probe = await buildApp({ config, database });
  const paged: string[][] = [];
  let pagesTotal = 0;
  try {
    for (const params of visits) {
      const first = await probe.inject({ method: 'GET', url: `/api/project?${params}&page=1` });
      const total = first.json<{ pagination?: { total: number } }>().pagination?.total ?? 0;
      const pages = Math.min(MAX_PAGE, Math.max(1, Math.ceil(total / PAGE_SIZE)));
      const wanted = 1 + Math.floor(random() ** 2 * MAX_PAGE);
      const depth = Math.min(pages, wanted);
      pagesTotal += depth;
      paged.push(Array.from({ length: depth }, (_, index) => `/api/project?${params}&page=${index + 1}`));
    }
  } finally {
    await probe.close();
  }
  const deepest = Math.max(...paged.map((stream) => stream.length));

  return {
    detail,
    search: interleave(typed, connections),
    listing: interleave(paged, connections),
    notes: [
      `detail: ${DETAIL_DRAWS.toLocaleString('en-IN')} draws, Zipf s = 1 over ${ids.length.toLocaleString('en-IN')} public projects (${distinctDetail.toLocaleString('en-IN')} distinct ids drawn)`,
      `search: ${seen.size.toLocaleString('en-IN')} distinct prefixes typed out of ${typed.length} names (${kinds.project} projects, ${kinds.locality} localities, ${kinds.builder} builders), 2 letters and up`,
      `listing: ${visits.length.toLocaleString('en-IN')} results-page visits (60% a locality, 40% free text; budget 40%, BHK 35%, type 25%, transaction 15%, possession 15%, price H-L 30%), ${pagesTotal.toLocaleString('en-IN')} pages, the deepest page ${deepest} (at most ${MAX_PAGE}; a visit stops at its last page)`,
    ],
  };
}

async function loadMix(database: Database): Promise<Mix> {
  if (!values.remix && existsSync(mixPath)) return JSON.parse(readFileSync(mixPath, 'utf8')) as Mix;
  const started = performance.now();
  const mix = await buildMix(database);
  writeFileSync(mixPath, JSON.stringify(mix));
  console.log(`mix built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${mix.notes.join('; ')}`);
  return mix;
}

function benchConfig(cache: boolean) {
  return loadConfig({
    NODE_ENV: 'production',
    // Production requires both; the bench signs nobody in and sends no mail.
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_ORIGIN: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    PUBLIC_CACHE_MB: cache ? '64' : '0',
  });
}

interface Scenario {
  name: 'bare' | Kind;
  label: string;
  url: string;
  urls: string[];
}

interface Measured {
  scenario: Scenario;
  result: Result;
  /** The same stream one request at a time: what one request costs the server with nobody queued ahead. */
  single: Result;
  load: [number, number];
  /** What one probe request got back: the encoding and the bytes on the wire. */
  wire: string;
}

function requestsOf(scenario: Scenario, start: number): Request[] {
  // Extra fields ride along to the worker, where catalogue-stream.cjs reads them.
  const request = { method: 'GET', path: scenario.urls[0] ?? '/', headers: { 'accept-encoding': ACCEPT_ENCODING }, setupRequest: streamModule, urls: scenario.urls, start };
  return [request as unknown as Request];
}

/** One request with the browser's Accept-Encoding, read raw: which encoding came back and its size. */
function probe(base: string, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(url, base), { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(`${response.headers['content-encoding'] ?? 'identity'} ${bytes.toLocaleString('en-IN')} B`));
      })
      .on('error', reject);
  });
}

async function measure(scenario: Scenario): Promise<Measured> {
  const common = { url: scenario.url, workers: 1, timeout: 10 };
  const half = Math.floor(scenario.urls.length / 2);
  // The warm-up walks the second half of the stream, the measurement starts at the first: the cache-on run does
  // not find exactly its first requests primed.
  if (warmup > 0) await autocannon({ ...common, requests: requestsOf(scenario, half), connections, duration: warmup });
  const before = os.loadavg()[0] ?? 0;
  const result = await autocannon({ ...common, requests: requestsOf(scenario, 0), connections, duration });
  const single = await autocannon({ ...common, requests: requestsOf(scenario, Math.floor(half / 2)), connections: 1, duration: singleSeconds });
  const after = os.loadavg()[0] ?? 0;
  const wire = await probe(scenario.url, scenario.urls[1] ?? scenario.urls[0] ?? '/');
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `${scenario.name.padEnd(8)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
      `(1 connection: mean ${single.latency.average.toFixed(2)} ms)  errors ${errors}  ${wire}  (load ${before.toFixed(1)} -> ${after.toFixed(1)})`,
  );
  return { scenario, result, single, load: [before, after], wire };
}

interface EngineRun {
  engine: Engine;
  cache: boolean;
  measured: Measured[];
  /** How long the in-process search index took to build before the run (decision 031). */
  indexMs: number;
}

async function runEngine(engine: Engine, cache: boolean, database: Database, mix: Mix): Promise<EngineRun> {
  // The media folder the app serves; the bench seeds without pictures, so it only has to exist.
  mkdirSync(path.join(dataDir, 'media'), { recursive: true });
  const config = benchConfig(cache);
  const log = createLogger(config);
  const modules = createModules({ config, database, clock: () => new Date(), log });
  const app = await buildApp({ config, database, logger: log, modules });
  // The in-process search index (decision 031) is built on a server's first search; here before the clock starts,
  // so the run measures searches it answers, as every search after the first few seconds of a server's life.
  const indexStarted = performance.now();
  modules.projects.warmIndex();
  while (!modules.projects.indexReady()) {
    if (performance.now() - indexStarted > 120_000) throw new Error('the catalogue index was not built within 120 s');
    modules.projects.warmIndex();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const indexMs = performance.now() - indexStarted;
  console.log(`${engine}: search index built in ${indexMs.toFixed(0)} ms`);
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, message: 'constant' }));
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  const scenarios: Scenario[] = [
    { name: 'bare', label: 'bare Fastify `GET /bare` (constant JSON, no compression)', url: bareUrl, urls: ['/bare'] },
    { name: 'listing', label: 'listing `GET /api/project?...&page=1..20` (results-page visits)', url: appUrl, urls: mix.listing },
    { name: 'detail', label: 'detail `GET /api/project/{id}` (Zipf over all public ids)', url: appUrl, urls: mix.detail },
    { name: 'search', label: 'search `GET /api/project/search?query=` (typeahead prefixes)', url: appUrl, urls: mix.search },
  ];
  const measured: Measured[] = [];
  try {
    console.log(`${engine}, cache ${cache ? 'on' : 'off'}:`);
    for (const scenario of scenarios) {
      if (values.only && !values.only.split(',').includes(scenario.name) && scenario.name !== 'bare') continue;
      measured.push(await measure(scenario));
    }
  } finally {
    await bare.close();
    await app.close();
  }
  return { engine, cache, measured, indexMs };
}

const ENGINE_TITLES: Record<Engine, string> = {
  pglite: 'Embedded database (PGlite)',
  postgres: 'PostgreSQL (DATABASE_URL, localhost, same two cores)',
};

function section({ engine, cache, measured, indexMs }: EngineRun): string[] {
  const rows = measured.map(({ scenario, result, single, load, wire }) => {
    const errors = result.errors + result.timeouts + result.non2xx;
    const target = scenario.name === 'bare' || cache ? undefined : TARGET_P99_MS[engine][scenario.name];
    const verdict = target === undefined ? '' : result.latency.p99 <= target ? `<= ${target} ms: met` : `<= ${target} ms: **missed**`;
    return `| ${scenario.label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${errors} | ${verdict} | ${single.latency.average.toFixed(2)} | ${wire} | ${load[0].toFixed(1)} / ${load[1].toFixed(1)} |`;
  });
  return [
    `## ${ENGINE_TITLES[engine]}, public response cache ${cache ? 'on (the default)' : 'off (`PUBLIC_CACHE_MB=0`): every request runs its queries'}`,
    '',
    '| endpoint | req/s | p50 ms | p99 ms | max ms | errors | p99 target (cache off) | 1 connection: mean ms | one answer on the wire | load avg before / after |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `The in-process search index (decision 031) was built before this run in ${(indexMs / 1000).toFixed(1)} s.`,
    '',
  ];
}

function report(runs: EngineRun[], mix: Mix, notes: string[]): string {
  return [
    '# Catalogue read benchmark',
    '',
    `Generated by \`npm run catalogue -w @nivaas/bench\` on ${new Date().toISOString()}${values.label ? ` (${values.label})` : ''}: ${projects.toLocaleString('en-IN')} projects and listings,`,
    `${connections} connections, ${duration} s per endpoint after a ${warmup} s warm-up, then ${singleSeconds} s at one connection; every request sends`,
    `\`Accept-Encoding: ${ACCEPT_ENCODING}\`; autocannon runs in a worker thread of the same process as the app.`,
    '',
    'The mix (bench/catalogue.ts, drawn once per data folder with a fixed seed, the same on both engines):',
    '',
    ...mix.notes.map((note) => `- ${note}`),
    '',
    ...runs.flatMap(section),
    '## Machine and method',
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const engines: Engine[] = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine === 'postgres' ? 'postgres' : 'pglite'];
  const caches = values.cache === 'both' ? [false, true] : [values.cache === 'on'];
  const runs: EngineRun[] = [];
  let mix: Mix | undefined;
  for (const engine of engines) {
    const database = await openSeeded(engine);
    try {
      const started = performance.now();
      await database.db.execute(sql`vacuum analyze`);
      console.log(`${engine}: vacuum analyze ${((performance.now() - started) / 1000).toFixed(1)} s`);
      mix ??= await loadMix(database);
      for (const cache of caches) runs.push(await runEngine(engine, cache, database, mix));
    } finally {
      await database.close();
    }
  }
  if (!mix) return;

  const cpus = os.cpus();
  const notes = [
    `CPU: ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} logical cores; memory ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}, ${os.type()} ${os.release()}.`,
    'The machine is shared with other work (other engineers\' test runs and servers); the load average columns show how busy it was. Figures taken with the load average above 4 are not final.',
    'With the cache off, a request runs its queries; what is still kept in process then is the in-process catalogue index (decisions 031 and 038: it picks the ids of a search or a results page and counts its total; rows are read by id), what search words name until the catalogue changes, and a SQL-answered list\'s total per filter set for 30 s.',
    'The PostgreSQL run uses the PostgreSQL server on this same machine (schema bench_catalogue), so the database and the app share the two cores.',
  ];
  if (!values['no-report']) {
    writeFileSync(reportPath, report(runs, mix, notes));
    console.log(`wrote ${path.relative(repoRoot, reportPath)}`);
  }
}

await main();
