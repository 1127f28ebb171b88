import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from '@nivaas/db/orm';
import { createTestDatabase, type TestDatabase } from '@nivaas/db/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTrackingRepository, type EventBatchWrite, type NewTrackedEvent, type TrackingRepository } from './tracking.repository';
import { createEventJournal, type JournalLog } from './tracking-journal';

/**
 * The embedded database's event journal (decision 034) on a real database (PGlite here, PostgreSQL when DATABASE_URL
 * is set): an acknowledged batch reaches the database, a copy is stored once, and what a process acknowledged and
 * never wrote is written by the next one on the same folder.
 */

function events(count: number, page = '/journal'): NewTrackedEvent[] {
  return Array.from({ length: count }, () => ({
    eventId: randomUUID(),
    sessionId: null,
    visitorKey: null,
    visitorType: 'guest',
    eventName: 'PAGE_VIEW',
    pagePath: page,
    projectId: null,
    deviceType: 'mobile',
    metadata: { n: 1 },
    occurredAt: new Date('2026-11-20T10:00:00.000Z'),
  }));
}

const batchOf = (list: NewTrackedEvent[]): EventBatchWrite => ({ events: list, analytics: false, receivedAt: new Date(), currentSessionId: null });

const logs: { level: string; message: string }[] = [];
const log: JournalLog = {
  info: (_details, message) => logs.push({ level: 'info', message }),
  warn: (_details, message) => logs.push({ level: 'warn', message }),
  error: (_details, message) => logs.push({ level: 'error', message }),
};

/** A database that is away: every statement fails as a dropped connection does (no SQLSTATE). */
const away: Pick<TrackingRepository, 'insertEventBatches'> = {
  insertEventBatches: async () => {
    throw new Error('connection terminated');
  },
};

describe('event journal', () => {
  let database: TestDatabase;
  let repository: TrackingRepository;
  let dir: string;

  async function storedIds(page: string): Promise<string[]> {
    const result = await database.db.execute<{ id: string }>(sql`select event_id::text as id from tracking_events where page_path = ${page} order by id`);
    return result.rows.map((row) => row.id);
  }

  const segments = () => readdirSync(dir).filter((file) => file.startsWith('events-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    repository = createTrackingRepository(database.db);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'nivaas-journal-'));
    logs.length = 0;
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('acknowledges a batch once on disk and writes it to the database; the drained segment is deleted', async () => {
    const journal = createEventJournal({ dir, repository, log });
    const sent = events(10, '/journal/one');
    await expect(journal.append(batchOf(sent))).resolves.toBe(10);
    await journal.flushed();
    expect(await storedIds('/journal/one')).toEqual(sent.map((event) => event.eventId).sort());
    await journal.close();
    expect(segments()).toEqual([]);
  });

  it('stores a copy once: the same batch again, an id twice in a batch, and many calls at once', async () => {
    const journal = createEventJournal({ dir, repository, log });
    const sent = events(10, '/journal/copies');
    const first = sent.slice(0, 5);
    const [a, b, c] = await Promise.all([
      journal.append(batchOf(first)),
      journal.append(batchOf(first)),
      journal.append(batchOf([...sent.slice(5), ...sent.slice(5, 7)])),
    ]);
    expect([a, b, c]).toEqual([5, 0, 5]);
    await journal.flushed();
    // Written to the database meanwhile: still recognised as copies, and still stored once.
    await expect(journal.append(batchOf(sent))).resolves.toBe(0);
    await journal.flushed();
    expect(await storedIds('/journal/copies')).toHaveLength(10);
    await journal.close();
  });

  it('recognises at least the last recentIds written ids as copies; an older copy is still stored once', async () => {
    const journal = createEventJournal({ dir, repository, log, recentIds: 4 });
    const sent = events(12, '/journal/recent');
    for (const event of sent) {
      await journal.append(batchOf([event]));
      await journal.flushed();
    }
    // The last four written are answered as copies without asking the database.
    await expect(journal.append(batchOf(sent.slice(8)))).resolves.toBe(0);
    // The first was forgotten: answered as new, and the database's unique index still keeps one row.
    await expect(journal.append(batchOf(sent.slice(0, 1)))).resolves.toBe(1);
    await journal.flushed();
    expect(await storedIds('/journal/recent')).toHaveLength(12);
    await journal.close();
  });

  it('a batch acknowledged while the database was away is written by the next process on the same folder', async () => {
    const first = createEventJournal({ dir, repository: away, log, retryDelayMs: 60_000 });
    const sent = [events(10, '/journal/restart'), events(10, '/journal/restart')];
    await expect(Promise.all(sent.map((list) => first.append(batchOf(list))))).resolves.toEqual([10, 10]);
    // The process stops without reaching the database: the batches stay on disk.
    await first.close(50);
    expect(segments()).toHaveLength(1);
    expect(await storedIds('/journal/restart')).toEqual([]);

    const second = createEventJournal({ dir, repository, log });
    await second.flushed();
    expect(await storedIds('/journal/restart')).toEqual(sent.flat().map((event) => event.eventId).sort());
    expect(segments()).toEqual([]);
    // What the journal still knows is a copy of what the first process acknowledged.
    await expect(second.append(batchOf(sent[0] ?? []))).resolves.toBe(0);
    await second.close();
    expect(logs.some((entry) => entry.message.includes('what the last run acknowledged'))).toBe(true);
  });

  it('skips a line cut off by a crash mid-write, keeping the lines before it', async () => {
    const first = createEventJournal({ dir, repository: away, log, retryDelayMs: 60_000 });
    const kept = events(3, '/journal/torn');
    await first.append(batchOf(kept));
    await first.close(50);
    const [segment] = segments();
    const file = path.join(dir, segment ?? '');
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"v":1,"analytics":false,"receivedAt":"2026-11-2`);

    const second = createEventJournal({ dir, repository, log });
    await second.flushed();
    expect(await storedIds('/journal/torn')).toEqual(kept.map((event) => event.eventId).sort());
    await second.close();
  });

  it('sets aside a batch whose data the database refuses, in a file of its own, and writes the others', async () => {
    const poisoned = events(2, '/journal/refused');
    const refusing: Pick<TrackingRepository, 'insertEventBatches'> = {
      insertEventBatches: async (batches) => {
        if (batches.some((batch) => batch.events.some((event) => event.eventId === poisoned[0]?.eventId))) {
          throw Object.assign(new Error('invalid input syntax'), { code: '22P02' });
        }
        return repository.insertEventBatches(batches);
      },
    };
    const journal = createEventJournal({ dir, repository: refusing, log });
    const good = events(4, '/journal/refused');
    await Promise.all([journal.append(batchOf(good.slice(0, 2))), journal.append(batchOf(poisoned)), journal.append(batchOf(good.slice(2)))]);
    await journal.flushed();
    expect(await storedIds('/journal/refused')).toEqual(good.map((event) => event.eventId).sort());
    const refused = readdirSync(dir).filter((file) => file.startsWith('refused-'));
    expect(refused).toHaveLength(1);
    expect(readFileSync(path.join(dir, refused[0] ?? ''), 'utf8')).toContain(poisoned[0]?.eventId);
    expect(logs.some((entry) => entry.level === 'error')).toBe(true);
    await journal.close();
  });

  it('keeps retrying while the database is away, and writes everything once it answers', async () => {
    let up = false;
    const flaky: Pick<TrackingRepository, 'insertEventBatches'> = {
      insertEventBatches: async (batches) => {
        if (!up) throw new Error('connection terminated');
        return repository.insertEventBatches(batches);
      },
    };
    const journal = createEventJournal({ dir, repository: flaky, log, retryDelayMs: 20 });
    const sent = events(10, '/journal/flaky');
    await journal.append(batchOf(sent));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await storedIds('/journal/flaky')).toEqual([]);
    up = true;
    await journal.flushed();
    expect(await storedIds('/journal/flaky')).toHaveLength(10);
    expect(readdirSync(dir).filter((file) => file.startsWith('refused-'))).toEqual([]);
    await journal.close();
  });

  it('begins a new segment past its size, and deletes each one once written', async () => {
    const journal = createEventJournal({ dir, repository: away, log, retryDelayMs: 60_000, segmentBytes: 500 });
    for (let n = 0; n < 4; n += 1) await journal.append(batchOf(events(3, '/journal/segments')));
    expect(segments().length).toBeGreaterThanOrEqual(2);
    await journal.close(50);
    const next = createEventJournal({ dir, repository, log });
    await next.flushed();
    await next.close();
    expect(segments()).toEqual([]);
    expect(await storedIds('/journal/segments')).toHaveLength(12);
  });

  it('refuses calls once closed', async () => {
    const journal = createEventJournal({ dir, repository, log });
    await journal.close();
    await expect(journal.append(batchOf(events(1)))).rejects.toThrow('closed');
  });
});
