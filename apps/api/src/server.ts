import { mkdirSync } from 'node:fs';
import { createDb, type Database } from '@nivaas/db';
import { ensureSeeded } from '@nivaas/db/seed';
import { type App, buildApp } from './app';
import { attachChat } from './chat/chat.gateway';
import { type Config, ConfigError, loadConfig } from './config';
import { createLogger } from './logger';

/** In-flight requests get this long to finish after SIGTERM; then the process exits regardless. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // No logger yet: its level is part of the config that just failed.
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const logger = createLogger(config);
let database: Database | undefined;
let app: App | undefined;
let stopping = false;

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  const forceExit = setTimeout(() => {
    logger.error(`shutdown took over ${SHUTDOWN_TIMEOUT_MS} ms: exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  forceExit.unref();

  let exitCode = 0;
  try {
    // app.close() stops accepting, waits for in-flight requests and runs onClose hooks; the
    // database goes last because those requests still need it.
    await app?.close();
    await database?.close();
    logger.info('stopped');
  } catch (error) {
    exitCode = 1;
    logger.error({ err: error }, 'error while shutting down');
  }
  // Exit explicitly: a stray handle (a pool, a timer in a dependency) must not keep a stopped server alive.
  process.exit(exitCode);
}

process.once('SIGINT', (signal) => void shutdown(signal));
process.once('SIGTERM', (signal) => void shutdown(signal));

try {
  mkdirSync(config.mediaDir, { recursive: true });
  database = config.databaseUrl
    ? await createDb({ databaseUrl: config.databaseUrl })
    : await createDb({ dataDir: config.pgliteDir });
  logger.info({ database: database.kind }, 'database open and migrated');

  if (config.seedOnStart) {
    const report = await ensureSeeded(database, { mediaDir: config.mediaDir, onProgress: (message) => logger.info(`seed: ${message}`) });
    if (report.seeded) logger.info({ projects: report.projects, ms: report.milliseconds }, 'seeded an empty database');
  }

  app = await buildApp({ config, database, logger });
  // The help chat shares the port (socket.io at /socket.io); attached here, not in buildApp, so inject() tests need no sockets.
  await attachChat(app, { database, config });
  // Fastify logs one line per address it listens on (every interface for 0.0.0.0), with the real port.
  await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `Nivaas is listening on ${address}` });
} catch (error) {
  logger.fatal({ err: error }, 'could not start');
  await app?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  process.exit(1);
}
