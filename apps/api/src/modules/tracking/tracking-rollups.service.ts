import type { LastSeenCursor, RollupBatch, TrackingRollupsRepository } from './tracking-rollups.repository';

/** How often the background job folds new events into the rollups (the analytics are this fresh). */
export const ROLLUP_EVERY_MS = 5_000;
/** How often it deletes raw events past their retention (and forgets visitor sets of finished days). */
export const RETENTION_EVERY_MS = 60 * 60 * 1000;
/**
 * The most events one fold transaction takes on the embedded database, where the pacing below sizes each one by time
 * (PGlite serves one query at a time, so a long fold holds every ingest call and page read behind it).
 */
export const EMBEDDED_FOLD_MAX = 500;
/**
 * Events per fold transaction on PostgreSQL. There a fold runs on its own connection and holds no reader back (row
 * locks on rollup rows only the fold writes), so the batch is sized for CPU instead: a batch's facts collapse into
 * one rollup row and one visitor-set row per (day, key, visitor) however many events repeat them, and with traffic
 * from a few hundred browsers 5,000 events cost about half as much CPU an event as 500 (fold of 30,000 same-day
 * events from 200 visitors: 168 -> 70 us an event; 2,000 vs 200: 272 -> 174). The CPU saved is the reads' (two cores
 * shared by the API, PostgreSQL's backends and everything else on the machine).
 */
export const SERVER_FOLD_BATCH = 5_000;
/**
 * How the job paces its work on the embedded database (PGlite serves one query at a time: while a fold transaction
 * runs, every ingest call and page read waits for it). A fold of 500 events cost about 85 ms of CPU there
 * (bench/reports/tracking.md), four times the ingest target; so the job measures each transaction and sizes the next
 * one to take about `targetMs`, and yields between them so what queued meanwhile goes first. PostgreSQL runs the fold
 * on its own pooled connection beside the others and keeps fixed SERVER_FOLD_BATCH batches.
 */
export interface Pacing {
  /** Units (events folded, visitor rows staged) of the first transaction, before anything was measured. */
  initial: number;
  min: number;
  max: number;
  /** The time one transaction should take, in milliseconds. */
  targetMs: number;
}
export const EMBEDDED_FOLD_PACING: Pacing = { initial: 100, min: 20, max: EMBEDDED_FOLD_MAX, targetMs: 10 };
/** Rows of tracking_visitor_last_seen per piece of the embedded database's windows rebuild (an index range each). */
export const EMBEDDED_WINDOWS_PACING: Pacing = { initial: 5_000, min: 500, max: 50_000, targetMs: 10 };

/**
 * The size of the next transaction: scaled so it would have taken `targetMs`, at most twice the last one (one fast
 * measurement, e.g. a batch of rows the rollups already had, must not make the next one huge), within min..max.
 */
export function nextChunkSize(size: number, elapsedMs: number, pacing: Pacing): number {
  const scaled = Math.round((size * pacing.targetMs) / Math.max(elapsedMs, 0.1));
  return Math.min(pacing.max, Math.max(pacing.min, Math.min(scaled, size * 2)));
}

/** Rows deleted per statement by the retention job, for the same reason. */
export const DELETE_BATCH = 2_000;
/** Events may arrive up to 7 days after they happened (the server clamps older times); one more day of margin. */
const LATE_ARRIVAL_DAYS = 8;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest of the kept windows (7 / 30 / 90 days, decision 019). */
const MAX_WINDOW_DAYS = 90;
/** India's calendar day, as the repository counts days (UTC+05:30, no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

export interface TrackingRollupsLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface TrackingRollupsOptions {
  repository: TrackingRollupsRepository;
  clock: () => Date;
  /** TRACKING_RETENTION_DAYS: raw events older than this are deleted; the rollups are kept. */
  retentionDays: number;
  log: TrackingRollupsLog;
  /** Fixed events per fold transaction (PostgreSQL, tests); ignored when `pacing` is given. */
  batchSize?: number;
  deleteBatchSize?: number;
  /**
   * The embedded database's pacing (modules.ts gives it for PGlite only): folds sized by measured time, and the
   * windows rebuilt in pieces, which is right only with one process folding (PGlite is always one).
   */
  pacing?: { fold: Pacing; windows: Pacing };
  /** Milliseconds from a monotonic clock, for the pacing (tests give a fake one). */
  elapsedClock?: () => number;
}

export interface RefreshReport {
  events: number;
  batches: number;
  /** False when another process was folding (PostgreSQL with several processes): it does the work. */
  ran: boolean;
}

export interface RetentionReport {
  events: number;
  sessions: number;
  visitorSets: number;
  /** Visitor-day facts (issue 13) of days past the retention. */
  visitorDays: number;
  /** Visitors last seen before the retention (decision 019). */
  lastSeen: number;
  /** Visitors' latest searches older than the longest window (decision 030). */
  searchContexts: number;
}

const yieldToQueuedWork = () => new Promise<void>((resolve) => setImmediate(resolve));

function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The daily rollups (per day x page, project, city, source, device, search and in total) that the analytics read
 * instead of raw events, kept current from a watermark on the events' ids; and the retention of raw events.
 */
export function createTrackingRollupsService({
  repository,
  clock,
  retentionDays,
  log,
  batchSize = SERVER_FOLD_BATCH,
  deleteBatchSize = DELETE_BATCH,
  pacing,
  elapsedClock = () => performance.now(),
}: TrackingRollupsOptions) {
  /** Runs one transaction of `size` units, and answers its result and the size the next one should have. */
  async function paced<T>(size: number, pace: Pacing | undefined, run: (size: number) => Promise<T>): Promise<{ result: T; next: number }> {
    const started = elapsedClock();
    const result = await run(size);
    return { result, next: pace === undefined ? size : nextChunkSize(size, elapsedClock() - started, pace) };
  }

  /**
   * The windows rebuild in pieces (embedded database): one day of rollups per statement, then the visitors'
   * last-seen rows by paced index ranges, yielding between pieces, and one swap at the end. The job folds nothing
   * until it is done (refresh awaits it), and the swap checks that no other fold moved the watermark meanwhile.
   */
  async function rollWindowsInPieces(endDay: string, pace: Pacing, halted: () => boolean): Promise<boolean> {
    const begun = await repository.beginWindowsRebuild(endDay);
    if (begun === null) return false;
    const end = new Date(`${endDay}T00:00:00Z`).getTime();
    for (let back = 0; back < MAX_WINDOW_DAYS; back += 1) {
      if (halted()) return false;
      await repository.stageWindowEvents(endDay, new Date(end - back * DAY_MS).toISOString().slice(0, 10));
      await yieldToQueuedWork();
    }
    let after: LastSeenCursor | null = null;
    let size = pace.initial;
    for (;;) {
      if (halted()) return false;
      const cursor: LastSeenCursor | null = after;
      const piece: { result: { next: LastSeenCursor | null }; next: number } = await paced(size, pace, (limit) =>
        repository.stageWindowVisitors(endDay, cursor, limit),
      );
      size = piece.next;
      await yieldToQueuedWork();
      if (piece.result.next === null) break;
      after = piece.result.next;
    }
    return repository.finishWindowsRebuild(endDay, begun.watermark);
  }

  /**
   * Folds every event stored so far into the rollups, batch by batch. Safe to call at any time from any process:
   * a batch and its watermark commit together, and a process that finds another folding steps aside.
   */
  async function refresh({ halted = () => false }: { halted?: () => boolean } = {}): Promise<RefreshReport> {
    // The last 7/30/90 days end today (decision 019): once a day this rebuilds them before new events are added.
    if (pacing === undefined) await repository.rollWindows(istDay(clock()));
    else await rollWindowsInPieces(istDay(clock()), pacing.windows, halted);
    const upTo = await repository.settledEventId();
    const daily = await foldUpTo(upTo, repository.foldNext, halted);
    // The viewers' searches follow their own watermark (decision 030): on an install older than them they catch up
    // from the first stored event, in the same paced transactions.
    if (daily.ran && !halted()) await foldUpTo(upTo, repository.foldViewerSearchesNext, halted);
    return daily;
  }

  /** Folds batch after batch with `fold` until its watermark reaches `upTo`, paced on the embedded database. */
  async function foldUpTo(upTo: number, fold: (upTo: number, limit: number) => Promise<RollupBatch | 'busy'>, halted: () => boolean): Promise<RefreshReport> {
    let events = 0;
    let batches = 0;
    let size = pacing?.fold.initial ?? batchSize;
    for (;;) {
      // Between batches only: a batch and its watermark are one transaction, so stopping here loses nothing.
      if (halted()) return { events, batches, ran: batches > 0 };
      const { result: batch, next } = await paced(size, pacing?.fold, (limit) => fold(upTo, limit));
      size = next;
      if (batch === 'busy') return { events, batches, ran: batches > 0 };
      if (batch.lastEventId >= upTo && batch.events === 0) return { events, batches, ran: true };
      events += batch.events;
      batches += 1;
      if (batch.lastEventId >= upTo) return { events, batches, ran: true };
      await yieldToQueuedWork();
    }
  }

  async function drain(step: () => Promise<number>, halted: () => boolean): Promise<number> {
    let total = 0;
    for (;;) {
      if (halted()) return total;
      const removed = await step();
      total += removed;
      if (removed === 0) return total;
      await yieldToQueuedWork();
    }
  }

  /**
   * Deletes raw events (and sessions) older than the retention, in small batches. Only events the rollups have
   * counted go, so a job that fell behind never loses an event from the counts. Also forgets which visitors were
   * seen on days no event can arrive for any more.
   */
  async function deleteExpired({ halted = () => false }: { halted?: () => boolean } = {}): Promise<RetentionReport> {
    const now = clock();
    const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
    // Only events both folds have read: the viewers' searches may still be catching up (decision 030).
    const countedUpTo = Math.min(await repository.watermark(), await repository.viewerSearchesWatermark());
    const events = await drain(() => repository.deleteEventsBefore(cutoff, countedUpTo, deleteBatchSize), halted);
    const sessions = await drain(() => repository.deleteSessionsBefore(cutoff, deleteBatchSize), halted);
    const finishedBefore = istDay(new Date(now.getTime() - LATE_ARRIVAL_DAYS * DAY_MS));
    const visitorSets = await drain(() => repository.forgetVisitorsBefore(finishedBefore, deleteBatchSize), halted);
    // Kept as long as raw events: they answer "unique visitors over this range" for any range the events could.
    const visitorDays = await drain(() => repository.forgetVisitorDaysBefore(istDay(cutoff), deleteBatchSize), halted);
    const lastSeen = await drain(() => repository.forgetLastSeenBefore(istDay(cutoff), deleteBatchSize), halted);
    // A search older than the longest window can no longer be credited with a view any window shows.
    const searchContexts = await drain(() => repository.forgetSearchContextsBefore(istDay(new Date(now.getTime() - MAX_WINDOW_DAYS * DAY_MS)), deleteBatchSize), halted);
    return { events, sessions, visitorSets, visitorDays, lastSeen, searchContexts };
  }

  // The background job: one run at a time (a slow run delays the next rather than overlapping it), stopped by stop().
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let lastRetention = 0;

  async function tick(refreshEveryMs: number, retentionEveryMs: number): Promise<void> {
    try {
      const report = await refresh({ halted: () => stopped });
      if (report.events > 0) log.info({ events: report.events, batches: report.batches }, 'tracking rollups refreshed');
    } catch (error) {
      log.warn({ err: error }, 'tracking rollups: refresh failed; retrying on the next run');
    }
    if (!stopped && Date.now() - lastRetention >= retentionEveryMs) {
      lastRetention = Date.now();
      try {
        const report = await deleteExpired({ halted: () => stopped });
        if (report.events + report.sessions > 0) log.info({ ...report, retentionDays }, 'tracking retention: deleted raw events past their age');
      } catch (error) {
        log.warn({ err: error }, 'tracking retention failed; retrying on the next run');
      }
    }
    if (!stopped) schedule(refreshEveryMs, retentionEveryMs);
  }

  function schedule(refreshEveryMs: number, retentionEveryMs: number) {
    timer = setTimeout(() => {
      running = tick(refreshEveryMs, retentionEveryMs).finally(() => {
        running = undefined;
      });
    }, refreshEveryMs);
    // The job never keeps a process alive on its own.
    timer.unref();
  }

  return {
    refresh,
    deleteExpired,
    dailyCounts: repository.dailyCounts,

    /** Starts the background job (server.ts, once listening); the first retention run comes with the first tick. */
    start({ refreshEveryMs = ROLLUP_EVERY_MS, retentionEveryMs = RETENTION_EVERY_MS }: { refreshEveryMs?: number; retentionEveryMs?: number } = {}) {
      if (!stopped) return;
      stopped = false;
      lastRetention = 0;
      schedule(refreshEveryMs, retentionEveryMs);
    },

    /** Stops the job and waits for a run in progress to finish (before the database closes). Idempotent. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type TrackingRollupsService = ReturnType<typeof createTrackingRollupsService>;
