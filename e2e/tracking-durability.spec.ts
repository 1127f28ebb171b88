import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import { OwnServer } from './support/server-process';

/**
 * Issue 12, 'nothing lost': 10,000 events in batches of 10 from four concurrent senders to the built server, which
 * receives SIGTERM midway. Every batch the server answered 2xx must be in the database; every batch that failed
 * (cut off, refused while closing, or sent while it was down) is re-sent to a restarted server on the same data folder,
 * as the browser client re-sends its unsent list, and then each of the 10,000 events is stored exactly once.
 * No browser: the senders speak HTTP like lib/tracking's flush does.
 */

const EVENTS = 10_000;
const PER_BATCH = 10;
const SENDERS = 4;
/** SIGTERM once this many batches have been acknowledged (about half). */
const STOP_AFTER_ACKED = 480;

interface Batch {
  index: number;
  sessionId: string;
  events: { id: string; event_name: string; at: string; page: string; metadata: Record<string, number> }[];
}

type Outcome = { kind: 'acked'; stored: number; duplicates: number } | { kind: 'refused'; status: number } | { kind: 'failed'; error: string };

async function send(baseUrl: string, batch: Batch): Promise<Outcome> {
  try {
    const response = await fetch(`${baseUrl}/api/track/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: batch.sessionId, consent: 'analytics', events: batch.events }),
    });
    const text = await response.text();
    if (response.status >= 200 && response.status < 300) {
      const body = JSON.parse(text) as { stored: number; duplicates: number };
      return { kind: 'acked', stored: body.stored, duplicates: body.duplicates };
    }
    return { kind: 'refused', status: response.status };
  } catch (error) {
    return { kind: 'failed', error: error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error) };
  }
}

/** `count` batches of PER_BATCH page views, spread over `sessions` visits. */
function batchesOf(count: number, sessionPrefix: string, sessions: number, start: number): Batch[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    sessionId: `${sessionPrefix}-${index % sessions}`,
    events: Array.from({ length: PER_BATCH }, (_, n) => ({
      id: randomUUID(),
      event_name: 'PAGE_VIEW',
      at: new Date(start + index * PER_BATCH + n).toISOString(),
      page: '/durability',
      metadata: { batch: index, n },
    })),
  }));
}

/** Reads a stopped server's embedded database. */
async function withDatabase<T>(dataDir: string, read: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

async function storedIds(dataDir: string): Promise<{ ids: Set<string>; rows: number }> {
  return withDatabase(dataDir, async (db) => {
    const result = await db.query<{ event_id: string }>('select event_id::text as event_id from tracking_events where page_path = $1', ['/durability']);
    return { ids: new Set(result.rows.map((row) => row.event_id)), rows: result.rows.length };
  });
}

test.describe('tracking durability (issue 12)', () => {
  test('10,000 events with SIGTERM midway: every acknowledged batch is stored; the rest, re-sent after a restart, is stored once', async () => {
    test.setTimeout(240_000);
    const server = await OwnServer.create({ name: 'tracking-durability' });
    try {
      await server.start(60_000);
      const start = Date.now();
      // A few dozen visits, as if from as many browsers.
      const batches = batchesOf(EVENTS / PER_BATCH, 'durability', 40, start);

      // Four senders take batches from one queue; once enough are acknowledged, SIGTERM goes to the server while
      // they keep sending, so requests are in flight, arrive during the drain and after the process is gone.
      const outcomes = new Map<number, Outcome>();
      let acked = 0;
      let next = 0;
      let stopping: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null;
      const inFlight = new Set<number>();
      let inFlightAtStop: number[] = [];
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          while (next < batches.length) {
            const batch = batches[next++]!;
            inFlight.add(batch.index);
            const outcome = await send(server.baseUrl, batch);
            inFlight.delete(batch.index);
            outcomes.set(batch.index, outcome);
            if (outcome.kind === 'acked') acked += 1;
            if (acked >= STOP_AFTER_ACKED && stopping === null) {
              inFlightAtStop = [...inFlight];
              stopping = server.stop();
            }
          }
        }),
      );
      const exit = await stopping;
      expect(exit, 'the server stops by itself on SIGTERM, with code 0').toEqual({ code: 0, signal: null });

      const ackedBatches = batches.filter((batch) => outcomes.get(batch.index)?.kind === 'acked');
      const failedBatches = batches.filter((batch) => outcomes.get(batch.index)?.kind !== 'acked');
      const failures = new Map<string, number>();
      for (const batch of failedBatches) {
        const outcome = outcomes.get(batch.index)!;
        const key = outcome.kind === 'refused' ? `HTTP ${outcome.status}` : outcome.kind === 'failed' ? outcome.error : 'acked';
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
      console.log(
        `before SIGTERM and during the drain: ${ackedBatches.length} batches acknowledged, ${failedBatches.length} not ` +
          `(${[...failures].map(([why, count]) => `${count} × ${why}`).join(', ')}); of the ${inFlightAtStop.length} requests in flight when ` +
          `SIGTERM was sent, ${inFlightAtStop.filter((index) => outcomes.get(index)?.kind === 'acked').length} were answered 2xx`,
      );
      // The drain answers what the server was already working on: nothing in flight at SIGTERM is cut off.
      expect(inFlightAtStop.map((index) => outcomes.get(index)?.kind)).toEqual(inFlightAtStop.map(() => 'acked'));
      expect(ackedBatches.length).toBeGreaterThanOrEqual(STOP_AFTER_ACKED);
      expect(failedBatches.length, 'some batches were sent after the server had gone').toBeGreaterThan(0);

      // Every acknowledged event is in the database the stopped server left.
      const afterStop = await storedIds(server.dataDir);
      const ackedIds = ackedBatches.flatMap((batch) => batch.events.map((event) => event.id));
      const missing = ackedIds.filter((id) => !afterStop.ids.has(id));
      expect(missing, 'acknowledged but not stored').toEqual([]);
      expect(afterStop.rows, 'no event stored twice').toBe(afterStop.ids.size);

      // The client's next flush: a restarted server on the same folder receives the failed batches again.
      await server.start(60_000);
      const resent = await Promise.all(failedBatches.map((batch) => send(server.baseUrl, batch)));
      expect(resent.filter((outcome) => outcome.kind !== 'acked'), 'every re-sent batch is acknowledged').toEqual([]);
      // A batch that committed while its answer was lost (cut off mid-drain) comes back as duplicates, not new rows.
      const duplicates = resent.reduce((sum, outcome) => sum + (outcome.kind === 'acked' ? outcome.duplicates : 0), 0);
      console.log(`after the restart: ${failedBatches.length} batches re-sent, ${duplicates} of their events already stored`);
      await server.stop();

      const final = await storedIds(server.dataDir);
      expect(final.rows, 'rows').toBe(EVENTS);
      expect(final.ids.size, 'distinct event ids').toBe(EVENTS);
      expect(batches.flatMap((batch) => batch.events.map((event) => event.id)).filter((id) => !final.ids.has(id))).toEqual([]);
    } finally {
      await server.dispose();
    }
  });
  test('SIGKILL midway (no drain at all): every acknowledged batch is written by the restarted server from its journal', async () => {
    // Decision 034: on the embedded database a 2xx means the batch is on disk in the journal beside the database.
    // A process killed outright never writes it to the database itself; the next start on the same folder does.
    test.setTimeout(180_000);
    const server = await OwnServer.create({ name: 'tracking-sigkill' });
    try {
      await server.start(60_000);
      const start = Date.now();
      const batches = batchesOf(300, 'sigkill', 20, start);
      const outcomes = new Map<number, Outcome>();
      let acked = 0;
      let next = 0;
      let killing: Promise<void> | null = null;
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          while (next < batches.length) {
            const batch = batches[next++]!;
            const outcome = await send(server.baseUrl, batch);
            outcomes.set(batch.index, outcome);
            if (outcome.kind === 'acked') acked += 1;
            if (acked >= 100 && killing === null) killing = server.kill();
          }
        }),
      );
      await killing;
      const ackedBatches = batches.filter((batch) => outcomes.get(batch.index)?.kind === 'acked');
      const failedBatches = batches.filter((batch) => outcomes.get(batch.index)?.kind !== 'acked');
      expect(ackedBatches.length).toBeGreaterThanOrEqual(100);
      expect(failedBatches.length, 'some batches were sent after the server had gone').toBeGreaterThan(0);

      // Restarted and stopped again: the journal is written at start, before anything new.
      await server.start(60_000);
      await server.stop();
      const afterRestart = await storedIds(server.dataDir);
      const missing = ackedBatches.flatMap((batch) => batch.events.map((event) => event.id)).filter((id) => !afterRestart.ids.has(id));
      console.log(`SIGKILL after ${ackedBatches.length} acknowledged batches (${failedBatches.length} not); ${afterRestart.rows} events stored after the restart`);
      expect(missing, 'acknowledged but not stored').toEqual([]);
      expect(afterRestart.rows, 'no event stored twice').toBe(afterRestart.ids.size);

      await server.start(60_000);
      const resent = await Promise.all(failedBatches.map((batch) => send(server.baseUrl, batch)));
      expect(resent.filter((outcome) => outcome.kind !== 'acked'), 'every re-sent batch is acknowledged').toEqual([]);
      await server.stop();
      const final = await storedIds(server.dataDir);
      expect(final.rows).toBe(batches.length * PER_BATCH);
      expect(final.ids.size).toBe(batches.length * PER_BATCH);
    } finally {
      await server.dispose();
    }
  });
});
