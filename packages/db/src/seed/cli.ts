/**
 * npm run seed -- [--projects N] [--data-dir DIR] [--reset] [--schema NAME] [--no-images]
 *
 * Seeds the embedded database in `<DATA_DIR>/pglite` (DATA_DIR defaults to the repository's `data/`), or
 * PostgreSQL when DATABASE_URL is set; pictures go to `<DATA_DIR>/media/seed`. Stop the server first: PGlite
 * allows one process per data folder.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb } from '../client';
import { acquireDataDirLock, DataDirLockedError } from '../data-dir-lock';
import { DEFAULT_PROJECTS, isSeeded, resetDatabase, seed } from './index';

const USAGE = `Usage: npm run seed -- [options]

  --projects N     catalogue size, projects plus listings (default ${DEFAULT_PROJECTS})
  --data-dir DIR   data folder: PGlite in DIR/pglite, pictures in DIR/media (default: $DATA_DIR or <repo>/data)
  --reset          empty every table first, then seed
  --schema NAME    PostgreSQL only: seed into this schema (created if missing) instead of public
  --no-images      write rows only, skip the pictures
  --help           this text

DATABASE_URL selects PostgreSQL instead of the embedded database.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      projects: { type: 'string' },
      'data-dir': { type: 'string' },
      reset: { type: 'boolean', default: false },
      schema: { type: 'string' },
      'no-images': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const projects = values.projects === undefined ? DEFAULT_PROJECTS : Number(values.projects.replaceAll(/[,_]/g, ''));
  if (!Number.isInteger(projects) || projects < 1) {
    console.error(`--projects must be a positive whole number, got ${values.projects}\n\n${USAGE}`);
    return 2;
  }

  // npm runs workspace scripts inside packages/db; paths typed by the user are relative to where they typed them.
  const userCwd = process.env.INIT_CWD ?? process.cwd();
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const dataOption = values['data-dir'] ?? process.env.DATA_DIR;
  const dataDir = dataOption ? path.resolve(userCwd, dataOption) : path.join(repoRoot, 'data');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const mediaDir = values['no-images'] ? undefined : path.join(dataDir, 'media');

  // A running server on the same folder holds it: two PGlite instances on one folder corrupt it (issue 10).
  let lock;
  try {
    lock = databaseUrl ? undefined : acquireDataDirLock(dataDir, { purpose: 'seed' });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    return 1;
  }
  const started = performance.now();
  const database = await createDb({ databaseUrl, dataDir: path.join(dataDir, 'pglite'), searchPath: values.schema }).catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  const where = database.kind === 'postgres' ? `PostgreSQL${values.schema ? ` (schema ${values.schema})` : ''}` : path.join(dataDir, 'pglite');
  console.log(`database: ${where}, opened and migrated in ${seconds(started)}`);
  try {
    if (values.reset) {
      const resetStarted = performance.now();
      await resetDatabase(database.db);
      console.log(`reset in ${seconds(resetStarted)}`);
    } else if (await isSeeded(database.db)) {
      console.error('The database already has a catalogue. Pass --reset to replace it.');
      return 1;
    }
    const report = await seed(database.db, {
      projects,
      mediaDir,
      onProgress: (message) => console.log(`  ${seconds(started)}  ${message}`),
    });
    const images = report.images ? `, pictures: ${report.images.written} written, ${report.images.skipped} already there (${mediaDir})` : '';
    console.log(`seeded ${projects.toLocaleString('en-IN')} projects and listings in ${(report.milliseconds / 1000).toFixed(1)} s${images}`);
    console.log(`total ${seconds(started)}, peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
    return 0;
  } finally {
    await database.close();
    lock?.release();
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
