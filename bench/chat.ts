/**
 * Help-chat load benchmark (issue 6): 1,000 concurrent socket.io clients against ONE API process, each sending a
 * message every 2 s for 60 s; reply latency p50/p95/p99 and errors. Target: p95 <= 50 ms, zero errors.
 *
 *   npm run chat -w @nivaas/bench [-- --clients 1000 --interval 2000 --duration 60 --data-dir /tmp/bench-chat]
 *
 * 1. Starts the real server (apps/api/src/server.ts, as `npm run dev` does) in a child process on a free port with
 *    its own data folder; on first start it creates and seeds the embedded database (the standard seed). The
 *    server is a separate process, so the clients never share its thread.
 * 2. Connects the clients like the widget (websocket only, auth.clientId), 100 at a time, and waits until all are
 *    connected; their sends are then spread evenly over one interval.
 * 3. Each client walks a scripted conversation in the seed's vocabulary (greeting, city, area, type, budgets, the
 *    four action buttons, free-text searches), from a different starting line, one message per interval.
 *    Per message it records the time to the first `reply` and to the turn's closing `action_buttons` (the whole
 *    answer, cards included).
 *    The first `--warmup` seconds (default 44, one pass through the script) run the same load unmeasured and are
 *    reported apart: a freshly started server has nothing kept, and each question's first asking reaches the database.
 * 4. Errors: connect errors, disconnects during the run, `notice` events, and turns unanswered 10 s after the end.
 * 5. Writes bench/reports/chat.md. Not part of `npm test`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHAT_SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@nivaas/contracts/chat.schema';
import { io, type Socket } from 'socket.io-client';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const reportPath = path.join(benchDir, 'reports/chat.md');

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    interval: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '60' },
    /** The same load before the measured window, reported apart: the server starts with nothing kept. */
    warmup: { type: 'string', default: '44' },
    'data-dir': { type: 'string', default: '/tmp/bench-chat' },
    'no-report': { type: 'boolean', default: false },
    note: { type: 'string', default: '' },
    /** Write a V8 CPU profile of the server to this folder (node --cpu-prof), to see where its time goes. */
    'cpu-prof': { type: 'string' },
  },
});
const CLIENTS = Number(values.clients);
const INTERVAL_MS = Number(values.interval);
const DURATION_MS = Number(values.duration) * 1000;
const WARMUP_MS = Number(values.warmup) * 1000;
const dataDir = path.resolve(values['data-dir']);
const TARGET_P95_MS = 50;
/** A turn still unanswered this long after the last send counts as an error. */
const GRACE_MS = 10_000;

/**
 * What visitors say, in the seed's vocabulary (Bengaluru localities, Pune, price words, types) and the four action
 * buttons. No Contact: a lead is a write, and a load test should not fill the leads table with a thousand copies.
 */
const SCRIPT = [
  'hi',
  'Bengaluru',
  'Whitefield',
  'apartment',
  'trigger_next_properties',
  'trigger_switch_area',
  'Koramangala',
  '3 bhk under 1.5 cr',
  'trigger_switch_property_type',
  'villa',
  'trigger_switch_city',
  'Pune',
  '2 bhk in baner under 80 lakh',
  'ready to move',
  'trigger_next_properties',
  'hsr layout',
  'plots between 50 lakh and 1 crore in bengaluru',
  '3 bhk in whitefield under 1.5 cr',
  'trigger_next_properties',
  'villa in sarjapur around 2 cr',
  'thanks',
  'flats in hebbal',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the API the way `npm run dev` does (tsx, development), waiting for its 'listening' line. */
async function startServer(port: number): Promise<ChildProcess> {
  const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      REDIS_URL: '',
      DATABASE_URL: '',
      // Every simulated visitor connects from 127.0.0.1: the per-address chat limits (issue 10) are for real networks.
      CHAT_CONNECTIONS_PER_IP: '1000000',
      CHAT_MESSAGES_PER_IP: '1000000',
    },
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      for (const line of seen.split('\n').slice(0, -1)) if (/seed:/.test(line)) console.log(`  server: ${line.slice(0, 160)}`);
      seen = seen.slice(seen.lastIndexOf('\n') + 1);
      if (chunk.toString().includes('Nivaas is listening')) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  return child;
}

/** Seconds of CPU the process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Tally {
  firstReply: number[];
  turn: number[];
  sent: number;
  errors: Record<string, number>;
}

interface Schedule {
  startAt: number;
  measureFrom: number;
  stopAt: number;
}

/** Clients connect this many at a time (widgets open over time, not in one instant). */
const CONNECT_BATCH = 100;

/** Turns sent before `measureFrom` count in `warm`, later ones in `measured`; errors always in `measured`. */
function runClient(
  url: string,
  index: number,
  { warm, measured }: { warm: Tally; measured: Tally },
  schedule: Promise<Schedule>,
): { connected: Promise<void>; done: Promise<void> } {
  const tally = measured;
  const clientId = randomUUID();
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    path: CHAT_SOCKET_PATH,
    transports: ['websocket'],
    auth: { clientId },
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
  });
  const error = (kind: string) => {
    tally.errors[kind] = (tally.errors[kind] ?? 0) + 1;
  };
  const outstanding: { sentAt: number; replied: boolean; tally: Tally }[] = [];
  let running = true;
  socket.on('reply', () => {
    const turn = outstanding.find((entry) => !entry.replied);
    if (!turn) return;
    turn.replied = true;
    turn.tally.firstReply.push(performance.now() - turn.sentAt);
  });
  socket.on('action_buttons', () => {
    const turn = outstanding.shift();
    if (turn) turn.tally.turn.push(performance.now() - turn.sentAt);
  });
  socket.on('notice', (notice) => error(`notice ${notice.code}`));
  socket.on('disconnect', (reason) => {
    if (running) error(`disconnect (${reason})`);
  });
  const connected = new Promise<void>((resolve) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', () => {
      error('connect_error');
      resolve();
    });
  });
  const done = (async () => {
    await connected;
    const { startAt, measureFrom, stopAt } = await schedule;
    if (!socket.connected) return;
    // Spread the clients' sends evenly over one interval.
    const offset = startAt + (index / CLIENTS) * INTERVAL_MS;
    await sleep(Math.max(0, offset - performance.now()));
    let line = index % SCRIPT.length;
    while (performance.now() < stopAt) {
      const message = SCRIPT[line % SCRIPT.length] ?? 'hi';
      line += 1;
      const sentAt = performance.now();
      const into = sentAt < measureFrom ? warm : measured;
      outstanding.push({ sentAt, replied: false, tally: into });
      into.sent += 1;
      socket.emit('send_message', { message, time: new Date().toISOString(), clientId });
      await sleep(INTERVAL_MS);
    }
    const deadline = performance.now() + GRACE_MS;
    while (outstanding.length > 0 && performance.now() < deadline) await sleep(100);
    for (let i = 0; i < outstanding.length; i += 1) error('unanswered turn');
    running = false;
    socket.disconnect();
  })();
  return { connected, done };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const fmt = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(1) : '-');

async function main(): Promise<void> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  console.log(`starting the API on ${url} (data ${dataDir}; the first start seeds it)`);
  const server = await startServer(port);
  const pid = server.pid ?? 0;
  try {
    const uptime = readFileSync('/proc/uptime', 'utf8').split(' ')[0];
    const loadBefore = os.loadavg();
    console.log(`connecting ${CLIENTS} clients (load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')})`);
    const tally: Tally = { firstReply: [], turn: [], sent: 0, errors: {} };
    const warm: Tally = { firstReply: [], turn: [], sent: 0, errors: {} };
    const connectStart = performance.now();
    let setSchedule: (schedule: Schedule) => void = () => undefined;
    const schedule = new Promise<Schedule>((resolve) => {
      setSchedule = resolve;
    });
    const clients: ReturnType<typeof runClient>[] = [];
    for (let batch = 0; batch < CLIENTS; batch += CONNECT_BATCH) {
      const started = Array.from({ length: Math.min(CONNECT_BATCH, CLIENTS - batch) }, (_, i) => runClient(url, batch + i, { warm, measured: tally }, schedule));
      clients.push(...started);
      await Promise.all(started.map((client) => client.connected));
    }
    const connectMs = performance.now() - connectStart;
    const startAt = performance.now() + 1_000;
    const measureFrom = startAt + WARMUP_MS;
    const stopAt = measureFrom + DURATION_MS;
    setSchedule({ startAt, measureFrom, stopAt });
    console.log(`connected in ${(connectMs / 1000).toFixed(1)} s; warming up for ${WARMUP_MS / 1000} s, then measuring for ${DURATION_MS / 1000} s`);
    await sleep(Math.max(0, measureFrom - performance.now()));
    const cpuBefore = cpuSeconds(pid);
    const ran = performance.now();
    await sleep(Math.max(0, stopAt - performance.now()));
    const elapsed = (performance.now() - ran) / 1000;
    const cpuAtStop = cpuSeconds(pid);
    await Promise.all(clients.map((client) => client.done));
    const serverCpu = (cpuAtStop - cpuBefore) / elapsed;
    const loadAfter = os.loadavg();

    const first = [...tally.firstReply].sort((a, b) => a - b);
    const turn = [...tally.turn].sort((a, b) => a - b);
    const warmFirst = [...warm.firstReply].sort((a, b) => a - b);
    const warmTurn = [...warm.turn].sort((a, b) => a - b);
    const errors = Object.values(tally.errors).reduce((sum, n) => sum + n, 0);
    const row = (name: string, sorted: number[]) =>
      `| ${name} | ${sorted.length} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 95))} | ${fmt(percentile(sorted, 99))} | ${fmt(sorted.at(-1) ?? Number.NaN)} |`;
    const p95 = percentile(first, 95);
    const verdict = errors === 0 && p95 <= TARGET_P95_MS ? 'met' : '**missed**';
    const lines = [
      '# Help-chat load benchmark',
      '',
      `Generated by \`npm run chat -w @nivaas/bench\` on ${new Date().toISOString()}: ${CLIENTS.toLocaleString('en-IN')} socket.io clients`,
      `(websocket, like the widget) against one API process on the embedded database (PGlite, standard seed), each`,
      `sending a message every ${INTERVAL_MS / 1000} s for ${DURATION_MS / 1000} s. The server runs in its own process; the clients share one`,
      'Node process. Messages walk a scripted conversation (greeting, city, area, type, budgets, the four action buttons,',
      'free-text searches), each client from a different line.',
      `Before the measured ${DURATION_MS / 1000} s the same load runs for ${WARMUP_MS / 1000} s (one pass through the script) on a freshly started`,
      'server; its figures are shown apart (cold: the first asking of each question reaches the database).',
      '',
      `Target: reply p95 <= ${TARGET_P95_MS} ms and zero errors: ${verdict}.`,
      '',
      '| measured from send to | turns | p50 ms | p95 ms | p99 ms | max ms |',
      '|---|---|---|---|---|---|',
      row('first `reply`', first),
      row('closing `action_buttons` (whole answer, cards included)', turn),
      row(`warm-up (first ${WARMUP_MS / 1000} s): first \`reply\``, warmFirst),
      row(`warm-up (first ${WARMUP_MS / 1000} s): closing \`action_buttons\``, warmTurn),
      '',
      `- Messages sent in the measured window: ${tally.sent.toLocaleString('en-IN')} (${(tally.sent / elapsed).toFixed(0)} per second over ${elapsed.toFixed(0)} s); ${CLIENTS} clients connected in ${(connectMs / 1000).toFixed(1)} s, ${CONNECT_BATCH} at a time.`,
      `- Errors: ${errors}${errors > 0 ? ` (${Object.entries(tally.errors).map(([kind, n]) => `${kind}: ${n}`).join(', ')})` : ''}.`,
      `- Server CPU during the measured window: ${(serverCpu * 100).toFixed(0)}% of one core, ${((serverCpu * 1000 * elapsed) / Math.max(1, tally.sent)).toFixed(2)} ms of CPU per message.`,
      `- Machine: ${os.cpus().length} cores shared with other work; load average before ${loadBefore.map((n) => n.toFixed(2)).join(' / ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' / ')} (1/5/15 min); uptime ${uptime} s.`,
      ...(values.note ? ['', values.note] : []),
      '',
    ];
    console.log(lines.join('\n'));
    if (!values['no-report']) writeFileSync(reportPath, lines.join('\n'));
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

await main();
