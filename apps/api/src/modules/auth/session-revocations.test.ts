import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@nivaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionRevocations, REVOCATION_CACHE_MS, type RevocationLookup } from '../../lib/auth/session-revocations';
import { createSessionsRepository } from './sessions.repository';

/** The real revocation set, counting how often it is asked. */
function countingLookup(database: TestDatabase) {
  const repository = createSessionsRepository(database.db);
  const lookup: RevocationLookup & { asked: number; repository: typeof repository } = {
    asked: 0,
    repository,
    isFamilyRevoked(familyId: string) {
      lookup.asked += 1;
      return repository.isFamilyRevoked(familyId);
    },
  };
  return lookup;
}

const quiet = { warn: () => undefined };

describe('session revocations: the in-process cache over the revocation set', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('asks the database once per family per window, and again after it', async () => {
    let now = new Date('2026-05-01T10:00:00Z');
    const lookup = countingLookup(database);
    const revocations = createSessionRevocations({ repository: lookup, clock: () => now, log: quiet });
    const family = randomUUID();

    expect(await Promise.all([revocations.isRevoked(family), revocations.isRevoked(family), revocations.isRevoked(family)])).toEqual([false, false, false]);
    expect(lookup.asked).toBe(1);
    // Ended by another process, which this one has not heard of: it notices when its answer is too old.
    await lookup.repository.addRevokedFamilies([family], now);
    now = new Date(now.getTime() + REVOCATION_CACHE_MS - 1);
    expect(await revocations.isRevoked(family)).toBe(false);
    now = new Date(now.getTime() + 2);
    expect(await revocations.isRevoked(family)).toBe(true);
    expect(lookup.asked).toBe(2);
    // A revoked answer is kept: no more lookups for it.
    now = new Date(now.getTime() + 60_000);
    expect(await revocations.isRevoked(family)).toBe(true);
    expect(lookup.asked).toBe(2);
  });

  it('refuses a family this process ended at once, even over an answer still on its way', async () => {
    const lookup = countingLookup(database);
    const revocations = createSessionRevocations({ repository: lookup, clock: () => new Date(), log: quiet });
    const family = randomUUID();
    expect(await revocations.isRevoked(family)).toBe(false);

    const other = randomUUID();
    const inFlight = revocations.isRevoked(other);
    await revocations.ended([family, other]);
    await inFlight;
    expect(await revocations.isRevoked(family)).toBe(true);
    expect(await revocations.isRevoked(other)).toBe(true);
  });

  it('keeps working with Redis unreachable: the logout is not held up and the family is still refused here', async () => {
    const warnings: string[] = [];
    const revocations = createSessionRevocations({
      repository: countingLookup(database),
      clock: () => new Date(),
      redisUrl: 'redis://127.0.0.1:1',
      log: { warn: (_details, message) => warnings.push(message) },
    });
    try {
      const family = randomUUID();
      await revocations.ended([family]);
      expect(await revocations.isRevoked(family)).toBe(true);
      expect(warnings.some((message) => message.includes('could not publish'))).toBe(true);
    } finally {
      await revocations.close();
    }
  });
});
