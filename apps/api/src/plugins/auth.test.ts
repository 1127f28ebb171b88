import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Principal } from '@nivaas/contracts/auth.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAuth } from './auth';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from '../lib/auth/tokens';
import { bearerFor } from '../test/auth';
import { createTestApp, type TestContext } from '../test/test-app';

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Signs header.payload with HS256 by hand, so a test can forge any header or claim with any key. */
function hs256(header: object, payload: object, key: Uint8Array | string): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

describe('auth plugin and access tokens', () => {
  let ctx: TestContext;
  let now = new Date('2026-03-01T10:00:00Z');
  const user: Principal = { kind: 'user', id: 7 };

  beforeAll(async () => {
    ctx = await createTestApp({ clock: () => now });
    // A probe route per guard, registered on the live app before it is ready.
    ctx.app.get('/probe/any', { preHandler: requireAuth() }, async (request) => ({ principal: request.principal }));
    ctx.app.get('/probe/broker', { preHandler: requireAuth('broker', 'provider') }, async (request) => ({ principal: request.principal }));
    ctx.app.get('/probe/open', async (request) => ({ principal: request.principal }));
  });
  afterAll(() => ctx.close());

  const probe = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it('sets the principal from a valid bearer token and guards by kind', async () => {
    const headers = await bearerFor(ctx.app, user, now);
    expect((await probe('/probe/any', headers)).json()).toEqual({ principal: user });
    expect((await probe('/probe/open', headers)).json()).toEqual({ principal: user });

    const forbidden = await probe('/probe/broker', headers);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ success: false, statusCode: 403 });

    const broker = await bearerFor(ctx.config, { kind: 'broker', id: 3 }, now);
    expect((await probe('/probe/broker', broker)).json()).toEqual({ principal: { kind: 'broker', id: 3 } });
  });

  it('answers 401 without a token on a guarded route and treats a guest as null on an open one', async () => {
    const missing = await probe('/probe/any');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, statusCode: 401, message: 'Please sign in to continue' });
    expect((await probe('/probe/open')).json()).toEqual({ principal: null });
    expect((await probe('/probe/open', { authorization: 'Bearer nonsense' })).json()).toEqual({ principal: null });
  });

  it('expires a token after 15 minutes by the app clock', async () => {
    const headers = await bearerFor(ctx.app, user, now);
    const issuedAt = now;
    now = new Date(issuedAt.getTime() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
    expect((await probe('/probe/any', headers)).statusCode).toBe(200);
    now = new Date(issuedAt.getTime() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    const expired = await probe('/probe/any', headers);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired or is not valid/);
    now = issuedAt;
  });

  it('keeps the key across restarts of the same data folder, and carries nothing but sub, kind and the sign-in family', async () => {
    const sessionFamily = randomUUID();
    const token = (await bearerFor(ctx.config, user, now, sessionFamily)).authorization.slice('Bearer '.length);
    const [header, payload] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(Object.keys(payload).sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'kind', 'sid', 'sub']);
    expect(payload.sid).toBe(sessionFamily);
    expect(await verifyAccessToken(ctx.app.accessTokenKey, token, now)).toEqual({ principal: user, sessionFamily });
    // No JWT_SECRET in tests: the generated key sits in the data folder, readable by its owner only.
    const file = path.join(ctx.config.dataDir, 'secrets', 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(new TextEncoder().encode(readFileSync(file, 'utf8').trim())).toEqual(ctx.app.accessTokenKey);
  });

  it('rejects at least 200 malformed, forged, expired, tampered and wrong-kind tokens', async () => {
    const key = ctx.app.accessTokenKey;
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const sid = randomUUID();
    const good = await signAccessToken(key, user, sid, now);
    const [goodHeader, goodPayload, goodSignature] = good.split('.') as [string, string, string];
    const claims = { sub: '7', kind: 'user', sid, iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, iat: nowSeconds, exp: nowSeconds + 900 };
    // The claims as they are verify: each forgery below breaks one thing.
    expect(await verifyAccessToken(key, hs256({ alg: 'HS256', typ: 'JWT' }, claims, key), now)).toEqual({ principal: user, sessionFamily: sid });
    const forged: string[] = [];

    for (let i = 0; i < 30; i += 1) {
      // alg none, with and without a signature part, in several spellings.
      const alg = ['none', 'None', 'NONE', 'nOnE'][i % 4] as string;
      forged.push(`${b64({ alg, typ: 'JWT' })}.${b64({ ...claims, sub: String(i + 1) })}.`);
      forged.push(`${b64({ alg })}.${b64(claims)}`);
      // Signed with another random key.
      forged.push(hs256({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: String(i + 1) }, randomBytes(32)));
      // Right key, but another HMAC algorithm named in the header (alg pinned to HS256).
      forged.push(hs256({ alg: ['HS384', 'HS512', 'RS256', 'ES256'][i % 4], typ: 'JWT' }, claims, key));
      // Expired a little or a lot, and issued in the future.
      forged.push(await signAccessToken(key, user, sid, new Date(now.getTime() - (901 + i * 3600) * 1000)));
      forged.push(hs256({ alg: 'HS256' }, { ...claims, iat: nowSeconds + 3600 + i, exp: nowSeconds + 4500 + i }, key));
    }
    for (let i = 0; i < 20; i += 1) {
      // Tampered payload under the original signature: another subject, another kind.
      forged.push(`${goodHeader}.${b64({ ...claims, sub: String(100 + i), kind: i % 2 ? 'provider' : 'broker' })}.${goodSignature}`);
      // Tampered signature: one character changed, truncated, or empty.
      const position = i % goodSignature.length;
      const flipped = goodSignature[position] === 'A' ? 'B' : 'A';
      forged.push(`${goodHeader}.${goodPayload}.${goodSignature.slice(0, position)}${flipped}${goodSignature.slice(position + 1)}`);
      forged.push(`${goodHeader}.${goodPayload}.${goodSignature.slice(0, i + 1)}`);
      // Wrong kinds, subjects, issuers and audiences, correctly signed.
      const bad = [
        { ...claims, kind: ['admin', 'guest', '', 'USER', 'staff'][i % 5] },
        { ...claims, kind: undefined },
        { ...claims, sub: ['0', '-1', 'abc', '1.5', '99999999999', '07'][i % 6] },
        { ...claims, sub: undefined },
        // A token without a sign-in family could never be revoked.
        { ...claims, sid: [undefined, '', 'abc', 42, `${sid}x`, sid.toUpperCase()][i % 6] },
        { ...claims, iss: `other-${i}` },
        { ...claims, aud: `other-${i}` },
        { ...claims, exp: undefined },
      ];
      for (const payload of bad) forged.push(hs256({ alg: 'HS256', typ: 'JWT' }, payload, key));
      // Garbage.
      forged.push(randomBytes(10 + i).toString('base64url'));
      forged.push(`${randomBytes(8).toString('base64url')}.${randomBytes(8).toString('base64url')}.${randomBytes(8).toString('base64url')}`);
      forged.push(`${goodHeader}.${goodPayload}`);
      forged.push(`${good}.${goodSignature}`);
      forged.push(`${b64('not json')}.${goodPayload}.${goodSignature}`);
      forged.push('x'.repeat(3000 + i));
    }

    expect(forged.length).toBeGreaterThanOrEqual(200);
    const accepted: string[] = [];
    for (const token of forged) {
      if ((await verifyAccessToken(key, token, now)) !== null) accepted.push(token);
    }
    expect(accepted).toEqual([]);
    // And through HTTP: every one is a 401 on a guarded route (a sample, with header spellings that must not matter).
    for (const token of forged.filter((_, index) => index % 10 === 0)) {
      const response = await probe('/probe/any', { authorization: `Bearer ${token}` });
      expect(response.statusCode, token).toBe(401);
    }
    expect((await probe('/probe/any', { authorization: good })).statusCode).toBe(401);
    expect((await probe('/probe/any', { authorization: `Basic ${good}` })).statusCode).toBe(401);
    expect((await probe('/probe/any', { authorization: `bearer ${good}` })).statusCode).toBe(200);
  });
});
