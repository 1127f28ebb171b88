import type { PrincipalKind } from '@nivaas/contracts/auth.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedRefresh } from './sessions.service';

/**
 * The refresh token's cookie: httpOnly (no script can read it), Secure, SameSite=Strict (never sent from another
 * site) and scoped to /api/auth (never sent with ordinary API calls). One cookie per kind of account, so a user
 * and a broker signed in in the same browser (spec §6) keep separate sessions.
 */
export const REFRESH_COOKIE_PATH = '/api/auth';

export function refreshCookieName(kind: PrincipalKind): string {
  return `nivaas_rt_${kind}`;
}

const baseOptions = { httpOnly: true, secure: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH } as const;

export function setRefreshCookie(reply: FastifyReply, kind: PrincipalKind, refresh: IssuedRefresh): void {
  reply.setCookie(refreshCookieName(kind), refresh.token, { ...baseOptions, expires: refresh.expiresAt });
}

export function clearRefreshCookie(reply: FastifyReply, kind: PrincipalKind): void {
  reply.clearCookie(refreshCookieName(kind), baseOptions);
}

export function refreshCookieOf(request: FastifyRequest, kind: PrincipalKind): string | undefined {
  const value = request.cookies[refreshCookieName(kind)];
  return value === undefined || value === '' ? undefined : value;
}
