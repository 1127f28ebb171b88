import { mkdirSync } from 'node:fs';
import type { Socket } from 'node:net';
import { acquireDataDirLock, createDb, type DataDirLock, DataDirLockedError, type Database } from '@nivaas/db';
import { ensureSeeded } from '@nivaas/db/seed';
import { type App, buildApp } from './app';
import { attachChat } from './chat/chat.gateway';
import { type Config, ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { createModules } from './modules';

/** In-flight requests get this long to finish after SIGTERM; then the process exits regardless. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * With PostgreSQL several processes may share DATA_DIR/media (README 'Scaling out'), so the start-up sweep leaves
 * files younger than this alone: another process may be between staging a photo and committing its row.
 */
const SHARED_MEDIA_SWEEP_AGE_MS = 60 * 60 * 1000;

/**
 * Chat clients get this long to answer the websocket close handshake before their connection is cut: a peer that
 * has vanished (a phone gone offline) never answers, and would hold the shutdown until the forced exit.
 */
const UPGRADED_SOCKET_GRACE_MS = 1_000;

/** How this process's connections are named in pg_stat_activity. */
const DATABASE_APPLICATION_NAME = 'nivaas-api';

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
let dataLock: DataDirLock | undefined;
let database: Database | undefined;
let app: App | undefined;
let stopping = false;
/** Websocket connections: the HTTP server no longer tracks them, and server.close() waits for every one of them. */
const upgradedSockets = new Set<Socket>();

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  // A second signal is expected, not a request to hurry: under `npm start` a terminal's Ctrl-C (or a supervisor's
  // kill of the process group) reaches node once directly and once more forwarded by npm.
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
    setTimeout(() => {
      for (const socket of upgradedSockets) socket.destroy();
    }, UPGRADED_SOCKET_GRACE_MS).unref();
    // app.close() stops accepting, closes idle keep-alive connections, lets requests in flight finish (their
    // connections close after the response) and runs the close hooks, which close the chat's websockets. The
    // database goes last because those requests still need it.
    await app?.close();
    await database?.close();
    logger.info('stopped');
  } catch (error) {
    exitCode = 1;
    logger.error({ err: error }, 'error while shutting down');
  }
  // Exit explicitly: a stray handle (a pool, a timer in a dependency) must not keep a stopped server alive. The
  // 'exit' listener below releases the data folder.
  process.exit(exitCode);
}

process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));
// Whatever ends the process short of kill -9 (a normal exit, an uncaught exception) frees the data folder; after a
// kill -9 the next start finds the holder gone and takes the lock over.
process.on('exit', () => dataLock?.release());

try {
  if (!config.databaseUrl) {
    // Before PGlite opens anything: a second process on the same folder must stop here, not after migrating it.
    dataLock = acquireDataDirLock(config.dataDir, { purpose: 'api server', address: `http://${config.host}:${config.port}` });
  }
  mkdirSync(config.mediaDir, { recursive: true });
  database = config.databaseUrl
    ? await createDb({
        databaseUrl: config.databaseUrl,
        applicationName: DATABASE_APPLICATION_NAME,
        onConnectionError: (error, connection) => logger.warn({ connection, reason: error.message }, 'database connection lost; it is replaced, only the queries on it failed'),
      })
    : await createDb({ dataDir: config.pgliteDir });
  logger.info({ database: database.kind }, 'database open and migrated');

  if (config.seedOnStart) {
    // The seeded visit history ends now, so a fresh install's analytics have their last 90 days (issue 13).
    const report = await ensureSeeded(database, { mediaDir: config.mediaDir, historyEndsAt: new Date(), onProgress: (message) => logger.info(`seed: ${message}`) });
    if (report.seeded) logger.info({ projects: report.projects, ms: report.milliseconds }, 'seeded an empty database');
  }
  const modules = createModules({ config, database, clock: () => new Date(), log: logger });
  // The lock makes this process the folder's only writer; without it other processes may be uploading.
  await modules.sweepOrphanPhotos({ olderThanMs: dataLock ? 0 : SHARED_MEDIA_SWEEP_AGE_MS });

  app = await buildApp({ config, database, logger, modules });
  // The help chat shares the port (socket.io at /socket.io); attached here, not in buildApp, so inject() tests need no sockets.
  await attachChat(app, { modules, config });
  app.server.on('upgrade', (_request, socket: Socket) => {
    upgradedSockets.add(socket);
    socket.once('close', () => upgradedSockets.delete(socket));
  });
  // Fastify logs one line per address it listens on (every interface for 0.0.0.0), with the real port.
  await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `Nivaas is listening on ${address}` });
  // Tracking rollups every few seconds and the retention of raw events hourly; app.close() stops them.
  modules.trackingRollups.start();
  // The real port (PORT=0 picks one), so a second process refused by the lock can say where this one serves.
  const address = app.server.address();
  if (dataLock && address !== null && typeof address === 'object') {
    dataLock.setAddress(`http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`);
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    // The other process is fine and keeps serving; this one only says who it is and leaves.
    logger.fatal({ holderPid: error.holder.pid }, error.message);
  } else {
    logger.fatal({ err: error }, 'could not start');
  }
  await app?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  process.exit(1);
}
