import { schema } from '@nivaas/db';
import { and, eq } from '@nivaas/db/orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { cookieSet, latestOutboxMessage, latestPasscode } from '../../test/auth';
import { createCity } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { REVOCATION_CACHE_MS } from '../../lib/auth/session-revocations';

let now = new Date();
let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};
const newPhone = () => `96${String(41_000_000 + next()).padStart(8, '0')}`;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const refreshCookie = (response: LightMyRequestResponse, kind: string) => {
  const value = cookieSet(response, `nivaas_rt_${kind}`);
  if (!value) throw new Error(`no nivaas_rt_${kind} cookie set (status ${response.statusCode}: ${response.body})`);
  return value;
};

describe('an access token stops working when its sign-in ends (issue 10 "Sessions")', () => {
  let ctx: TestContext;
  let cityId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: () => now, env: { OTP_SENDS_PER_IP_PER_HOUR: '10000' } });
    cityId = (await createCity(ctx.database.db)).id;
  });
  afterAll(() => ctx.close());

  const me = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const logout = (role: string, cookies: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/portal/logout', cookies, headers, payload: { role } });

  async function signInUser(identity = newPhone()) {
    now = new Date(now.getTime() + 31_000);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/send-otp', payload: { email: identity } });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/verify-otp', payload: { email: identity, otp: await latestPasscode(ctx.app, identity) } });
    expect(response.statusCode, response.body).toBe(200);
    return { identity, token: response.json().token as string, cookie: refreshCookie(response, 'user') };
  }

  it('answers 401 to an access token used after logout, and treats it as a guest on open routes', async () => {
    const session = await signInUser();
    const otherDevice = await signInUser(session.identity);
    expect((await me(ctx.app, session.token)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(session.token) })).statusCode).toBe(200);

    expect((await logout('user', { nivaas_rt_user: session.cookie })).statusCode).toBe(200);

    const after = await me(ctx.app, session.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Your session has expired or is not valid; please sign in again');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(session.token) })).statusCode).toBe(401);
    // Open routes still answer, as to a guest.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/faq', headers: bearer(session.token) })).statusCode).toBe(200);
    // The same person's other sign-in is another family, untouched.
    expect((await me(ctx.app, otherDevice.token)).statusCode).toBe(200);
    // And the refresh cookie of the ended sign-in cannot mint a new token.
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/refresh-token', cookies: { nivaas_rt_user: session.cookie }, payload: { email: session.identity, role: 'user' } });
    expect(refreshed.statusCode).toBe(401);
  });

  it('ends the sign-in of the bearer token on logout even when the browser lost its cookie', async () => {
    const session = await signInUser();
    expect((await logout('user', {}, bearer(session.token))).statusCode).toBe(200);
    expect((await me(ctx.app, session.token)).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/refresh-token', cookies: { nivaas_rt_user: session.cookie }, payload: { email: session.identity, role: 'user' } });
    expect(refreshed.statusCode).toBe(401);
  });

  it('refuses the access tokens of a family whose refresh token was replayed (theft)', async () => {
    const session = await signInUser();
    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/refresh-token', cookies: { nivaas_rt_user: session.cookie }, payload: { email: session.identity, role: 'user' } });
    const newestToken = first.json().token as string;
    expect((await me(ctx.app, newestToken)).statusCode).toBe(200);
    const replay = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/refresh-token', cookies: { nivaas_rt_user: session.cookie }, payload: { email: session.identity, role: 'user' } });
    expect(replay.statusCode).toBe(401);
    expect((await me(ctx.app, newestToken)).statusCode).toBe(401);
    expect((await me(ctx.app, session.token)).statusCode).toBe(401);
  });

  it('answers 401 to every access token of a broker after a password reset, and a new sign-in works', async () => {
    const n = next();
    const email = `reset.${n}@example.test`;
    const password = 'correct horse battery';
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/broker/register',
      payload: { name: 'Kavya Menon', phone: `88${String(71_000_000 + n).padStart(8, '0')}`, email, company: 'Menon Realty', reraNumber: `PRM/KA/RERA/1251/310/AG/${n}`, cityId, password },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const brokerId = registered.json().broker.id as number;
    // Approved, so the broker's token shows its own view of its listings (a guest gets the public page).
    await ctx.database.db.update(schema.brokers).set({ approval: 'approved' }).where(eq(schema.brokers.id, brokerId));
    const laptop = registered.json().token as string;
    const phone = (await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/login', payload: { email, password } })).json().token as string;
    const ownView = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/project?brokerId=${brokerId}`, headers: bearer(token) });
    expect((await ownView(laptop)).json()).toHaveProperty('counters');

    await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/forgot-password', payload: { email } });
    const link = (await latestOutboxMessage(ctx.app, email, 'password-reset'))?.body.match(/token=([A-Za-z0-9_-]{43})/)?.[1];
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/reset-password', payload: { token: link, password: 'a brand new secret' } });
    expect(reset.statusCode).toBe(200);

    for (const token of [laptop, phone]) {
      expect((await me(ctx.app, token)).statusCode).toBe(401);
      // The broker's own view of its listings is gone; the public page answers instead, as to a guest.
      const view = await ownView(token);
      expect(view.statusCode).toBe(200);
      expect(view.json()).not.toHaveProperty('counters');
    }
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/login', payload: { email, password: 'a brand new secret' } });
    expect((await me(ctx.app, again.json().token)).statusCode).toBe(200);
    const families = await ctx.database.db.select({ familyId: schema.authSessions.familyId }).from(schema.authSessions).where(and(eq(schema.authSessions.subjectKind, 'broker'), eq(schema.authSessions.subjectId, brokerId)));
    expect(new Set(families.map((row) => row.familyId)).size).toBe(3);
  });

  /**
   * Two API processes on one database: the second has a cached "still signed in" answer when the first logs out.
   * With REDIS_URL it hears of the logout through Redis (its clock stands still, so only the message can end it);
   * without, it asks the database again once its cached answer is REVOCATION_CACHE_MS old.
   */
  it('refuses the token in another process too: at once through Redis, else within the cache window', async () => {
    let otherNow = now;
    const redisUrl = process.env.REDIS_URL;
    const other = await buildApp({ config: { ...ctx.config, redisUrl }, database: ctx.database, clock: () => otherNow });
    try {
      if (redisUrl) {
        // Our own app has no Redis in its config: this one logs out through a process that has.
        const third = await buildApp({ config: { ...ctx.config, redisUrl }, database: ctx.database, clock: () => now });
        try {
          const session = await signInUser();
          otherNow = now;
          expect((await me(other, session.token)).statusCode).toBe(200);
          await third.inject({ method: 'POST', url: '/api/auth/portal/logout', cookies: { nivaas_rt_user: session.cookie }, payload: { role: 'user' } });
          expect((await me(third, session.token)).statusCode).toBe(401);
          let status = 200;
          for (let attempt = 0; attempt < 100 && status === 200; attempt += 1) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            status = (await me(other, session.token)).statusCode;
          }
          expect(status).toBe(401);
        } finally {
          await third.close();
        }
      } else {
        const session = await signInUser();
        otherNow = now;
        expect((await me(other, session.token)).statusCode).toBe(200);
        await logout('user', { nivaas_rt_user: session.cookie });
        otherNow = new Date(otherNow.getTime() + REVOCATION_CACHE_MS + 1);
        expect((await me(other, session.token)).statusCode).toBe(401);
      }
    } finally {
      await other.close();
    }
  });
});
