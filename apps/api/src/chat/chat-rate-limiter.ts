/**
 * At most `limit` messages per key in any `windowMs` (a sliding window of timestamps). Kept per process: a
 * client's socket lives on one process at a time, and a reconnect to another process merely starts a fresh window.
 * The gateway counts each message under several keys (the client id, the connection, the address: issue 10).
 */
export interface ChatRateLimiter {
  /** Counts one message; returns 0 when it may go through, else how many ms until one may. */
  hit(key: string): number;
  /** How many ms until `key` may send (0: now), counting nothing. */
  waitFor(key: string): number;
  /** Counts one message for `key`, whatever its wait. */
  record(key: string): void;
  close(): void;
}

export function createChatRateLimiter({ limit, windowMs, now = Date.now }: { limit: number; windowMs: number; now?: () => number }): ChatRateLimiter {
  const hits = new Map<string, number[]>();
  // Forget keys with no message in the last window, so ids of long-gone visitors do not pile up.
  const sweep = setInterval(() => {
    const since = now() - windowMs;
    for (const [key, times] of hits) if ((times.at(-1) ?? 0) <= since) hits.delete(key);
  }, windowMs);
  sweep.unref();

  const recent = (key: string, at: number) => {
    const times = (hits.get(key) ?? []).filter((time) => time > at - windowMs);
    hits.set(key, times);
    return times;
  };

  const limiter: ChatRateLimiter = {
    waitFor(key) {
      const at = now();
      const times = recent(key, at);
      return times.length < limit ? 0 : Math.max(1, (times[0] ?? at) + windowMs - at);
    },
    record(key) {
      const at = now();
      recent(key, at).push(at);
    },
    hit(key) {
      const wait = limiter.waitFor(key);
      if (wait === 0) limiter.record(key);
      return wait;
    },
    close() {
      clearInterval(sweep);
      hits.clear();
    },
  };
  return limiter;
}

/**
 * One message against several limits at once: 0 and counted under every key when all allow it, else the longest
 * wait and counted under none (a refused message must not use up the allowance of the keys that had room).
 */
export function hitEvery(counts: readonly (readonly [ChatRateLimiter, string])[]): number {
  const wait = Math.max(0, ...counts.map(([limiter, key]) => limiter.waitFor(key)));
  if (wait === 0) for (const [limiter, key] of counts) limiter.record(key);
  return wait;
}
