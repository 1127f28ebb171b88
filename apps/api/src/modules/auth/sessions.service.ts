import { randomUUID } from 'node:crypto';
import type { Principal, PrincipalKind } from '@nivaas/contracts/auth.schema';
import type { SessionQueries, SessionsRepository } from './sessions.repository';
import { hashOpaqueToken, newOpaqueToken } from './secrets';

/** Issue 4 'Tokens and sessions': a refresh session lasts 30 days from its last use. */
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60_000;

export interface IssuedRefresh {
  /** The raw token, for the cookie only; the database keeps its hash. */
  token: string;
  expiresAt: Date;
}

export interface SessionsServiceOptions {
  repository: SessionsRepository;
  clock: () => Date;
}

/**
 * Refresh sessions: opaque random tokens, stored hashed, rotated on every use. Each sign-in starts a family; a
 * rotated (spent) token presented again means it was copied, so the whole family is revoked and whoever holds the
 * newest token must sign in again too (docs/decisions/003-refresh-cookie.md).
 */
export function createSessionsService({ repository, clock }: SessionsServiceOptions) {
  async function insertSession(store: SessionQueries, principal: Principal, familyId: string, userAgent: string | null, now: Date) {
    const token = newOpaqueToken();
    const expiresAt = new Date(now.getTime() + REFRESH_TTL_MS);
    const id = await store.insert({
      familyId,
      tokenHash: hashOpaqueToken(token),
      subjectKind: principal.kind,
      subjectId: principal.id,
      expiresAt,
      userAgent: userAgent?.slice(0, 300) ?? null,
      createdAt: now,
    });
    return { id, token, expiresAt };
  }

  return {
    /** Starts a new family for a fresh sign-in. */
    async start(principal: Principal, userAgent: string | null): Promise<IssuedRefresh> {
      const { token, expiresAt } = await insertSession(repository, principal, randomUUID(), userAgent, clock());
      return { token, expiresAt };
    },

    /**
     * Trades a live refresh token of `kind` for a new one. Null for an unknown, expired, revoked or other-kind
     * token, or when `subjectMatches` says the token's account is not the one the client named. A spent token
     * revokes its family.
     */
    async rotate(
      rawToken: string,
      kind: PrincipalKind,
      subjectMatches: (principal: Principal) => Promise<boolean>,
      userAgent: string | null,
    ): Promise<{ principal: Principal; refresh: IssuedRefresh } | null> {
      const now = clock();
      const session = await repository.findByTokenHash(hashOpaqueToken(rawToken));
      if (!session) return null;
      if (session.revokedAt !== null) {
        if (session.replacedById !== null) await repository.revokeFamily(session.familyId, now);
        return null;
      }
      if (session.subjectKind !== kind || session.expiresAt.getTime() <= now.getTime()) return null;
      const principal: Principal = { kind: session.subjectKind, id: session.subjectId };
      if (!(await subjectMatches(principal))) return null;

      const next = await repository.transaction(async (tx) => {
        // Conditional: of two uses of one token at once, one rotates and the other is reuse.
        if (!(await tx.revoke(session.id, now))) return null;
        const issued = await insertSession(tx, principal, session.familyId, userAgent, now);
        await tx.setReplacedBy(session.id, issued.id);
        return issued;
      });
      if (!next) {
        await repository.revokeFamily(session.familyId, now);
        return null;
      }
      return { principal, refresh: { token: next.token, expiresAt: next.expiresAt } };
    },

    /** Logout: ends the token's whole family (this sign-in), whatever state it is in. */
    async end(rawToken: string, kind: PrincipalKind): Promise<void> {
      const session = await repository.findByTokenHash(hashOpaqueToken(rawToken));
      if (session && session.subjectKind === kind) await repository.revokeFamily(session.familyId, clock());
    },

    /** Every session of one account (password reset). */
    async endAll(principal: Principal): Promise<void> {
      await repository.revokeSubject(principal.kind, principal.id, clock());
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
