import { createDb, type Database } from '@nivaas/db';
import { sql } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behindRequests } from './background-gate';

/** Embedded database only: PostgreSQL's whenIdle resolves at once (its pool runs background work beside requests). */
describe.skipIf(Boolean(process.env.DATABASE_URL))('background work behind requests (PGlite)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createDb({ inMemory: true });
  });
  afterAll(async () => {
    await database.close();
  });

  it('starts a background call only after the request in flight is answered, and returns what the call returns', async () => {
    const order: string[] = [];
    const background = behindRequests(
      {
        label: 'fold',
        async run(this: { label: string }, value: number) {
          order.push(`${this.label} ran`);
          return value * 2;
        },
      },
      database.whenIdle,
      10_000,
    );
    const request = database.db.execute(sql`select pg_sleep(0.2)`).then(() => order.push('page read answered'));
    await new Promise((resolve) => setImmediate(resolve));
    const result = background.run(21);
    await request;
    await expect(result).resolves.toBe(42);
    expect(order).toEqual(['page read answered', 'fold ran']);
    expect(background.label).toBe('fold');
  });
});
