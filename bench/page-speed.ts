/**
 * Page speed benchmark (issue 15): Lighthouse 12 with its mobile preset and simulated throttling, on Debian's
 * Chromium, against a production build served by the API: the home page, a results page and a project page, three
 * runs each (a fresh browser profile every run, so each is a first visit), median of each figure. Also the first-load
 * JS: the entry chunk and every chunk it imports statically, gzipped, read from the built dist.
 *
 *   npm run build
 *   npm run page-speed -w @nivaas/bench [-- --label after --runs 3 --port 3470 --data-dir /tmp/bench-page-speed
 *                                          --web-dist apps/web/dist --api-dist apps/api/dist --out bench/reports/page-speed.md]
 *
 * The server is `apps/api/dist/server.js` on its own port and data folder (seeded with pictures on first start).
 * Each run appends a section to the report (so a baseline and a later run sit side by side) with the load average
 * before and after: Lighthouse's simulated throttling still depends on this machine's CPU. Not part of `npm test`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { projectPath } from '@nivaas/contracts/project-path';
import type { Project } from '@nivaas/contracts/project.schema';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');

const { values } = parseArgs({
  options: {
    label: { type: 'string', default: 'run' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3470' },
    'data-dir': { type: 'string', default: '/tmp/bench-page-speed' },
    'web-dist': { type: 'string', default: 'apps/web/dist' },
    // A saved build of another commit, to alternate a baseline with the current build (its node_modules must resolve:
    // keep the copy inside the checkout, e.g. under node_modules/.cache).
    'api-dist': { type: 'string', default: 'apps/api/dist' },
    out: { type: 'string', default: 'bench/reports/page-speed.md' },
  },
});
const runs = Number(values.runs);
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
const webDist = path.resolve(repoRoot, values['web-dist']);
const apiServer = path.join(path.resolve(repoRoot, values['api-dist']), 'server.js');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const load = () => loadavg().map((n) => n.toFixed(2)).join(' / ');

function startServer(): ChildProcess {
  const server = spawn(process.execPath, [apiServer], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve(values['data-dir']),
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST_DIR: webDist,
      PUBLIC_ORIGIN: origin,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    },
  });
  return server;
}

async function waitReady(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10 * 60_000; // a first start seeds the catalogue and renders its pictures
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server was not ready within 10 minutes');
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(`${origin}${url}`);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The three pages: home, the busiest locality's results, and the first public project's page. */
async function pages(): Promise<{ name: string; url: string }[]> {
  const { locations } = await json<{ locations: { id: number }[] }>('/api/location?page=1&limit=1');
  const { projects } = await json<{ projects: Project[] }>('/api/project?status=active&approval=approved&page=1&limit=1');
  const location = locations[0];
  const project = projects[0];
  if (!location || !project) throw new Error('the catalogue has no locality or no public project');
  return [
    { name: 'home', url: `${origin}/` },
    { name: 'results', url: `${origin}/property-detail-page?locationId=${location.id}` },
    { name: 'project', url: `${origin}${projectPath(project)}` },
  ];
}

interface RunFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  totalBytes: number;
  byType: Record<string, number>;
  lcpElement: string;
}

interface AuditLike {
  numericValue?: number;
  details?: { items?: { resourceType?: string; transferSize?: number; node?: { snippet?: string }; items?: { node?: { snippet?: string } }[] }[] };
}

function lcpElementOf(audit: AuditLike | undefined): string {
  // Lighthouse 12 nests the element under a table inside a list; older shapes put it in the first row.
  const first = audit?.details?.items?.[0];
  return first?.items?.[0]?.node?.snippet ?? first?.node?.snippet ?? '?';
}

/** Lighthouse now and then loses its trace on a loaded machine (NO_NAVSTART): that run is taken again, twice at most. */
async function lighthouseRun(url: string): Promise<RunFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`${url}: ${(error as Error).message}; again`);
    }
  }
}

async function lighthouseOnce(url: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    // No config: Lighthouse's default is the mobile preset (Moto G Power, slow 4G) with simulated throttling.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id] as AuditLike | undefined;
    const value = (id: string) => audit(id)?.numericValue ?? Number.NaN;
    const byType: Record<string, number> = {};
    for (const item of audit('resource-summary')?.details?.items ?? []) {
      if (item.resourceType) byType[item.resourceType] = item.transferSize ?? 0;
    }
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
      totalBytes: value('total-byte-weight'),
      byType,
      lcpElement: lcpElementOf(audit('largest-contentful-paint-element')),
    };
  } finally {
    chrome.kill();
  }
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Files in the dist and every chunk they import statically (`import ... from "./x.js"`; `import("./x.js")` is lazy). */
function staticClosure(files: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file) || !existsSync(path.join(webDist, file))) continue;
    seen.add(file);
    const code = readFileSync(path.join(webDist, file), 'utf8');
    for (const match of code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1] as string));
    }
  }
  return [...seen];
}

const gzipped = (file: string) => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;

/** The entry chunk named by index.html and every chunk reachable from it by static imports, gzipped one by one. */
function firstLoadJs(): { files: { file: string; gzip: number }[]; total: number; css: number } {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map(
    (match) => match[1] as string,
  );
  const files = staticClosure(entries).map((file) => ({ file, gzip: gzipped(file) }));
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].reduce((sum, match) => sum + gzipped(match[1] as string), 0);
  return { files, total: files.reduce((sum, file) => sum + file.gzip, 0), css };
}

/**
 * Decision 032: the scripts a server-rendered page asks for before it hydrates: its HTML's module script and
 * modulepreload links (the entry's and the page's own chunks) and their static imports, gzipped, read from the dist.
 */
function pageJs(html: string): { files: number; total: number } {
  const named = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
  // Decision 041: the boot script names the entry and the page's chunks in its data attributes (fetched after paint).
  for (const match of html.matchAll(/\bdata-app-(?:entry|preload)="([^"]*)"/g)) {
    named.push(...(match[1] as string).split(' ').filter((url) => url.startsWith('/assets/')).map((url) => url.slice(1)));
  }
  const files = staticClosure(named);
  return { files: files.length, total: files.reduce((sum, file) => sum + gzipped(file), 0) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error(`no build at ${webDist}: npm run build first`);
  if (!existsSync(apiServer)) throw new Error(`no API build at ${apiServer}: npm run build first`);
  const js = firstLoadJs();
  const loadBefore = load();
  const server = startServer();
  const lines: string[] = [];
  const pageScripts: string[] = [];
  try {
    await waitReady(server);
    for (const page of await pages()) {
      // One unmeasured visit first: the server's public cache and the page's first database reads are warm for all runs.
      const before = pageJs(await (await fetch(page.url)).text());
      pageScripts.push(`${page.name} ${kb(before.total)} in ${before.files} files`);
      const results: RunFigures[] = [];
      for (let run = 1; run <= runs; run += 1) {
        const figures = await lighthouseRun(page.url);
        console.log(`${page.name} run ${run}: score ${figures.score}, LCP ${seconds(figures.lcp)}, TBT ${figures.tbt.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)}, load ${load()}`);
        results.push(figures);
      }
      const pick = (key: keyof RunFigures) => median(results.map((figures) => figures[key] as number));
      // Transfer sizes and the LCP element come from the run with the median score (sizes barely move between runs).
      const byScore = [...results].sort((a, b) => a.score - b.score);
      const middle = byScore[Math.floor(byScore.length / 2)] as RunFigures;
      const type = (name: string) => kb(middle.byType[name] ?? 0);
      lines.push(
        `| ${page.name} | ${pick('score')} (${results.map((r) => r.score).join(', ')}) | ${seconds(pick('fcp'))} | ${seconds(pick('lcp'))} | ${pick('tbt').toFixed(0)} ms | ` +
          `${pick('cls').toFixed(3)} | ${seconds(pick('speedIndex'))} | ${kb(middle.totalBytes)} | ${type('script')} | ${type('stylesheet')} | ${type('image')} | ${type('document')} | ${type('other')} |`,
      );
      lines.push(`|  | LCP element: \`${middle.lcpElement.replace(/\|/g, '\\|').slice(0, 160)}\` |  |  |  |  |  |  |  |  |  |  |  |`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  const section = [
    '',
    `## ${values.label}: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Lighthouse 12, mobile preset, simulated throttling, ${chromePath}; ${runs} runs per page, medians (score: median, then each run). ` +
      `Load average (1 / 5 / 15 min) before ${loadBefore}, after ${load()}, on 2 cores.`,
    '',
    '| page | performance | FCP | LCP | TBT | CLS | Speed Index | transfer total | script | CSS | image | document | other |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...lines,
    '',
    `First-load JS (index.html's entry and its static imports, gzip -9, from the built dist): **${kb(js.total)}** in ${js.files.length} files; CSS ${kb(js.css)}.`,
    '',
    ...js.files.map((file) => `- \`${file.file}\` ${kb(file.gzip)}`),
    '',
    `JS each page asks for before it hydrates (its HTML's module script and modulepreload links, with their static imports, gzip -9): ${pageScripts.join('; ')}.`,
    '',
  ].join('\n');
  const out = path.resolve(repoRoot, values.out);
  if (!existsSync(out)) appendFileSync(out, '# Page speed (issue 15)\n\nWritten by `npm run page-speed -w @nivaas/bench`. Targets: performance >= 95 on all three pages, LCP <= 2.0 s, TBT <= 150 ms, CLS <= 0.05, first-load JS <= 100 kB gzip.\n');
  appendFileSync(out, section);
  console.log(section);
}

await main();
