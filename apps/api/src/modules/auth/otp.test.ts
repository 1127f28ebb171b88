import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, cookieSet, latestOutboxMessage, latestPasscode } from '../../test/auth';
import { createBroker } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from './otp.service';

/** A moving clock: every test starts an hour after the previous one's last move, so no rate window leaks across. */
let now = new Date('2026-01-10T09:00:00Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

let sequence = 0;
/** A fresh Indian mobile number per call, as a user would type it. */
function newPhone(): string {
  sequence += 1;
  return `98${String(45_000_000 + sequence).padStart(8, '0')}`;
}

describe('passcode sign-in (issue 4)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: () => now, env: { OTP_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => ctx.close());

  const send = (body: Record<string, unknown>, path = 'portal', remoteAddress = '203.0.113.10') =>
    ctx.app.inject({ method: 'POST', url: `/api/auth/${path}/send-otp`, payload: body, remoteAddress });
  const verify = (email: string, otp: string, path = 'portal') =>
    ctx.app.inject({ method: 'POST', url: `/api/auth/${path}/verify-otp`, payload: { email, otp } });
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends a 6-digit code (200), stores only its hash, and signs in with it, creating the user', async () => {
    advance(OTP_TTL_MS * 20);
    const phone = newPhone();
    const sent = await send({ email: phone });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: 'OTP sent successfully', resendAfterSeconds: 30 });

    const code = await latestPasscode(ctx.app, phone);
    expect(code).toMatch(/^\d{6}$/);
    const [challenge] = await ctx.database.db.select().from(schema.otpChallenges).where(eq(schema.otpChallenges.identity, phone));
    expect(challenge?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge?.codeHash).not.toContain(code);

    const signedIn = await verify(phone, code);
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json();
    expect(body).toMatchObject({ success: true, message: 'Logged in successfully!', role: 'user', user: { name: null, phone, email: null, photo: null } });
    expect(typeof body.token).toBe('string');

    const cookie = signedIn.cookies.find((c) => c.name === 'nivaas_rt_user');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json()).toMatchObject({ success: true, account: { kind: 'user', id: body.user.id, phone } });
  });

  it('signs the same person in again on their existing account, by phone typed any usual way', async () => {
    advance(OTP_TTL_MS * 20);
    const phone = newPhone();
    await send({ email: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` });
    const first = await verify(`0${phone}`, await latestPasscode(ctx.app, phone));
    expect(first.statusCode).toBe(200);
    advance(OTP_RESEND_COOLDOWN_MS);
    await send({ phone: `91${phone}` });
    const second = await verify(phone, await latestPasscode(ctx.app, `+91${phone}`));
    expect(second.json().user.id).toBe(first.json().user.id);
  });

  it('lower-cases e-mails and refuses input that is neither a phone nor an e-mail, naming the field', async () => {
    advance(OTP_TTL_MS * 20);
    expect((await send({ email: 'Asha.Rao@Example.COM' })).statusCode).toBe(200);
    const code = await latestPasscode(ctx.app, 'asha.rao@example.com');
    const signedIn = await verify('asha.rao@example.com', code);
    expect(signedIn.json().user).toMatchObject({ email: 'asha.rao@example.com', phone: null });

    for (const bad of ['12345', '5845012345', 'not-an-email', '', '   ', 'a@b']) {
      const response = await send({ email: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().field, bad).toBe('email');
    }
    expect((await send({})).statusCode).toBe(400);
    expect((await send({ email: newPhone(), phone: newPhone() })).statusCode).toBe(400);
    const extra = await send({ email: newPhone(), role: 'broker' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().field).toBe('role');
    expect((await verify(newPhone(), 'abcdef')).json().field).toBe('otp');
  });

  it('accepts a code once only', async () => {
    advance(OTP_TTL_MS * 20);
    const phone = newPhone();
    await send({ email: phone });
    const code = await latestPasscode(ctx.app, phone);
    expect((await verify(phone, code)).statusCode).toBe(200);
    const again = await verify(phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'otp', message: expect.stringMatching(/^Invalid or expired OTP/) });
  });

  it('expires a code after 5 minutes by the app clock', async () => {
    advance(OTP_TTL_MS * 20);
    const early = newPhone();
    const late = newPhone();
    await send({ email: early });
    await send({ email: late });
    const earlyCode = await latestPasscode(ctx.app, early);
    const lateCode = await latestPasscode(ctx.app, late);
    advance(OTP_TTL_MS - 1000);
    expect((await verify(early, earlyCode)).statusCode).toBe(200);
    advance(2000);
    expect((await verify(late, lateCode)).statusCode).toBe(400);
  });

  it('ends a code after 5 wrong tries, even for the right code after them', async () => {
    advance(OTP_TTL_MS * 20);
    const phone = newPhone();
    await send({ email: phone });
    const code = await latestPasscode(ctx.app, phone);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await verify(phone, wrongCodeFor(code))).statusCode).toBe(400);
    expect((await verify(phone, code)).statusCode).toBe(400);

    // Four wrong tries leave the fifth to the right code.
    advance(OTP_RESEND_COOLDOWN_MS);
    await send({ email: phone });
    const fresh = await latestPasscode(ctx.app, phone);
    for (let attempt = 0; attempt < 4; attempt += 1) await verify(phone, wrongCodeFor(fresh));
    expect((await verify(phone, fresh)).statusCode).toBe(200);
  });

  it('answers a resend with 201 and replaces the old code', async () => {
    advance(OTP_TTL_MS * 20);
    const phone = newPhone();
    expect((await send({ email: phone })).statusCode).toBe(200);
    const oldCode = await latestPasscode(ctx.app, phone);
    advance(OTP_RESEND_COOLDOWN_MS);
    const resent = await send({ phone });
    expect(resent.statusCode).toBe(201);
    expect(resent.json().message).toBe('OTP resent successfully');
    const newCode = await latestPasscode(ctx.app, phone);
    if (newCode !== oldCode) expect((await verify(phone, oldCode)).statusCode).toBe(400);
    expect((await verify(phone, newCode)).statusCode).toBe(200);

    // After the code is used (or expired) the next send is a first send again.
    advance(OTP_RESEND_COOLDOWN_MS);
    expect((await send({ email: phone })).statusCode).toBe(200);
  });

  it('locks resends for 30 seconds per identity and address, with a 429 that says how long to wait', async () => {
    advance(OTP_TTL_MS * 20);
    const phone = newPhone();
    expect((await send({ email: phone })).statusCode).toBe(200);
    advance(OTP_RESEND_COOLDOWN_MS - 5000);
    const locked = await send({ phone });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      success: false,
      statusCode: 429,
      message: 'Please wait 5 seconds before asking for another OTP. The last code we sent still works.',
    });
    expect(locked.headers['retry-after']).toBe('5');
    // Another identity is not held up, nor the same identity asked for from another address.
    expect((await send({ email: newPhone() })).statusCode).toBe(200);
    expect((await send({ phone }, 'portal', '203.0.113.99')).statusCode).toBe(201);
    advance(5000);
    expect((await send({ phone })).statusCode).toBe(201);
  });

  it('slows one address asking for one identity down (30 s three times, then doubling up to 15 minutes), never refusing it for the hour', async () => {
    advance(OTP_TTL_MS * 20);
    const phone = newPhone();
    const waits: number[] = [];
    for (let sent = 0; sent < 9; sent += 1) {
      expect((await send({ email: phone })).statusCode).toBeLessThan(300);
      const refused = await send({ email: phone });
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      advance(wait * 1000);
    }
    expect(waits).toEqual([30, 30, 30, 60, 120, 240, 480, 900, 900]);
    expect((await send({ email: phone })).statusCode).toBeLessThan(300);
    const refused = await send({ email: phone });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Please wait 15 minutes before asking for another OTP/);
  });

  it('succeeds exactly once when one code is verified by 8 parallel requests', async () => {
    advance(OTP_TTL_MS * 20);
    const phone = newPhone();
    await send({ email: phone });
    const code = await latestPasscode(ctx.app, phone);
    const responses = await Promise.all(Array.from({ length: 8 }, () => verify(phone, code)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    const users = await ctx.database.db.select().from(schema.users).where(eq(schema.users.phone, phone));
    expect(users).toHaveLength(1);
  });

  it("binds a code to its identity and kind: another number's code, or a user's code at the broker door, fails", async () => {
    advance(OTP_TTL_MS * 20);
    const [first, second] = [newPhone(), newPhone()];
    await send({ email: first });
    await send({ email: second });
    const firstCode = await latestPasscode(ctx.app, first);
    expect((await verify(second, firstCode)).statusCode).toBe(400);

    const broker = await createBroker(ctx.database.db, { phone: newPhone(), email: `both-${sequence}@example.test` });
    await send({ email: broker.email });
    const userCode = await latestPasscode(ctx.app, broker.email);
    expect((await verify(broker.email, userCode, 'broker')).statusCode).toBe(400);
    // ...and the user's own sign-in still has it (the failed broker try spent nothing of the user's code).
    expect((await verify(broker.email, userCode)).json().role).toBe('user');
  });

  it('gives brokers and staff the same answer whether or not the identity has an account, delivering only to accounts', async () => {
    advance(OTP_TTL_MS * 20);
    const broker = await createBroker(ctx.database.db, { phone: newPhone(), email: `known-${sequence}@example.test` });
    const unknownEmail = `unknown-${sequence}@example.test`;
    const known = await send({ email: broker.email }, 'broker');
    const unknown = await send({ email: unknownEmail }, 'broker');
    expect([known.statusCode, known.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(await latestOutboxMessage(ctx.app, broker.email)).toBeDefined();
    expect(await latestOutboxMessage(ctx.app, unknownEmail)).toBeUndefined();

    // The cooldown and the resend answer are the same too.
    advance(OTP_RESEND_COOLDOWN_MS);
    const knownAgain = await send({ email: broker.email }, 'broker');
    const unknownAgain = await send({ email: unknownEmail }, 'broker');
    expect([knownAgain.statusCode, knownAgain.json()]).toEqual([201, unknownAgain.json()]);
    expect(unknownAgain.statusCode).toBe(201);

    // A broker signs in with the code, by e-mail or by phone.
    const code = await latestPasscode(ctx.app, broker.email);
    const signedIn = await verify(broker.email, code, 'broker');
    expect(signedIn.json()).toMatchObject({ role: 'broker', broker: { id: broker.id, approval: 'approved', email: broker.email } });
    expect(cookieSet(signedIn, 'nivaas_rt_broker')).toBeTruthy();
    expect((await verify(unknownEmail, '123456', 'broker')).statusCode).toBe(400);

    const staffEmail = `desk-${sequence}@nivaas.local`;
    const [staff] = await ctx.database.db.insert(schema.providerStaff).values({ email: staffEmail, name: 'Desk' }).returning();
    const staffSent = await send({ email: staffEmail }, 'provider');
    const strangerSent = await send({ email: `stranger-${sequence}@nivaas.local` }, 'provider');
    expect([staffSent.statusCode, staffSent.json()]).toEqual([strangerSent.statusCode, strangerSent.json()]);
    const staffSignIn = await verify(staffEmail, await latestPasscode(ctx.app, staffEmail), 'provider');
    expect(staffSignIn.json()).toMatchObject({ role: 'provider', staff: { id: staff?.id, email: staffEmail, role: 'moderator' } });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${staffSignIn.json().token}` } });
    expect(me.json().account).toEqual({ kind: 'provider', id: staff?.id, name: 'Desk', email: staffEmail, role: 'moderator' });
    // Staff sign in with an e-mail only.
    expect((await send({ email: newPhone() }, 'provider')).json().field).toBe('email');
  });

  it('answers GET /api/auth/me with 401 for a guest and for an account that no longer exists', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const ghost = await bearerFor(ctx.app, { kind: 'user', id: 999_999 }, now);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: ghost })).statusCode).toBe(401);
  });
});

describe('per-address passcode limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ clock: () => now, env: { OTP_SENDS_PER_IP_PER_HOUR: '3' } });
  });
  afterAll(() => ctx.close());

  it('refuses a fourth code within the hour from one address, over any identities, with a clear 429', async () => {
    const from = (remoteAddress: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/portal/send-otp', payload: { email: newPhone() }, remoteAddress });
    for (let sent = 0; sent < 3; sent += 1) expect((await from('198.51.100.7')).statusCode).toBe(200);
    const limited = await from('198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many OTP requests from your network. Please try again in 60 minutes.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('198.51.100.8')).statusCode).toBe(200);
    advance(60 * 60_000);
    expect((await from('198.51.100.7')).statusCode).toBe(200);
  });
});

/**
 * Issue 17 'Locking people out' (docs/decisions/013-passcode-limits.md): five requests for someone else's phone used
 * to lock its owner, or the provider, out for an hour. Limits count per identity and address together, slow down
 * rather than refuse, and never hold an address the identity has signed in from.
 */
describe('passcode limits cannot be used to lock someone out (issue 17)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ clock: () => now });
  });
  afterAll(() => ctx.close());

  const send = (path: string, email: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/auth/${path}/send-otp`, payload: { email }, remoteAddress });
  const verify = (path: string, email: string, otp: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/auth/${path}/verify-otp`, payload: { email, otp }, remoteAddress });

  /** A stranger at `from` asks for a code for `identity` whenever allowed, for `minutes`; answers the codes sent. */
  async function pester(path: string, identity: string, from: string, minutes: number): Promise<number> {
    let sent = 0;
    const until = now.getTime() + minutes * 60_000;
    while (now.getTime() < until) {
      const response = await send(path, identity, from);
      if (response.statusCode < 300) sent += 1;
      else expect(response.statusCode).toBe(429);
      advance(response.statusCode < 300 ? OTP_RESEND_COOLDOWN_MS : Number(response.headers['retry-after']) * 1000);
    }
    return sent;
  }

  it("a stranger at another address cannot lock the owner out: the owner's own request goes through, or waits while the last code still works", async () => {
    advance(OTP_TTL_MS * 20);
    const owner = newPhone();
    const sentByStranger = await pester('portal', owner, '198.51.100.66', 20);
    // The old rule refused the owner for an hour after five.
    expect(sentByStranger).toBeGreaterThan(5);

    advance(1000);
    const asked = await send('portal', owner, '203.0.113.45');
    if (asked.statusCode === 429) {
      // Many codes went to the owner's phone just now: the newest still works, and the wait is shorter than a code's life.
      expect(asked.json().message).toMatch(/The last code we sent still works\.$/);
      expect(Number(asked.headers['retry-after'])).toBeLessThanOrEqual(OTP_TTL_MS / 1000);
    } else {
      expect(asked.statusCode).toBeLessThan(300);
    }
    const signedIn = await verify('portal', owner, await latestPasscode(ctx.app, owner), '203.0.113.45');
    expect(signedIn.statusCode).toBe(200);

    // Signed in once from there, the owner's address is never held by the stranger's flood again.
    advance(OTP_RESEND_COOLDOWN_MS);
    await pester('portal', owner, '198.51.100.66', 10);
    expect((await send('portal', owner, '203.0.113.45')).statusCode).toBeLessThan(300);
  });

  it('one address cannot flood one identity: at most ten codes in the first hour, eight an hour after that', async () => {
    advance(OTP_TTL_MS * 20);
    const victim = newPhone();
    expect(await pester('portal', victim, '198.51.100.70', 60)).toBeLessThanOrEqual(10);
    expect(await pester('portal', victim, '198.51.100.70', 60)).toBeLessThanOrEqual(8);
    expect(await pester('portal', victim, '198.51.100.70', 60)).toBeLessThanOrEqual(8);
  });

  it('many addresses cannot flood one identity: after five codes in an hour each next one waits, up to 5 minutes apart', async () => {
    advance(OTP_TTL_MS * 20);
    const victim = newPhone();
    let delivered = 0;
    // 300 addresses, one request every 2 s, for ten minutes.
    for (let turn = 0; turn < 300; turn += 1) {
      if ((await send('portal', victim, `10.66.${Math.floor(turn / 250)}.${turn % 250}`)).statusCode < 300) delivered += 1;
      advance(2000);
    }
    // Five at once, then gaps of 30 s, 1, 2, 4 and 5 minutes.
    expect(delivered).toBeLessThanOrEqual(9);
  });

  it('one address cannot flood many identities: OTP_SENDS_PER_IP_PER_HOUR (30) codes an hour, whoever they are for', async () => {
    advance(OTP_TTL_MS * 20);
    const statuses: number[] = [];
    for (let n = 0; n < 35; n += 1) statuses.push((await send('portal', newPhone(), '198.51.100.80')).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
  });

  it('the provider can still sign in during an attack on the staff e-mail', { timeout: 90_000 }, async () => {
    advance(OTP_TTL_MS * 20);
    const staffEmail = `desk-attack-${sequence}@nivaas.local`;
    await ctx.database.db.insert(schema.providerStaff).values({ email: staffEmail, name: 'Desk' });
    const office = '203.0.113.200';
    expect((await send('provider', staffEmail, office)).statusCode).toBe(200);
    expect((await verify('provider', staffEmail, await latestPasscode(ctx.app, staffEmail), office)).statusCode).toBe(200);

    // An attack from twelve addresses for ten minutes...
    for (let round = 0; round < 20; round += 1) {
      for (let bot = 0; bot < 12; bot += 1) await send('provider', staffEmail, `192.0.2.${bot + 1}`);
      advance(OTP_RESEND_COOLDOWN_MS);
    }
    // ...and the provider at the office asks for a code and signs in at once.
    const asked = await send('provider', staffEmail, office);
    expect(asked.statusCode).toBeLessThan(300);
    const signedIn = await verify('provider', staffEmail, await latestPasscode(ctx.app, staffEmail), office);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().role).toBe('provider');

    // From an address never used before (a phone on mobile data) while the attack goes on, the provider waits at
    // most a code's lifetime, and whenever they are told to wait, the last code sent (by the attack) still works.
    advance(1000);
    const away = '198.18.0.9';
    const startedAt = now.getTime();
    for (;;) {
      for (let bot = 0; bot < 12; bot += 1) await send('provider', staffEmail, `192.0.2.${bot + 1}`);
      const asked = await send('provider', staffEmail, away);
      if (asked.statusCode < 300 || /still works/.test(asked.json().message)) break;
      expect(Number(asked.headers['retry-after'])).toBeLessThanOrEqual(OTP_TTL_MS / 1000);
      advance(OTP_RESEND_COOLDOWN_MS);
    }
    expect(now.getTime() - startedAt).toBeLessThanOrEqual(OTP_TTL_MS);
    expect((await verify('provider', staffEmail, await latestPasscode(ctx.app, staffEmail), away)).statusCode).toBe(200);
  });
});
