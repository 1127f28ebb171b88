/**
 * What PostgreSQL said about a statement it refused, as pg and PGlite both report it: an error carrying the
 * SQLSTATE as `code` (and, when the server names them, the constraint, table and column). Drizzle wraps the driver's
 * error as `cause`. The server's message and detail are left out on purpose: they quote the values sent (a phone,
 * an e-mail), so they must not reach a log or a response.
 */
export interface DatabaseFailure {
  /** The SQLSTATE, e.g. '22P02' (invalid_text_representation); its first two characters are the class. */
  sqlState: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/**
 * SQLSTATE classes are two digits, or F0, HV, P0, XX; the check keeps Node's own codes ('EPIPE', five capitals
 * too) from passing for one.
 */
const SQLSTATE = /^(?:\d[\dA-Z]|F0|HV|P0|XX)[\dA-Z]{3}$/;

const textOrUndefined = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export function databaseFailure(error: unknown): DatabaseFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint, table, column } = current as Record<string, unknown>;
    if (typeof code === 'string' && SQLSTATE.test(code)) {
      return { sqlState: code, constraint: textOrUndefined(constraint), table: textOrUndefined(table), column: textOrUndefined(column) };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** PostgreSQL's unique_violation (23505): the violated constraint's name ('' when the driver did not say), or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  const failure = databaseFailure(error);
  return failure?.sqlState === '23505' ? (failure.constraint ?? '') : null;
}

/**
 * SQLSTATE class 08 (connection exception) and 57P01-57P03 (the server shut the session: an administrator's
 * pg_terminate_backend, a crash, a restart).
 */
const CONNECTION_LOST_STATE = /^(?:08[\dA-Z]{3}|57P0[123])$/;
/** What pg throws, with no SQLSTATE, for a query on a connection that has just died. */
const CONNECTION_LOST_MESSAGE = /Connection terminated|connection error and is not queryable|Connection ended/i;
const CONNECTION_LOST_ERRNO = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);

/**
 * True when a statement failed because its database connection was lost, not because of what it asked: the same
 * request may well succeed a moment later on a fresh connection (issue 10: a dropped connection costs at most the
 * requests on it).
 */
export function connectionLost(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, message } = current as Record<string, unknown>;
    if (typeof code === 'string' && (CONNECTION_LOST_STATE.test(code) || CONNECTION_LOST_ERRNO.has(code))) return true;
    if (typeof message === 'string' && CONNECTION_LOST_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
