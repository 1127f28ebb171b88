import type { Db, SubjectKind } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, eq, isNull } from '@nivaas/db/orm';

const { authSessions } = schema;

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
  };
}

export type SessionQueries = ReturnType<typeof sessionQueries>;

/** SQL for refresh sessions; no HTTP, no cookies. */
export function createSessionsRepository(db: Db) {
  return {
    ...sessionQueries(db),
    transaction<T>(work: (tx: SessionQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(sessionQueries(tx)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
