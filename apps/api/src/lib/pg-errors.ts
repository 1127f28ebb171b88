/**
 * PostgreSQL's unique_violation (23505) as pg and PGlite report it; drizzle wraps the driver's error as `cause`.
 * Answers the violated constraint's name ('' when the driver did not say), or null for any other error.
 */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
