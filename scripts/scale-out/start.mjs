#!/usr/bin/env node
// The scale-out topology in one command (issue 16, docs/decisions/026-scale-out-proof.md; README 'Scaling out').
//
//   node scripts/scale-out/start.mjs                      start, print the addresses, keep running until Ctrl-C
//   node scripts/scale-out/start.mjs -- <command...>      start, run the command with SCALE_OUT_TOPOLOGY set, stop,
//                                                         exit with the command's code (the proof: npm test -w @nivaas/scale-out)
//   --processes N   API processes behind HAProxy (default 2)
//   --json          print the topology as one JSON line once it is up (for the bench)
//
// Needs `npm run build`, PostgreSQL (SCALE_OUT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test: the
// server to make the run's own database on), Redis (SCALE_OUT_REDIS_URL) and haproxy on the PATH.
import { spawn } from 'node:child_process';
import { startTopology } from './topology.mjs';

const args = process.argv.slice(2);
const separator = args.indexOf('--');
const own = separator === -1 ? args : args.slice(0, separator);
const command = separator === -1 ? [] : args.slice(separator + 1);

let processes = 2;
let json = false;
for (let i = 0; i < own.length; i++) {
  const arg = own[i];
  if (arg === '--processes') processes = Number(own[++i]);
  else if (arg === '--json') json = true;
  else {
    console.error(`unknown argument ${arg}; see the top of scripts/scale-out/start.mjs`);
    process.exit(2);
  }
}

const say = (/** @type {string} */ line) => console.error(`[scale-out] ${line}`);

/** @type {import('./topology.mjs').Topology | undefined} */
let topology;
/** @type {import('node:child_process').ChildProcess | undefined} */
let running;
let stopping = false;

/** Stops a start still under way (its processes and database are already being made). */
const starting = new AbortController();

/** @param {number} code */
async function finish(code) {
  if (stopping) return;
  stopping = true;
  if (!topology) {
    // The start stops what it has begun and throws; the catch below exits once that is done.
    starting.abort();
    return;
  }
  if (running && running.exitCode === null && running.signalCode === null) running.kill('SIGTERM');
  if (topology) {
    say('stopping');
    await topology.stop();
  }
  process.exit(code);
}

process.on('SIGINT', () => void finish(130));
process.on('SIGTERM', () => void finish(143));

try {
  topology = await startTopology({ processes, log: say, signal: starting.signal });
} catch (error) {
  const failure = /** @type {Error & { logTails?: string }} */ (error);
  console.error(`[scale-out] could not start: ${failure.message}`);
  if (failure.logTails && !starting.signal.aborted) console.error(failure.logTails);
  process.exit(starting.signal.aborted ? 130 : 1);
}

const info = topology.info;
if (json) console.log(JSON.stringify(info));

if (command.length === 0) {
  say(`up: ${info.balancer} -> ${info.processes.map((api) => `${api.name} ${api.url} (pid ${api.pid})`).join(', ')}`);
  say(`HAProxy statistics ${info.stats}, database ${info.databaseUrl}, photos ${info.s3.publicUrl}, files ${info.dir}`);
  say('Ctrl-C stops every process and removes the database, the Redis keys and the files');
} else {
  const [program, ...programArgs] = /** @type {[string, ...string[]]} */ (command);
  running = spawn(program, programArgs, { stdio: 'inherit', env: { ...process.env, SCALE_OUT_TOPOLOGY: JSON.stringify(info) } });
  running.on('error', (error) => {
    console.error(`[scale-out] could not run ${program}: ${error.message}`);
    void finish(1);
  });
  running.on('exit', (code, signal) => {
    const status = code ?? (signal ? 1 : 0);
    // The API logs are the first thing to read when a step of the proof failed.
    if (status !== 0 && topology) console.error(topology.logTails(30));
    void finish(status);
  });
}
