import { Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS } from './tokens';

/**
 * How long this process trusts a "not revoked" answer from the database before asking again. It is the window in
 * which another process can still accept an access token of a family that was just ended: the process that ended
 * it refuses at once (it marks the family itself), and with REDIS_URL the others hear of it through Redis within
 * moments; without Redis, or while Redis is unreachable, they notice within this window. Short, so that window is
 * small; long enough that a signed-in page's burst of calls costs one lookup.
 */
export const REVOCATION_CACHE_MS = 2_000;
/** A revoked answer is final; it only has to outlive the tokens of that family, which expire within 15 minutes. */
const REVOKED_KEPT_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;
/** Families remembered at most (about 100 bytes each); the oldest answers go first. */
const MAX_CACHED_FAMILIES = 100_000;
/** The Redis channel on which processes tell each other which families ended. */
export const REVOCATION_CHANNEL = 'nivaas:session-families-ended';
const FAMILY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface RevocationLookup {
  isFamilyRevoked(familyId: string): Promise<boolean>;
}

/** The part of a logger this uses; Fastify's and pino's loggers fit. */
export interface RevocationLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface SessionRevocationsOptions {
  /** The revocation set in the database (sessions.repository.ts): the truth every process shares. */
  repository: RevocationLookup;
  clock: () => Date;
  /** When set, ended families are published to every process at once (and heard from them). */
  redisUrl?: string | undefined;
  log: RevocationLog;
}

export interface SessionRevocations {
  /**
   * Whether the sign-in family has ended. A lookup that fails (database unreachable) answers true: the token is
   * treated as a guest's for this request rather than trusted unchecked.
   */
  isRevoked(familyId: string): Promise<boolean>;
  /** Call after the database holds the families as ended: this process refuses them from now on and tells the others. */
  ended(familyIds: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

interface CachedAnswer {
  revoked: boolean;
  /** By the app clock, in ms. */
  until: number;
}

/**
 * The access-token side of logout (issue 10 'Sessions'): answers, for the family an access token names, whether
 * that sign-in has ended. The database's revocation set is the truth; answers are cached in process briefly.
 */
export function createSessionRevocations({ repository, clock, redisUrl, log }: SessionRevocationsOptions): SessionRevocations {
  const cache = new Map<string, CachedAnswer>();
  const lookups = new Map<string, Promise<boolean>>();

  function remember(familyId: string, answer: CachedAnswer): void {
    // Re-inserting moves the family to the end, so the first key is always the least recently answered.
    cache.delete(familyId);
    cache.set(familyId, answer);
    if (cache.size > MAX_CACHED_FAMILIES) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  }

  function markRevoked(familyIds: Iterable<string>): void {
    const until = clock().getTime() + REVOKED_KEPT_MS;
    for (const familyId of familyIds) remember(familyId, { revoked: true, until });
  }

  const bus = redisUrl ? connectBus(redisUrl, log, markRevoked) : undefined;

  async function lookUp(familyId: string): Promise<boolean> {
    try {
      const revoked = await repository.isFamilyRevoked(familyId);
      // A logout that landed while the query was out has already marked the family: never overwrite that.
      if (cache.get(familyId)?.revoked !== true) {
        remember(familyId, { revoked, until: clock().getTime() + (revoked ? REVOKED_KEPT_MS : REVOCATION_CACHE_MS) });
      }
      return revoked;
    } catch (error) {
      log.warn({ err: error }, 'session revocation lookup failed: the token counts as signed out for this request');
      return true;
    }
  }

  return {
    async isRevoked(familyId) {
      const cached = cache.get(familyId);
      if (cached && cached.until > clock().getTime()) return cached.revoked;
      const pending = lookups.get(familyId);
      if (pending) return pending;
      const lookup = lookUp(familyId).finally(() => lookups.delete(familyId));
      lookups.set(familyId, lookup);
      return lookup;
    },

    async ended(familyIds) {
      if (familyIds.length === 0) return;
      markRevoked(familyIds);
      await bus?.publish(familyIds);
    },

    async close() {
      await bus?.close();
    },
  };
}

/**
 * Two Redis connections (a subscribed connection can do nothing else): one publishes the families this process
 * ended, the other hears those the other processes ended. Redis only speeds the news up; every process still asks
 * the database once its cached answer is older than REVOCATION_CACHE_MS, so a lost message or an unreachable Redis
 * costs at most that window, never a revocation.
 */
function connectBus(url: string, log: RevocationLog, heard: (familyIds: string[]) => void) {
  // No offline queue for the publisher: while Redis is down a publish fails at once instead of holding up a logout.
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: 1 });
  for (const connection of [publisher, subscriber]) {
    // Said once per outage, not on every reconnection attempt (one every 2 s while Redis is down).
    let failing = false;
    connection.on('error', (error: Error) => {
      if (!failing) log.warn({ err: error }, 'session revocations: redis unavailable; other processes learn of logouts within the cache window');
      failing = true;
    });
    connection.on('ready', () => {
      failing = false;
    });
  }
  subscriber.on('message', (_channel: string, message: string) => {
    heard(message.split(' ').filter((familyId) => FAMILY_ID.test(familyId)));
  });
  subscriber.subscribe(REVOCATION_CHANNEL).catch((error: unknown) => log.warn({ err: error }, 'session revocations: could not subscribe'));

  return {
    async publish(familyIds: readonly string[]): Promise<void> {
      try {
        await publisher.publish(REVOCATION_CHANNEL, familyIds.join(' '));
      } catch (error) {
        log.warn({ err: error }, 'session revocations: could not publish; other processes will notice within the cache window');
      }
    },
    async close(): Promise<void> {
      // disconnect, not quit: nothing is owed to Redis, and quit would wait on a connection that is down.
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
