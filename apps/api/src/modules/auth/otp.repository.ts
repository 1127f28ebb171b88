import type { Db, OtpChannel, OtpSubject } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, count, desc, eq, gt, isNotNull, isNull, lt, sql } from '@nivaas/db/orm';

const { otpChallenges } = schema;

export interface NewChallenge {
  subjectKind: OtpSubject;
  identity: string;
  channel: OtpChannel;
  codeHash: string;
  expiresAt: Date;
  requestIp: string | null;
  createdAt: Date;
}

function otpQueries(db: Db) {
  const latestId = (kind: OtpSubject, identity: string) =>
    db
      .select({ id: otpChallenges.id })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.subjectKind, kind), eq(otpChallenges.identity, identity)))
      .orderBy(desc(otpChallenges.id))
      .limit(1);

  return {
    /** The identity's newest challenge: the only one that can still be used (a resend replaces the old code). */
    async latest(kind: OtpSubject, identity: string) {
      const [row] = await db
        .select({ id: otpChallenges.id, createdAt: otpChallenges.createdAt, expiresAt: otpChallenges.expiresAt, consumedAt: otpChallenges.consumedAt })
        .from(otpChallenges)
        .where(and(eq(otpChallenges.subjectKind, kind), eq(otpChallenges.identity, identity)))
        .orderBy(desc(otpChallenges.id))
        .limit(1);
      return row;
    },

    /**
     * Codes sent to one identity since `since` and the newest of them: from every address, or from one (`ip`; null
     * counts the sends that had no address).
     */
    async sentToIdentitySince(kind: OtpSubject, identity: string, since: Date, ip?: string | null) {
      const fromAddress = ip === undefined ? undefined : ip === null ? isNull(otpChallenges.requestIp) : eq(otpChallenges.requestIp, ip);
      const [row] = await db
        .select({ sent: count(), newest: sql<string | null>`max(${otpChallenges.createdAt})` })
        .from(otpChallenges)
        .where(and(eq(otpChallenges.subjectKind, kind), eq(otpChallenges.identity, identity), gt(otpChallenges.createdAt, since), fromAddress));
      return { sent: row?.sent ?? 0, newest: row?.newest ? new Date(row.newest) : null };
    },

    /** Whether a code asked for from `ip` since `since` was then used to sign in as this identity. */
    async provedFrom(kind: OtpSubject, identity: string, ip: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: otpChallenges.id })
        .from(otpChallenges)
        .where(
          and(
            eq(otpChallenges.subjectKind, kind),
            eq(otpChallenges.identity, identity),
            eq(otpChallenges.requestIp, ip),
            gt(otpChallenges.createdAt, since),
            isNotNull(otpChallenges.consumedAt),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Codes asked for from one address since `since` (every kind: one client spraying numbers is one client). */
    async sentFromIpSince(ip: string, since: Date) {
      const [row] = await db
        .select({ sent: count(), oldest: sql<string | null>`min(${otpChallenges.createdAt})` })
        .from(otpChallenges)
        .where(and(eq(otpChallenges.requestIp, ip), gt(otpChallenges.createdAt, since)));
      return { sent: row?.sent ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    async insert(challenge: NewChallenge): Promise<number> {
      const [row] = await db.insert(otpChallenges).values(challenge).returning({ id: otpChallenges.id });
      if (!row) throw new Error('otp challenge insert returned no row');
      return row.id;
    },

    /**
     * Spends one try of the identity's newest code, if it still has tries, is unexpired and unused, and answers its
     * hash to compare against. One conditional UPDATE, so parallel guesses cannot spend more than `maxAttempts`
     * between them: the count is charged before the code is compared, never after.
     */
    async takeAttempt(kind: OtpSubject, identity: string, now: Date, maxAttempts: number) {
      const [row] = await db
        .update(otpChallenges)
        .set({ attempts: sql`${otpChallenges.attempts} + 1` })
        .where(
          and(
            sql`${otpChallenges.id} = (${latestId(kind, identity)})`,
            isNull(otpChallenges.consumedAt),
            gt(otpChallenges.expiresAt, now),
            lt(otpChallenges.attempts, maxAttempts),
          ),
        )
        .returning({ id: otpChallenges.id, codeHash: otpChallenges.codeHash });
      return row;
    },

    /** Marks the code used, answering whether this call was the one that did (exactly one of parallel verifies). */
    async consume(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(otpChallenges)
        .set({ consumedAt: now })
        .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)))
        .returning({ id: otpChallenges.id });
      return rows.length === 1;
    },
  };
}

export type OtpQueries = ReturnType<typeof otpQueries>;

/** SQL for passcode challenges; no HTTP, no rules beyond the conditions each statement must hold atomically. */
export function createOtpRepository(db: Db) {
  return {
    ...otpQueries(db),
    /**
     * Runs `work` in a transaction holding a lock on one identity, so two sends for it at once cannot both pass the
     * cooldown and the limits (and leave two live codes).
     */
    withIdentityLock<T>(kind: OtpSubject, identity: string, work: (locked: OtpQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${kind}:${identity}`}))`);
        return work(otpQueries(tx));
      });
    },
  };
}

export type OtpRepository = ReturnType<typeof createOtpRepository>;
