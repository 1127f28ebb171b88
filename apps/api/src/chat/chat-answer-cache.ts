import { forgetOnChange, type CatalogueChanges } from '../lib/catalogue-changes';

/**
 * Catalogue answers the chat has computed (a search page, what words name, the city and area choices), kept per
 * query until the catalogue changes.
 *
 * Why: visitors ask the same few things ('2 bhk in whitefield', the next page of it) and on the embedded database
 * every query runs on the server's one thread, one at a time: at a few hundred messages a second, re-running each
 * search queues the whole chat behind it (bench/reports/chat.md). Freshness is the public response cache's
 * (docs/decisions/004): every committed write to a catalogue table sends a notice, and any notice empties this cache,
 * so a listing hidden or changed is never shown from here afterwards. While the notice connection is down (PostgreSQL)
 * nothing is kept. The promise is kept from the start, so concurrent askers share one query; a notice during the query
 * drops it with the rest, and a failed query is not kept.
 */
export interface ChatAnswerCache {
  /** Callers give each kind of answer its own key prefix ('search:', 'words:'), so one key always holds one type. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A backstop for answers that read the clock (possession 'ready' turns on a date), not the freshness mechanism. */
const ENTRY_TTL_MS = 5 * 60_000;

export async function createChatAnswerCache(changes: CatalogueChanges, { maxEntries, now = Date.now }: { maxEntries: number; now?: () => number }): Promise<ChatAnswerCache> {
  const entries = new Map<string, { value: Promise<unknown>; expires: number }>();
  const notices = forgetOnChange(() => entries.clear());
  const stop = await changes.subscribe(notices);

  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!notices.keeping()) return load();
      const kept = entries.get(key);
      if (kept && kept.expires > now()) {
        // Most recently used last, so eviction takes the oldest from the front.
        entries.delete(key);
        entries.set(key, kept);
        // The key's prefix names the answer's kind, and only that kind's loader ever fills it.
        return kept.value as Promise<T>;
      }
      const value = load();
      entries.delete(key);
      entries.set(key, { value, expires: now() + ENTRY_TTL_MS });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return value;
    },
    close: stop,
  };
}
