/**
 * At most `limit` messages per client in any `windowMs` (a sliding window of timestamps). Kept per process: a
 * client's socket lives on one process at a time, and a reconnect to another process merely starts a fresh window.
 */
export interface ChatRateLimiter {
  /** Counts one message; returns 0 when it may go through, else how many ms until one may. */
  hit(clientId: string): number;
  close(): void;
}

export function createChatRateLimiter({ limit, windowMs, now = Date.now }: { limit: number; windowMs: number; now?: () => number }): ChatRateLimiter {
  const hits = new Map<string, number[]>();
  // Forget clients with no message in the last window, so ids of long-gone visitors do not pile up.
  const sweep = setInterval(() => {
    const since = now() - windowMs;
    for (const [clientId, times] of hits) if ((times.at(-1) ?? 0) <= since) hits.delete(clientId);
  }, windowMs);
  sweep.unref();

  return {
    hit(clientId) {
      const at = now();
      const recent = (hits.get(clientId) ?? []).filter((time) => time > at - windowMs);
      if (recent.length >= limit) {
        hits.set(clientId, recent);
        return Math.max(1, (recent[0] ?? at) + windowMs - at);
      }
      recent.push(at);
      hits.set(clientId, recent);
      return 0;
    },
    close() {
      clearInterval(sweep);
      hits.clear();
    },
  };
}
