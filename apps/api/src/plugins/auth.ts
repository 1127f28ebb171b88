import cookie from '@fastify/cookie';
import type { Principal, PrincipalKind } from '@nivaas/contracts/auth.schema';
import type { FastifyPluginAsync, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/domain-error';
import type { SessionRevocations } from '../lib/auth/session-revocations';
import { type AccessGrant, type AccessTokenKey, verifyAccessToken } from '../lib/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who sent a valid bearer token, or null for a guest (no token, or one that did not verify). */
    principal: Principal | null;
    /** True when an Authorization header was sent but did not verify (expired, forged, malformed, signed out). */
    bearerRejected: boolean;
    /** The sign-in (refresh family) the bearer token belongs to, when it verified; logout ends it. */
    sessionFamily: string | null;
  }
  interface FastifyInstance {
    /** The access-token key, for code that verifies tokens outside HTTP. */
    accessTokenKey: AccessTokenKey;
    /**
     * Who a bearer token names, or null when it is not valid or its sign-in has ended (logout, password reset).
     * The chat gateway's handshake uses it, so a signed-out token is a guest there too.
     */
    identifyBearer(token: string): Promise<AccessGrant | null>;
    /** Which sign-ins have ended; the auth routes report the ones they end. */
    sessionRevocations: SessionRevocations;
  }
}

export interface AuthPluginOptions {
  key: AccessTokenKey;
  /** The app's clock; tests move it to check expiry. */
  clock: () => Date;
  /** The revocation set access tokens are checked against; closed with the app. */
  revocations: SessionRevocations;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Reads `Authorization: Bearer <jwt>` on every request (spec §7: 'Portal calls carry a bearer token header') and
 * sets `request.principal`. A token whose sign-in has ended (logout, password reset: issue 10) is a bad token from
 * that moment, not 15 minutes later. An open route treats a bad token as no token, so a stale token in the client never
 * breaks browsing; a route behind `requireAuth` answers 401, which is the client's cue to refresh (spec §4).
 * Also registers @fastify/cookie, which carries the refresh token.
 */
const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, { key, clock, revocations }) => {
  await app.register(cookie);
  app.decorate('accessTokenKey', key);
  app.decorate('sessionRevocations', revocations);
  app.decorate('identifyBearer', async (token: string) => {
    const grant = await verifyAccessToken(key, token, clock());
    // Checked after the signature, so a forged token never costs a lookup.
    if (grant === null || (await revocations.isRevoked(grant.sessionFamily))) return null;
    return grant;
  });
  app.decorateRequest('principal', null);
  app.decorateRequest('bearerRejected', false);
  app.decorateRequest('sessionFamily', null);
  app.addHook('onClose', () => revocations.close());

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header === undefined || header === '') return;
    const token = BEARER.exec(header)?.[1];
    const grant = token === undefined ? null : await app.identifyBearer(token);
    request.principal = grant?.principal ?? null;
    request.sessionFamily = grant?.sessionFamily ?? null;
    request.bearerRejected = grant === null;
  });
};

export default fp(authPlugin, { name: 'auth', dependencies: ['errors'] });

function refuseUnlessSignedIn(request: FastifyRequest): Principal {
  if (request.principal) return request.principal;
  throw new DomainError(
    'UNAUTHORIZED',
    request.bearerRejected ? 'Your session has expired or is not valid; please sign in again' : 'Please sign in to continue',
  );
}

/**
 * An onRequest hook for routes that need a signed-in caller: 401 without a valid bearer token, 403 when the caller's
 * kind is not one of `kinds` (no kinds: any signed-in caller). Ownership (this broker's record, this user's
 * favourite) is the service's job; this only answers "who may knock".
 */
export function requireAuth(...kinds: PrincipalKind[]): onRequestAsyncHookHandler {
  return async (request) => {
    const principal = refuseUnlessSignedIn(request);
    if (kinds.length > 0 && !kinds.includes(principal.kind)) {
      throw new DomainError('FORBIDDEN', 'Your account cannot do this');
    }
  };
}

/** The caller behind a route guarded by `requireAuth` (throws 401 if a route forgot the guard). */
export function principalOf(request: FastifyRequest): Principal {
  return refuseUnlessSignedIn(request);
}
