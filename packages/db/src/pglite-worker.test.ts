import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type PgliteDatabase } from './client';
import * as schema from './schema';

/**
 * The embedded database in its worker thread (docs/decisions/024-pglite-worker.md): what callers of `Database` rely on
 * must hold as it did with PGlite in process. PGlite only: PostgreSQL never used the worker.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite in a worker thread', () => {
  let database: PgliteDatabase;
  beforeAll(async () => {
    database = await openPglite({});
  });
  afterAll(async () => {
    await database.close();
  });

  it('leaves the calling thread free while a statement runs', async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      if (!running) return;
      turns += 1;
      setImmediate(spin);
    };
    setImmediate(spin);
    // Seconds of WebAssembly in process; in the worker the event loop keeps turning meanwhile.
    await database.db.execute(sql`select count(*) from generate_series(1, 300000) as g where md5(g::text) like 'ab%'`);
    running = false;
    expect(turns).toBeGreaterThan(10);
  });

  it('lets background work start only once the requests in flight are answered (whenIdle)', async () => {
    const order: string[] = [];
    const request = database.db.execute(sql`select pg_sleep(0.2)`).then(() => order.push('request answered'));
    await new Promise((resolve) => setImmediate(resolve));
    const background = database.whenIdle(10_000).then(() => order.push('background may start'));
    await Promise.all([request, background]);
    expect(order).toEqual(['request answered', 'background may start']);
    // Idle already: at once.
    await expect(database.whenIdle(10_000)).resolves.toBeUndefined();
  });

  it('never lets a busy connection hold background work back beyond its bound', async () => {
    const order: string[] = [];
    const request = database.db.execute(sql`select pg_sleep(1)`).then(() => order.push('request answered'));
    await new Promise((resolve) => setImmediate(resolve));
    await database.whenIdle(20).then(() => order.push('background goes anyway'));
    await request;
    expect(order).toEqual(['background goes anyway', 'request answered']);
  });

  it('returns values as drizzle-orm/pglite does: dates as text, bigint, numeric as text, json, arrays, bytes', async () => {
    const result = await database.db.execute<Record<string, unknown>>(sql`select
      '2024-05-06 07:08:09+00'::timestamptz as at, '2024-05-06'::date as day, 9007199254740993::bigint as big,
      12.50::numeric as money, '{"a":[1,"x"]}'::jsonb as doc, array['a','b']::text[] as tags, '\\x0102'::bytea as bytes,
      null::int as nothing`);
    expect(result.rows).toEqual([
      {
        at: '2024-05-06 07:08:09+00',
        day: '2024-05-06',
        big: 9007199254740993n,
        money: '12.50',
        doc: { a: [1, 'x'] },
        tags: ['a', 'b'],
        bytes: new Uint8Array([1, 2]),
        nothing: null,
      },
    ]);
    const [city] = await database.db.insert(schema.cities).values({ name: 'Mysuru', slug: 'mysuru', state: 'Karnataka' }).returning();
    expect(city?.createdAt).toBeInstanceOf(Date);
  });

  it('keeps PostgreSQL\'s error fields (SQLSTATE, constraint, table) on a refused statement', async () => {
    await database.db.insert(schema.cities).values({ name: 'Udupi', slug: 'udupi', state: 'Karnataka' });
    const error = await database.db
      .insert(schema.cities)
      .values({ name: 'Udupi again', slug: 'udupi', state: 'Karnataka' })
      .then(() => undefined, (failure: unknown) => failure);
    const cause = (error as { cause?: Record<string, unknown> }).cause;
    expect(cause).toMatchObject({ code: '23505', table: 'cities' });
    expect(cause?.constraint).toMatch(/slug/);
    expect(cause).toBeInstanceOf(Error);
  });

  it('holds the database for an open transaction: a statement from outside waits for its commit', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(schema.cities).values({ name: 'Hubballi', slug: 'hubballi', state: 'Karnataka' });
      order.push('inserted');
      await held;
      // A nested transaction is a savepoint: its rollback keeps the outer insert.
      await tx
        .transaction(async (inner) => {
          await inner.insert(schema.cities).values({ name: 'Dharwad', slug: 'dharwad', state: 'Karnataka' });
          throw new Error('undo the inner one');
        })
        .catch(() => undefined);
      order.push('committing');
    });
    await expect.poll(() => order).toEqual(['inserted']);
    const outside = database.db
      .select({ slug: schema.cities.slug })
      .from(schema.cities)
      .then((rows) => {
        order.push('outside read');
        return rows.map((row) => row.slug);
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['inserted']);
    release();
    await transaction;
    const slugs = await outside;
    expect(order).toEqual(['inserted', 'committing', 'outside read']);
    expect(slugs).toContain('hubballi');
    expect(slugs).not.toContain('dharwad');
  });

  it('delivers a change notice before the writing statement returns, and none for a rolled-back one', async () => {
    const notices: string[] = [];
    const stop = await database.listen('nivaas_catalogue', { onNotify: (payload) => notices.push(payload) });
    try {
      await database.db.insert(schema.cities).values({ name: 'Belagavi', slug: 'belagavi', state: 'Karnataka' });
      expect(notices).toEqual(['public.cities']);
      await database.db
        .transaction(async (tx) => {
          await tx.insert(schema.cities).values({ name: 'Ballari', slug: 'ballari', state: 'Karnataka' });
          tx.rollback();
        })
        .catch(() => undefined);
      expect(notices).toEqual(['public.cities']);
    } finally {
      await stop();
    }
  });

  it('refuses statements once closed, and reopens from its own dump', async () => {
    const copy = await openPglite({ loadDataDir: new Uint8Array(await (await database.dumpDataDir()).arrayBuffer()) });
    const rows = await copy.db.select({ slug: schema.cities.slug }).from(schema.cities);
    expect(rows.map((row) => row.slug)).toContain('belagavi');
    await copy.close();
    await expect(copy.ping()).rejects.toThrow(/closed/);
  });
});
