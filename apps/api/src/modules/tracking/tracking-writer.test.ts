import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@nivaas/db/testing';
import { sql } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrackingRepository, type EventBatchWrite, type NewTrackedEvent, type TrackingRepository } from './tracking.repository';
import { createEventWriter } from './tracking-writer';

/**
 * The group commit of event batches (tracking-writer.ts) on a real database (PGlite here, PostgreSQL when
 * DATABASE_URL is set): what each caller is told, and what is stored, when many calls share one statement.
 */

function events(count: number): NewTrackedEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    eventId: randomUUID(),
    sessionId: null,
    visitorKey: null,
    visitorType: 'guest',
    eventName: 'PAGE_VIEW',
    pagePath: `/page/${index}`,
    projectId: null,
    deviceType: 'mobile',
    metadata: null,
    occurredAt: new Date(),
  }));
}

const batchOf = (list: NewTrackedEvent[]): EventBatchWrite => ({ events: list, analytics: false, receivedAt: new Date(), currentSessionId: null });

describe('event writer (group commit)', () => {
  let database: TestDatabase;
  let repository: TrackingRepository;
  let statements: number[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const real = createTrackingRepository(database.db);
    statements = [];
    repository = {
      ...real,
      // The real statement, counted: how many batches each one carried.
      insertEventBatches: (batches) => {
        statements.push(batches.length);
        return real.insertEventBatches(batches);
      },
    };
  });

  afterAll(async () => {
    await database?.close();
  });

  async function storedIds(list: NewTrackedEvent[]): Promise<string[]> {
    const result = await database.db.execute<{ id: string }>(
      sql`select event_id::text as id from tracking_events where event_id in (select jsonb_array_elements_text(${JSON.stringify(list.map((event) => event.eventId))}::jsonb)::uuid)`,
    );
    return result.rows.map((row) => row.id).sort();
  }

  it('calls that arrive while a write is in flight share the next statement, and each is told its own new events', async () => {
    statements.length = 0;
    const writer = createEventWriter(repository, 100);
    const first = events(10);
    const shared = events(10);
    // 30 calls at once: the first goes alone, the rest wait for it and go in statements of at most 100 rows. The
    // last call re-sends the shared events, which the 'shared' call stores first.
    const calls = [first, ...Array.from({ length: 28 }, () => events(10)), shared];
    const answers = await Promise.all([...calls.map((list) => writer.write(batchOf(list))), writer.write(batchOf(shared))]);
    expect(answers).toEqual([...calls.map(() => 10), 0]);
    expect(statements[0]).toBe(1);
    expect(statements.slice(1).every((batches) => batches <= 10)).toBe(true);
    expect(statements.reduce((sum, batches) => sum + batches, 0)).toBe(31);
    expect(statements.length).toBeLessThan(8);
    const all = calls.flat();
    expect(await storedIds(all)).toEqual(all.map((event) => event.eventId).sort());
  });

  it('a batch the database refuses fails alone: the calls that shared its statement are stored and told so', async () => {
    const writer = createEventWriter(repository);
    const good = [events(3), events(4)];
    // A visitor type the table's check refuses (the service never sends one): the grouped statement fails.
    const refused = events(2).map((event) => ({ ...event, visitorKey: 'robot:1', visitorType: 'robot' as NewTrackedEvent['visitorType'] }));
    const hold = writer.write(batchOf(events(1)));
    const outcomes = await Promise.allSettled([writer.write(batchOf(good[0]!)), writer.write(batchOf(refused)), writer.write(batchOf(good[1]!))]);
    await hold;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))).toEqual([3, 4]);
    expect(await storedIds([...good.flat(), ...refused])).toEqual(good.flat().map((event) => event.eventId).sort());
  });

  it('an id in upper case is matched to the lower-case one the database answers with', async () => {
    const writer = createEventWriter(repository);
    const list = events(2).map((event) => ({ ...event, eventId: event.eventId.toUpperCase() }));
    expect(await writer.write(batchOf(list))).toBe(2);
    expect(await writer.write(batchOf(list))).toBe(0);
  });
});
