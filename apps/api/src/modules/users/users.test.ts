import type { Principal } from '@nivaas/contracts/auth.schema';
import { CONTACT_VERIFIED_MESSAGE, contactPasscodeSentMessage, PROFILE_UPDATED_MESSAGE } from '@nivaas/contracts/user.schema';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, latestPasscode } from '../../test/auth';
import { createBroker, createCity, createLocation, createProject, createUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
const ids = { phoneUser: 0, emailUser: 0, bothUser: 0, other: 0, secondEmailUser: 0, brokerId: 0, listingId: 0 };

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      ids.phoneUser = (await createUser(db, { name: null, phone: '9845012345', email: null })).id;
      ids.emailUser = (await createUser(db, { name: 'Meera', phone: null, email: 'meera@example.com' })).id;
      ids.bothUser = (await createUser(db, { name: 'Old Record', phone: '9845000001', email: 'old@example.com' })).id;
      ids.other = (await createUser(db, { name: 'Someone', phone: '9845000002', email: 'taken@example.com' })).id;
      ids.secondEmailUser = (await createUser(db, { name: 'Ravi', phone: null, email: 'ravi@example.com' })).id;
      ids.brokerId = (await createBroker(db)).id;
      const city = await createCity(db);
      const location = await createLocation(db, { cityId: city.id });
      ids.listingId = (await createProject(db, { cityId: city.id, locationId: location.id, item: 'listing', ownerId: ids.phoneUser, approval: 'pending' })).id;
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

const user = (id: number): Principal => ({ kind: 'user', id });

async function call(method: 'GET' | 'PUT', who: Principal | null, payload?: Record<string, unknown>) {
  const headers = who ? await bearerFor(ctx.app, who) : {};
  return ctx.app.inject({ method, url: '/api/user/me', headers, ...(payload ? { payload } : {}) });
}

async function verify(who: Principal | null, contact: string, otp: string) {
  const headers = who ? await bearerFor(ctx.app, who) : {};
  return ctx.app.inject({ method: 'POST', url: '/api/user/me/verify-contact', headers, payload: { contact, otp } });
}

async function row(id: number) {
  const [found] = await ctx.database.db.select().from(schema.users).where(eq(schema.users.id, id));
  return found;
}

describe('GET /api/user/me', () => {
  it('answers the caller\'s own profile and how they sign in', async () => {
    const response = await call('GET', user(ids.phoneUser));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      user: { id: ids.phoneUser, name: null, phone: '9845012345', email: null, photo: null, signInWith: 'phone' },
    });
    expect((await call('GET', user(ids.emailUser))).json().user).toMatchObject({ email: 'meera@example.com', signInWith: 'email' });
    expect((await call('GET', user(ids.bothUser))).json().user.signInWith).toBe('phone');
  });

  it('is for users only; a broker, the provider and a guest are refused', async () => {
    expect((await call('GET', null)).statusCode).toBe(401);
    expect((await call('GET', { kind: 'broker', id: ids.brokerId })).statusCode).toBe(403);
    expect((await call('GET', { kind: 'provider', id: 1 })).statusCode).toBe(403);
    expect((await call('GET', user(2_000_000))).statusCode).toBe(404);
  });
});

describe('PUT /api/user/me', () => {
  it('changes the name at once; a new e-mail is only sent a passcode, and saved when the code comes back', async () => {
    const response = await call('PUT', user(ids.phoneUser), { name: '  Asha Rao ', email: ' Asha.Rao@Example.com ', phone: '+91 98450 12345' });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({
      success: true,
      message: contactPasscodeSentMessage('email', 'asha.rao@example.com'),
      user: { id: ids.phoneUser, name: 'Asha Rao', phone: '9845012345', email: null, photo: null, signInWith: 'phone' },
      verification: { field: 'email', contact: 'asha.rao@example.com', resendAfterSeconds: 30 },
    });
    expect(await row(ids.phoneUser)).toMatchObject({ name: 'Asha Rao', email: null });

    const verified = await verify(user(ids.phoneUser), 'Asha.Rao@example.com', await latestPasscode(ctx.app, 'asha.rao@example.com'));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({
      success: true,
      message: CONTACT_VERIFIED_MESSAGE,
      user: { id: ids.phoneUser, name: 'Asha Rao', phone: '9845012345', email: 'asha.rao@example.com', photo: null, signInWith: 'phone' },
    });
    expect(await row(ids.phoneUser)).toMatchObject({ signInChannel: 'phone', email: 'asha.rao@example.com' });
    // Now both are set: the phone is still the one that cannot change, the e-mail still can (by passcode), or go.
    expect((await call('PUT', user(ids.phoneUser), { phone: '9845099999' })).statusCode).toBe(400);
    expect((await call('PUT', user(ids.phoneUser), { email: 'asha@example.org' })).statusCode).toBe(202);
    expect((await verify(user(ids.phoneUser), 'asha@example.org', await latestPasscode(ctx.app, 'asha@example.org'))).json().user.email).toBe('asha@example.org');
    const cleared = await call('PUT', user(ids.phoneUser), { email: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ message: PROFILE_UPDATED_MESSAGE, user: { email: null, phone: '9845012345', signInWith: 'phone' } });
    expect(cleared.json()).not.toHaveProperty('verification');
  });

  it('lets an e-mail user add a phone by passcode, never change the e-mail', async () => {
    const changed = await call('PUT', user(ids.emailUser), { email: 'someone.else@example.com' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ field: 'email' });
    const added = await call('PUT', user(ids.emailUser), { phone: '70123 45678' });
    expect(added.statusCode, added.body).toBe(202);
    expect(added.json().verification).toEqual({ field: 'phone', contact: '7012345678', resendAfterSeconds: 30 });
    expect((await verify(user(ids.emailUser), 'meera@example.com', '123456')).json()).toMatchObject({ field: 'contact' });
    const saved = await verify(user(ids.emailUser), '+91 70123 45678', await latestPasscode(ctx.app, '7012345678'));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user).toMatchObject({ phone: '7012345678', email: 'meera@example.com', signInWith: 'email' });
    expect((await call('PUT', user(ids.emailUser), { phone: null })).json().user.phone).toBeNull();
    expect(await row(ids.emailUser)).toMatchObject({ email: 'meera@example.com', signInChannel: 'email' });
  });

  it("answers a contact of another account exactly like a free one, and says it is taken only to whoever proves it", async () => {
    const free = await call('PUT', user(ids.secondEmailUser), { phone: '9845077777' });
    const taken = await call('PUT', user(ids.emailUser), { phone: '9845000002' });
    expect([free.statusCode, taken.statusCode]).toEqual([202, 202]);
    const shape = (body: Record<string, unknown>, contact: string) => JSON.stringify({ ...body, user: undefined }).replaceAll(contact, '<contact>');
    expect(shape(taken.json(), '9845000002')).toBe(shape(free.json(), '9845077777'));
    // A code is sent to the number either way (its owner reads it, and may ignore it).
    const code = await latestPasscode(ctx.app, '9845000002');

    const wrong = await verify(user(ids.emailUser), '9845000002', code === '000000' ? '111111' : '000000');
    expect([wrong.statusCode, wrong.json().field]).toEqual([400, 'otp']);
    // The code is bound to the user who asked: another user cannot spend it.
    expect((await verify(user(ids.secondEmailUser), '9845000002', code)).json().field).toBe('otp');
    const proved = await verify(user(ids.emailUser), '9845000002', code);
    expect(proved.statusCode).toBe(409);
    expect(proved.json()).toMatchObject({ field: 'contact', message: expect.stringMatching(/already belongs to another Nivaas account/) });
    expect(await row(ids.emailUser)).toMatchObject({ phone: null });
    expect(await row(ids.other)).toMatchObject({ phone: '9845000002' });
    // Used up: the same code does nothing a second time.
    expect((await verify(user(ids.emailUser), '9845000002', code)).json().field).toBe('otp');
  });

  it('refuses a passcode asked for again inside the cooldown, saving nothing of that request', async () => {
    expect((await call('PUT', user(ids.bothUser), { email: 'cooldown@example.com' })).statusCode).toBe(202);
    const again = await call('PUT', user(ids.bothUser), { name: 'Renamed Meanwhile', email: 'cooldown@example.com' });
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    expect(await row(ids.bothUser)).toMatchObject({ name: 'Old Record', email: 'old@example.com' });
  });

  it('changes none of id, role, approval or ownerId when a body adds them: the whole request is refused', async () => {
    const before = await row(ids.phoneUser);
    const [listingBefore] = await ctx.database.db.select().from(schema.projects).where(eq(schema.projects.id, ids.listingId));
    for (const extra of [{ id: ids.other }, { role: 'provider' }, { approval: 'approved' }, { ownerId: ids.other }, { kind: 'broker' }, { photo: 'https://evil.example.com/x.png' }]) {
      const response = await call('PUT', user(ids.phoneUser), { name: 'Hacker', ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().field).toBe(Object.keys(extra)[0]);
    }
    expect(await row(ids.phoneUser)).toEqual(before);
    const [listingAfter] = await ctx.database.db.select().from(schema.projects).where(eq(schema.projects.id, ids.listingId));
    expect(listingAfter).toEqual(listingBefore);
    expect(await row(ids.other)).toMatchObject({ name: 'Someone' });
    // The token still names the same user, of the same kind.
    expect((await call('GET', user(ids.phoneUser))).json().user.id).toBe(ids.phoneUser);
  });

  it('refuses bad values with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'A' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ name: 'Tab\tname' }, 'name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phone: '12345' }, 'phone'],
      [{ phone: 9845012345 }, 'phone'],
    ];
    for (const [body, field] of cases) {
      const response = await call('PUT', user(ids.bothUser), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });

  it('is for users only', async () => {
    expect((await call('PUT', null, { name: 'Guest' })).statusCode).toBe(401);
    expect((await call('PUT', { kind: 'broker', id: ids.brokerId }, { name: 'Broker' })).statusCode).toBe(403);
    expect((await verify(null, '9845012345', '123456')).statusCode).toBe(401);
    expect((await verify({ kind: 'broker', id: ids.brokerId }, '9845012345', '123456')).statusCode).toBe(403);
  });

  it('refuses a bad verify-contact body with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ contact: 'not a contact', otp: '123456' }, 'contact'],
      [{ contact: '9845012345', otp: '12ab56' }, 'otp'],
      [{ contact: '9845012345' }, 'otp'],
      [{ contact: '9845012345', otp: '123456', userId: ids.other }, 'userId'],
    ];
    for (const [body, field] of cases) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/user/me/verify-contact', headers: await bearerFor(ctx.app, user(ids.bothUser)), payload: body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });
});

describe('a contact on a profile that was never proved (added before passcodes were asked for)', () => {
  it('never opens that account: the person who proves it with a passcode gets their own, and the claim is dropped', async () => {
    const claimer = await createUser(ctx.database.db, { name: 'Claimer', phone: '9845066666', email: 'stranger@example.com', signInChannel: 'phone' });

    const sent = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/send-otp', payload: { email: 'stranger@example.com' } });
    expect(sent.statusCode).toBe(200);
    const otp = await latestPasscode(ctx.app, 'stranger@example.com');
    const verified = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/verify-otp', payload: { email: 'stranger@example.com', otp } });
    expect(verified.statusCode).toBe(200);
    const signedIn = verified.json().user;
    expect(signedIn.id).not.toBe(claimer.id);
    expect(signedIn.email).toBe('stranger@example.com');
    expect(await row(claimer.id)).toMatchObject({ phone: '9845066666', email: null });
  });
});
