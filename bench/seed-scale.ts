/**
 * Times the seed CLI end to end (process start to exit), as a user runs it:
 *
 *   1. the default seed into a fresh PGlite folder, pictures included (what `npm start` does on first run)
 *   2. --projects N (default 100,000) into a fresh PGlite folder
 *   3. --projects N into PostgreSQL, in a throwaway schema dropped afterwards (only when DATABASE_URL is set)
 *
 * npm run seed-scale -w @nivaas/bench [-- --projects 100000 --only pglite|postgres|default]
 * Prints a Markdown table to paste into bench/reports/seed-scale.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb } from '@nivaas/db';
import { sql } from '@nivaas/db/orm';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(repoRoot, 'packages/db/src/seed/cli.ts');

interface Run {
  id: 'default' | 'pglite' | 'postgres';
  name: string;
  args: string[];
  env?: Record<string, string>;
}

interface Result {
  name: string;
  seconds: number;
  peakMb: string;
  ok: boolean;
}

const { values } = parseArgs({ options: { projects: { type: 'string', default: '100000' }, only: { type: 'string' } } });
const projects = values.projects;
const databaseUrl = process.env.DATABASE_URL;

function runCli(run: Run): Promise<Result> {
  return new Promise((resolve) => {
    const started = performance.now();
    let output = '';
    // tsx, as `npm run seed` uses; DATABASE_URL is passed only to the PostgreSQL run.
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...run.args], {
      cwd: repoRoot,
      env: { ...env, ...run.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(`[${run.name}] ${chunk.toString()}`);
    });
    child.on('close', (code) => {
      const peak = /peak memory (\d+) MB/.exec(output)?.[1] ?? '?';
      resolve({ name: run.name, seconds: (performance.now() - started) / 1000, peakMb: peak, ok: code === 0 });
    });
  });
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'nivaas-seed-scale-'));
  const schemaName = `bench_seed_${process.pid}`;
  const runs: Run[] = [
    { id: 'default', name: 'default (1,800), PGlite, with pictures', args: ['--data-dir', path.join(scratch, 'default')] },
    {
      id: 'pglite',
      name: `${Number(projects).toLocaleString('en-IN')}, PGlite, with pictures`,
      args: ['--projects', projects, '--data-dir', path.join(scratch, 'large')],
    },
  ];
  if (databaseUrl) {
    runs.push({
      id: 'postgres',
      name: `${Number(projects).toLocaleString('en-IN')}, PostgreSQL, no pictures`,
      args: ['--projects', projects, '--schema', schemaName, '--no-images'],
      env: { DATABASE_URL: databaseUrl },
    });
  }
  const selected = runs.filter((run) => !values.only || run.id === values.only);

  const results: Result[] = [];
  try {
    for (const run of selected) results.push(await runCli(run));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    if (databaseUrl) {
      // Opened on the bench schema itself: opening on public would migrate public as a side effect.
      const database = await createDb({ databaseUrl, searchPath: schemaName });
      await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`));
      await database.close();
    }
  }

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`\n${os.availableParallelism()} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}\n`);
  console.log('| run | wall clock | peak memory | result |\n|---|---|---|---|');
  for (const result of results) {
    console.log(`| ${result.name} | ${result.seconds.toFixed(1)} s | ${result.peakMb} MB | ${result.ok ? 'ok' : 'FAILED'} |`);
  }
  if (results.some((result) => !result.ok)) process.exitCode = 1;
}

await main();
