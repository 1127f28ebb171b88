import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@nivaas/db/testing';
import type { FastifyBaseLogger } from 'fastify';
import { type App, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createLogger } from '../logger';
import { createModules, type Modules } from '../modules';

export interface TestContext {
  app: App;
  database: TestDatabase;
  config: Config;
  /** The app's services (modules.ts), e.g. for the chat gateway or a background job a test drives. */
  modules: Modules;
  /** Closes the app, drops the database and removes the temporary data folder. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Fills the fresh database before the app is built (e.g. the seed, or a factory). */
  prepare?: (database: TestDatabase) => Promise<void>;
  /** Extra environment, e.g. WEB_DIST_DIR for a temporary web build. */
  env?: Record<string, string>;
  /** The app's clock (passcode and token expiry); a test passes one it can move. */
  clock?: () => Date;
  /** A logger of the test's own, e.g. one writing to a stream it reads (logger.test.ts). */
  logger?: FastifyBaseLogger;
}

/**
 * A real app on a real, fresh database (in-memory PGlite, or a throwaway PostgreSQL schema when
 * DATABASE_URL is set). Config goes through loadConfig like production, with a temporary DATA_DIR.
 */
export async function createTestApp({ prepare, env = {}, clock, logger }: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nivaas-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    // No web build unless a test supplies one, so API behaviour never depends on the developer's dist.
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    DASHBOARD_DIST_DIR: path.join(dataDir, 'no-dashboard-build'),
    INSIGHTS_DIST_DIR: path.join(dataDir, 'no-insights-build'),
    // Factories write straight to the database. PGlite announces those writes before the statement returns, so
    // every test also exercises the public cache; PostgreSQL announces them a moment later over LISTEN, which a
    // test reading right after its own write would race. There the cache has its own tests (public-cache.test.ts).
    PUBLIC_CACHE_MB: process.env.DATABASE_URL ? '0' : '64',
    ...env,
  });
  const database = await createTestDatabase();
  try {
    await prepare?.(database);
    const log = logger ?? createLogger(config);
    // On PostgreSQL the in-process catalogue index would race a test's own writes as the cache would (see above).
    const modules = createModules({ config, database, clock: clock ?? (() => new Date()), log, catalogueIndex: !process.env.DATABASE_URL });
    const app = await buildApp({ config, database, logger: log, modules, ...(clock ? { clock } : {}) });
    return {
      app,
      database,
      config,
      modules,
      async close() {
        try {
          await app.close();
        } finally {
          await database.close();
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
