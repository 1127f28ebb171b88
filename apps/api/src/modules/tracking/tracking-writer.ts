import type { EventBatchWrite, TrackingRepository } from './tracking.repository';

/**
 * Rows per statement at most. One statement of 500 rows costs PGlite about as much CPU as six of 10 rows (measured
 * in bench/reports/tracking.md), and holds the embedded database's only connection for a few milliseconds.
 */
export const MAX_ROWS_PER_WRITE = 500;

/** How many of the queued batches, from the first, go into one statement: up to maxRows rows, at least one batch. */
export function groupLength(queue: readonly { batch: Pick<EventBatchWrite, 'events'> }[], maxRows = MAX_ROWS_PER_WRITE): number {
  let rows = 0;
  let count = 0;
  while (count < queue.length && (count === 0 || rows + (queue[count]?.batch.events.length ?? 0) <= maxRows)) {
    rows += queue[count]?.batch.events.length ?? 0;
    count += 1;
  }
  return count;
}

interface Pending {
  batch: EventBatchWrite;
  resolve(stored: number): void;
  reject(error: unknown): void;
}

/**
 * Group commit for event batches (decision 014): a call that arrives while a write is in flight waits for it, and
 * all such calls then go to the database together in one statement. Nothing waits for a timer, so a lone call is
 * written at once; under load each statement carries many calls' events. Every caller's promise settles only after
 * the statement holding its batch has committed, so an acknowledged event is stored, as before.
 */
export function createEventWriter(repository: Pick<TrackingRepository, 'insertEventBatches'>, maxRows = MAX_ROWS_PER_WRITE) {
  const queue: Pending[] = [];
  let writing = false;

  const nextGroup = () => queue.splice(0, groupLength(queue, maxRows));

  async function write(group: Pending[]): Promise<void> {
    try {
      const stored = await repository.insertEventBatches(group.map((pending) => pending.batch));
      group.forEach((pending, index) => pending.resolve(stored[index] ?? 0));
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // One batch the database refuses must not fail the others that happened to share its statement.
      for (const pending of group) await write([pending]);
    }
  }

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) await write(nextGroup());
    } finally {
      writing = false;
    }
  }

  return {
    /** Resolves with how many of the batch's events were new, once they are committed; rejects if not stored. */
    write(batch: EventBatchWrite): Promise<number> {
      return new Promise<number>((resolve, reject) => {
        queue.push({ batch, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}

export type EventWriter = ReturnType<typeof createEventWriter>;
