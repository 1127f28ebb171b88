/**
 * What the API's thread and the embedded database's worker thread say to each other (docs/decisions/024-pglite-worker.md).
 * pglite-worker-host.ts sends requests; pglite-worker.ts owns the PGlite instance and answers each one by its `id`.
 * Everything here crosses a MessagePort, so it must survive the structured clone: no functions, no class instances
 * beyond Date, Uint8Array, Map and the like.
 */

/** What the worker is started with (its `workerData`). */
export interface WorkerStart {
  /** PGlite's data folder; undefined for an in-memory cluster. */
  dataDir: string | undefined;
  /** A `dumpDataDir()` tarball to start from instead of an empty cluster (testing.ts keeps a migrated one). */
  loadDataDir: Uint8Array | undefined;
}

export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      /** The open transaction the statement belongs to; undefined for a statement on its own. */
      tx: number | undefined;
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /**
       * Type OIDs whose text is returned as it is, unparsed. drizzle's PGlite driver passes such pass-through parsers
       * for dates, timestamps, intervals and their arrays; a parser function cannot cross threads, so its list does.
       */
      rawTypes: number[];
    }
  | { id: number; op: 'exec'; tx: number | undefined; sql: string }
  /** Opens a transaction; the reply's result is its number, which later requests name as `tx`. */
  | { id: number; op: 'begin' }
  /** Commits (or rolls back) the open transaction `tx`; the reply comes once COMMIT or ROLLBACK has run. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  /** LISTEN on a channel; notices then arrive as {@link WorkerNotice} messages naming this request's id. */
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  /** The cluster as an uncompressed tarball (an ArrayBuffer in the reply). */
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** The parts of an error that cross threads: PostgreSQL's fields (code, constraint, table...) and the message. */
export interface SerializedError {
  name: string;
  message: string;
  stack: string | undefined;
  /** Every other own field that survives a clone (code, severity, detail, constraint, table, column, query, params...). */
  fields: Record<string, unknown>;
}

export type WorkerReply =
  | { type: 'reply'; id: number; ok: true; result: unknown }
  | { type: 'reply'; id: number; ok: false; error: SerializedError }
  | WorkerNotice
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError };

/**
 * A NOTIFY delivered to a listener. The worker posts it the moment PGlite hands it over, which is before the reply to
 * the statement that committed it: messages on a port arrive in order, so the API sees the notice first.
 */
export interface WorkerNotice {
  type: 'notice';
  listener: number;
  payload: string;
}

/** Error fields that never cross: PGlite's `queryOptions` holds parser functions, which cannot be cloned. */
const UNCLONED_ERROR_FIELDS = new Set(['queryOptions', 'stack', 'message', 'name']);

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), stack: undefined, fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (UNCLONED_ERROR_FIELDS.has(key) || typeof value === 'function') continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/**
 * An Error carrying the worker's fields as own properties, as PGlite's DatabaseError does: `code` (the SQLSTATE that
 * apps/api/src/lib/pg-errors.ts reads), `constraint`, `table`, `column`, `detail` and the rest.
 */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized.fields);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
