/**
 * Catalogue read benchmark: the public listing, detail and search endpoints of the real API on the
 * embedded database (PGlite) at 100,000 projects, next to a bare Fastify route in the same run.
 *
 *   npm run catalogue -w @nivaas/bench [-- --projects 100000 --data-dir /tmp/bench-100k --duration 10 --connections 10]
 *   DATABASE_URL=postgres://... npm run catalogue -w @nivaas/bench -- --engine both   (adds the same run on PostgreSQL)
 *
 * 1. Seeds the data folder with the seed CLI unless it already holds exactly that many projects.
 * 2. Runs VACUUM ANALYZE: PGlite has no autovacuum daemon, so without it the planner has no statistics.
 * 3. Starts the app (buildApp, as server.ts does) and a bare Fastify instance on free ports in this
 *    process; autocannon drives them from a worker thread, so the client never shares the server's thread.
 * 4. For each endpoint: a short warm-up, then `duration` seconds at `connections` connections.
 * 5. Writes bench/reports/catalogue.md. Not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
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

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const seedCli = path.join(repoRoot, 'packages/db/src/seed/cli.ts');
const reportPath = path.join(benchDir, 'reports/catalogue.md');

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '100000' },
    'data-dir': { type: 'string', default: '/tmp/bench-100k' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    only: { type: 'string' },
    /** pglite (the targets), postgres (DATABASE_URL, schema bench_catalogue), or both. */
    engine: { type: 'string', default: 'pglite' },
    /** on (the product's default), off (every request computed), or both, one after the other. */
    cache: { type: 'string', default: 'both' },
    'no-report': { type: 'boolean', default: false },
  },
});
const projects = Number(values.projects);
const dataDir = path.resolve(values['data-dir']);
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);

/** Issue 3 acceptance: p99 targets at 100,000 projects, 10 connections, embedded database. */
const TARGET_P99_MS: Record<string, number> = { listing: 20, detail: 10, search: 15 };

/**
 * What visitors type, from the seed's own vocabulary: localities (one with a typo), builders, a
 * project name, Indian price words, BHK and property types. Each connection cycles through them.
 */
const SEARCH_QUERIES = [
  'whitefield',
  'whitefeild',
  '2 bhk under 80 lakh in whitefield',
  'hsr layout',
  'koramangla',
  'kaveri crest',
  'villa in sarjapur',
  '3 bhk hebbal',
  '1.2 cr',
  'ready to move flats in marathahalli',
  'aurora enclave',
  'plots between 50 lakh and 1 crore',
  'neelgiri',
  'baner',
  'andheri west',
  'gachibowli 2 bhk',
];

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

type Engine = 'pglite' | 'postgres';
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

interface Scenario {
  name: string;
  label: string;
  url: string;
  requests: Request[];
}

interface Measured {
  scenario: Scenario;
  result: Result;
  /** The same requests one at a time: what one request costs the server with nobody queued ahead. */
  single: Result;
  load: [number, number];
}

/** Seconds of one-connection load per endpoint, for the service-time column. */
const SINGLE_SECONDS = 5;

async function measure(scenario: Scenario): Promise<Measured> {
  const common = { url: scenario.url, requests: scenario.requests, workers: 1, timeout: 10 };
  if (warmup > 0) await autocannon({ ...common, connections, duration: warmup });
  const before = os.loadavg()[0] ?? 0;
  const result = await autocannon({ ...common, connections, duration });
  const single = await autocannon({ ...common, connections: 1, duration: SINGLE_SECONDS });
  const after = os.loadavg()[0] ?? 0;
  const errors = result.errors + result.timeouts + result.non2xx + single.errors + single.timeouts + single.non2xx;
  console.log(
    `${scenario.name.padEnd(8)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
      `(1 connection: ${single.requests.average.toFixed(0)} req/s, mean ${single.latency.average.toFixed(2)} ms)  errors ${errors}  (load ${before.toFixed(1)} -> ${after.toFixed(1)})`,
  );
  return { scenario, result, single, load: [before, after] };
}

/** Each search query alone, one request at a time: which kinds of query cost what. */
async function perQuery(appUrl: string): Promise<string[]> {
  const rows: string[] = [];
  for (const query of SEARCH_QUERIES) {
    const url = `${appUrl}/api/project/search?query=${encodeURIComponent(query)}`;
    const times: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (i >= 5) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push(`| \`${query}\` | ${(times[0] ?? 0).toFixed(1)} | ${(times[times.length >> 1] ?? 0).toFixed(1)} |`);
  }
  return rows;
}

const ENGINE_TITLES: Record<Engine, string> = {
  pglite: 'Embedded database (PGlite, the issue\'s targets)',
  postgres: 'PostgreSQL (DATABASE_URL, pool of 10 connections), same code, for comparison',
};

const CACHE_TITLES = {
  on: 'public response cache on (the default: repeated anonymous reads are answered from memory until the catalogue changes)',
  off: 'public response cache off (`PUBLIC_CACHE_MB=0`): every request runs its queries',
};

function section({ engine, cache, measured, queries }: EngineRun): string[] {
  const rows = measured.map(({ scenario, result, single, load }) => {
    const errors = result.errors + result.timeouts + result.non2xx;
    const target = engine === 'pglite' ? TARGET_P99_MS[scenario.name] : undefined;
    const verdict = target === undefined ? '' : result.latency.p99 <= target ? `<= ${target} ms: met` : `<= ${target} ms: **missed**`;
    return `| ${scenario.label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${errors} | ${verdict} | ${single.latency.average.toFixed(2)} | ${load[0].toFixed(1)} / ${load[1].toFixed(1)} |`;
  });
  return [
    `## ${ENGINE_TITLES[engine]}, ${CACHE_TITLES[cache ? 'on' : 'off']}`,
    '',
    '| endpoint | req/s | p50 ms | p99 ms | max ms | errors | p99 target | 1 connection: mean ms | load avg before / after |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'Search queries one at a time, over HTTP, 20 times each after 5 warm-up requests:',
    '',
    '| query | min ms | median ms |',
    '|---|---|---|',
    ...queries,
    '',
  ];
}

/**
 * Why the embedded targets are missed, from the figures this script prints and EXPLAIN ANALYZE of the
 * statements (written by hand; it holds while the one-connection service times stay where they are).
 */
const ANALYSIS = [
  '## Reading the figures',
  '',
  '- With the public response cache on (the default), the listing, detail and search scenarios replay kept bytes: after the',
  '  warm-up every URL of the scenario is in memory, and a request costs about what the bare Fastify route costs. The cache is',
  '  emptied by every committed catalogue write (docs/decisions/004-public-response-cache.md), so these figures are what',
  '  visitors see for pages that have been asked for since the last change; the first request for a URL after a change pays',
  '  the cache-off cost below.',
  '- With the cache off, req/s at 10 connections is about req/s at one connection: PGlite serves one query at a time on the',
  '  server\'s only JavaScript thread, so a request waits for the nine ahead of it, p50 is about 10 x the one-connection time',
  '  and p99 adds the stalls. Meeting the targets without the cache would need service times near 1.5 / 0.8 / 1.2 ms.',
  '- A listing page computed on PGlite (quiet machine): planning about 0.8 ms, execution about 1.8 ms (units and media of 31',
  '  projects built as one JSON value), moving the 42 KB result out of WebAssembly about 1.5 ms, then Fastify, zod response',
  '  validation and JSON (about 1 ms). The query work of issue 3 (one statement per page, partial price indexes, NOT IN for',
  '  hidden owners, kept place names, trigram candidates behind an OFFSET 0 fence) is what the cache-off rows show.',
  '- Compare runs by the bare Fastify row: on a quiet machine it serves about 25,000 req/s; fewer means the machine was busy.',
  '',
];

function report(runs: EngineRun[], notes: string[]): string {
  return [
    '# Catalogue read benchmark',
    '',
    `Generated by \`npm run catalogue -w @nivaas/bench\` on ${new Date().toISOString()}: ${projects.toLocaleString('en-IN')} projects and listings,`,
    `${connections} connections, ${duration} s per endpoint after a ${warmup} s warm-up, then ${SINGLE_SECONDS} s at one connection; autocannon runs in a`,
    'worker thread of the same process as the app.',
    '',
    ...runs.flatMap(section),
    ...ANALYSIS,
    '## Machine and method',
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
}

interface EngineRun {
  engine: Engine;
  cache: boolean;
  measured: Measured[];
  queries: string[];
}

async function runEngine(engine: Engine, cache: boolean): Promise<EngineRun> {
  const database = await openSeeded(engine);
  const started = performance.now();
  await database.db.execute(sql`vacuum analyze`);
  console.log(`${engine}: vacuum analyze ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // Detail ids: public projects spread over the table, in a fixed order.
  const ids = await database.db.execute<{ id: number }>(
    sql`select id from projects where status = 'active' and approval = 'approved' order by md5(id::text) limit 200`,
  );
  const detailIds = ids.rows.map((row) => row.id);

  // The media folder the app serves; the bench seeds without pictures, so it only has to exist.
  mkdirSync(path.join(dataDir, 'media'), { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'production',
    // Production requires both; the bench signs nobody in and sends no mail.
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_ORIGIN: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    PUBLIC_CACHE_MB: cache ? '64' : '0',
  });
  const app = await buildApp({ config, database });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, message: 'constant' }));
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  const scenarios: Scenario[] = [
    { name: 'bare', label: 'bare Fastify `GET /bare` (constant JSON)', url: bareUrl, requests: [{ path: '/bare' }] },
    {
      name: 'listing',
      label: 'listing `GET /api/project?status=active&approval=approved&cityId=1&page=3`',
      url: appUrl,
      requests: [{ path: '/api/project?status=active&approval=approved&cityId=1&page=3' }],
    },
    {
      name: 'detail',
      label: `detail \`GET /api/project/{id}\` (${detailIds.length} ids in turn)`,
      url: appUrl,
      requests: detailIds.map((id) => ({ path: `/api/project/${id}` })),
    },
    {
      name: 'search',
      label: `search \`GET /api/project/search?query=\` (${SEARCH_QUERIES.length} queries in turn)`,
      url: appUrl,
      requests: SEARCH_QUERIES.map((query) => ({ path: `/api/project/search?query=${encodeURIComponent(query)}` })),
    },
  ];

  const measured: Measured[] = [];
  let queries: string[] = [];
  try {
    for (const scenario of scenarios) {
      if (values.only && !values.only.split(',').includes(scenario.name) && scenario.name !== 'bare') continue;
      measured.push(await measure(scenario));
    }
    queries = await perQuery(appUrl);
  } finally {
    await bare.close();
    await app.close();
    await database.close();
  }
  return { engine, cache, measured, queries };
}

async function main(): Promise<void> {
  const engines: Engine[] = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine === 'postgres' ? 'postgres' : 'pglite'];
  const caches = values.cache === 'both' ? [true, false] : [values.cache !== 'off'];
  const runs: EngineRun[] = [];
  for (const engine of engines) for (const cache of caches) runs.push(await runEngine(engine, cache));

  const cpus = os.cpus();
  const notes = [
    `CPU: ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} logical cores; memory ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}, ${os.type()} ${os.release()}.`,
    'The app and PGlite share one JavaScript thread (PGlite is PostgreSQL compiled to WebAssembly, in process), so requests are served one at a time: at 10 connections a request waits for the nine ahead of it, and p50 is about 10 times the one-connection service time.',
    'The machine is shared with other work (other engineers\' test runs and servers); the load average columns show how busy it was during each run. With the load average above the core count, this process gets a fraction of a core and stalls while descheduled, which shows in p99 and max.',
    'The PostgreSQL comparison (`--engine both` or `postgres`, with DATABASE_URL) runs against the PostgreSQL server on this same machine (localhost), in schema bench_catalogue, so the database and the app share the same two cores there too.',
    'PGlite runs no autovacuum, so the bench runs VACUUM ANALYZE before measuring: without planner statistics the listing query picks a plan about ten times slower.',
    'Caches in play: the public response cache (whole answers, emptied by every committed catalogue write; off in the cache-off sections), and, for labels only, a list total reused for 30 s per filter set and what search words name (localities, zones, cities, builders) for 60 s.',
  ];
  if (!values['no-report']) {
    writeFileSync(reportPath, report(runs, notes));
    console.log(`wrote ${path.relative(repoRoot, reportPath)}`);
  }
}

await main();
