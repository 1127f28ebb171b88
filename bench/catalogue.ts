/**
 * Catalogue read benchmark (issue 16): the public listing, detail and search endpoints of the real API at 100,000
 * projects, taken the way visitors take them, next to a bare Fastify route in the same run.
 *
 *   npm run catalogue -w @nivaas/bench [-- --projects 100000 --data-dir /tmp/bench-read-100k --duration 10 --connections 10]
 *   DATABASE_URL=postgres://... npm run catalogue -w @nivaas/bench -- --engine both   (adds the same run on PostgreSQL)
 *
 * The mix (bench/read-mix.ts, built once per data folder into `<data-dir>/catalogue-mix.json`; --remix builds it again):
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
import { createLogger } from '../apps/api/src/logger';
import { createModules } from '../apps/api/src/modules';
import { benchAppConfig } from './bench-config';
import { buildReadMix, type ReadMix } from './read-mix';

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

type Mix = ReadMix;

/** The mix of bench/read-mix.ts; a listing visit's depth is asked of a throwaway app (cache off), so the measured
 * app's count labels start cold. */
async function buildMix(database: Database): Promise<Mix> {
  const probe = await buildApp({ config: benchConfig(false), database });
  try {
    return await buildReadMix(database, {
      detailDraws: DETAIL_DRAWS,
      searchPrefixes: SEARCH_PREFIXES,
      listingVisits: LISTING_VISITS,
      maxPage: MAX_PAGE,
      pageSize: PAGE_SIZE,
      lanes: connections,
      async listingTotal(query) {
        const first = await probe.inject({ method: 'GET', url: `/api/project?${query}&page=1` });
        return first.json<{ pagination?: { total: number } }>().pagination?.total ?? 0;
      },
    });
  } finally {
    await probe.close();
  }
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
  return benchAppConfig(dataDir, { cacheMb: cache ? 64 : 0 });
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
    'With the cache off, a request runs its queries; what is still kept in process then is the in-process catalogue index (decisions 031 and 038: it picks the ids of a search or a results page and counts its total, and keeps a results page\'s matches per filter set for the life of its snapshot (decision 040); rows are read by id), what search words name until the catalogue changes, and a SQL-answered list\'s total per filter set for 30 s.',
    'The PostgreSQL run uses the PostgreSQL server on this same machine (schema bench_catalogue), so the database and the app share the two cores.',
  ];
  if (!values['no-report']) {
    writeFileSync(reportPath, report(runs, mix, notes));
    console.log(`wrote ${path.relative(repoRoot, reportPath)}`);
  }
}

await main();
