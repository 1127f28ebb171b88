/**
 * The embedded database's own thread (docs/decisions/024-pglite-worker.md). PGlite's WebAssembly runs every statement
 * synchronously on the thread that calls it; here that thread is this worker, so the API's thread keeps serving HTTP,
 * the chat and tracking while a statement runs. pglite-worker-host.ts starts it and is its only correspondent.
 *
 * Statements are started as they arrive and PGlite's own locks order them, exactly as they did in process: a
 * statement outside a transaction waits for an open transaction to end, and one transaction waits for another.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { serializeError, type WorkerReply, type WorkerRequest, type WorkerStart } from './pglite-protocol';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (pglite-worker-host.ts starts it)');

const start = workerData as WorkerStart;

/** An open transaction: PGlite's handle, and how to let its callback return (commit) or throw (roll back). */
interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean, endId: number): void;
}

/** Thrown into PGlite's transaction callback to make it roll back; never leaves this file. */
const ROLLBACK = Symbol('rollback');

const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<number, () => Promise<void>>();
/** Parser sets by their raw type list: the same few lists come with every statement. */
const parserSets = new Map<string, Record<number, (value: string) => string>>();
const passThrough = (value: string) => value;

function post(message: WorkerReply, transfer: ArrayBuffer[] = []): void {
  try {
    port!.postMessage(message, transfer);
  } catch (error) {
    // A result or error field that cannot be cloned: the caller must still hear back, or it waits for ever.
    if (message.type === 'reply') port!.postMessage({ type: 'reply', id: message.id, ok: false, error: serializeError(error) } satisfies WorkerReply);
    else throw error;
  }
}

function reply(id: number, work: Promise<unknown>): void {
  work.then(
    (result) => post({ type: 'reply', id, ok: true, result }),
    (error: unknown) => post({ type: 'reply', id, ok: false, error: serializeError(error) }),
  );
}

function parsersFor(rawTypes: number[]): Record<number, (value: string) => string> {
  const key = rawTypes.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((oid) => [oid, passThrough]));
    parserSets.set(key, parsers);
  }
  return parsers;
}

/** Where a statement runs: inside its open transaction, or on the database (which waits for any transaction). */
function target(db: PGlite, tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

/** Opens a transaction and holds it until an 'end' request; replies to 'begin' once BEGIN has run. */
function begin(db: PGlite, id: number): void {
  let begun = false;
  let endId: number | undefined;
  db.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        begun = true;
        transactions.set(id, {
          tx,
          finish(commit, end) {
            endId = end;
            transactions.delete(id);
            if (commit) resolve();
            else reject(ROLLBACK);
          },
        });
        post({ type: 'reply', id, ok: true, result: id });
      }),
  ).then(
    () => post({ type: 'reply', id: endId!, ok: true, result: undefined }),
    (error: unknown) => {
      transactions.delete(id);
      // Before BEGIN ran, the failure is the begin's; after, it belongs to the COMMIT or ROLLBACK that was asked for.
      const to = begun ? endId : id;
      if (to === undefined) return;
      if (error === ROLLBACK) post({ type: 'reply', id: to, ok: true, result: undefined });
      else post({ type: 'reply', id: to, ok: false, error: serializeError(error) });
    },
  );
}

function handle(db: PGlite, request: WorkerRequest): void {
  try {
    switch (request.op) {
      case 'query': {
        const options = { rowMode: request.rowMode, parsers: parsersFor(request.rawTypes) };
        reply(request.id, target(db, request.tx).query(request.sql, request.params, options));
        return;
      }
      case 'exec':
        reply(request.id, target(db, request.tx).exec(request.sql));
        return;
      case 'begin':
        begin(db, request.id);
        return;
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('Transaction is closed');
        open.finish(request.commit, request.id);
        return;
      }
      case 'listen': {
        const listener = request.id;
        const subscribed = db.listen(request.channel, (payload) => post({ type: 'notice', listener, payload }));
        reply(
          request.id,
          subscribed.then((stop) => {
            listeners.set(listener, stop);
          }),
        );
        return;
      }
      case 'unlisten': {
        const stop = listeners.get(request.listener);
        listeners.delete(request.listener);
        reply(request.id, stop ? stop() : Promise.resolve());
        return;
      }
      case 'dump':
        db.dumpDataDir('none').then(
          async (file) => {
            const bytes = await file.arrayBuffer();
            post({ type: 'reply', id: request.id, ok: true, result: bytes }, [bytes]);
          },
          (error: unknown) => post({ type: 'reply', id: request.id, ok: false, error: serializeError(error) }),
        );
        return;
      case 'close':
        // The host ends this thread once it has the reply.
        reply(request.id, db.close());
        return;
    }
  } catch (error) {
    post({ type: 'reply', id: request.id, ok: false, error: serializeError(error) });
  }
}

async function main(): Promise<void> {
  let db: PGlite;
  try {
    db = await PGlite.create({
      ...(start.dataDir ? { dataDir: start.dataDir } : {}),
      ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
      extensions: { pg_trgm },
    });
  } catch (error) {
    post({ type: 'failed', error: serializeError(error) });
    return;
  }
  port!.on('message', (request: WorkerRequest) => handle(db, request));
  post({ type: 'ready' });
}

void main();
