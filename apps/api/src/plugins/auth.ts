import cookie from '@fastify/cookie';
import type { Principal, PrincipalKind } from '@nivaas/contracts/auth.schema';
import type { FastifyPluginAsync, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/domain-error';
import { type AccessTokenKey, verifyAccessToken } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who sent a valid bearer token, or null for a guest (no token, or one that did not verify). */
    principal: Principal | null;
    /** True when an Authorization header was sent but did not verify (expired, forged, malformed). */
    bearerRejected: boolean;
  }
  interface FastifyInstance {
    /** The access-token key, for code that verifies tokens outside HTTP (the chat gateway's handshake). */
    accessTokenKey: AccessTokenKey;
  }
}

export interface AuthPluginOptions {
  key: AccessTokenKey;
  /** The app's clock; tests move it to check expiry. */
  clock: () => Date;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Reads `Authorization: Bearer <jwt>` on every request (spec §7: 'Portal calls carry a bearer token header') and
 * sets `request.principal`. An open route treats a bad token as no token, so a stale token in the client never
 * breaks browsing; a route behind `requireAuth` answers 401, which is the client's cue to refresh (spec §4).
 * Also registers @fastify/cookie, which carries the refresh token.
 */
const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, { key, clock }) => {
  await app.register(cookie);
  app.decorate('accessTokenKey', key);
  app.decorateRequest('principal', null);
  app.decorateRequest('bearerRejected', false);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header === undefined || header === '') return;
    const token = BEARER.exec(header)?.[1];
    const principal = token === undefined ? null : await verifyAccessToken(key, token, clock());
    request.principal = principal;
    request.bearerRejected = principal === null;
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
