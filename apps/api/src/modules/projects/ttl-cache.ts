/**
 * Values remembered briefly per key, for numbers that label a page rather than decide what is on it
 * (a list's total, a builder's project count).
 *
 * Why: on the embedded database every query runs on the one JavaScript thread, and counting a whole
 * city (16,000 live projects at 100,000) costs several times the page itself. Rows and `hasMore`
 * are always read live (spec §4 pages by them: a short page means no more), so visibility never
 * waits on this cache; a label may lag a change by up to `ttlMs`. Concurrent requests for the same
 * key share one load, and a failed load is not remembered.
 */
export interface TtlCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Loads again now, whatever is kept, and keeps the new value. */
  refresh(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every key (a load under way is still answered to its callers, but no longer kept). */
  clear(): void;
}

export interface TtlCacheOptions {
  ttlMs: number;
  /** Oldest entries go first beyond this many keys, so odd queries cannot grow the map. */
  maxEntries: number;
  now?: () => number;
}

export function createTtlCache<T>({ ttlMs, maxEntries, now = Date.now }: TtlCacheOptions): TtlCache<T> {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  function store(key: string, load: () => Promise<T>): Promise<T> {
    entries.delete(key);
    const value = load();
    entries.set(key, { value, expires: now() + ttlMs });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
    return value;
  }
  return {
    get(key, load) {
      const cached = entries.get(key);
      return cached && cached.expires > now() ? cached.value : store(key, load);
    },
    refresh: store,
    clear: () => entries.clear(),
  };
}

/** Long enough to absorb a burst of paging, short enough that a label is never noticeably stale. */
export const LABEL_TTL_MS = 30_000;
