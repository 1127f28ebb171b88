import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDb, migrationsFolder, openPglite, type Database } from './client';

export interface TestDatabase extends Database {
  /** The throwaway PostgreSQL schema, or undefined on in-memory PGlite. */
  schema: string | undefined;
}

/**
 * A fresh, migrated, empty database for one test file (or one test). In-memory PGlite by default; with
 * DATABASE_URL set, PostgreSQL with a uniquely named schema that `close()` drops, so parallel test files never
 * see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return { ...(await openMigratedPglite()), schema: undefined };

  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const database = await createDb({ databaseUrl, searchPath: schema });
  return {
    ...database,
    schema,
    async close() {
      try {
        await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
      } finally {
        await database.close();
      }
    },
  };
}

const TEMPLATE_PREFIX = 'nivaas-pglite-migrated-';

/**
 * An in-memory PGlite started from a dump of an already migrated one. Creating a cluster and running the
 * migrations costs about 2 s per database; loading the dump about 0.5 s. The dump is kept in the OS temp folder,
 * named by the migrations' and PGlite's contents, so every test worker and run shares it until either changes.
 */
async function openMigratedPglite(): Promise<Database> {
  const file = path.join(tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}.tar`);
  if (existsSync(file)) {
    try {
      return await openPglite({ loadDataDir: readFileSync(file) });
    } catch {
      // A truncated or foreign file: build a new one below.
      rmSync(file, { force: true });
    }
  }
  const database = await openPglite({});
  const dump = await database.dumpDataDir();
  // Written aside and renamed, so a worker never loads a half-written dump.
  const partial = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  // Dumps of older migrations are 40 MB each and never used again.
  for (const stale of readdirSync(tmpdir()).filter((name) => name.startsWith(TEMPLATE_PREFIX) && name.endsWith('.tar'))) {
    if (path.join(tmpdir(), stale) !== file) rmSync(path.join(tmpdir(), stale), { force: true });
  }
  return database;
}


function templateKey(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.sql')).sort()) {
    hash.update(name).update(readFileSync(path.join(folder, name)));
  }
  // PGlite's dump format follows its version; its package.json is not exported, so find it beside the entry.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}
