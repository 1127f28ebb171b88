import type { Principal } from '@nivaas/contracts/auth.schema';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../test/factories';
import { createWorld, headersFor, principals, uploadBody, type World } from '../../test/lifecycle';
import { createTestApp, type TestContext } from '../../test/test-app';
import { BROKER_NOT_APPROVED_MESSAGE } from './listings.service';

let ctx: TestContext;
let world: World;
let who: ReturnType<typeof principals>;

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      world = await createWorld(db);
    },
  });
  who = principals(world);
});

afterAll(async () => {
  await ctx?.close();
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, principal: Principal | null, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: await headersFor(ctx.app, principal), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

async function upload(principal: Principal, overrides = {}) {
  const response = await call('POST', '/api/project/upload', principal, uploadBody(world, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().project as { id: number; approval: string; status: string; brokerId: number | null; ownerId: number | null; units: { minPrice: number; maxPrice: number }[] };
}

async function setState(id: number, approval: 'approved' | 'pending' | 'rejected', status: 'active' | 'inactive' = 'inactive') {
  await ctx.database.db.update(schema.projects).set({ approval, status }).where(eq(schema.projects.id, id));
}

describe('POST /api/project/upload', () => {
  it("creates a broker's listing owned by the broker, pending review and hidden, prices read from rupee text", async () => {
    const project = await upload(who.brokerA);
    expect(project).toMatchObject({ approval: 'pending', status: 'inactive', brokerId: world.brokerA, ownerId: null, item: 'listing' });
    expect(project.units[0]).toMatchObject({ minPrice: 8_500_000, maxPrice: 9_000_000, facing: 'East', exteriorArea: 1250, furnishing: 'Semi-Furnished' });
    const [row] = await ctx.database.db.select().from(schema.projects).where(eq(schema.projects.id, project.id));
    expect(row).toMatchObject({ minPrice: 8_500_000, maxPrice: 9_000_000, zoneId: world.zoneId, cityId: world.cityId });
    // Not on the public site.
    expect((await call('GET', `/api/project/${project.id}`, null)).statusCode).toBe(404);
  });

  it("creates a user's listing owned by the user, the zone taken from the locality when left out", async () => {
    const project = await upload(who.userA, { zoneId: undefined });
    expect(project).toMatchObject({ ownerId: world.userA, brokerId: null, approval: 'pending', zone: { id: world.zoneId } });
  });

  it('never takes approval, status, ownerId, brokerId or builderId from the body (400 naming the field, nothing stored)', async () => {
    const before = await ctx.database.db.$count(schema.projects);
    for (const [field, value] of Object.entries({ approval: 'approved', status: 'active', ownerId: world.userB, brokerId: world.brokerB, builderId: 1, item: 'project' })) {
      const response = await call('POST', '/api/project/upload', who.brokerA, { ...uploadBody(world), [field]: value });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().field).toBe(field);
    }
    const unit = { ...uploadBody(world).units[0], projectId: 1 };
    const response = await call('POST', '/api/project/upload', who.userA, { ...uploadBody(world), units: [unit] });
    expect(response.json().field).toBe('units.0.projectId');
    expect(await ctx.database.db.$count(schema.projects)).toBe(before);
  });

  it('checks the place against the catalogue: the locality in the city, the zone in both', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ locationId: 999_999 }, 'locationId'],
      [{ locationId: world.otherCityLocationId }, 'locationId'],
      [{ zoneId: world.otherZoneId }, 'zoneId'],
      [{ zoneId: 999_999 }, 'zoneId'],
      [{ cityId: world.otherCityId }, 'locationId'],
    ];
    for (const [overrides, field] of cases) {
      const response = await call('POST', '/api/project/upload', who.userA, uploadBody(world, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });

  it('names a bad unit field, a price range upside down and an unknown furnishing', async () => {
    const bad = (unit: Record<string, unknown>) => call('POST', '/api/project/upload', who.userA, uploadBody(world, { units: [{ ...uploadBody(world).units[0], ...unit }] as never }));
    expect((await bad({ minPrice: '95 lakh' })).json().field).toBe('units.0.maxPrice');
    expect((await bad({ minPrice: 'lots' })).json().field).toBe('units.0.minPrice');
    expect((await bad({ furnishing: 'Palatial' })).json().field).toBe('units.0.furnishing');
  });

  it('refuses a broker whose profile is not approved (spec §4), the provider and guests', async () => {
    const pending = await call('POST', '/api/project/upload', who.pendingBroker, uploadBody(world));
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toBe(BROKER_NOT_APPROVED_MESSAGE);
    expect((await call('POST', '/api/project/upload', who.provider, uploadBody(world))).statusCode).toBe(403);
    expect((await call('POST', '/api/project/upload', null, uploadBody(world))).statusCode).toBe(401);
  });
});

describe('PUT /api/project/upload/{id}', () => {
  it('resubmits a rejected listing: rejected -> pending, the remarks kept', async () => {
    const { id } = await upload(who.brokerA);
    await setState(id, 'rejected');
    await ctx.database.db.insert(schema.projectRemarks).values({ projectId: id, message: 'Photos are blurry' });
    const response = await call('PUT', `/api/project/upload/${id}`, who.brokerA, uploadBody(world, { name: 'Sunny 2 BHK, new photos' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Listing updated and resubmitted for review.');
    expect(response.json().project).toMatchObject({ name: 'Sunny 2 BHK, new photos', approval: 'pending', status: 'inactive' });
    expect(Object.values(response.json().project.remarks)).toEqual(['Photos are blurry']);
  });

  it('takes a live listing off the site and back to review, and says so', async () => {
    const { id } = await upload(who.userA);
    await setState(id, 'approved', 'active');
    const response = await call('PUT', `/api/project/upload/${id}`, who.userA, uploadBody(world, { units: [{ type: '3', minPrice: '1.2 cr', maxPrice: '1.4 cr' }] }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toMatch(/hidden from the site and pending review again/);
    expect(response.json().project).toMatchObject({ approval: 'pending', status: 'inactive', units: [{ type: '3', minPrice: 12_000_000, maxPrice: 14_000_000 }] });
    const audit = await ctx.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id));
    expect(audit.map((row) => [row.action, row.fromState, row.toState, row.actorKind, row.actorId])).toContainEqual(['resubmit', 'approved/active', 'pending/inactive', 'user', world.userA]);
  });

  it("refuses another owner's listing (403), a builder's project (403) and an unknown one (404), changing nothing", async () => {
    const { id } = await upload(who.brokerA);
    for (const principal of [who.brokerB, who.userA]) {
      expect((await call('PUT', `/api/project/upload/${id}`, principal, uploadBody(world, { name: 'Hijacked listing' }))).statusCode).toBe(403);
    }
    const builderProject = await createProject(ctx.database.db, { cityId: world.cityId, locationId: world.locationId });
    expect((await call('PUT', `/api/project/upload/${builderProject.id}`, who.brokerA, uploadBody(world))).statusCode).toBe(403);
    expect((await call('PUT', '/api/project/upload/999999', who.brokerA, uploadBody(world))).statusCode).toBe(404);
    const [row] = await ctx.database.db.select({ name: schema.projects.name }).from(schema.projects).where(eq(schema.projects.id, id));
    expect(row?.name).toBe('Sunny 2 BHK near the lake');
  });
});

describe('owner views', () => {
  it("GET /api/project?brokerId= answers the broker's own token with every state, remarks and counters; others get the public view", async () => {
    const db = ctx.database.db;
    const place = { cityId: world.cityId, locationId: world.locationId, item: 'listing' as const, brokerId: world.brokerB };
    await createProject(db, { ...place, approval: 'approved', status: 'active' });
    await createProject(db, { ...place, approval: 'approved', status: 'inactive' });
    await createProject(db, { ...place, approval: 'pending', status: 'inactive' });
    await createProject(db, { ...place, approval: 'rejected', status: 'inactive', remarks: ['Add a floor plan'] });

    const own = await call('GET', `/api/project?brokerId=${world.brokerB}`, who.brokerB);
    expect(own.statusCode).toBe(200);
    const body = own.json();
    expect(body.projects).toHaveLength(4);
    expect(body.counters).toEqual({ total: 4, rejected: 1, pending: 1, approved: 1, live: 1 });
    const rejected = body.projects.find((project: { approval: string }) => project.approval === 'rejected');
    expect(Object.values(rejected.remarks)).toEqual(['Add a floor plan']);
    // What the dashboard's search and date filter read (spec §5).
    expect(rejected).toMatchObject({ location: { name: expect.any(String) }, type: 'apartment', updatedAt: expect.any(String), units: [{ type: '2', facing: 'East' }] });

    for (const [principal, label] of [[null, 'guest'], [who.brokerA, 'another broker'], [who.userA, 'a user']] as const) {
      const response = await call('GET', `/api/project?brokerId=${world.brokerB}`, principal);
      expect(response.statusCode, label).toBe(200);
      expect(response.json().projects.map((project: { approval: string; status: string }) => `${project.approval}/${project.status}`), label).toEqual(['approved/active']);
      expect(response.json().counters, label).toBeUndefined();
      expect(response.json().projects[0].remarks, label).toEqual({});
    }
    // The public broker pages send status and approval: even the broker's own token gets the public view there.
    const publicPage = await call('GET', `/api/project?brokerId=${world.brokerB}&status=active&approval=approved`, who.brokerB);
    expect(publicPage.json().projects).toHaveLength(1);
  });

  it("GET /api/project/mine lists a user's own uploads in every state with counters, paged", async () => {
    const db = ctx.database.db;
    const user = await db.insert(schema.users).values({ name: 'Pager', phone: '9876500001' }).returning();
    const userId = user[0]?.id ?? 0;
    for (let n = 0; n < 3; n += 1) await createProject(db, { cityId: world.cityId, locationId: world.locationId, item: 'listing', ownerId: userId, approval: 'pending', status: 'inactive' });
    const first = await call('GET', '/api/project/mine?limit=2', { kind: 'user', id: userId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ pagination: { page: 1, limit: 2, total: 3, hasMore: true }, counters: { total: 3, pending: 3 } });
    const second = await call('GET', '/api/project/mine?limit=2&page=2', { kind: 'user', id: userId });
    expect(second.json().pagination.hasMore).toBe(false);
    const ids = [...first.json().projects, ...second.json().projects].map((project: { id: number }) => project.id);
    expect(new Set(ids).size).toBe(3);
    expect((await call('GET', '/api/project/mine', who.pendingBroker)).statusCode).toBe(403);
    expect((await call('GET', '/api/project/mine', who.provider)).statusCode).toBe(403);
  });

  it('GET /api/project/upload/{id} gives the owner (and the provider) any state with photo ids; not others', async () => {
    const { id } = await upload(who.userB);
    expect((await call('GET', `/api/project/upload/${id}`, who.userB)).json().project).toMatchObject({ id, approval: 'pending', photos: [] });
    expect((await call('GET', `/api/project/upload/${id}`, who.provider)).statusCode).toBe(200);
    expect((await call('GET', `/api/project/upload/${id}`, who.userA)).statusCode).toBe(403);
  });
});

describe('PATCH /api/project/publish/{id}', () => {
  it('switches an approved listing live and off; the public sees it only while live', async () => {
    const { id } = await upload(who.brokerA);
    await setState(id, 'approved');
    const on = await call('PATCH', `/api/project/publish/${id}`, who.brokerA, { status: 'active' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().project).toMatchObject({ id, status: 'active', approval: 'approved' });
    expect((await call('GET', `/api/project/${id}`, null)).statusCode).toBe(200);
    const again = await call('PATCH', `/api/project/publish/${id}`, who.brokerA, { status: 'active' });
    expect(again.json().message).toBe('This listing is already live.');
    const off = await call('PATCH', `/api/project/publish/${id}`, who.brokerA, { status: 'inactive' });
    expect(off.json().project.status).toBe('inactive');
    expect((await call('GET', `/api/project/${id}`, null)).statusCode).toBe(404);
  });

  it('tells a matching saved search once the listing goes live (after the change committed), once only', async () => {
    const saved = await call('POST', '/api/saved-searches', who.userB, { name: 'Flats here', filters: { locationId: world.locationId, propertyType: ['apartment'] } });
    expect(saved.statusCode, saved.body).toBe(201);
    const { id } = await upload(who.brokerA);
    await setState(id, 'approved');
    const notices = () => ctx.database.db.$count(schema.savedSearchNotifications, eq(schema.savedSearchNotifications.projectId, id));
    expect(await notices()).toBe(0);
    expect((await call('PATCH', `/api/project/publish/${id}`, who.brokerA, { status: 'active' })).statusCode).toBe(200);
    expect(await notices()).toBe(1);
    await call('PATCH', `/api/project/publish/${id}`, who.brokerA, { status: 'inactive' });
    await call('PATCH', `/api/project/publish/${id}`, who.brokerA, { status: 'active' });
    expect(await notices()).toBe(1);
  });

  it('refuses a pending or rejected listing with 409 and a reason', async () => {
    const { id } = await upload(who.userA);
    const pending = await call('PATCH', `/api/project/publish/${id}`, who.userA, { status: 'active' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('Only approved listings can be shown on the site; this one is pending review');
    await setState(id, 'rejected');
    for (const status of ['active', 'inactive']) {
      const rejected = await call('PATCH', `/api/project/publish/${id}`, who.userA, { status });
      expect(rejected.statusCode).toBe(409);
      expect(rejected.json().message).toMatch(/this one is rejected$/);
    }
  });

  it("refuses another owner's listing, bad bodies and guests", async () => {
    const { id } = await upload(who.brokerA);
    await setState(id, 'approved');
    expect((await call('PATCH', `/api/project/publish/${id}`, who.brokerB, { status: 'active' })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/project/publish/${id}`, who.brokerA, { status: 'live' })).json().field).toBe('status');
    expect((await call('PATCH', `/api/project/publish/${id}`, who.brokerA, { status: 'active', approval: 'approved' })).json().field).toBe('approval');
    expect((await call('PATCH', `/api/project/publish/${id}`, null, { status: 'active' })).statusCode).toBe(401);
  });
});
