import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PgliteWorkerClient } from './pglite-worker-host';
import * as schema from './schema';

/**
 * What a raw `db.execute(sql...)` resolves to on either driver. PGlite's `Results` and pg's `QueryResult` differ,
 * but both carry `rows`, and that is all a repository may rely on.
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}

export interface RowsResult<TRow> {
  rows: (TRow extends Record<string, unknown> ? TRow : Record<string, unknown>)[];
}

/** The one query-builder type repositories take, whichever driver is underneath. */
export type Db = PgDatabase<QueryResultHKT, typeof schema>;

/** A transaction handle; it is also a `Db`, so repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The schema the tables live in ('public' unless a searchPath was given). */
  tablesSchema: string;
  /** PGlite's data folder; undefined for an in-memory PGlite and for PostgreSQL. */
  dataDir?: string | undefined;
  /** Resolves when the database answers; rejects otherwise (readiness probes). */
  ping(): Promise<void>;
  /**
   * Background work awaits this before each unit of work. PGlite's one connection resolves it when no statement is in
   * flight (or after `maxWaitMs`), so page reads never queue behind several background units; PostgreSQL's pool runs
   * them side by side, and it resolves at once.
   */
  whenIdle(maxWaitMs: number): Promise<void>;
  /**
   * Subscribes to NOTIFY on `channel` (delivered at commit). Resolves once listening; the returned function stops.
   * On PGlite delivery is synchronous with the committing statement. On PostgreSQL it arrives over a dedicated
   * connection, which can drop: `onLost` says notices may be missed from now on, `onRestored` that they flow again.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface NotificationHandlers {
  onNotify(payload: string): void;
  onLost?(): void;
  onRestored?(): void;
}

export interface CreateDbOptions {
  /** PostgreSQL connection string. When set, PostgreSQL through `pg` is used and `dataDir`/`inMemory` are ignored. */
  databaseUrl?: string;
  /** PGlite's data folder (created if missing), e.g. `<repo>/data/pglite`. */
  dataDir?: string;
  /** PGlite in memory: nothing is written to disk. */
  inMemory?: boolean;
  /**
   * A schema to keep every table (and drizzle's migration journal) in, searched before `public`. Created if missing.
   * Tests use a fresh one per database; a PostgreSQL shared with other apps may use it too.
   */
  searchPath?: string;
  /**
   * PostgreSQL only: the application_name of every connection this database opens (pool, LISTEN, migrations), so an
   * operator (or the fault suite) can tell them in pg_stat_activity. Default 'nivaas'.
   */
  applicationName?: string;
  /**
   * PostgreSQL only: told when a connection fails outside a query (the server restarted, an operator ran
   * pg_terminate_backend). The connection is dropped and replaced; only queries running on it fail. Default: a line
   * on stderr.
   */
  onConnectionError?: (error: Error, connection: 'pool' | 'listen' | 'migrate') => void;
}

/** Pool size for PostgreSQL; one process rarely gains from more, and PostgreSQL's default limit is 100. */
const POOL_MAX = 10;

/** Serialises `CREATE EXTENSION` across processes: two at once can both pass IF NOT EXISTS and one then fails. */
const EXTENSION_LOCK_KEY = 7_431_001;

/**
 * The committed migrations, found through the package's own package.json (it is exported) rather than relative to
 * this file, so the path survives the API being bundled into apps/api/dist/server.js.
 */
export function migrationsFolder(): string {
  const packageJson = createRequire(import.meta.url).resolve('@nivaas/db/package.json');
  return path.join(path.dirname(packageJson), 'migrations');
}

/**
 * Opens the database and brings it to the latest committed migration. PGlite (embedded, the default) unless a
 * `databaseUrl` is given; both run the same SQL files (docs/decisions/001-pglite-embedded-default.md).
 */
export async function createDb(options: CreateDbOptions = {}): Promise<Database> {
  const searchPath = options.searchPath === undefined ? undefined : checkIdentifier(options.searchPath, 'searchPath');
  if (options.databaseUrl) {
    return openPostgres({
      databaseUrl: options.databaseUrl,
      searchPath,
      applicationName: options.applicationName ?? 'nivaas',
      onConnectionError: options.onConnectionError ?? reportConnectionError,
    });
  }
  if (!options.inMemory && !options.dataDir) {
    throw new Error('createDb: pass databaseUrl, dataDir or inMemory: true');
  }
  return openPglite({ dataDir: options.inMemory ? undefined : options.dataDir, searchPath });
}

export interface PgliteOpenOptions {
  dataDir?: string | undefined;
  searchPath?: string | undefined;
  /** Start from a `dumpDataDir()` tarball instead of an empty cluster (testing.ts keeps a migrated one). */
  loadDataDir?: Uint8Array | undefined;
}

/** The embedded database, plus what testing.ts needs to keep a migrated copy of it. */
export interface PgliteDatabase extends Database {
  /** The whole cluster as an uncompressed tarball, for `loadDataDir`. */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Not part of the package's public API: createDb() for callers, testing.ts for the dump-based start. PGlite runs in
 * a worker thread (pglite-worker.ts), so a statement's WebAssembly never holds the thread that serves HTTP
 * (docs/decisions/024-pglite-worker.md).
 */
export async function openPglite({ dataDir, searchPath, loadDataDir }: PgliteOpenOptions): Promise<PgliteDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PgliteWorkerClient.start({ dataDir, loadDataDir });
  try {
    // drizzle's PGlite driver calls only query() and transaction() on its client (and query() on the transaction
    // handle); the worker client has both with PGlite's signatures, so the driver's row mapping runs unchanged.
    const pglite = drizzlePglite({ client: client as unknown as PGlite, schema });
    if (searchPath) {
      // PGlite is a single connection, so a session-level SET holds for everything that follows.
      await client.exec(`CREATE SCHEMA IF NOT EXISTS "${searchPath}"; SET search_path TO "${searchPath}", public;`);
    }
    await migratePglite(pglite, { migrationsFolder: migrationsFolder(), migrationsSchema: searchPath ?? 'drizzle' });
    return {
      // No cast: PgliteDatabase and NodePgDatabase are both PgDatabase, and QueryResultHKT asks only for `rows`.
      db: pglite,
      kind: 'pglite',
      tablesSchema: searchPath ?? 'public',
      dataDir,
      ping: async () => {
        await client.query('select 1');
      },
      whenIdle: (maxWaitMs) => client.whenIdle(maxWaitMs),
      // One process owns an embedded database, so every write passes through this client and nothing is missed.
      listen: (channel, { onNotify }) => client.listen(checkIdentifier(channel, 'a channel'), onNotify),
      dumpDataDir: () => client.dumpDataDir(),
      close: () => client.close(),
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}

function reportConnectionError(error: Error, connection: string): void {
  console.error(`[db] PostgreSQL ${connection} connection lost: ${error.message}`);
}

interface PostgresSettings {
  databaseUrl: string;
  searchPath: string | undefined;
  applicationName: string;
  onConnectionError: NonNullable<CreateDbOptions['onConnectionError']>;
}

/** What every connection of ours is opened with: the URL, the search path (startup parameter) and our name. */
type ClientSettings = Pick<pg.ClientConfig, 'connectionString' | 'options' | 'application_name'>;

async function openPostgres({ databaseUrl, searchPath, applicationName, onConnectionError }: PostgresSettings): Promise<Database> {
  // A startup parameter rather than a SET after connect: every pooled connection gets it before its first query.
  const client: ClientSettings = {
    connectionString: databaseUrl,
    options: searchPath ? `-c search_path="${searchPath}",public` : undefined,
    application_name: applicationName,
  };
  await migratePostgres(client, searchPath, onConnectionError);
  const pool = new ResilientPool({ ...client, max: POOL_MAX });
  // A connection that dies emits 'error' on its client, and pg-pool listens only while the client is idle in the
  // pool: one checked out (mid-transaction, or between a query and its release) would have no listener, and an
  // 'error' event without one ends the process (issue 10: 2 crashes in 9 runs of pg_terminate_backend). So every
  // client gets its own listener for life: its queries fail with the error and its slot is freed (ResilientPool).
  pool.on('connect', (pooled) => {
    pooled.on('error', (error) => {
      onConnectionError(error, 'pool');
      pool.releaseBroken(pooled, error);
    });
  });
  // Idle clients are reported by the listener above as well; this one only keeps pg-pool's re-emit from crashing.
  pool.on('error', () => undefined);
  const nodePg = drizzleNodePg({ client: pool, schema });
  return {
    db: nodePg,
    kind: 'postgres',
    tablesSchema: searchPath ?? 'public',
    ping: async () => {
      await pool.query('select 1');
    },
    whenIdle: async () => undefined,
    listen: (channel, handlers) => listenPostgres(client, checkIdentifier(channel, 'a channel'), handlers, onConnectionError),
    close: () => pool.end(),
  };
}

// The callback form of pg.Pool#connect (its last overload), which pg-pool's own query() uses.
type CheckoutCallback = NonNullable<Parameters<pg.Pool['connect']>[0]>;

/**
 * A pg.Pool whose checked-out clients give their slot back when their connection dies, whoever holds them. drizzle's
 * transaction() sends BEGIN before its try/finally, so a BEGIN on a connection that was just terminated never
 * releases the client: each such drop would cost one of the POOL_MAX slots for good, until every request waited on
 * a pool with none left. Here a broken client is released (and so discarded) by its 'error' listener, and release
 * is idempotent, so the holder's own release later is harmless.
 */
class ResilientPool extends pg.Pool {
  private readonly releases = new WeakMap<pg.PoolClient, (error?: Error) => void>();

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: CheckoutCallback): void;
  override connect(callback?: CheckoutCallback): Promise<pg.PoolClient> | void {
    if (!callback) return super.connect().then((pooled) => this.guard(pooled));
    super.connect((error, pooled, done) => {
      if (pooled) this.guard(pooled);
      callback(error, pooled, pooled ? pooled.release : done);
    });
  }

  /** Frees the slot of a checked-out client whose connection failed; nothing for one idle in the pool. */
  releaseBroken(pooled: pg.PoolClient, error: Error): void {
    this.releases.get(pooled)?.(error);
  }

  private guard(pooled: pg.PoolClient): pg.PoolClient {
    const releaseOnce = pooled.release;
    let released = false;
    const release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      this.releases.delete(pooled);
      releaseOnce(error);
    };
    pooled.release = release;
    this.releases.set(pooled, release);
    return pooled;
  }
}

/** Longest wait between attempts to get a dropped LISTEN connection back. */
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it drops, the caller is
 * told at once (it must assume it misses notices) and it is reopened with backoff until `stop` is called.
 */
async function listenPostgres(
  settings: ClientSettings,
  channel: string,
  handlers: NotificationHandlers,
  onConnectionError: PostgresSettings['onConnectionError'],
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelay = 500;

  const connect = async (): Promise<void> => {
    // No search_path: LISTEN/NOTIFY channels are per database, not per schema.
    const next = new pg.Client({ connectionString: settings.connectionString, application_name: settings.application_name });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      handlers.onLost?.();
      scheduleRetry();
    };
    next.on('error', (error) => {
      onConnectionError(error, 'listen');
      lost();
    });
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    retryDelay = 500;
  };
  const scheduleRetry = () => {
    retryTimer = setTimeout(() => {
      connect().then(
        () => handlers.onRestored?.(),
        () => {
          retryDelay = Math.min(retryDelay * 2, LISTEN_RETRY_MAX_MS);
          if (!stopped) scheduleRetry();
        },
      );
    }, retryDelay);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    await current?.end();
  };
}

/**
 * Migrates on one dedicated connection so session-level advisory locks hold: several API processes (or test
 * files) starting together then take turns instead of racing the same DDL.
 */
async function migratePostgres(settings: ClientSettings, searchPath: string | undefined, onConnectionError: PostgresSettings['onConnectionError']): Promise<void> {
  const client = new pg.Client(settings);
  // A drop mid-migration fails the running query (and so the start); the listener keeps it from also crashing.
  client.on('error', (error) => onConnectionError(error, 'migrate'));
  await client.connect();
  try {
    await withAdvisoryLock(client, sql`${EXTENSION_LOCK_KEY}`, async () => {
      // pg_trgm once, in public, shared by every schema; the first migration repeats it for PGlite and fresh servers.
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
      if (searchPath) await client.query(`CREATE SCHEMA IF NOT EXISTS "${searchPath}"`);
    });
    const lockName = `nivaas:migrate:${searchPath ?? 'public'}`;
    await withAdvisoryLock(client, sql`hashtext(${lockName})`, () =>
      migrateNodePg(drizzleNodePg({ client }), {
        migrationsFolder: migrationsFolder(),
        migrationsSchema: searchPath ?? 'drizzle',
      }),
    );
  } finally {
    await client.end();
  }
}

async function withAdvisoryLock<T>(client: pg.Client, key: SQL, work: () => Promise<T>): Promise<T> {
  const lockDb = drizzleNodePg({ client });
  await lockDb.execute(sql`select pg_advisory_lock(${key})`);
  try {
    return await work();
  } finally {
    await lockDb.execute(sql`select pg_advisory_unlock(${key})`);
  }
}

/** Schema names are spliced into DDL and startup options, so only plain identifiers are accepted. */
function checkIdentifier(name: string, what: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new Error(`${what} must be a lower-case SQL identifier, got ${JSON.stringify(name)}`);
  }
  return name;
}
