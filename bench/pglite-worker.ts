/**
 * What one slow statement on the embedded database does to everything else the API thread serves
 * (issue 16, docs/decisions/024-pglite-worker.md): PGlite in process (as before) against PGlite in its worker thread
 * (createDb, as the API opens it now).
 *
 *   npm run pglite-worker -w @nivaas/bench [-- --duration 10 --connections 10]
 *
 * For each mode, a loop runs a read of about 300 ms (an analytics-sized aggregate) back to back, while autocannon
 * (in a worker thread) drives two routes of a Fastify app in this process: `/memory`, answered without the database
 * (what a public-cache hit, the chat or a tracking ingest call's validation cost), and `/db`, a one-row read that must
 * wait its turn behind the slow one (PGlite serves one statement at a time in either mode). Then the same two routes
 * with no slow read running. Prints the figures and the load average; writes nothing.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { createDb } from '@nivaas/db';
import { sql } from '@nivaas/db/orm';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    rows: { type: 'string', default: '250000' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

/** The two operations the probe needs, whichever thread PGlite is on. */
interface Probe {
  name: string;
  run(text: string): Promise<unknown>;
  close(): Promise<void>;
}

async function inProcess(): Promise<Probe> {
  const client = await PGlite.create();
  return { name: 'in process (before)', run: (text) => client.query(text), close: () => client.close() };
}

async function inWorker(): Promise<Probe> {
  const database = await createDb({ inMemory: true });
  return { name: 'worker thread (after)', run: (text) => database.db.execute(sql.raw(text)), close: () => database.close() };
}

const slowRead = `select count(*) from generate_series(1, ${Number(values.rows)}) as g where md5(g::text) like 'ab%'`;

async function drive(url: string): Promise<{ p50: number; p99: number; max: number; rps: number }> {
  const result = await autocannon({ url, connections, duration, workers: 1 });
  return { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, rps: result.requests.average };
}

async function measure(open: () => Promise<Probe>): Promise<void> {
  const probe = await open();
  const app = Fastify({ logger: false });
  app.get('/memory', async () => ({ success: true }));
  app.get('/db', async () => {
    await probe.run('select 1');
    return { success: true };
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const started = performance.now();
    await probe.run(slowRead);
    const alone = performance.now() - started;

    let slowRunning = true;
    let slowCount = 0;
    const loop = (async () => {
      while (slowRunning) {
        await probe.run(slowRead);
        slowCount += 1;
        // In process, PGlite never yields to timers or sockets between its steps: without this turn of the event
        // loop the back-to-back reads would starve everything for good, not only for 300 ms at a time.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const load = os.loadavg()[0] ?? 0;
    const busyMemory = await drive(`${base}/memory`);
    const busyDb = await drive(`${base}/db`);
    slowRunning = false;
    await loop;
    const quietMemory = await drive(`${base}/memory`);
    const quietDb = await drive(`${base}/db`);
    const loadAfter = os.loadavg()[0] ?? 0;
    const line = (label: string, figures: Awaited<ReturnType<typeof drive>>) =>
      `  ${label.padEnd(34)} ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  max ${figures.max} ms`;
    console.log(`${probe.name}: slow read alone ${alone.toFixed(0)} ms, ${slowCount} slow reads during the busy runs (load ${load.toFixed(1)} -> ${loadAfter.toFixed(1)})`);
    console.log(line('/memory while slow reads run', busyMemory));
    console.log(line('/db (select 1) while slow reads run', busyDb));
    console.log(line('/memory, no slow read', quietMemory));
    console.log(line('/db (select 1), no slow read', quietDb));
  } finally {
    await app.close();
    await probe.close();
  }
}

console.log(`${connections} connections, ${duration} s per run; Node ${process.version}, ${os.cpus().length} cores`);
await measure(inProcess);
await measure(inWorker);
