import { randomUUID } from 'node:crypto';
import type { Principal } from '@nivaas/contracts/auth.schema';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { accessTokenKey, signAccessToken } from '../lib/auth/tokens';

/**
 * An Authorization header for `principal`, signed by the real signer with the app's own key, so a test exercises
 * the same verification as production: `app.inject({ headers: await bearerFor(ctx.app, { kind: 'user', id }) })`.
 * Pass the app (or its config) the request will be sent to; `now` signs a token as of another moment. The token
 * names a sign-in family of its own that nobody has ended (the revocation set lists ended families only), so it
 * works until it expires; `sessionFamily` names a chosen one, e.g. to end it.
 */
export async function bearerFor(
  appOrConfig: Pick<FastifyInstance, 'accessTokenKey'> | Pick<Config, 'jwtSecret' | 'dataDir'>,
  principal: Principal,
  now: Date = new Date(),
  sessionFamily: string = randomUUID(),
): Promise<{ authorization: string }> {
  const key = 'accessTokenKey' in appOrConfig ? appOrConfig.accessTokenKey : accessTokenKey(appOrConfig);
  return { authorization: `Bearer ${await signAccessToken(key, principal, sessionFamily, now)}` };
}

interface Injectable {
  inject: FastifyInstance['inject'];
}

/**
 * The newest message the outbox kept for `recipient` (as typed: a phone is normalised), read through the dev
 * endpoint like the e2e tests do; undefined when there is none.
 */
export async function latestOutboxMessage(app: Injectable, recipient: string, purpose = 'otp'): Promise<{ body: string; subject: string | null } | undefined> {
  const response = await app.inject({ method: 'GET', url: '/api/dev/outbox', query: { recipient, purpose, limit: '1' } });
  if (response.statusCode !== 200) throw new Error(`GET /api/dev/outbox answered ${response.statusCode}`);
  return (response.json() as { messages: { body: string; subject: string | null }[] }).messages[0];
}

/** The newest passcode sent to `recipient` (the six digits in the outbox message). */
export async function latestPasscode(app: Injectable, recipient: string): Promise<string> {
  const message = await latestOutboxMessage(app, recipient, 'otp');
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no passcode in the outbox for ${recipient}`);
  return code;
}

/** The value a response's Set-Cookie gives `name` ('' when it clears it), or undefined when it does not set it. */
export function cookieSet(response: { cookies: { name: string; value: string }[] }, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}
