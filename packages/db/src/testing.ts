import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createDb, type Database } from './client';

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
  if (!databaseUrl) {
    return { ...(await createDb({ inMemory: true })), schema: undefined };
  }
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
