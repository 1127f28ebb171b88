import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ONE_ADDRESS_LIMITS } from './one-address-limits';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /** Name for the log file under e2e/.artifacts. */
  name: string;
  /** Seed the catalogue on first start (slow); a spec that needs no listings leaves it off. */
  seed?: boolean;
}

/** How a process that was expected to stop on its own ended, and everything it printed. */
export interface ProcessOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/**
 * A server of a spec's own (its own port and data folder), for specs that stop and start it: the shared one from
 * global-setup must stay up for every other spec. Same built entry and settings as global-setup.
 */
export class OwnServer {
  readonly baseUrl: string;
  private process: ChildProcess | null = null;
  private exitReason: string | null = null;

  private constructor(
    private readonly port: number,
    /** DATA_DIR: the embedded database in pglite/, uploads under media/uploads/, the lock file. */
    readonly dataDir: string,
    private readonly options: ServerOptions,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  static async create(options: ServerOptions): Promise<OwnServer> {
    return new OwnServer(await freePort(), mkdtempSync(path.join(tmpdir(), `nivaas-e2e-${options.name}-`)), options);
  }

  /** The environment `npm start` or the built server gets: this server's port and data folder, embedded database. */
  env(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
    const { DATABASE_URL: _databaseUrl, REDIS_URL: _redisUrl, ...inherited } = process.env;
    return {
      ...inherited,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      LOG_LEVEL: 'warn',
      SEED_ON_START: this.options.seed ? 'true' : 'false',
      ...ONE_ADDRESS_LIMITS,
      ...overrides,
    };
  }

  /** The running server's pid (null when stopped). */
  get pid(): number | null {
    return this.exitReason === null ? (this.process?.pid ?? null) : null;
  }

  /** Starts the server and waits until /api/health answers. */
  async start(budgetMs: number): Promise<void> {
    const artifacts = path.join(repoRoot, 'e2e/.artifacts');
    mkdirSync(artifacts, { recursive: true });
    const log = createWriteStream(path.join(artifacts, `server-${this.options.name}.log`), { flags: 'a' });
    this.exitReason = null;
    const child = spawn(process.execPath, [serverEntry], { cwd: repoRoot, env: this.env(), stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    child.on('exit', (code, signal) => {
      this.exitReason = `exit code ${code ?? 'none'}, signal ${signal ?? 'none'}`;
    });
    this.process = child;

    const deadline = Date.now() + budgetMs;
    while (Date.now() < deadline) {
      if (this.exitReason) throw new Error(`${this.options.name} server stopped before it was healthy (${this.exitReason})`);
      try {
        if ((await fetch(`${this.baseUrl}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${this.options.name} server was not healthy within ${budgetMs / 1000} s`);
  }

  /** Kills the process outright (a crash, not a graceful stop) and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || this.exitReason) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    this.process = null;
  }

  /** Stops the server gracefully (SIGTERM) and keeps its data folder; resolves with how it exited. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = this.process;
    this.process = null;
    if (!child || this.exitReason) return { code: child?.exitCode ?? null, signal: child?.signalCode ?? null };
    const gone = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    child.kill('SIGTERM');
    return gone;
  }

  /**
   * Runs another built server on this one's data folder (on another port) until it exits by itself, which it must
   * within `budgetMs`; killed otherwise.
   */
  async runAnother(budgetMs: number, env: Record<string, string> = {}): Promise<ProcessOutcome> {
    const child = spawn(process.execPath, [serverEntry], { cwd: repoRoot, env: this.env({ PORT: String(await freePort()), ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), budgetMs);
    const [code, signal] = (await new Promise((resolve) => child.once('exit', (...ended) => resolve(ended)))) as [number | null, NodeJS.Signals | null];
    clearTimeout(timer);
    return { code, signal, output };
  }

  /** Stops the server and removes its data folder. */
  async dispose(): Promise<void> {
    const child = this.process;
    if (child && !this.exitReason) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
    this.process = null;
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
