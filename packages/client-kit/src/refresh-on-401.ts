/**
 * The refresh-on-401 protocol both browser apps follow (spec §4 'Session token', §8; docs/decisions/003): a call
 * answered 401 asks for a new access token once, calls that fail together wait for that same refresh, and the call
 * is sent again once with the new token. The host's RTK Query base query (apps/web domain/auth/auth-base-query.ts) and
 * the console's client (apps/dashboard lib/api-client.ts) each adapt it to how they keep their tokens.
 */

/**
 * One refresh per key (a login's role) at a time: while one is under way, every caller gets its promise.
 * `inFlight` is the caller's own map, so each store or client has its own.
 */
export function sharedRefresh<K>(
  inFlight: Map<K, Promise<string | null>>,
  key: K,
  start: () => Promise<string | null>,
): Promise<string | null> {
  const running = inFlight.get(key);
  if (running) return running;
  const started = start().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}

interface RetryAfterRefresh<R> {
  /** Whether the answer asks for a refresh (a 401 the caller may refresh for). */
  unauthorized: (result: R) => boolean;
  /** The new token (usually through sharedRefresh), or null when the session cannot be renewed. */
  token: () => Promise<string | null>;
  /** The same call again with the new token. */
  resend: (token: string) => R | PromiseLike<R>;
  /** What the caller answers when no new token came (by default the 401 itself). */
  ended?: (result: R) => R | PromiseLike<R>;
}

/** The first answer, or (after a 401) the answer to the one retry with a refreshed token. */
export async function retryAfterRefresh<R>(first: R, steps: RetryAfterRefresh<R>): Promise<R> {
  if (!steps.unauthorized(first)) return first;
  const token = await steps.token();
  if (token === null) return steps.ended ? steps.ended(first) : first;
  return steps.resend(token);
}
