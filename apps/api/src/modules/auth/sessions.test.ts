import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieSet, latestPasscode } from '../../test/auth';
import { createBroker } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { REFRESH_TTL_MS } from './sessions.service';

let now = new Date('2026-02-01T08:00:00Z');
let sequence = 0;
const newPhone = () => {
  sequence += 1;
  return `97${String(31_000_000 + sequence).padStart(8, '0')}`;
};

describe('refresh cookie, rotation and logout (issue 4 "Tokens and sessions")', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: () => now, env: { OTP_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => ctx.close());

  const refresh = (cookies: Record<string, string>, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/portal/refresh-token', cookies, payload: body });
  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  const refreshCookie = (response: LightMyRequestResponse, kind = 'user') => {
    const value = cookieSet(response, `nivaas_rt_${kind}`);
    if (!value) throw new Error(`no nivaas_rt_${kind} cookie set (status ${response.statusCode}: ${response.body})`);
    return value;
  };

  async function signInUser(identity = newPhone()) {
    // Past any resend lock of an earlier sign-in of the same person.
    now = new Date(now.getTime() + 31_000);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/send-otp', payload: { email: identity } });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/portal/verify-otp',
      payload: { email: identity, otp: await latestPasscode(ctx.app, identity) },
    });
    expect(response.statusCode).toBe(200);
    return { identity, userId: response.json().user.id as number, cookie: refreshCookie(response) };
  }

  it('issues a new access token only against the refresh cookie, rotating the cookie each time', async () => {
    const { identity, userId, cookie } = await signInUser();
    const first = await refresh({ nivaas_rt_user: cookie }, { email: identity, role: 'user', app: 'portal' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, token: expect.any(String) });
    const rotated = refreshCookie(first);
    expect(rotated).not.toBe(cookie);
    expect((await me(first.json().token)).json().account).toMatchObject({ kind: 'user', id: userId });

    const second = await refresh({ nivaas_rt_user: rotated }, { email: identity, role: 'user' });
    expect(second.statusCode).toBe(200);
    expect(refreshCookie(second)).not.toBe(rotated);

    // The database keeps hashes, chained by replaced_by within one family.
    const rows = await ctx.database.db.select().from(schema.authSessions).where(eq(schema.authSessions.subjectId, userId));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.familyId)).size).toBe(1);
    expect(rows.filter((row) => row.revokedAt === null)).toHaveLength(1);
    expect(rows.filter((row) => row.replacedById !== null)).toHaveLength(2);
    for (const row of rows) expect([cookie, rotated]).not.toContain(row.tokenHash);
  });

  it('knowing the e-mail is never enough: no cookie, a cookie of another role or another account gets 401', async () => {
    const { identity, cookie } = await signInUser();
    const other = await signInUser();

    const noCookie = await refresh({}, { email: identity, role: 'user', app: 'portal' });
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json().message).toBe('Your session has ended. Please sign in again.');
    expect((await refresh({ nivaas_rt_broker: cookie }, { email: identity, role: 'broker' })).statusCode).toBe(401);
    expect((await refresh({ nivaas_rt_user: cookie }, { email: identity, role: 'broker' })).statusCode).toBe(401);
    // Someone else's cookie with my e-mail, or my cookie with someone else's: both refused.
    expect((await refresh({ nivaas_rt_user: other.cookie }, { email: identity, role: 'user' })).statusCode).toBe(401);
    const mismatch = await refresh({ nivaas_rt_user: cookie }, { email: other.identity, role: 'user' });
    expect(mismatch.statusCode).toBe(401);
    // A refused attempt tells the browser to drop the cookie it sent...
    expect(cookieSet(mismatch, 'nivaas_rt_user')).toBe('');
    // ...but does not end the real session: its owner can still refresh.
    expect((await refresh({ nivaas_rt_user: cookie }, { email: identity, role: 'user' })).statusCode).toBe(200);
    expect((await refresh({ nivaas_rt_user: 'x'.repeat(43) }, { email: identity, role: 'user' })).statusCode).toBe(401);
    expect((await refresh({ nivaas_rt_user: cookie }, { email: identity, role: 'admin' })).statusCode).toBe(400);
  });

  it('treats a rotated token used again as theft and revokes the whole family', async () => {
    const { identity, cookie } = await signInUser();
    const rotated = refreshCookie(await refresh({ nivaas_rt_user: cookie }, { email: identity, role: 'user' }));
    const newest = refreshCookie(await refresh({ nivaas_rt_user: rotated }, { email: identity, role: 'user' }));

    const replay = await refresh({ nivaas_rt_user: cookie }, { email: identity, role: 'user' });
    expect(replay.statusCode).toBe(401);
    // The legitimate holder of the newest token is signed out too, and must sign in again.
    expect((await refresh({ nivaas_rt_user: newest }, { email: identity, role: 'user' })).statusCode).toBe(401);
    // Other sign-ins of the same person (another family) are untouched.
    const elsewhere = await signInUser(identity);
    expect((await refresh({ nivaas_rt_user: elsewhere.cookie }, { email: identity, role: 'user' })).statusCode).toBe(200);
  });

  it('lets exactly one of two parallel refreshes with one cookie through', async () => {
    const { identity, cookie } = await signInUser();
    const responses = await Promise.all([0, 1].map(() => refresh({ nivaas_rt_user: cookie }, { email: identity, role: 'user' })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401]);
  });

  it('expires a refresh session 30 days after its last use', async () => {
    const { identity, cookie } = await signInUser();
    now = new Date(now.getTime() + REFRESH_TTL_MS - 60_000);
    const kept = refreshCookie(await refresh({ nivaas_rt_user: cookie }, { email: identity, role: 'user' }));
    now = new Date(now.getTime() + REFRESH_TTL_MS + 1000);
    expect((await refresh({ nivaas_rt_user: kept }, { email: identity, role: 'user' })).statusCode).toBe(401);
  });

  it('logs out: revokes the session, clears the cookie, and says so', async () => {
    const { identity, cookie } = await signInUser();
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/logout', cookies: { nivaas_rt_user: cookie }, payload: { role: 'user' } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true, message: 'Logged out successfully!' });
    const cleared = logout.cookies.find((c) => c.name === 'nivaas_rt_user');
    expect(cleared).toMatchObject({ value: '', path: '/api/auth' });
    expect((await refresh({ nivaas_rt_user: cookie }, { email: identity, role: 'user' })).statusCode).toBe(401);
    // Logging out without a session still answers the same.
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/logout', payload: { role: 'user' } });
    expect(again.json()).toEqual({ success: true, message: 'Logged out successfully!' });
  });

  it('keeps a user and a broker session side by side in one browser, each in its own cookie', async () => {
    const user = await signInUser();
    const phone = newPhone();
    const broker = await createBroker(ctx.database.db, { phone, email: `side-${sequence}@example.test` });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/send-otp', payload: { email: phone } });
    const brokerSignIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/verify-otp', payload: { email: phone, otp: await latestPasscode(ctx.app, phone) } });
    const brokerCookie = refreshCookie(brokerSignIn, 'broker');
    const cookies = { nivaas_rt_user: user.cookie, nivaas_rt_broker: brokerCookie };

    // A broker's stored login names its e-mail; its phone works as well.
    const asBroker = await refresh(cookies, { email: broker.email, role: 'broker' });
    expect(asBroker.statusCode).toBe(200);
    expect((await me(asBroker.json().token)).json().account).toMatchObject({ kind: 'broker', id: broker.id });
    expect(cookieSet(asBroker, 'nivaas_rt_user')).toBeUndefined();

    await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/logout', cookies: { ...cookies, nivaas_rt_broker: refreshCookie(asBroker, 'broker') }, payload: { role: 'broker' } });
    expect((await refresh(cookies, { email: user.identity, role: 'user' })).statusCode).toBe(200);
  });
});
