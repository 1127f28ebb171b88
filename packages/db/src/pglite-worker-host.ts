/**
 * The API thread's side of the embedded database (docs/decisions/024-pglite-worker.md): PGlite runs in a worker thread
 * (pglite-worker.ts) and this client forwards statements to it. It has the shape drizzle's PGlite driver calls
 * (query, exec, transaction), so drizzle-orm/pglite maps rows exactly as it does for an in-process PGlite: the same
 * PGlite parses the same bytes into the same values in the worker, and a structured clone carries Date, bigint,
 * Uint8Array, arrays and JSON objects across unchanged.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { deserializeError, type WorkerReply, type WorkerRequest, type WorkerStart } from './pglite-protocol';

export interface PgliteWorkerOptions {
  /** PGlite's data folder; omitted for an in-memory cluster. */
  dataDir?: string | undefined;
  /** A `dumpDataDir()` tarball to start from (copied to the worker; the caller keeps its bytes). */
  loadDataDir?: Uint8Array | undefined;
}

/** A request without its id: `request()` numbers it. */
type Outgoing = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** What a statement asks of the worker besides its text: how rows come back, and which types stay text. */
interface StatementShape {
  rowMode: 'array' | 'object';
  rawTypes: number[];
}

/** A value no parser of PGlite's would produce, to tell a pass-through parser from one that converts. */
const PARSER_PROBE = '\u0000nivaas-parser-probe';

/**
 * How to start the worker. The API bundle (apps/api/build.mjs) writes its code beside dist/server.js as
 * pglite-worker.js, and this file is then part of server.js, so `import.meta.url` finds it there. From source (tsx,
 * Vitest) it is pglite-worker.ts next to this file. On Node 20 tsx's ESM hooks are not registered in worker threads
 * (tsx issue #354; its loader skips threads other than the main one there), so the worker starts from a two-line
 * script that installs tsx's require hook and loads the TypeScript through it.
 */
function workerStart(): { entry: URL | string; eval: boolean } {
  const bundled = new URL('./pglite-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return { entry: bundled, eval: false };
  const require = createRequire(import.meta.url);
  const tsx = require.resolve('tsx/cjs/api');
  const source = fileURLToPath(new URL('./pglite-worker.ts', import.meta.url));
  return { entry: `require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(source)});`, eval: true };
}

/** The handle drizzle gets inside `db.transaction()`: statements that run in that transaction. */
export interface PgliteWorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export class PgliteWorkerClient {
  private readonly pending = new Map<number, Pending>();
  private readonly noticeHandlers = new Map<number, (payload: string) => void>();
  private readonly shapes = new WeakMap<QueryOptions, StatementShape>();
  private nextId = 1;
  private openTransactions = 0;
  /** Background work waiting for the connection to fall idle (see whenIdle). */
  private idleWaiters: (() => void)[] = [];
  private wakeScheduled = false;
  /** Why the worker can no longer answer (it failed, exited or was closed); set once. */
  private stopped: Error | undefined;
  private closing: Promise<void> | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: WorkerReply) => this.receive(message));
    worker.on('error', (error) => this.stop(new Error(`the embedded database's worker failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => this.stop(new Error(`the embedded database's worker exited (code ${code})`)));
    // Idle, the worker must not keep a process alive (a test that forgot close(), a CLI that is done); busy, it must,
    // or a script awaiting a statement would end with the statement unanswered. See track().
    worker.unref();
  }

  /** Starts the worker and resolves once PGlite is open in it (the cluster created, or loaded from the tarball). */
  static async start(options: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
    const how = workerStart();
    const start: WorkerStart = { dataDir: options.dataDir, loadDataDir: options.loadDataDir };
    const worker = new Worker(how.entry, { eval: how.eval, workerData: start });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: WorkerReply) => {
        if (message.type !== 'ready' && message.type !== 'failed') return;
        cleanup();
        if (message.type === 'ready') resolve();
        else reject(deserializeError(message.error));
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new Error(`the embedded database's worker exited (code ${code}) before the database opened`));
      };
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new PgliteWorkerClient(worker);
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.statement<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.request({ op: 'exec', tx: undefined, sql }) as Promise<Results[]>;
  }

  /**
   * Runs `callback` in a transaction that holds the worker's database: statements from outside wait until it ends,
   * as PGlite's own transaction() makes them. Committed when the callback resolves, rolled back when it throws
   * (drizzle's nested transactions are savepoints issued through the same handle).
   */
  async transaction<T>(callback: (tx: PgliteWorkerTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.request({ op: 'begin' })) as number;
    this.openTransactions += 1;
    this.track();
    let closed = false;
    const guard = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const handle: PgliteWorkerTransaction = {
      query: async <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
        guard();
        return this.statement<R>(tx, sql, params, options);
      },
      exec: async (sql: string) => {
        guard();
        return (await this.request({ op: 'exec', tx, sql })) as Results[];
      },
    };
    try {
      let result: T;
      try {
        result = await callback(handle);
      } catch (error) {
        closed = true;
        await this.request({ op: 'end', tx, commit: false });
        throw error;
      }
      closed = true;
      await this.request({ op: 'end', tx, commit: true });
      return result;
    } finally {
      this.openTransactions -= 1;
      this.track();
    }
  }

  /** LISTEN on `channel`; each notice reaches `onNotify` before the reply to the statement that committed it. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const id = this.nextId++;
    // Registered before the LISTEN is sent: a notice can follow its reply closely.
    this.noticeHandlers.set(id, onNotify);
    try {
      await this.request({ op: 'listen', channel }, id);
    } catch (error) {
      this.noticeHandlers.delete(id);
      throw error;
    }
    return async () => {
      this.noticeHandlers.delete(id);
      if (!this.stopped) await this.request({ op: 'unlisten', listener: id });
    };
  }

  /**
   * Resolves when no statement is in flight and no transaction is open, or after `maxWaitMs` at the latest.
   * Background work (the tracking journal's writes, the rollup folds) awaits it before each unit, so a page read
   * that arrives while one unit runs waits for that unit alone, never for a queue of them; the bound keeps a busy
   * site from starving the background for good (decision 034, amendment).
   */
  whenIdle(maxWaitMs: number): Promise<void> {
    if (this.isIdle() && this.idleWaiters.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.idleWaiters = this.idleWaiters.filter((waiter) => waiter !== done);
        resolve();
        // If the unit it let start sends nothing, the next waiter need not wait for its bound.
        this.track();
      };
      const timer = setTimeout(done, maxWaitMs);
      timer.unref();
      this.idleWaiters.push(done);
      this.track();
    });
  }

  /** The cluster as an uncompressed tarball, for `loadDataDir` (testing.ts keeps a migrated one). */
  async dumpDataDir(): Promise<Blob> {
    const bytes = (await this.request({ op: 'dump' })) as ArrayBuffer;
    return new Blob([bytes]);
  }

  /** Closes PGlite (its files flushed) and then ends the worker; resolves when the thread is gone. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        if (!this.stopped) await this.request({ op: 'close' });
      } finally {
        this.stop(new Error('PGlite is closed'));
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }

  private statement<T>(tx: number | undefined, sql: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const shape = this.shapeOf(options);
    return this.request({ op: 'query', tx, sql, params, rowMode: shape.rowMode, rawTypes: shape.rawTypes }) as Promise<Results<T>>;
  }

  /**
   * drizzle passes one options object per prepared statement, so its shape is worked out once. Only pass-through
   * parsers can be honoured (the worker returns those types' text); any other would silently change values, so it
   * is refused here rather than ignored.
   */
  private shapeOf(options: QueryOptions | undefined): StatementShape {
    if (!options) return { rowMode: 'object', rawTypes: [] };
    let shape = this.shapes.get(options);
    if (!shape) {
      const unsupported = Object.keys(options).filter((key) => key !== 'rowMode' && key !== 'parsers');
      if (unsupported.length > 0) throw new Error(`the embedded database's worker does not take query options ${unsupported.join(', ')}`);
      const rawTypes = Object.entries(options.parsers ?? {}).map(([oid, parse]) => {
        if (parse(PARSER_PROBE) !== PARSER_PROBE) throw new Error(`a parser for type ${oid} that converts values cannot run in the embedded database's worker`);
        return Number(oid);
      });
      shape = { rowMode: options.rowMode ?? 'object', rawTypes };
      this.shapes.set(options, shape);
    }
    return shape;
  }

  /** Sends a request and resolves with its reply's result; `id` is given only when the caller must know it first. */
  private request(message: Outgoing, id = this.nextId++): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.track();
      try {
        this.worker.postMessage({ ...message, id });
      } catch (error) {
        // A parameter that cannot be cloned (a function, say): refused here, nothing was sent.
        this.pending.delete(id);
        this.track();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private receive(message: WorkerReply): void {
    if (message.type === 'notice') {
      this.noticeHandlers.get(message.listener)?.(message.payload);
      return;
    }
    if (message.type !== 'reply') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    this.track();
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(deserializeError(message.error));
  }

  private isIdle(): boolean {
    return this.pending.size === 0 && this.openTransactions === 0;
  }

  /** Keeps the process alive exactly while a statement is awaited or a transaction is open; wakes whenIdle's waiters. */
  private track(): void {
    if (!this.isIdle()) {
      this.worker.ref();
      return;
    }
    this.worker.unref();
    if (this.idleWaiters.length > 0 && !this.wakeScheduled) {
      this.wakeScheduled = true;
      // A request of several statements sends its next one in the same turn of the event loop as the reply to the
      // last: waking on the next turn, if still idle, keeps background work out of such a gap. One waiter at a time:
      // its unit makes the connection busy again, and the next waits for that to end.
      setImmediate(() => {
        this.wakeScheduled = false;
        if (this.isIdle()) this.idleWaiters[0]?.();
      });
    }
  }

  private stop(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
    this.noticeHandlers.clear();
    this.track();
  }
}
