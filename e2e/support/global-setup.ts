import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ONE_ADDRESS_LIMITS } from './one-address-limits';
import { freePort } from './server-process';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');
// First start creates, migrates and seeds a database with its images.
const FIRST_START_BUDGET_MS = 180_000;

async function waitForHealth(baseUrl: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + FIRST_START_BUDGET_MS;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`The server stopped before it was healthy (${exit}); see e2e/.artifacts/server.log`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not healthy within ${FIRST_START_BUDGET_MS / 1000} s`);
}

/** Starts the built product on a free port with a fresh embedded database, as `npm start` would. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nivaas-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const artifacts = path.join(repoRoot, 'e2e/.artifacts');
  mkdirSync(artifacts, { recursive: true });
  const log = createWriteStream(path.join(artifacts, 'server.log'));

  // The e2e run always uses the embedded database, whatever the shell has set.
  const { DATABASE_URL: _databaseUrl, REDIS_URL: _redisUrl, ...inherited } = process.env;
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...ONE_ADDRESS_LIMITS },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  let exitReason: string | null = null;
  server.on('exit', (code, signal) => {
    exitReason = `exit code ${code ?? 'none'}, signal ${signal ?? 'none'}`;
  });

  await waitForHealth(baseUrl, () => exitReason);
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    if (exitReason === null) {
      const stopped = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await stopped;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
