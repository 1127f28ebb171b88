import type { Db, SubjectKind } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, eq, isNull, lt } from '@nivaas/db/orm';

const { authSessions, revokedSessionFamilies } = schema;

export interface NewSession {
  familyId: string;
  tokenHash: string;
  subjectKind: SubjectKind;
  subjectId: number;
  expiresAt: Date;
  userAgent: string | null;
  createdAt: Date;
}

function sessionQueries(db: Db) {
  return {
    async insert(session: NewSession): Promise<number> {
      const [row] = await db.insert(authSessions).values(session).returning({ id: authSessions.id });
      if (!row) throw new Error('auth session insert returned no row');
      return row.id;
    },

    async findByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({
          id: authSessions.id,
          familyId: authSessions.familyId,
          subjectKind: authSessions.subjectKind,
          subjectId: authSessions.subjectId,
          expiresAt: authSessions.expiresAt,
          revokedAt: authSessions.revokedAt,
          replacedById: authSessions.replacedById,
        })
        .from(authSessions)
        .where(eq(authSessions.tokenHash, tokenHash));
      return row;
    },

    /** Revokes one live session, answering whether this call did (a parallel rotation of it finds it revoked). */
    async revoke(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)))
        .returning({ id: authSessions.id });
      return rows.length === 1;
    },

    async setReplacedBy(id: number, replacedById: number): Promise<void> {
      await db.update(authSessions).set({ replacedById }).where(eq(authSessions.id, id));
    },

    /** Revokes the family's live sessions (not its record in the revocation set: see endFamilies). */
    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(eq(authSessions.familyId, familyId), isNull(authSessions.revokedAt)));
    },

    async revokeSubject(kind: SubjectKind, subjectId: number, now: Date): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(eq(authSessions.subjectKind, kind), eq(authSessions.subjectId, subjectId), isNull(authSessions.revokedAt)));
    },

    /** The families of the account that still have a live session: the sign-ins a password reset must end. */
    async liveFamiliesOf(kind: SubjectKind, subjectId: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ familyId: authSessions.familyId })
        .from(authSessions)
        .where(and(eq(authSessions.subjectKind, kind), eq(authSessions.subjectId, subjectId), isNull(authSessions.revokedAt)));
      return rows.map((row) => row.familyId);
    },

    /** Puts families in the revocation set, which access tokens are checked against. */
    async addRevokedFamilies(familyIds: readonly string[], now: Date): Promise<void> {
      if (familyIds.length === 0) return;
      await db
        .insert(revokedSessionFamilies)
        .values(familyIds.map((familyId) => ({ familyId, revokedAt: now })))
        .onConflictDoNothing();
    },

    async isFamilyRevoked(familyId: string): Promise<boolean> {
      const [row] = await db
        .select({ familyId: revokedSessionFamilies.familyId })
        .from(revokedSessionFamilies)
        .where(eq(revokedSessionFamilies.familyId, familyId));
      return row !== undefined;
    },

    async forgetRevocationsBefore(cutoff: Date): Promise<void> {
      await db.delete(revokedSessionFamilies).where(lt(revokedSessionFamilies.revokedAt, cutoff));
    },
  };
}

export type SessionQueries = ReturnType<typeof sessionQueries>;

/** SQL for refresh sessions and the revocation set; no HTTP, no cookies. */
export function createSessionsRepository(db: Db) {
  const transaction = <T>(work: (tx: SessionQueries) => Promise<T>): Promise<T> => db.transaction((tx) => work(sessionQueries(tx)));
  return {
    ...sessionQueries(db),
    transaction,

    /**
     * Ends sign-ins for good, in one transaction: each family goes into the revocation set (its access tokens are
     * refused from now on) and its refresh sessions are revoked. Answers the families ended.
     */
    endFamilies(familyIds: readonly string[], now: Date): Promise<readonly string[]> {
      return transaction(async (tx) => {
        await tx.addRevokedFamilies(familyIds, now);
        for (const familyId of familyIds) await tx.revokeFamily(familyId, now);
        return familyIds;
      });
    },

    /** Every live sign-in of one account (a password reset), found and ended in one transaction. */
    endSubject(kind: SubjectKind, subjectId: number, now: Date): Promise<readonly string[]> {
      return transaction(async (tx) => {
        const familyIds = await tx.liveFamiliesOf(kind, subjectId);
        await tx.addRevokedFamilies(familyIds, now);
        await tx.revokeSubject(kind, subjectId, now);
        return familyIds;
      });
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
