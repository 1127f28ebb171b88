import { randomUUID } from 'node:crypto';
import type { Principal } from '@nivaas/contracts/auth.schema';
import { schema } from '@nivaas/db';
import { and, eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestPasscode } from '../test/auth';
import { createLocation, createUser } from '../test/factories';
import { createWorld, headersFor, jpeg, multipart, principals, uploadBody, type World } from '../test/lifecycle';
import { createTestApp, type TestContext } from '../test/test-app';
import { LISTINGS_PER_ACCOUNT, PASSWORD_ATTEMPTS_PER_EMAIL, RATINGS_PER_ACCOUNT, RATINGS_PER_ADDRESS, RESET_EMAILS_PER_EMAIL, SAVED_SEARCH_CHANGES_PER_ACCOUNT } from './rate-limit';

/**
 * Issue 10 'No limits': what a client sees when it sends too much, on the real app and database. Every test sends
 * from its own addresses (inject's remoteAddress), so the counters of one test never decide another.
 */

const ENQUIRY_URL = '/api/leadMenegmentRoute/uILeadFormData';
const redisUrl = process.env.REDIS_URL;
/** Each run (and each CI pass) counts under its own keys in a shared Redis. */
const redisEnv = (prefix = `nivaas-test:${randomUUID()}:`): Record<string, string> => (redisUrl ? { REDIS_URL: redisUrl, RATE_LIMIT_REDIS_PREFIX: prefix } : {});

let sequence = 0;
/** An enquiry nobody sent before: a repeat within a minute is answered without being stored, which would hide a count. */
function enquiry() {
  sequence += 1;
  return { name: `Visitor ${sequence}`, phone: `9${String(100_000_000 + sequence).slice(-9)}`, email: `visitor.${sequence}@example.test` };
}

function expectTooMany(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, message: RegExp) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(response.json()).toEqual({ success: false, statusCode: 429, error: 'Too Many Requests', message: expect.stringMatching(message), requestId: expect.any(String) });
}

/** An app over a fresh world (a city, users, approved brokers) with `env`. */
async function appWithWorld(env: Record<string, string>): Promise<{ ctx: TestContext; world: World; who: ReturnType<typeof principals> }> {
  let world: World | undefined;
  const ctx = await createTestApp({
    env,
    prepare: async ({ db }) => {
      world = await createWorld(db);
    },
  });
  if (!world) throw new Error('the world was not made');
  return { ctx, world, who: principals(world) };
}

describe('rate limits (default settings)', () => {
  let ctx: TestContext;
  let world: World;
  let who: ReturnType<typeof principals>;

  beforeAll(async () => {
    ({ ctx, world, who } = await appWithWorld(redisEnv()));
  });
  afterAll(() => ctx?.close());

  const send = (remoteAddress: string, payload: Record<string, unknown> = enquiry(), headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: ENQUIRY_URL, remoteAddress, headers, payload });
  const storedEnquiries = async (phones: string[]) => (await ctx.database.db.select({ phone: schema.leads.phone }).from(schema.leads)).filter((lead) => phones.includes(lead.phone ?? '')).length;

  it('answers the 31st enquiry in a minute from one address with 429 and Retry-After, stores 30, and still serves another address', async () => {
    const bodies = Array.from({ length: 31 }, () => enquiry());
    const statuses: number[] = [];
    for (const body of bodies.slice(0, 30)) statuses.push((await send('10.1.0.1', body)).statusCode);
    expect(statuses).toEqual(Array(30).fill(201));
    const refused = await send('10.1.0.1', bodies[30]);
    expectTooMany(refused, /^Too many enquiries from your network\. Please try again in \d+ seconds?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await storedEnquiries(bodies.map((body) => body.phone))).toBe(30);

    expect((await send('10.1.0.2')).statusCode).toBe(201);
  });

  it('limits enquiries naming one mobile number, whatever address they come from', async () => {
    const phone = enquiry().phone;
    const statuses: number[] = [];
    for (let n = 0; n < 21; n += 1) statuses.push((await send(`10.2.${n}.1`, { ...enquiry(), phone })).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20]).toBe(429);
  });

  it('refuses the 6th password attempt for one broker from a new address, before the password is checked, and leaves the passcode sign-in open', async () => {
    const email = `limited.${randomUUID()}@example.test`;
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/broker/register',
      remoteAddress: '10.3.0.1',
      payload: { name: 'Kavya Menon', phone: '8870000123', email, company: 'Menon Realty', reraNumber: 'PRM/KA/RERA/1251/310/AG/9', cityId: world.cityId, password: 'correct horse battery' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const login = (remoteAddress: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/broker/login', remoteAddress, payload: { email, password } });

    const wrong: number[] = [];
    for (let n = 0; n < PASSWORD_ATTEMPTS_PER_EMAIL.max; n += 1) wrong.push((await login(`10.3.${n + 1}.1`, `wrong password ${n}`)).statusCode);
    expect(wrong).toEqual(Array(PASSWORD_ATTEMPTS_PER_EMAIL.max).fill(401));
    // The right password now: a 429 rather than a 200 shows the password was never looked at (no scrypt ran).
    const sixth = await login('10.3.99.1', 'correct horse battery');
    expectTooMany(sixth, /^Too many attempts for this e-mail\. Please try again in \d+ minutes, or log in with a passcode\.$/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The same e-mail in capitals is the same target.
    expect((await login('10.3.98.1', 'x')).statusCode).toBe(429);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/login', remoteAddress: '10.3.97.1', payload: { email: email.toUpperCase(), password: 'x' } })).statusCode).toBe(429);

    // A stranger typing the e-mail cannot lock the broker out: the passcode sign-in still lets them in.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/send-otp', remoteAddress: '10.3.100.1', payload: { email } })).statusCode).toBe(200);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/broker/verify-otp',
      remoteAddress: '10.3.100.1',
      payload: { email, otp: await latestPasscode(ctx.app, email) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('sends at most 3 reset e-mails an hour to one address, with the same answers for an unknown e-mail', async () => {
    const [broker] = await ctx.database.db.select({ email: schema.brokers.email }).from(schema.brokers).where(eq(schema.brokers.id, world.brokerA));
    const known = broker?.email ?? '';
    expect(known).toContain('@');
    const unknown = `nobody.${randomUUID()}@example.test`;
    const burst = (email: string, net: number) =>
      Promise.all(
        Array.from({ length: 26 }, (_, n) => ctx.app.inject({ method: 'POST', url: '/api/auth/broker/forgot-password', remoteAddress: `10.${net}.${n}.1`, payload: { email } })),
      );
    const [toKnown, toUnknown] = [await burst(known, 4), await burst(unknown, 5)];
    for (const responses of [toKnown, toUnknown]) {
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(RESET_EMAILS_PER_EMAIL.max);
      expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(26 - RESET_EMAILS_PER_EMAIL.max);
    }
    const answers = (responses: typeof toKnown) => [...new Set(responses.map((response) => `${response.statusCode} ${response.json().message}`))].sort();
    expect(answers(toKnown)).toEqual(answers(toUnknown));
    const mailed = await ctx.database.db
      .select()
      .from(schema.outboxMessages)
      .where(and(eq(schema.outboxMessages.recipient, known), eq(schema.outboxMessages.purpose, 'password-reset')));
    expect(mailed).toHaveLength(RESET_EMAILS_PER_EMAIL.max);
  });

  it('limits ratings per person and per address', async () => {
    const rate = async (principal: Principal, remoteAddress: string, locationId: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/ratingroute/rateLocation', remoteAddress, headers: await headersFor(ctx.app, principal), payload: { ratingValue: 4, locationId } });
    const places = await Promise.all(Array.from({ length: RATINGS_PER_ACCOUNT.max + 1 }, (_, n) => createLocation(ctx.database.db, { cityId: world.cityId, name: `Rated Place ${n}`, slug: `rated-place-${randomUUID()}` })));

    const byOne: number[] = [];
    for (const [n, place] of places.slice(0, RATINGS_PER_ACCOUNT.max + 1).entries()) byOne.push((await rate(who.userA, `10.6.${n}.1`, place.id)).statusCode);
    expect(byOne).toEqual([...Array(RATINGS_PER_ACCOUNT.max).fill(201), 429]);
    expect((await rate(who.userB, '10.6.200.1', places[0]?.id ?? 0)).statusCode).toBe(201);

    // Per address: a new account for every rating does not help.
    const fromOne: number[] = [];
    for (let n = 0; n <= RATINGS_PER_ADDRESS.max; n += 1) {
      const user = await createUser(ctx.database.db);
      fromOne.push((await rate({ kind: 'user', id: user.id }, '10.7.0.1', places[1]?.id ?? 0)).statusCode);
    }
    expect(fromOne).toEqual([...Array(RATINGS_PER_ADDRESS.max).fill(201), 429]);
  });

  it('limits changes to saved searches per user', async () => {
    const save = async (n: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/saved-searches', remoteAddress: `10.8.${n}.1`, headers: await headersFor(ctx.app, who.userB), payload: { name: `Search ${n}`, filters: { maxPrice: 1_000_000 * (n + 1) } } });
    const statuses: number[] = [];
    for (let n = 0; n <= SAVED_SEARCH_CHANGES_PER_ACCOUNT.max; n += 1) statuses.push((await save(n)).statusCode);
    // Past the 20 a user may keep, the refusals (409) still count: each cost a query.
    expect(statuses.slice(0, SAVED_SEARCH_CHANGES_PER_ACCOUNT.max).filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(statuses.at(-1)).toBe(429);
    const remove = await ctx.app.inject({ method: 'DELETE', url: '/api/saved-searches/1', remoteAddress: '10.8.200.1', headers: await headersFor(ctx.app, who.userB) });
    expect(remove.statusCode).toBe(429);
  });

  it('limits listings uploaded per account', async () => {
    const create = async (n: number) =>
      ctx.app.inject({ method: 'POST', url: '/api/project/upload', remoteAddress: `10.9.${n}.1`, headers: await headersFor(ctx.app, who.brokerB), payload: uploadBody(world) as Record<string, unknown> });
    const statuses: number[] = [];
    for (let n = 0; n <= LISTINGS_PER_ACCOUNT.max; n += 1) statuses.push((await create(n)).statusCode);
    expect(statuses).toEqual([...Array(LISTINGS_PER_ACCOUNT.max).fill(201), 429]);
  });

  it('answers a guest 401 and a malformed body 400 without counting them', async () => {
    const guest = await ctx.app.inject({ method: 'POST', url: '/api/ratingroute/rateLocation', remoteAddress: '10.10.0.1', payload: { ratingValue: 4, locationId: 1 } });
    expect(guest.statusCode).toBe(401);
    for (let n = 0; n < 40; n += 1) expect((await send('10.10.0.2', { name: 'x' })).statusCode).toBe(400);
    expect((await send('10.10.0.2')).statusCode).toBe(201);
  });

  it('does not trust X-Forwarded-For by default: a client cannot pose as many', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 31; n += 1) statuses.push((await send('10.11.0.1', enquiry(), { 'x-forwarded-for': `203.0.113.${n}` })).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('rate limits with TRUST_PROXY and lowered limits', () => {
  let ctx: TestContext;
  let world: World;
  let who: ReturnType<typeof principals>;

  beforeAll(async () => {
    // The load balancer is 10.20.0.0/16; every other peer is a client, whatever header it sends.
    ({ ctx, world, who } = await appWithWorld({ ...redisEnv(), TRUST_PROXY: '10.20.0.0/16', ENQUIRIES_PER_IP_PER_MINUTE: '3', UPLOADS_PER_IP_PER_HOUR: '2', AUTH_ATTEMPTS_PER_IP_PER_HOUR: '2' }));
  });
  afterAll(() => ctx?.close());

  const send = (remoteAddress: string, forwardedFor?: string) =>
    ctx.app.inject({ method: 'POST', url: ENQUIRY_URL, remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}, payload: enquiry() });

  it('counts each client behind the trusted proxy as itself', async () => {
    const sameClient: number[] = [];
    for (let n = 0; n < 4; n += 1) sameClient.push((await send(`10.20.0.${n + 1}`, '198.51.100.7')).statusCode);
    expect(sameClient).toEqual([201, 201, 201, 429]);
    // Another client through the same proxies is served.
    expect((await send('10.20.0.1', '198.51.100.8')).statusCode).toBe(201);
    // A hop the client added itself in front is not believed: the proxy appended the address it saw.
    expect((await send('10.20.0.1', '198.51.100.9, 198.51.100.7')).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 4; n += 1) statuses.push((await send('192.0.2.50', `198.51.100.${100 + n}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('shares one per-address count over every sign-in route', async () => {
    const from = '192.0.2.60';
    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/login', remoteAddress: from, payload: { email: 'someone@example.test', password: 'x' } });
    const second = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/verify-otp', remoteAddress: from, payload: { email: '9845012345', otp: '123456' } });
    const third = await ctx.app.inject({ method: 'POST', url: '/api/auth/broker/forgot-password', remoteAddress: from, payload: { email: 'someone@example.test' } });
    expect([first.statusCode, second.statusCode]).toEqual([401, 400]);
    expectTooMany(third, /^Too many attempts\. Please try again in (\d+ minutes|1 hour)\.$/);
  });

  it('limits uploads per address: listings and photos together', async () => {
    const headers = await headersFor(ctx.app, who.brokerA);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/project/upload', remoteAddress: '192.0.2.70', headers, payload: uploadBody(world) as Record<string, unknown> });
    expect(created.statusCode, created.body).toBe(201);
    const photo = async () => {
      const { payload, headers: multipartHeaders } = multipart([{ fileName: 'front.jpg', contentType: 'image/jpeg', bytes: await jpeg() }]);
      return ctx.app.inject({ method: 'POST', url: `/api/project/upload/${created.json().project.id}/photos`, remoteAddress: '192.0.2.70', payload, headers: { ...multipartHeaders, ...headers } });
    };
    expect((await photo()).statusCode).toBe(200);
    expectTooMany(await photo(), /^Too many uploads from your network\. Please try again in (\d+ minutes|1 hour)\.$/);
  });
});

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  it('counts the enquiries sent to two API processes as one', async () => {
    const env = redisEnv();
    const [one, two] = [await createTestApp({ env }), await createTestApp({ env })];
    try {
      const send = (ctx: TestContext) => ctx.app.inject({ method: 'POST', url: ENQUIRY_URL, remoteAddress: '10.30.0.1', payload: enquiry() });
      const statuses: number[] = [];
      for (let n = 0; n < 15; n += 1) statuses.push((await send(one)).statusCode, (await send(two)).statusCode);
      expect(statuses).toEqual(Array(30).fill(201));
      expect((await send(one)).statusCode).toBe(429);
      expect((await send(two)).statusCode).toBe(429);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('rate limits when Redis is unreachable', () => {
  it('let requests through (fail open) and keep the process serving', async () => {
    // Nothing listens on port 1: every connection attempt is refused at once.
    const ctx = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_REDIS_PREFIX: `nivaas-test:${randomUUID()}:` } });
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 32; n += 1) statuses.push((await ctx.app.inject({ method: 'POST', url: ENQUIRY_URL, remoteAddress: '10.40.0.1', payload: enquiry() })).statusCode);
      expect(statuses).toEqual(Array(32).fill(201));
    } finally {
      await ctx.close();
    }
  });
});
