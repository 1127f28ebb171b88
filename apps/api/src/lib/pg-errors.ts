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
