import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrationsFolder, type Db } from './client';
import * as schema from './schema';
import { allTables, tableName } from './tables';
import { createTestDatabase, type TestDatabase } from './testing';


async function tableNames(db: Db): Promise<string[]> {
  const result = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = current_schema() order by 1`,
  );
  // On PostgreSQL test schemas drizzle's journal sits beside the tables (migrationsSchema).
  return result.rows.map((row) => row.table_name).filter((name) => name !== '__drizzle_migrations');
}

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('open on the driver DATABASE_URL selects', () => {
    expect(database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('create every table of the schema on a fresh database', async () => {
    const expected = allTables.map(tableName).sort();
    expect(expected.length).toBeGreaterThanOrEqual(29);
    expect(await tableNames(database.db)).toEqual(expected);
  });

  it('install pg_trgm and the search indexes', async () => {
    const ext = await database.db.execute<{ extname: string }>(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(ext.rows).toHaveLength(1);
    const indexes = await database.db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and indexdef like '%gin_trgm_ops%'`,
    );
    expect(indexes.rows.map((row) => row.indexname).sort()).toEqual([
      'builders_name_trgm_idx',
      'locations_name_trgm_idx',
      'projects_name_trgm_idx',
    ]);
    const similarity = await database.db.execute<{ s: number }>(sql`select similarity('Whitefield', 'White field') as s`);
    expect(Number(similarity.rows[0]?.s)).toBeGreaterThan(0.5);
  });

  it('index every projects filter and sort the spec uses', async () => {
    const result = await database.db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where schemaname = current_schema() and tablename = 'projects'`,
    );
    const names = result.rows.map((row) => row.indexname);
    for (const name of [
      'projects_status_approval_city_idx',
      'projects_location_idx',
      'projects_zone_idx',
      'projects_builder_idx',
      'projects_broker_idx',
      'projects_owner_idx',
      'projects_type_idx',
      'projects_item_idx',
      'projects_tags_idx',
      'projects_city_min_price_idx',
      'projects_updated_at_idx',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('enforce the closed vocabularies and rating range with CHECK constraints', async () => {
    const { cities, reviews, brokers } = schema;
    const [city] = await database.db
      .insert(cities)
      .values({ name: 'Testpur', slug: 'testpur', state: 'Test' })
      .returning({ id: cities.id });
    await expect(
      database.db.insert(reviews).values({ subject: 'city', cityId: city!.id, ratingValue: 6, approval: 'approved' }),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`insert into brokers (name, email, approval) values ('X', 'x@example.com', 'maybe')`),
    ).rejects.toThrow();
    await database.db.insert(brokers).values({ name: 'Y', email: 'y@example.com' });
    const [broker] = await database.db.select().from(brokers);
    expect(broker?.approval).toBe('pending');
  });

  it('keep the committed SQL free of "public"-qualified references (per-schema isolation relies on it)', () => {
    const files = readdirSync(migrationsFolder()).filter((file) => file.endsWith('.sql'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      expect(readFileSync(path.join(migrationsFolder(), file), 'utf8')).not.toContain('"public".');
    }
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nivaas-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps data across reopen and does not re-run applied migrations', async () => {
    const first = await createDb({ dataDir: path.join(dir, 'pglite') });
    await first.db.insert(schema.cities).values({ name: 'Kochi', slug: 'kochi', state: 'Kerala' });
    await first.close();

    const second = await createDb({ dataDir: path.join(dir, 'pglite') });
    try {
      await second.ping();
      const rows = await second.db.select({ name: schema.cities.name }).from(schema.cities);
      expect(rows).toEqual([{ name: 'Kochi' }]);
      const applied = await second.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied.rows[0]?.n).toBe(readdirSync(migrationsFolder()).filter((f) => f.endsWith('.sql')).length);
    } finally {
      await second.close();
    }
  });

  it('refuses to guess where to store data', async () => {
    await expect(createDb({})).rejects.toThrow(/dataDir or inMemory/);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL test schemas', () => {
  it('migrate in parallel without racing and are dropped on close', async () => {
    const opened = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]);
    const schemas = opened.map((database) => database.schema);
    expect(new Set(schemas).size).toBe(3);
    for (const database of opened) expect(await tableNames(database.db)).toContain('projects');
    await Promise.all(opened.map((database) => database.close()));

    const probe = await createTestDatabase();
    try {
      const left = await probe.db.execute<{ nspname: string }>(
        sql`select nspname from pg_namespace where nspname in (${sql.join(
          schemas.map((name) => sql`${name}`),
          sql`, `,
        )})`,
      );
      expect(left.rows).toEqual([]);
    } finally {
      await probe.close();
    }
  });
});

describe('change notices', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('arrive after commit, once per statement, naming schema and table; none for a rolled-back write', async () => {
    const notices: string[] = [];
    const stop = await database.listen('nivaas_catalogue', { onNotify: (payload) => notices.push(payload) });
    try {
      await database.db.insert(schema.cities).values([{ name: 'Pune', slug: 'pune', state: 'Maharashtra' }, { name: 'Nagpur', slug: 'nagpur', state: 'Maharashtra' }]);
      await database.db
        .transaction(async (tx) => {
          await tx.insert(schema.cities).values({ name: 'Nashik', slug: 'nashik', state: 'Maharashtra' });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await database.db.insert(schema.leads).values({ name: 'Private enquiry' });
      await expect.poll(() => notices).toEqual([`${database.tablesSchema}.cities`]);
    } finally {
      await stop();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('report a dropped LISTEN connection and its return (PostgreSQL)', async () => {
    const events: string[] = [];
    const stop = await database.listen('nivaas_catalogue', {
      onNotify: () => events.push('notice'),
      onLost: () => events.push('lost'),
      onRestored: () => events.push('restored'),
    });
    try {
      await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN "nivaas_catalogue"' and pid <> pg_backend_pid()`);
      await expect.poll(() => events, { timeout: 5_000 }).toEqual(['lost', 'restored']);
      await database.db.insert(schema.cities).values({ name: 'Surat', slug: 'surat', state: 'Gujarat' });
      await expect.poll(() => events, { timeout: 5_000 }).toEqual(['lost', 'restored', 'notice']);
    } finally {
      await stop();
    }
  });
});
