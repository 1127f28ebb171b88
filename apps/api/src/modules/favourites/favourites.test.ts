import type { Principal } from '@nivaas/contracts/auth.schema';
import { FAVOURITE_ADDED_MESSAGE, FAVOURITE_REMOVED_MESSAGE } from '@nivaas/contracts/favourite.schema';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearerFor } from '../../test/auth';
import { createBroker, createBuilder, createCity, createLocation, createProject, createUser } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { MAX_FAVOURITES } from './favourites.service';

let ctx: TestContext;
const ids = { cityId: 0, locationId: 0, userA: 0, userB: 0, brokerA: 0, publicIds: [] as number[], listingId: 0, hidden: [] as number[], withdrawnBuilderProject: 0 };

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      const city = await createCity(db);
      const place = { cityId: city.id, locationId: (await createLocation(db, { cityId: city.id })).id };
      Object.assign(ids, place);
      ids.userA = (await createUser(db)).id;
      ids.userB = (await createUser(db)).id;
      const broker = await createBroker(db);
      ids.brokerA = broker.id;
      for (let n = 0; n < 3; n += 1) ids.publicIds.push((await createProject(db, place)).id);
      ids.listingId = (await createProject(db, { ...place, item: 'listing', brokerId: broker.id })).id;
      for (const hidden of [{ approval: 'pending' as const }, { approval: 'rejected' as const }, { status: 'inactive' as const }]) {
        ids.hidden.push((await createProject(db, { ...place, ...hidden })).id);
      }
      const builder = await createBuilder(db);
      ids.withdrawnBuilderProject = (await createProject(db, { ...place, builderId: builder.id })).id;
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  await ctx.database.db.delete(schema.favourites);
});

const user = (id = ids.userA): Principal => ({ kind: 'user', id });
const broker = (id = ids.brokerA): Principal => ({ kind: 'broker', id });

async function call(method: 'GET' | 'POST', url: string, who: Principal | null, payload?: Record<string, unknown>) {
  const headers = who ? await bearerFor(ctx.app, who) : {};
  return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const toggle = (who: Principal, projectId: number, action: 'add' | 'remove' = 'add') =>
  call('POST', '/api/favourites/user', who, { userType: who.kind, action, projectId, item: 'project' });

async function favouriteIds(who: Principal): Promise<number[]> {
  const response = await call('GET', `/api/favourites/user?mode=ids&userType=${who.kind}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().favourites;
}

describe('POST /api/favourites/user', () => {
  it('adds to the front and removes, answering with the toast texts (spec §4)', async () => {
    const [first, second] = ids.publicIds as [number, number];
    const added = await toggle(user(), first);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ success: true, message: FAVOURITE_ADDED_MESSAGE, favourite: { projectId: first, userType: 'user', action: 'add', favourited: true } });
    await toggle(user(), second);
    expect(await favouriteIds(user())).toEqual([second, first]);

    const removed = await toggle(user(), first, 'remove');
    expect(removed.json()).toEqual({ success: true, message: FAVOURITE_REMOVED_MESSAGE, favourite: { projectId: first, userType: 'user', action: 'remove', favourited: false } });
    expect(await favouriteIds(user())).toEqual([second]);
  });

  it('is idempotent both ways, also for parallel adds', async () => {
    const projectId = ids.publicIds[0] as number;
    const responses = await Promise.all(Array.from({ length: 6 }, () => toggle(user(), projectId)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(await favouriteIds(user())).toEqual([projectId]);
    expect((await toggle(user(), projectId, 'remove')).statusCode).toBe(200);
    expect((await toggle(user(), projectId, 'remove')).statusCode).toBe(200);
    expect(await favouriteIds(user())).toEqual([]);
  });

  it('refuses to add a hidden, withdrawn or unknown project with 404 naming projectId, and stores nothing', async () => {
    await ctx.database.db.update(schema.builders).set({ status: 'inactive' });
    try {
      for (const projectId of [...ids.hidden, ids.withdrawnBuilderProject, 2_147_483_647]) {
        const response = await toggle(user(), projectId);
        expect(response.statusCode, String(projectId)).toBe(404);
        expect(response.json()).toMatchObject({ success: false, field: 'projectId' });
      }
    } finally {
      await ctx.database.db.update(schema.builders).set({ status: 'active' });
    }
    expect(await favouriteIds(user())).toEqual([]);
  });

  it('keeps users\' and brokers\' lists apart, and a broker favourites a listing', async () => {
    await toggle(user(), ids.publicIds[0] as number);
    await toggle(broker(), ids.listingId);
    expect(await favouriteIds(user())).toEqual([ids.publicIds[0]]);
    expect(await favouriteIds(broker())).toEqual([ids.listingId]);
    expect(await favouriteIds(user(ids.userB))).toEqual([]);
  });

  it('refuses a userType that is not the token\'s kind with 403 naming userType', async () => {
    const asBroker = await call('POST', '/api/favourites/user', user(), { userType: 'broker', action: 'add', projectId: ids.publicIds[0] });
    expect(asBroker.statusCode).toBe(403);
    expect(asBroker.json()).toMatchObject({ field: 'userType' });
    expect((await call('GET', '/api/favourites/user?userType=user', broker())).statusCode).toBe(403);
    expect(await favouriteIds(user())).toEqual([]);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ userType: 'user', action: 'like', projectId: 1 }, 'action'],
      [{ userType: 'user', action: 'add', projectId: 'x' }, 'projectId'],
      [{ userType: 'user', action: 'add', projectId: -1 }, 'projectId'],
      [{ userType: 'user', action: 'add' }, 'projectId'],
      [{ userType: 'user', action: 'add', projectId: 1, userId: ids.userB }, 'userId'],
      [{ userType: 'user', action: 'add', projectId: 1, item: 'house' }, 'item'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/api/favourites/user', user(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });

  it(`stops at ${MAX_FAVOURITES} favourites with 409`, async () => {
    // A full list, of projects since taken off the site: they still count, as the ids list still holds them.
    const { cityId, locationId } = ids;
    const filler = await ctx.database.db
      .insert(schema.projects)
      .values(Array.from({ length: MAX_FAVOURITES }, (_, n) => ({ name: `Filler ${n}`, type: 'apartment' as const, approval: 'pending' as const, cityId, locationId })))
      .returning({ id: schema.projects.id });
    await ctx.database.db.insert(schema.favourites).values(filler.map((row) => ({ userId: ids.userB, projectId: row.id })));
    const response = await toggle(user(ids.userB), ids.publicIds[1] as number);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ field: 'projectId' });
    expect((await toggle(user(ids.userB), filler[0]?.id ?? 0, 'remove')).statusCode).toBe(200);
    expect((await toggle(user(ids.userB), ids.publicIds[1] as number)).statusCode).toBe(200);
  });
});

describe('GET /api/favourites/user', () => {
  it('mode=data answers public records shaped like GET /project, newest first, leaving out what went off the site', async () => {
    const [a, b, c] = ids.publicIds as [number, number, number];
    for (const projectId of [a, b, c]) await toggle(user(), projectId);
    await ctx.database.db.update(schema.projects).set({ status: 'inactive' }).where(eq(schema.projects.id, b));
    try {
      const response = await call('GET', '/api/favourites/user?mode=data&userType=user', user());
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.mode).toBe('data');
      expect(body.favourites.map((project: { id: number }) => project.id)).toEqual([c, a]);
      // Same record as the public catalogue serves.
      const catalogue = (await ctx.app.inject({ method: 'GET', url: `/api/project/${a}` })).json().project;
      const { builder: _detailBuilder, ...sameFields } = catalogue;
      expect(body.favourites[1]).toMatchObject(sameFields);
      // ids still hold the hidden one, so the heart can be cleared.
      expect(await favouriteIds(user())).toEqual([c, b, a]);
    } finally {
      await ctx.database.db.update(schema.projects).set({ status: 'active' }).where(eq(schema.projects.id, b));
    }
  });

  it('defaults to ids of the caller\'s own kind', async () => {
    await toggle(broker(), ids.listingId);
    const response = await call('GET', '/api/favourites/user', broker());
    expect(response.json()).toEqual({ success: true, mode: 'ids', favourites: [ids.listingId] });
  });

  it('needs a signed-in user or broker', async () => {
    expect((await call('GET', '/api/favourites/user', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/favourites/user', { kind: 'provider', id: 1 })).statusCode).toBe(403);
    expect((await call('GET', '/api/favourites/user?mode=all', user())).statusCode).toBe(400);
  });
});

describe('legacy /api/usersrouts', () => {
  it('savingPropertiesOfUser saves and removes the caller\'s own, in the same list', async () => {
    const projectId = ids.publicIds[0] as number;
    const saved = await call('POST', '/api/usersrouts/savingPropertiesOfUser', broker(), { brokerId: ids.brokerA, propertyId: projectId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: FAVOURITE_ADDED_MESSAGE });
    expect(await favouriteIds(broker())).toEqual([projectId]);
    await call('POST', '/api/usersrouts/savingPropertiesOfUser', broker(), { brokerId: ids.brokerA, propertyId: projectId, action: 'remove' });
    expect(await favouriteIds(broker())).toEqual([]);
    await call('POST', '/api/usersrouts/savingPropertiesOfUser', user(), { userId: ids.userA, propertyId: projectId });
    expect(await favouriteIds(user())).toEqual([projectId]);
  });

  it('savingPropertiesOfUser refuses someone else\'s id, or the other kind\'s, with 403', async () => {
    const projectId = ids.publicIds[0] as number;
    for (const [who, body, field] of [
      [user(), { userId: ids.userB, propertyId: projectId }, 'userId'],
      [user(), { brokerId: ids.userA, propertyId: projectId }, 'brokerId'],
      [broker(), { userId: ids.brokerA, propertyId: projectId }, 'userId'],
    ] as const) {
      const response = await call('POST', '/api/usersrouts/savingPropertiesOfUser', who, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().field).toBe(field);
    }
    expect(await favouriteIds(user(ids.userB))).toEqual([]);
  });

  it('userData answers the broker\'s own saved properties, and 403 for anyone else\'s', async () => {
    await toggle(broker(), ids.listingId);
    await toggle(broker(), ids.publicIds[0] as number);
    const response = await call('GET', `/api/usersrouts/userData?brokerId=${ids.brokerA}`, broker());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().SavedProperties.propertiesSavedByThisBroker.map((project: { id: number }) => project.id)).toEqual([ids.publicIds[0], ids.listingId]);
    expect((await call('GET', `/api/usersrouts/userData?brokerId=${ids.brokerA + 1}`, broker())).statusCode).toBe(403);
    expect((await call('GET', `/api/usersrouts/userData?brokerId=${ids.brokerA}`, user(ids.brokerA))).statusCode).toBe(403);
    expect((await call('GET', `/api/usersrouts/userData?brokerId=${ids.brokerA}`, null)).statusCode).toBe(401);
  });
});
