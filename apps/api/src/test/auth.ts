import type { Principal } from '@nivaas/contracts/auth.schema';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { accessTokenKey, signAccessToken } from '../modules/auth/tokens';

/**
 * An Authorization header for `principal`, signed by the real signer with the app's own key, so a test exercises
 * the same verification as production: `app.inject({ headers: await bearerFor(ctx.app, { kind: 'user', id }) })`.
 * Pass the app (or its config) the request will be sent to; `now` signs a token as of another moment.
 */
export async function bearerFor(
  appOrConfig: Pick<FastifyInstance, 'accessTokenKey'> | Pick<Config, 'jwtSecret' | 'dataDir'>,
  principal: Principal,
  now: Date = new Date(),
): Promise<{ authorization: string }> {
  const key = 'accessTokenKey' in appOrConfig ? appOrConfig.accessTokenKey : accessTokenKey(appOrConfig);
  return { authorization: `Bearer ${await signAccessToken(key, principal, now)}` };
}
