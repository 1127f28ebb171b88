/**
 * Issue 16: requests per second through HAProxy for 1 and 2 API processes on a mixed read load (listing pages,
 * project details, searches; `Accept-Encoding: br, gzip`), public cache off and on. Each configuration gets a
 * topology of its own from scripts/scale-out/start.mjs (PostgreSQL, Redis, s3rver, HAProxy; decision 026), with
 * the seed's catalogue (1,800 projects). The figure is the ratio of 2 to 1 process on the same machine.
 *
 *   npx tsx bench/scale-out.ts [--seconds 20] [--connections 16] [--warmup 5]
 *
 * Everything shares the machine: PostgreSQL, HAProxy, the API processes and autocannon (in a worker thread). On 2
 * cores a second process can only win what one process leaves idle; the report says the load average too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request, type Result } from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? fallback : Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}
const seconds = option('seconds', 20);
const connections = option('connections', 16);
const warmup = option('warmup', 5);
/** Distinct requests in the mix: enough that the cache-off runs are not one hot page. */
const MIX_SIZE = 3_000;
const HEADERS = { 'accept-encoding': 'br, gzip', accept: 'application/json' };

interface Topology {
  balancer: string;
  databaseUrl: string;
  processes: { name: string; pid: number }[];
}

/** A deterministic PRNG, so every configuration replays the same mix. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Starts the topology through its script and waits for its JSON line. */
async function startTopology(processes: number, cacheOff: boolean): Promise<{ info: Topology; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/scale-out/start.mjs'), '--processes', String(processes), '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(cacheOff ? { PUBLIC_CACHE_MB: '0' } : {}) },
  });
  const lines = createInterface({ input: child.stdout! });
  const info = await new Promise<Topology>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as Topology));
    child.once('exit', (code) => reject(new Error(`the start script exited (${code}) before the topology was up`)));
  });
  return { info, child };
}

function stopTopology(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

/** The read mix: 40% listing pages 1-20 over cities and types, 40% details Zipf-like over every public id, 20% searches. */
async function buildMix(info: Topology): Promise<Request[]> {
  const client = new pg.Client({ connectionString: info.databaseUrl });
  await client.connect();
  try {
    const ids = (await client.query<{ id: number }>(`select id from projects where status = 'active' and approval = 'approved' order by id`)).rows.map((row) => row.id);
    const cities = (await client.query<{ id: number }>('select id from cities order by id')).rows.map((row) => row.id);
    const names = (await client.query<{ name: string }>('select name from locations union all select name from projects')).rows.map((row) => row.name);
    const random = mulberry32(16);
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
    // Zipf-like (s = 1): rank r is drawn with weight 1/r, so a few projects are popular and the tail is long.
    const weights = ids.map((_, rank) => 1 / (rank + 1));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const zipf = () => {
      let left = random() * total;
      for (let rank = 0; rank < ids.length; rank++) {
        left -= weights[rank] ?? 0;
        if (left <= 0) return ids[rank] as number;
      }
      return ids[ids.length - 1] as number;
    };
    const types = ['apartment', 'villa', 'plot'];
    const mix: Request[] = [];
    for (let n = 0; n < MIX_SIZE; n++) {
      const roll = random();
      let requestPath: string;
      if (roll < 0.4) {
        const filter = random() < 0.5 ? `&cityId=${pick(cities)}` : `&cityId=${pick(cities)}&propertyType=${pick(types)}`;
        requestPath = `/api/project?status=active&approval=approved&page=${1 + Math.floor(random() * 20)}${filter}`;
      } else if (roll < 0.8) {
        requestPath = `/api/project/${zipf()}`;
      } else {
        // A typeahead's prefix: 3 to 8 letters of a locality or project name.
        const name = pick(names).toLowerCase();
        requestPath = `/api/project/search?query=${encodeURIComponent(name.slice(0, 3 + Math.floor(random() * 6)).trim() || name)}`;
      }
      mix.push({ path: requestPath, headers: HEADERS });
    }
    return mix;
  } finally {
    await client.end();
  }
}

interface Row {
  processes: number;
  cache: 'off' | 'on';
  result: Result;
  load: string;
  /** Cores each API process used on average during the measured run, and the machine's idle share then. */
  apiCores: number[];
  idle: number;
}

/** CPU seconds a process has used (utime + stime in /proc/<pid>/stat, in clock ticks of 1/100 s on Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The machine's idle and total jiffies (the first line of /proc/stat). */
function machineTicks(): { idle: number; total: number } {
  const values = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  return { idle: (values[3] ?? 0) + (values[4] ?? 0), total: values.reduce((sum, value) => sum + value, 0) };
}

async function measure(processes: number, cacheOff: boolean): Promise<Row> {
  const { info, child } = await startTopology(processes, cacheOff);
  try {
    const requests = await buildMix(info);
    const common = { url: info.balancer, requests, connections, workers: 1, timeout: 10 };
    await autocannon({ ...common, duration: warmup });
    const before = loadavg()[0] ?? 0;
    const cpuBefore = info.processes.map((api) => cpuSeconds(api.pid));
    const ticksBefore = machineTicks();
    const started = performance.now();
    const result = await autocannon({ ...common, duration: seconds });
    const elapsed = (performance.now() - started) / 1000;
    const ticksAfter = machineTicks();
    const apiCores = info.processes.map((api, index) => (cpuSeconds(api.pid) - (cpuBefore[index] ?? 0)) / elapsed);
    const idle = (ticksAfter.idle - ticksBefore.idle) / Math.max(1, ticksAfter.total - ticksBefore.total);
    const after = loadavg()[0] ?? 0;
    const row: Row = { processes, cache: cacheOff ? 'off' : 'on', result, load: `${before.toFixed(1)}-${after.toFixed(1)}`, apiCores, idle };
    console.error(
      `[bench] ${processes} process(es), cache ${row.cache}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `errors ${result.errors}, non-2xx ${result.non2xx}, load ${row.load}, API cores ${apiCores.map((cores) => cores.toFixed(2)).join(' + ')}, machine idle ${(idle * 100).toFixed(0)}%`,
    );
    return row;
  } finally {
    await stopTopology(child);
  }
}

const rows: Row[] = [];
// Interleaved, so a change in the machine's other load shows as disagreement rather than as a ratio.
for (const cacheOff of [true, false]) {
  for (const processes of [1, 2]) rows.push(await measure(processes, cacheOff));
}

console.log(`\nscale-out bench: ${connections} connections, ${seconds} s after ${warmup} s warm-up, mix of ${MIX_SIZE} requests, Accept-Encoding: br, gzip\n`);
console.log('| processes | public cache | requests/s | p50 ms | p99 ms | errors | non-2xx | API processes, cores used | machine idle | load average (1 min, start-end) |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const { processes, cache, result, load, apiCores, idle } of rows) {
  const cores = apiCores.map((used) => used.toFixed(2)).join(' + ');
  console.log(`| ${processes} | ${cache} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors} | ${result.non2xx} | ${cores} | ${(idle * 100).toFixed(0)}% | ${load} |`);
}
for (const cache of ['off', 'on'] as const) {
  const [single, double] = [1, 2].map((count) => rows.find((row) => row.processes === count && row.cache === cache)?.result.requests.average ?? 0);
  console.log(`\ncache ${cache}: 2 processes / 1 process = ${((double ?? 0) / (single || 1)).toFixed(2)}`);
}
