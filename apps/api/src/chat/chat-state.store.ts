import type { Redis } from 'ioredis';
import type { ConversationState } from './chat.engine';

/**
 * Where each client's conversation lives between messages. In memory by default (one process); in Redis when
 * REDIS_URL is set, so every API process continues the same conversation (ARCHITECTURE.md 'Realtime chat').
 * Either way a conversation idle for `ttlMs` is forgotten (spec §9: the widget's 30-minute expiry).
 */
export interface ChatStateStore {
  get(clientId: string): Promise<ConversationState | null>;
  set(clientId: string, state: ConversationState): Promise<void>;
  delete(clientId: string): Promise<void>;
}

export interface MemoryStoreOptions {
  ttlMs: number;
  /** Least recently used conversations go first beyond this many, so a flood of client ids cannot grow memory. */
  maxEntries: number;
  now?: () => number;
}

export function createMemoryStateStore({ ttlMs, maxEntries, now = Date.now }: MemoryStoreOptions): ChatStateStore {
  const entries = new Map<string, { state: ConversationState; expires: number }>();
  return {
    async get(clientId) {
      const entry = entries.get(clientId);
      if (!entry) return null;
      if (entry.expires <= now()) {
        entries.delete(clientId);
        return null;
      }
      return entry.state;
    },
    async set(clientId, state) {
      // Re-inserting moves the key to the end, so Map order is least recently used first.
      entries.delete(clientId);
      entries.set(clientId, { state, expires: now() + ttlMs });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
    async delete(clientId) {
      entries.delete(clientId);
    },
  };
}

const KEY_PREFIX = 'nivaas:chat:state:';

export function createRedisStateStore(redis: Redis, { ttlMs }: { ttlMs: number }): ChatStateStore {
  const key = (clientId: string) => `${KEY_PREFIX}${clientId}`;
  return {
    async get(clientId) {
      const stored = await redis.get(key(clientId));
      if (stored === null) return null;
      try {
        const state = JSON.parse(stored) as ConversationState;
        // A state written by another version of the engine is started afresh rather than misread.
        return state.v === 1 ? state : null;
      } catch {
        return null;
      }
    },
    async set(clientId, state) {
      await redis.set(key(clientId), JSON.stringify(state), 'PX', ttlMs);
    },
    async delete(clientId) {
      await redis.del(key(clientId));
    },
  };
}
