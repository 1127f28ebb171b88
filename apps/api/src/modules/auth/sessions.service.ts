import { randomUUID } from 'node:crypto';
import type { Principal, PrincipalKind } from '@nivaas/contracts/auth.schema';
import type { SessionRevocations } from '../../lib/auth/session-revocations';
import type { SessionQueries, SessionsRepository } from './sessions.repository';
import { hashOpaqueToken, newOpaqueToken } from './secrets';
import type { AccessGrant } from '../../lib/auth/tokens';

/** Issue 4 'Tokens and sessions': a refresh session lasts 30 days from its last use. */
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60_000;

export interface IssuedRefresh {
  /** The raw token, for the cookie only; the database keeps its hash. */
  token: string;
  expiresAt: Date;
  /** The sign-in this token continues; access tokens carry it (`sid`) so ending the family refuses them too. */
  familyId: string;
}

export interface SessionsServiceOptions {
  repository: SessionsRepository;
  /** Told of every family that ends, so access tokens of it are refused at once (session-revocations.ts). */
  revocations: Pick<SessionRevocations, 'ended'>;
  clock: () => Date;
}

/**
 * Refresh sessions: opaque random tokens, stored hashed, rotated on every use. Each sign-in starts a family; a
 * rotated (spent) token presented again means it was copied, so the whole family is revoked and whoever holds the
 * newest token must sign in again too (docs/decisions/003-refresh-cookie.md). A family that ends (logout, reuse,
 * password reset) goes into the revocation set, so its access tokens stop working at once too (issue 10).
 */
export function createSessionsService({ repository, revocations, clock }: SessionsServiceOptions) {
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
    return { id, token, expiresAt, familyId };
  }

  async function endFamilies(familyIds: readonly string[], now: Date): Promise<void> {
    await repository.endFamilies(familyIds, now);
    await afterEnding(familyIds, now);
  }

  async function afterEnding(familyIds: readonly string[], now: Date): Promise<void> {
    await revocations.ended(familyIds);
    // Past the refresh lifetime no session of an ended family can be alive, so its entry has done its work.
    await repository.forgetRevocationsBefore(new Date(now.getTime() - REFRESH_TTL_MS));
  }

  return {
    /** Starts a new family for a fresh sign-in. */
    async start(principal: Principal, userAgent: string | null): Promise<IssuedRefresh> {
      const { token, expiresAt, familyId } = await insertSession(repository, principal, randomUUID(), userAgent, clock());
      return { token, expiresAt, familyId };
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
        if (session.replacedById !== null) await endFamilies([session.familyId], now);
        return null;
      }
      if (session.subjectKind !== kind || session.expiresAt.getTime() <= now.getTime()) return null;
      const principal: Principal = { kind: session.subjectKind, id: session.subjectId };
      if (!(await subjectMatches(principal))) return null;

      const next = await repository.transaction(async (tx) => {
        // A session a password reset missed (rotated while the reset ran) must not continue an ended family.
        if (await tx.isFamilyRevoked(session.familyId)) return null;
        // Conditional: of two uses of one token at once, one rotates and the other is reuse.
        if (!(await tx.revoke(session.id, now))) return null;
        const issued = await insertSession(tx, principal, session.familyId, userAgent, now);
        await tx.setReplacedBy(session.id, issued.id);
        return issued;
      });
      if (!next) {
        await endFamilies([session.familyId], now);
        return null;
      }
      return { principal, refresh: { token: next.token, expiresAt: next.expiresAt, familyId: next.familyId } };
    },

    /**
     * Logout: ends the refresh token's whole family (this sign-in), whatever state it is in, and the family of the
     * caller's access token when it is one of this kind's (a browser that lost its cookie still logs out).
     */
    async end(rawToken: string | undefined, kind: PrincipalKind, bearer: AccessGrant | null): Promise<void> {
      const families = new Set<string>();
      const session = rawToken === undefined ? undefined : await repository.findByTokenHash(hashOpaqueToken(rawToken));
      if (session && session.subjectKind === kind) families.add(session.familyId);
      if (bearer && bearer.principal.kind === kind) families.add(bearer.sessionFamily);
      if (families.size > 0) await endFamilies([...families], clock());
    },

    /** Every sign-in of one account (password reset): refresh and access tokens alike. */
    async endAll(principal: Principal): Promise<void> {
      const now = clock();
      await afterEnding(await repository.endSubject(principal.kind, principal.id, now), now);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
