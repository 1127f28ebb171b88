import { randomUUID } from 'node:crypto';
import { schema } from '@nivaas/db';
import { createTestDatabase, type TestDatabase } from '@nivaas/db/testing';
import { sql } from '@nivaas/db/orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_EVENTS, createTrackingRollupsRepository, type TrackingRollupsRepository } from './tracking-rollups.repository';
import { createTrackingRollupsService, nextChunkSize, type Pacing } from './tracking-rollups.service';

const quiet = { info: () => undefined, warn: () => undefined };

interface EventInput {
  name?: string;
  page?: string;
  visitor?: string | null;
  session?: string | null;
  at: string;
  receivedAt?: string;
  projectId?: number | null;
  city?: string | null;
  device?: 'mobile' | 'tablet' | 'desktop' | 'laptop' | null;
  source?: 'direct' | 'search' | 'social' | 'referral' | 'campaign' | 'internal' | null;
  query?: string;
}

describe('tracking rollups', () => {
  let database: TestDatabase;
  let now: Date;

  function service(options: { retentionDays?: number; batchSize?: number; pacing?: { fold: Pacing; windows: Pacing }; repository?: TrackingRollupsRepository } = {}) {
    return createTrackingRollupsService({
      repository: options.repository ?? createTrackingRollupsRepository(database.db),
      ...(options.pacing === undefined ? {} : { pacing: options.pacing }),
      clock: () => now,
      retentionDays: options.retentionDays ?? 395,
      log: quiet,
      batchSize: options.batchSize ?? 3,
      deleteBatchSize: 2,
    });
  }

  async function track(...events: EventInput[]) {
    await database.db.insert(schema.trackingEvents).values(
      events.map((event) => ({
        eventId: randomUUID(),
        sessionId: event.session === undefined ? `s-${event.visitor ?? 'anon'}` : event.session,
        visitorKey: event.visitor ?? null,
        visitorType: 'guest' as const,
        eventName: event.name ?? 'PAGE_VIEW',
        pagePath: event.page ?? '/',
        projectId: event.projectId ?? null,
        city: event.city ?? null,
        deviceType: event.device ?? null,
        trafficSource: event.source ?? null,
        metadata: event.query === undefined ? {} : { query: event.query },
        occurredAt: new Date(event.at),
        receivedAt: new Date(event.receivedAt ?? event.at),
      })),
    );
  }

  /** Counts of one dimension as `key|event: events/visitors` for one day, the way a screen would read them. */
  async function counts(dimension: string, day: string) {
    const rows = await createTrackingRollupsRepository(database.db).dailyCounts({ dimension, from: day, to: day });
    // Pseudo names ('#sessions', '#zero-results': issue 13's facts) are the analytics tests' to check.
    return Object.fromEntries(rows.filter((row) => !row.eventName.startsWith('#')).map((row) => [`${row.key}|${row.eventName}`, `${row.events}/${row.visitors}`]));
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    now = new Date('2026-11-24T12:00:00Z');
    await database.db.execute(sql`truncate ${schema.trackingEvents}, ${schema.trackingSessions}, ${schema.trackingDailyRollups}, ${schema.trackingRollupVisitors}, ${schema.trackingRollupState}, ${schema.trackingVisitorDays}`);
  });

  it('counts events and unique visitors per day and dimension, the same after several incremental runs', async () => {
    const rollups = service();
    await track(
      { visitor: 'user:1', page: '/projects/10', name: 'PROJECT_VIEW', projectId: 10, city: 'Pune', device: 'mobile', source: 'search', at: '2026-11-20T05:00:00Z' },
      { visitor: 'user:1', page: '/projects/10', name: 'PROJECT_VIEW', projectId: 10, city: 'Pune', device: 'mobile', source: 'search', at: '2026-11-20T06:00:00Z' },
      { visitor: 'guest:a', page: '/projects/10', name: 'PROJECT_VIEW', projectId: 10, city: 'Mumbai', device: 'desktop', source: 'direct', at: '2026-11-20T07:00:00Z' },
    );
    expect(await rollups.refresh()).toMatchObject({ events: 3, ran: true });

    await track(
      { visitor: 'user:1', page: '/projects/10', name: 'PROJECT_VIEW', projectId: 10, city: 'Pune', device: 'mobile', source: 'search', at: '2026-11-20T08:00:00Z' },
      { visitor: 'user:1', page: '/', at: '2026-11-20T08:01:00Z', device: 'mobile' },
      { visitor: 'guest:b', page: '/search', name: 'SEARCH', query: '  3 BHK Whitefield ', at: '2026-11-20T09:00:00Z', device: 'tablet' },
      // Consent 'essential': no identity, counted by its session.
      { visitor: null, session: 'anon-1', page: '/projects/10', name: 'PROJECT_VIEW', projectId: 10, device: 'laptop', at: '2026-11-20T09:30:00Z' },
      // Neither identity nor session: counted as an event, never as a visitor.
      { visitor: null, session: null, page: '/projects/10', name: 'PROJECT_VIEW', projectId: 10, at: '2026-11-20T09:45:00Z' },
    );
    // Batches of 3: the second run takes two transactions.
    expect(await rollups.refresh()).toMatchObject({ events: 5, batches: 2 });
    expect(await rollups.refresh()).toMatchObject({ events: 0, batches: 0 });

    const day = '2026-11-20';
    expect(await counts('total', day)).toEqual({
      [`|${ALL_EVENTS}`]: '8/4',
      '|PROJECT_VIEW': '6/3',
      '|PAGE_VIEW': '1/1',
      '|SEARCH': '1/1',
    });
    expect(await counts('project', day)).toEqual({ [`10|${ALL_EVENTS}`]: '6/3', '10|PROJECT_VIEW': '6/3' });
    expect(await counts('page', day)).toMatchObject({ '/projects/10|PROJECT_VIEW': '6/3', '/|PAGE_VIEW': '1/1', '/search|SEARCH': '1/1' });
    expect(await counts('city', day)).toEqual({ 'Pune|*': '3/1', 'Pune|PROJECT_VIEW': '3/1', 'Mumbai|*': '1/1', 'Mumbai|PROJECT_VIEW': '1/1' });
    expect(await counts('source', day)).toEqual({ 'search|*': '3/1', 'search|PROJECT_VIEW': '3/1', 'direct|*': '1/1', 'direct|PROJECT_VIEW': '1/1' });
    expect(await counts('device', day)).toMatchObject({ 'mobile|*': '4/1', 'mobile|PAGE_VIEW': '1/1', 'desktop|*': '1/1', 'tablet|SEARCH': '1/1', 'laptop|*': '1/1' });
    expect(await counts('search', day)).toEqual({ '3 bhk whitefield|*': '1/1', '3 bhk whitefield|SEARCH': '1/1' });
  });

  it('gives the same counts in one run as in many', async () => {
    const events: EventInput[] = [];
    for (let i = 0; i < 40; i += 1) {
      events.push({ visitor: `guest:${i % 7}`, page: `/p/${i % 3}`, name: i % 4 === 0 ? 'SEARCH' : 'PAGE_VIEW', at: `2026-11-2${i % 2}T0${i % 10}:00:00Z`, device: i % 2 ? 'mobile' : 'desktop' });
    }
    await track(...events);
    await service({ batchSize: 1_000 }).refresh();
    const once = { total: [await counts('total', '2026-11-20'), await counts('total', '2026-11-21')], page: await counts('page', '2026-11-20') };

    await database.db.execute(sql`truncate ${schema.trackingDailyRollups}, ${schema.trackingRollupVisitors}, ${schema.trackingRollupState}`);
    const rollups = service({ batchSize: 3 });
    expect(await rollups.refresh()).toMatchObject({ events: 40, batches: 14 });
    expect({ total: [await counts('total', '2026-11-20'), await counts('total', '2026-11-21')], page: await counts('page', '2026-11-20') }).toEqual(once);
    expect(once.total[0]?.[`|${ALL_EVENTS}`]).toBe('20/7');
  });

  it('counts an event that arrives days late on the day it happened, and takes days as India counts them', async () => {
    const rollups = service();
    await track({ visitor: 'guest:a', at: '2026-11-22T10:00:00Z' });
    await rollups.refresh();
    // Sent from an offline phone four days later; and one at 20:00 UTC, which is already the next day in India.
    await track(
      { visitor: 'guest:a', at: '2026-11-18T10:00:00Z', receivedAt: '2026-11-22T11:00:00Z' },
      { visitor: 'guest:b', at: '2026-11-21T20:00:00Z', receivedAt: '2026-11-22T11:00:00Z' },
      { visitor: 'guest:a', at: '2026-11-22T11:00:00Z' },
    );
    await rollups.refresh();
    expect(await counts('total', '2026-11-18')).toEqual({ '|*': '1/1', '|PAGE_VIEW': '1/1' });
    expect(await counts('total', '2026-11-21')).toEqual({});
    // guest:a seen twice on the 22nd, in two runs: one visitor.
    expect(await counts('total', '2026-11-22')).toEqual({ '|*': '3/2', '|PAGE_VIEW': '3/2' });
  });

  it('counts each event once when two refreshes run at the same time', async () => {
    const events: EventInput[] = Array.from({ length: 30 }, (_, i) => ({ visitor: `guest:${i % 5}`, at: '2026-11-20T10:00:00Z' }));
    await track(...events);
    const [first, second] = await Promise.all([service().refresh(), service().refresh()]);
    expect((first?.events ?? 0) + (second?.events ?? 0)).toBe(30);
    await service().refresh();
    expect(await counts('total', '2026-11-20')).toEqual({ '|*': '30/5', '|PAGE_VIEW': '30/5' });
  });

  it.runIf(process.env.DATABASE_URL)('waits for an insert still in flight rather than skipping its id (PostgreSQL)', async () => {
    const { createDb } = await import('@nivaas/db');
    const other = await createDb({ databaseUrl: process.env.DATABASE_URL, searchPath: database.schema });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted!: () => void;
      const insertedYet = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      // Takes the lower id, then commits only after a later insert has committed and a refresh has begun.
      const slow = other.db.transaction(async (tx) => {
        await tx.insert(schema.trackingEvents).values({ eventId: randomUUID(), eventName: 'PAGE_VIEW', pagePath: '/slow', visitorKey: 'guest:slow', occurredAt: new Date('2026-11-20T10:00:00Z') });
        inserted();
        await held;
      });
      await insertedYet;
      await track({ visitor: 'guest:fast', page: '/fast', at: '2026-11-20T10:00:00Z' });
      const refreshing = service().refresh();
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await slow;
      await refreshing;
      await service().refresh();
      expect(await counts('page', '2026-11-20')).toMatchObject({ '/slow|PAGE_VIEW': '1/1', '/fast|PAGE_VIEW': '1/1' });
    } finally {
      await other.close();
    }
  });

  it('deletes raw events and sessions past the retention, in batches, and keeps the rollups', async () => {
    const rollups = service({ retentionDays: 395 });
    await track(
      { visitor: 'guest:a', at: '2025-10-01T10:00:00Z' },
      { visitor: 'guest:b', at: '2025-10-01T11:00:00Z' },
      { visitor: 'guest:c', at: '2025-10-02T11:00:00Z' },
      { visitor: 'guest:a', at: '2026-11-20T10:00:00Z' },
    );
    await database.db.insert(schema.trackingSessions).values([
      { id: 'old', startedAt: new Date('2025-10-01T10:00:00Z'), lastSeenAt: new Date('2025-10-01T11:00:00Z') },
      { id: 'recent', startedAt: new Date('2026-11-20T10:00:00Z'), lastSeenAt: new Date('2026-11-20T10:00:00Z') },
    ]);
    // Not counted yet: the retention leaves them for the rollups.
    expect(await rollups.deleteExpired()).toMatchObject({ events: 0, sessions: 1 });
    await rollups.refresh();
    expect(await rollups.deleteExpired()).toMatchObject({ events: 3, sessions: 0 });

    const left = await database.db.select({ at: schema.trackingEvents.occurredAt }).from(schema.trackingEvents);
    expect(left.map((row) => row.at.toISOString())).toEqual(['2026-11-20T10:00:00.000Z']);
    const sessions = await database.db.select({ id: schema.trackingSessions.id }).from(schema.trackingSessions);
    expect(sessions.map((row) => row.id)).toEqual(['recent']);
    expect(await counts('total', '2025-10-01')).toEqual({ '|*': '2/2', '|PAGE_VIEW': '2/2' });
    expect(await counts('total', '2026-11-20')).toEqual({ '|*': '1/1', '|PAGE_VIEW': '1/1' });
  });

  it('forgets who was seen on finished days, and the counts stay', async () => {
    const rollups = service();
    await track({ visitor: 'guest:a', at: '2026-11-01T10:00:00Z' }, { visitor: 'guest:a', at: '2026-11-23T10:00:00Z' });
    await rollups.refresh();
    // total and page '/' under PAGE_VIEW and '*', and the total's '#sessions'.
    expect(await rollups.deleteExpired()).toMatchObject({ visitorSets: 5 });
    const sets = await database.db.execute<{ day: string }>(sql`select distinct to_char(day, 'YYYY-MM-DD') as day from ${schema.trackingRollupVisitors}`);
    expect(sets.rows.map((row) => row.day)).toEqual(['2026-11-23']);
    expect(await counts('total', '2026-11-01')).toEqual({ '|*': '1/1', '|PAGE_VIEW': '1/1' });
  });

  it('runs in the background until stopped', async () => {
    const rollups = service({ batchSize: 500 });
    rollups.start({ refreshEveryMs: 20 });
    try {
      await track({ visitor: 'guest:a', at: '2026-11-20T10:00:00Z' });
      await expect.poll(() => counts('total', '2026-11-20'), { timeout: 5_000 }).toEqual({ '|*': '1/1', '|PAGE_VIEW': '1/1' });
    } finally {
      await rollups.stop();
    }
    await track({ visitor: 'guest:b', at: '2026-11-20T10:00:00Z' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await counts('total', '2026-11-20')).toEqual({ '|*': '1/1', '|PAGE_VIEW': '1/1' });
  });

  describe('on the embedded database (paced)', () => {
    /** A fixed size, so the number of transactions is known whatever the machine's speed. */
    const fixed = (size: number): Pacing => ({ initial: size, min: size, max: size, targetMs: 10 });

    async function windows() {
      const rows = await database.db.execute<{ row: string }>(sql`
        select window_days || ' ' || dimension || ' ' || key || ' ' || event_name || ': ' || events || '/' || visitors as row
        from ${schema.trackingWindowCounts} order by 1`);
      return rows.rows.map((row) => row.row);
    }

    beforeEach(async () => {
      await database.db.execute(sql`truncate ${schema.trackingVisitorLastSeen}, ${schema.trackingWindowCounts}, ${schema.trackingWindowState}`);
    });

    it('sizes the next transaction to the target time, growing at most twofold, within bounds', () => {
      const pace: Pacing = { initial: 100, min: 20, max: 500, targetMs: 10 };
      expect(nextChunkSize(100, 40, pace)).toBe(25);
      expect(nextChunkSize(100, 100, pace)).toBe(20);
      expect(nextChunkSize(100, 10, pace)).toBe(100);
      expect(nextChunkSize(100, 1, pace)).toBe(200);
      expect(nextChunkSize(400, 1, pace)).toBe(500);
    });

    it('lets an ingest call through while a fold is in progress, after at most one more fold transaction', async () => {
      await track(...Array.from({ length: 30 }, (_, index) => ({ visitor: `guest:${index}`, at: '2026-11-20T10:00:00Z' })));
      const repository = createTrackingRollupsRepository(database.db);
      let folded = 0;
      let ingest: Promise<number> | undefined;
      const counting: TrackingRollupsRepository = {
        ...repository,
        foldNext: async (upTo, limit) => {
          // The second transaction starts only once the ingest call is through: were the connection (PGlite) or a
          // lock (PostgreSQL) held from one transaction to the next, the refresh below would never end.
          if (folded === 1) await ingest;
          // The ingest call arrives as the first fold transaction starts; it reports how many had ended.
          ingest ??= track({ visitor: 'guest:late', at: '2026-11-20T11:00:00Z' }).then(() => folded);
          const batch = await repository.foldNext(upTo, limit);
          folded += 1;
          return batch;
        },
      };
      const report = await service({ repository: counting, pacing: { fold: fixed(3), windows: fixed(2) } }).refresh();
      expect(report).toMatchObject({ events: 30, batches: 10 });
      // Bounded in transactions, not in time: the call waits for the fold transaction it met (one), not the whole fold.
      expect(await ingest).toBeLessThanOrEqual(1);
    });

    it('rebuilds the windows in pieces to the same counts as in one transaction', async () => {
      const days = ['2026-08-30', '2026-10-30', '2026-11-10', '2026-11-20', '2026-11-24'];
      await track(
        ...days.flatMap((day, index) => [
          { visitor: `guest:${index % 3}`, name: 'PROJECT_VIEW', page: '/projects/7', projectId: 7, city: 'Pune', at: `${day}T05:00:00Z` },
          { visitor: `guest:${index}`, name: 'PROJECT_VIEW', page: '/projects/8', projectId: 8, city: 'Nashik', at: `${day}T06:00:00Z` },
          { visitor: 'guest:9', name: 'SEARCH', page: '/search', query: index % 2 === 0 ? 'villa' : 'plot', at: `${day}T07:00:00Z` },
        ]),
      );
      // Fold everything, then rebuild for the day from the rollups: once in one transaction, once in pieces.
      await service().refresh();
      const rebuild = async (options: Parameters<typeof service>[0]) => {
        await database.db.execute(sql`truncate ${schema.trackingWindowState}`);
        await service(options).refresh();
        return windows();
      };
      const whole = await rebuild({});
      expect(whole.length).toBeGreaterThan(10);
      expect(await rebuild({ pacing: { fold: fixed(3), windows: fixed(2) } })).toEqual(whole);
      const state = await database.db.execute<{ end_day: string }>(sql`select to_char(end_day, 'YYYY-MM-DD') as end_day from ${schema.trackingWindowState}`);
      expect(state.rows).toEqual([{ end_day: '2026-11-24' }]);
    });

    it('drops a rebuild in pieces when a batch was folded meanwhile, so no event is in the windows twice or never', async () => {
      await track({ visitor: 'guest:a', name: 'PROJECT_VIEW', page: '/projects/7', projectId: 7, at: '2026-11-20T05:00:00Z' });
      await service().refresh();
      const before = await windows();
      await database.db.execute(sql`truncate ${schema.trackingWindowState}`);
      const repository = createTrackingRollupsRepository(database.db);
      const begun = await repository.beginWindowsRebuild('2026-11-25');
      expect(begun).not.toBeNull();
      await repository.stageWindowEvents('2026-11-25', '2026-11-20');
      await track({ visitor: 'guest:b', name: 'PROJECT_VIEW', page: '/projects/7', projectId: 7, at: '2026-11-20T06:00:00Z' });
      await repository.foldNext(await repository.settledEventId(), 10);
      expect(await repository.finishWindowsRebuild('2026-11-25', begun?.watermark ?? -1)).toBe(false);
      // The staged rows are gone and the windows are as the fold left them; the next run rebuilds them.
      expect(await windows()).toEqual(before);
    });
  });
});
