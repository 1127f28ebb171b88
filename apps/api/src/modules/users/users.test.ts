import type { Principal } from '@nivaas/contracts/auth.schema';
import { PROFILE_UPDATED_MESSAGE } from '@nivaas/contracts/user.schema';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, latestPasscode } from '../../test/auth';
import { createBroker, createCity, createLocation, createProject, createUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
const ids = { phoneUser: 0, emailUser: 0, bothUser: 0, other: 0, brokerId: 0, listingId: 0 };

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      ids.phoneUser = (await createUser(db, { name: null, phone: '9845012345', email: null })).id;
      ids.emailUser = (await createUser(db, { name: 'Meera', phone: null, email: 'meera@example.com' })).id;
      ids.bothUser = (await createUser(db, { name: 'Old Record', phone: '9845000001', email: 'old@example.com' })).id;
      ids.other = (await createUser(db, { name: 'Someone', phone: '9845000002', email: 'taken@example.com' })).id;
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
  it('changes the name and adds the e-mail of a user who signs in by phone, then keeps phone as the sign-in', async () => {
    const response = await call('PUT', user(ids.phoneUser), { name: '  Asha Rao ', email: ' Asha.Rao@Example.com ', phone: '+91 98450 12345' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: PROFILE_UPDATED_MESSAGE,
      user: { id: ids.phoneUser, name: 'Asha Rao', phone: '9845012345', email: 'asha.rao@example.com', photo: null, signInWith: 'phone' },
    });
    expect(await row(ids.phoneUser)).toMatchObject({ signInChannel: 'phone' });
    // Now both are set: the phone is still the one that cannot change, the e-mail still can.
    expect((await call('PUT', user(ids.phoneUser), { phone: '9845099999' })).statusCode).toBe(400);
    expect((await call('PUT', user(ids.phoneUser), { email: 'asha@example.org' })).json().user.email).toBe('asha@example.org');
    expect((await call('PUT', user(ids.phoneUser), { email: null })).json().user).toMatchObject({ email: null, phone: '9845012345', signInWith: 'phone' });
  });

  it('lets an e-mail user add a phone, never change the e-mail', async () => {
    const changed = await call('PUT', user(ids.emailUser), { email: 'someone.else@example.com' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ field: 'email' });
    const added = await call('PUT', user(ids.emailUser), { phone: '7012345678' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().user).toMatchObject({ phone: '7012345678', email: 'meera@example.com', signInWith: 'email' });
    expect((await call('PUT', user(ids.emailUser), { phone: null })).json().user.phone).toBeNull();
    expect(await row(ids.emailUser)).toMatchObject({ email: 'meera@example.com', signInChannel: 'email' });
  });

  it('refuses a phone or e-mail that belongs to another account with 409 naming it', async () => {
    const taken = await call('PUT', user(ids.emailUser), { phone: '9845000002' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'phone' });
    const takenEmail = await call('PUT', user(ids.bothUser), { email: 'taken@example.com' });
    expect(takenEmail.statusCode).toBe(409);
    expect(takenEmail.json()).toMatchObject({ field: 'email' });
    expect(await row(ids.bothUser)).toMatchObject({ email: 'old@example.com' });
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
  });
});

describe('a contact added on a profile', () => {
  it('never opens that account: the person who proves it with a passcode gets their own, and the claim is dropped', async () => {
    const claimer = (await call('PUT', user(ids.phoneUser), { email: 'stranger@example.com' })).json().user;
    expect(claimer).toMatchObject({ id: ids.phoneUser, email: 'stranger@example.com' });

    const sent = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/send-otp', payload: { email: 'stranger@example.com' } });
    expect(sent.statusCode).toBe(200);
    const otp = await latestPasscode(ctx.app, 'stranger@example.com');
    const verified = await ctx.app.inject({ method: 'POST', url: '/api/auth/portal/verify-otp', payload: { email: 'stranger@example.com', otp } });
    expect(verified.statusCode).toBe(200);
    const signedIn = verified.json().user;
    expect(signedIn.id).not.toBe(ids.phoneUser);
    expect(signedIn.email).toBe('stranger@example.com');
    expect(await row(ids.phoneUser)).toMatchObject({ phone: '9845012345', email: null });
  });
});
