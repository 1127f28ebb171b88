/**
 * Page benchmark (issue 15): what a project page's HTML costs on the server, its status-and-head lookup (023) and,
 * since decision 028, its render (the web app's dist-ssr bundle, its API calls answered in process), next to the
 * JSON detail call it reads, both uncached (PUBLIC_CACHE_MB=0) and then cached, at `connections` connections on the
 * embedded database; and one timing of the largest sitemap file (the first 50,000 projects), uncached.
 *
 *   npm run build -w @nivaas/web     (the shell the pages are cut from, and the server bundle that renders them)
 *   NODE_ENV=production npm run pages -w @nivaas/bench [-- --projects 100000 --data-dir /tmp/bench-100k --duration 10 --connections 10]
 *
 * Reuses the catalogue bench's data folder when it holds that many projects, else seeds it (seed CLI, no images).
 * Writes bench/reports/pages.md. Not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { projectPath } from '@nivaas/contracts/project-path';
import type { ProjectResponse } from '@nivaas/contracts/project.schema';
import { createDb, type Database } from '@nivaas/db';
import { sql } from '@nivaas/db/orm';
import autocannon, { type Request, type Result } from 'autocannon';
import { buildApp } from '../apps/api/src/app';
import { benchAppConfig } from './bench-config';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const seedCli = path.join(repoRoot, 'packages/db/src/seed/cli.ts');
const webDist = path.join(repoRoot, 'apps/web/dist');

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '100000' },
    'data-dir': { type: 'string', default: '/tmp/bench-100k' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
  },
});
const projects = Number(values.projects);
const dataDir = path.resolve(values['data-dir']);
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', command, ...args], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, DATABASE_URL: '' } });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

async function openSeeded(): Promise<Database> {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (existsSync(pgliteDir)) {
    const database = await createDb({ dataDir: pgliteDir });
    const found = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from projects`);
    if (found.rows[0]?.n === projects) return database;
    await database.close();
  }
  await run(seedCli, ['--projects', String(projects), '--data-dir', dataDir, '--no-images', '--reset']);
  return createDb({ dataDir: pgliteDir });
}

async function measure(name: string, url: string, requests: Request[]): Promise<Result> {
  const common = { url, requests, workers: 1, timeout: 10 };
  if (warmup > 0) await autocannon({ ...common, connections, duration: warmup });
  const result = await autocannon({ ...common, connections, duration });
  const failures = result.errors + result.timeouts + result.non2xx;
  console.log(`${name.padEnd(6)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  failures ${failures}`);
  return result;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('build the web app first: npm run build -w @nivaas/web');
  const database = await openSeeded();
  await database.db.execute(sql`vacuum analyze`);
  const ids = await database.db.execute<{ id: number }>(
    sql`select id from projects where status = 'active' and approval = 'approved' and item = 'project' order by md5(id::text) limit 200`,
  );
  mkdirSync(path.join(dataDir, 'media'), { recursive: true });
  const details = ids.rows.map(({ id }) => ({ path: `/api/project/${id}` }));
  const row = (name: string, result: Result) =>
    `| ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.timeouts + result.non2xx} |`;
  const lines: string[] = [];
  let sitemapLine = '';
  try {
    for (const cache of ['off', 'on'] as const) {
      const config = benchAppConfig(dataDir, { cacheMb: cache === 'on' ? 64 : 0, publicOrigin: 'https://www.nivaas.example', webDist });
      const app = await buildApp({ config, database });
      const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
      try {
        // Each project's canonical page, so every request is a 200 with its head (not a 301).
        const pages: Request[] = [];
        for (const { id } of ids.rows) {
          const response = await app.inject({ method: 'GET', url: `/api/project/${id}` });
          pages.push({ path: projectPath((response.json() as ProjectResponse).project) });
        }
        // Two rounds, alternating, so neither side gets only the colder database or the busier minute of a shared machine.
        for (let round = 1; round <= 2; round += 1) {
          console.log(`cache ${cache}, round ${round}`);
          const detail = await measure('detail', appUrl, details);
          const page = await measure('page', appUrl, pages);
          lines.push(
            row(`cache ${cache}, round ${round}: JSON detail \`GET /api/project/{id}\``, detail),
            row(`cache ${cache}, round ${round}: project page HTML \`GET /properties/.../{id}\` (head + server-rendered body)`, page),
          );
        }
        if (cache === 'off') {
          const started = performance.now();
          const sitemap = await app.inject({ method: 'GET', url: '/sitemaps/projects-1.xml' });
          const sitemapMs = performance.now() - started;
          const urls = sitemap.body.match(/<url>/g)?.length ?? 0;
          sitemapLine = `Sitemap \`/sitemaps/projects-1.xml\`: ${urls.toLocaleString('en-IN')} URLs, ${(sitemap.body.length / 1e6).toFixed(1)} MB, built in ${sitemapMs.toFixed(0)} ms (one request, uncached).`;
          console.log(sitemapLine);
        }
      } finally {
        await app.close();
      }
    }
  } finally {
    await database.close();
  }
  const report = [
    '# Page benchmark (issue 15)',
    '',
    `Run ${new Date().toISOString().slice(0, 10)} by \`npm run pages -w @nivaas/bench\`: ${projects.toLocaleString('en-IN')} projects on PGlite, ` +
      `${connections} connections for ${duration} s after a ${warmup} s warm-up, 200 public projects in turn, ` +
      'public cache off then on, two rounds each alternating detail and page. ' +
      `NODE_ENV=${process.env.NODE_ENV ?? 'unset'} (React renders in its development build unless production). ` +
      'The machine is shared: compare the rows of one run, not runs.',
    '',
    '| request | req/s | p50 ms | p99 ms | failures |',
    '|---|---:|---:|---:|---:|',
    ...lines,
    '',
    sitemapLine,
    '',
  ].join('\n');
  writeFileSync(path.join(benchDir, 'reports/pages.md'), report);
  console.log(report);
}

await main();
