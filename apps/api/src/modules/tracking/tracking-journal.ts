import { mkdir, open, readdir, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { EventBatchWrite, NewTrackedEvent, TrackingRepository } from './tracking.repository';
import { groupLength } from './tracking-writer';

/**
 * The embedded database's event journal (docs/decisions/034-tracking-journal.md).
 *
 * On PGlite every statement waits its turn at one connection, behind the rollup folds and the catalogue's reads, so
 * an ingest call that waited for its INSERT to commit waited for all of them (ingest p99 76 ms at 3,500 events/s,
 * bench/reports/tracking.md). Here a call is acknowledged once its batch is written to an append-only file beside the
 * database (in groups: every call that arrives while a write is in flight goes into the next), and the events reach
 * the database moments later, in statements of up to JOURNAL_ROWS_PER_WRITE rows. A process that dies
 * after answering leaves the batch in the journal, and the next start writes it to the database before anything
 * else: the data folder holds the journal as it holds the database, so an acknowledged event is as safe as before.
 *
 * A segment file is deleted once every batch in it is in the database. A batch whose data the database refuses (an
 * SQLSTATE of class 22 or 23, which no retry changes) is moved to a `refused-*.jsonl` file and logged, never dropped
 * in silence; any other failure (the database away or closing) leaves everything journaled and is retried.
 */

export interface JournalLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface EventJournalOptions {
  dir: string;
  repository: Pick<TrackingRepository, 'insertEventBatches'>;
  log: JournalLog;
  /** A segment is closed and a new one begun past this size, so a drained segment can be deleted. */
  segmentBytes?: number;
  /** How long to wait before retrying a statement the database refused. */
  retryDelayMs?: number;
  /** Ids of events already written to the database that are still recognised as duplicates without asking it. */
  recentIds?: number;
  /** Rows per statement to the database at most. */
  maxRowsPerWrite?: number;
}

interface Segment {
  file: string;
  /** Batches of this segment not yet in the database. */
  pending: number;
  /** No more batches will be appended: deleted once pending reaches 0. */
  sealed: boolean;
}

interface Waiting {
  batch: EventBatchWrite;
  resolve(stored: number): void;
  reject(error: unknown): void;
}

interface Journaled {
  batch: EventBatchWrite;
  segment: Segment;
  line: string;
}

const SEGMENT_PREFIX = 'events-';
const REFUSED_PREFIX = 'refused-';
const SEGMENT_BYTES = 8 * 1024 * 1024;
const RECENT_IDS = 100_000;
/**
 * Rows per statement to the database. A page read that arrives during a statement waits for it (PGlite has one
 * connection), so the statement is kept short: on PGlite 200 rows took about 7 ms and 500 rows about 25 ms, the
 * cheapest per row of the sizes measured (37 against 49 us; decision 034, amendment). No caller waits on these writes.
 */
const JOURNAL_ROWS_PER_WRITE = 200;

interface StoredBatch {
  v: 1;
  analytics: boolean;
  receivedAt: string;
  currentSessionId: string | null;
  events: (Omit<NewTrackedEvent, 'occurredAt'> & { occurredAt: string })[];
}

function serialise(batch: EventBatchWrite): string {
  const stored: StoredBatch = {
    v: 1,
    analytics: batch.analytics,
    receivedAt: batch.receivedAt.toISOString(),
    currentSessionId: batch.currentSessionId,
    events: batch.events.map((event) => ({ ...event, occurredAt: event.occurredAt.toISOString() })),
  };
  return `${JSON.stringify(stored)}\n`;
}

function deserialise(line: string): EventBatchWrite | undefined {
  try {
    const stored = JSON.parse(line) as StoredBatch;
    if (stored.v !== 1 || !Array.isArray(stored.events)) return undefined;
    return {
      analytics: stored.analytics,
      receivedAt: new Date(stored.receivedAt),
      currentSessionId: stored.currentSessionId,
      events: stored.events.map((event) => ({ ...event, occurredAt: new Date(event.occurredAt) })),
    };
  } catch {
    // A line cut off by a crash in the middle of a write: its call was never answered, and the client re-sends it.
    return undefined;
  }
}

/** A data exception (22) or integrity violation (23): the same statement would fail again. drizzle wraps the driver's error. */
function refusesData(error: unknown): boolean {
  for (let cause = error; cause instanceof Error || (typeof cause === 'object' && cause !== null); cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23]/.test(code)) return true;
    if ((cause as { cause?: unknown }).cause === cause) break;
  }
  return false;
}

const sequenceOf = (file: string) => Number(file.slice(SEGMENT_PREFIX.length, -'.jsonl'.length));
const idOf = (event: NewTrackedEvent) => event.eventId.toLowerCase();

export function createEventJournal({
  dir,
  repository,
  log,
  segmentBytes = SEGMENT_BYTES,
  retryDelayMs = 1_000,
  recentIds = RECENT_IDS,
  maxRowsPerWrite = JOURNAL_ROWS_PER_WRITE,
}: EventJournalOptions) {
  const waiting: Waiting[] = [];
  const journaled: Journaled[] = [];
  /** Ids on disk in the journal and not yet in the database: a copy of one is a duplicate. */
  const journaledIds = new Set<string>();
  /**
   * Ids written to the database lately, at least the last `recentIds`, in two generations of up to `recentIds` each
   * (a retry usually follows its first copy closely): when the newer fills, the older is dropped whole. Not one Set
   * evicting its oldest id per write: V8 leaves a deleted entry as a hole until the table is rebuilt, and finding the
   * oldest id steps over every hole, which cost 46 us per event and single stalls of 26 ms (1,000,000 ids through a
   * Set of 100,000).
   */
  let recent = new Set<string>();
  let older = new Set<string>();
  let current: { segment: Segment; handle: FileHandle; bytes: number; sequence: number } | undefined;
  let nextSequence = 1;
  let writing = false;
  let draining = false;
  let closed = false;
  let drainRetry: NodeJS.Timeout | undefined;
  /** Settles when the journal is idle: nothing waiting to be written or written to the database. */
  let idleWaiters: (() => void)[] = [];

  function remember(id: string) {
    recent.add(id);
    if (recent.size >= recentIds) {
      older = recent;
      recent = new Set<string>();
    }
  }

  const wroteLately = (id: string) => recent.has(id) || older.has(id);

  async function removeIfDone(segment: Segment) {
    if (!segment.sealed || segment.pending > 0) return;
    await unlink(segment.file).catch((error: unknown) => log.warn({ err: error, file: segment.file }, 'tracking journal: a written segment could not be deleted'));
  }

  async function seal() {
    if (!current) return;
    const { handle, segment } = current;
    current = undefined;
    segment.sealed = true;
    await handle.close();
    await removeIfDone(segment);
  }

  /** What an earlier process journaled and did not write to the database: queued before anything new. */
  const replayed = (async () => {
    await mkdir(dir, { recursive: true });
    const files = (await readdir(dir)).filter((file) => file.startsWith(SEGMENT_PREFIX) && file.endsWith('.jsonl')).sort((a, b) => sequenceOf(a) - sequenceOf(b));
    let batches = 0;
    for (const file of files) {
      const segment: Segment = { file: path.join(dir, file), pending: 0, sealed: true };
      nextSequence = Math.max(nextSequence, sequenceOf(file) + 1);
      for (const line of (await readFile(segment.file, 'utf8')).split('\n')) {
        if (line === '') continue;
        const batch = deserialise(line);
        if (!batch) continue;
        for (const event of batch.events) journaledIds.add(idOf(event));
        journaled.push({ batch, segment, line: `${line}\n` });
        segment.pending += 1;
        batches += 1;
      }
      await removeIfDone(segment);
    }
    if (batches > 0) {
      log.info({ batches, segments: files.length }, 'tracking journal: writing what the last run acknowledged to the database');
      drain();
    }
  })();
  // Handled here so a failed replay is logged, not an unhandled rejection; the calls that await it still see it.
  replayed.catch((error: unknown) => log.error({ err: error, dir }, 'tracking journal: the journal could not be read; event calls fail until a restart'));

  /** Keeps the events not seen before (in this batch, earlier in the group, the journal or recently written). */
  function fresh(batch: EventBatchWrite, taken: Set<string>): EventBatchWrite {
    const events = batch.events.filter((event) => {
      const id = idOf(event);
      if (taken.has(id) || journaledIds.has(id) || wroteLately(id)) return false;
      taken.add(id);
      return true;
    });
    return events.length === batch.events.length ? batch : { ...batch, events };
  }

  async function writeGroup(group: Waiting[]) {
    const taken = new Set<string>();
    const kept = group.map((entry) => fresh(entry.batch, taken));
    const lines = kept.map((batch) => (batch.events.length > 0 ? serialise(batch) : ''));
    const bytes = Buffer.from(lines.join(''));
    try {
      if (bytes.length > 0) {
        if (current && current.bytes >= segmentBytes) await seal();
        if (!current) {
          const sequence = nextSequence++;
          const file = path.join(dir, `${SEGMENT_PREFIX}${String(sequence).padStart(9, '0')}.jsonl`);
          current = { segment: { file, pending: 0, sealed: false }, handle: await open(file, 'a'), bytes: 0, sequence };
        }
        // Written, not fdatasync'd: the database beside it is not synced either (PGlite's file layer has no fsync),
        // so a sync would make the journal no safer than the events it feeds while costing every call its tail
        // (decision 034, amendment). A killed process loses nothing written: the bytes are in the kernel's cache.
        await current.handle.write(bytes);
        current.bytes += bytes.length;
      }
    } catch (error) {
      // The segment may now end in half a line: later groups go to a new one, so no acknowledged line follows it.
      await seal().catch(() => undefined);
      for (const entry of group) entry.reject(error);
      return;
    }
    kept.forEach((batch, index) => {
      if (batch.events.length > 0 && current) {
        for (const event of batch.events) journaledIds.add(idOf(event));
        journaled.push({ batch, segment: current.segment, line: lines[index] ?? '' });
        current.segment.pending += 1;
      }
      group[index]?.resolve(batch.events.length);
    });
    drain();
  }

  async function writeWaiting() {
    writing = true;
    try {
      await replayed;
      while (waiting.length > 0) await writeGroup(waiting.splice(0, waiting.length));
    } catch (error) {
      for (const entry of waiting.splice(0, waiting.length)) entry.reject(error);
    } finally {
      writing = false;
      settleIdle();
    }
  }

  /** The next statement's batches: oldest first (tracking-writer's grouping). */
  const nextGroup = (): Journaled[] => journaled.slice(0, groupLength(journaled, maxRowsPerWrite));

  async function written(entries: Journaled[]) {
    journaled.splice(0, entries.length);
    for (const entry of entries) {
      for (const event of entry.batch.events) {
        const id = idOf(event);
        journaledIds.delete(id);
        remember(id);
      }
      entry.segment.pending -= 1;
    }
    for (const segment of new Set(entries.map((entry) => entry.segment))) await removeIfDone(segment);
  }

  /** A batch refused even alone, again and again: kept in a file of its own for a person to look at. */
  async function setAside(entry: Journaled, error: unknown) {
    const file = path.join(dir, `${REFUSED_PREFIX}${Date.now()}.jsonl`);
    const tmp = `${file}.tmp`;
    const handle = await open(tmp, 'w');
    try {
      await handle.write(entry.line);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
    log.error({ err: error, file, events: entry.batch.events.length }, 'tracking journal: the database refuses a batch; it is kept in this file');
  }

  function drain() {
    if (draining || closed || drainRetry) return;
    draining = true;
    void (async () => {
      try {
        while (journaled.length > 0 && !closed) {
          const group = nextGroup();
          try {
            await repository.insertEventBatches(group.map((entry) => entry.batch));
            await written(group);
            continue;
          } catch (error) {
            if (!refusesData(error)) throw error;
          }
          // The database refuses one batch's data: the others go in alone, and that one is set aside.
          for (const entry of group) {
            try {
              await repository.insertEventBatches([entry.batch]);
            } catch (alone) {
              if (!refusesData(alone)) throw alone;
              await setAside(entry, alone);
            }
            await written([entry]);
          }
        }
      } catch (error) {
        // The database is away (or closing): the batches stay journaled and are tried again shortly.
        log.warn({ err: error, batches: journaled.length }, 'tracking journal: writing to the database failed; retrying');
        if (!closed) {
          drainRetry = setTimeout(() => {
            drainRetry = undefined;
            drain();
          }, retryDelayMs);
          drainRetry.unref();
        }
      } finally {
        draining = false;
        settleIdle();
      }
    })();
  }

  function isIdle() {
    return !writing && !draining && waiting.length === 0 && journaled.length === 0;
  }

  function settleIdle() {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  async function flushed(): Promise<void> {
    await replayed;
    if (isIdle()) return;
    if (drainRetry) {
      clearTimeout(drainRetry);
      drainRetry = undefined;
      drain();
    }
    await new Promise<void>((resolve) => idleWaiters.push(resolve));
  }

  return {
    /** Resolves with how many of the batch's events were new, once they are on disk; rejects if they are not. */
    append(batch: EventBatchWrite): Promise<number> {
      if (closed) return Promise.reject(new Error('the tracking journal is closed'));
      return new Promise<number>((resolve, reject) => {
        waiting.push({ batch, resolve, reject });
        if (!writing) void writeWaiting();
      });
    },

    /** Resolves once every batch acknowledged so far is in the database (tests; and close()). */
    flushed,

    /**
     * Shutdown, before the database closes: waits for calls being written, then writes the journal to the database
     * for up to `withinMs`. What is left stays on disk for the next start.
     */
    async close(withinMs = 10_000): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), withinMs);
      });
      const outcome = await Promise.race([flushed().then(() => 'done' as const), gaveUp]).finally(() => clearTimeout(timer));
      closed = true;
      clearTimeout(drainRetry);
      if (outcome === 'late') log.warn({ batches: journaled.length }, 'tracking journal: batches left on disk for the next start');
      await seal();
    },
  };
}

export type EventJournal = ReturnType<typeof createEventJournal>;
