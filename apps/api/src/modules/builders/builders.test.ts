import type { Builder, BuilderDetail } from '@nivaas/contracts/builder.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroker, createBuilder, createCity, createLocation, createProject, createZone } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/** GET /api/builder and /api/builder/{builderId}: public builders only, with live-project counts. */

let ctx: TestContext;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      ids.alpha = (await createCity(db, { name: 'Alpha' })).id;
      ids.beta = (await createCity(db, { name: 'Beta' })).id;
      ids.east = (await createZone(db, { cityId: ids.alpha, name: 'East' })).id;
      ids.whitefield = (await createLocation(db, { cityId: ids.alpha, zoneId: ids.east, name: 'Whitefield' })).id;
      ids.baner = (await createLocation(db, { cityId: ids.beta, name: 'Baner' })).id;
      const inAlpha = { cityId: ids.alpha, zoneId: ids.east, locationId: ids.whitefield };
      const inBeta = { cityId: ids.beta, locationId: ids.baner };

      ids.big = (await createBuilder(db, { name: 'Zenith Estates', logoUrl: '/media/test/zenith.webp', establishedYear: 1990, description: 'Big.' })).id;
      ids.small = (await createBuilder(db, { name: 'Amber Homes' })).id;
      ids.none = (await createBuilder(db, { name: 'Monsoon Builders' })).id;
      ids.inactive = (await createBuilder(db, { name: 'Retired Realty', status: 'inactive' })).id;
      ids.pending = (await createBuilder(db, { name: 'Pending Realty', approval: 'pending' })).id;
      ids.rejected = (await createBuilder(db, { name: 'Rejected Realty', approval: 'rejected' })).id;
      const broker = await createBroker(db);

      // Zenith: 3 live projects (2 in Alpha, 1 in Beta) and every kind that must not count.
      ids.zenithCheap = (await createProject(db, { ...inAlpha, builderId: ids.big, minPrice: 3_000_000, maxPrice: 4_000_000 })).id;
      ids.zenithDear = (await createProject(db, { ...inAlpha, builderId: ids.big, minPrice: 9_000_000, maxPrice: 9_500_000 })).id;
      ids.zenithBeta = (await createProject(db, { ...inBeta, builderId: ids.big, minPrice: 5_000_000, maxPrice: 6_000_000 })).id;
      ids.zenithPending = (await createProject(db, { ...inAlpha, builderId: ids.big, approval: 'pending' })).id;
      ids.zenithInactive = (await createProject(db, { ...inAlpha, builderId: ids.big, status: 'inactive' })).id;
      ids.zenithListing = (await createProject(db, { ...inAlpha, builderId: ids.big, item: 'listing', brokerId: broker.id })).id;
      // Amber: one live project in Beta only.
      ids.amberBeta = (await createProject(db, { ...inBeta, builderId: ids.small })).id;
      // Hidden builders' projects, live on their own.
      for (const builderId of [ids.inactive, ids.pending, ids.rejected]) await createProject(db, { ...inAlpha, builderId });
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function get(url: string) {
  return ctx.app.inject({ method: 'GET', url });
}

async function builders(query = ''): Promise<{ builders: Builder[]; pagination: { page: number; limit: number; total: number; hasMore: boolean } }> {
  const response = await get(`/api/builder?${query}`);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json();
}

const names = (list: Builder[]) => list.map((b) => b.name);

describe('GET /api/builder', () => {
  it('lists public builders only, most live projects first, with their counts, cities and logo', async () => {
    const body = await builders('status=active&approval=approved');
    expect(names(body.builders)).toEqual(['Zenith Estates', 'Amber Homes', 'Monsoon Builders']);
    expect(body.pagination).toEqual({ page: 1, limit: 30, total: 3, hasMore: false });
    expect(body.builders[0]).toEqual({
      id: ids.big,
      name: 'Zenith Estates',
      slug: expect.any(String),
      logo: '/media/test/zenith.webp',
      description: 'Big.',
      establishedYear: 1990,
      status: 'active',
      approval: 'approved',
      projectCount: 3,
      cities: [
        { id: ids.alpha, name: 'Alpha' },
        { id: ids.beta, name: 'Beta' },
      ],
    });
    expect(body.builders[2]).toMatchObject({ projectCount: 0, cities: [] });
  });

  it('sorts by name on request and pages without repeats', async () => {
    expect(names((await builders('sort=name_asc')).builders)).toEqual(['Amber Homes', 'Monsoon Builders', 'Zenith Estates']);
    const first = await builders('limit=2&page=1');
    const second = await builders('limit=2&page=2');
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 3, hasMore: false });
    expect([...names(first.builders), ...names(second.builders)]).toEqual(['Zenith Estates', 'Amber Homes', 'Monsoon Builders']);
  });

  it('narrows to builders with a live project in a city, zone or locality, named or as type/id', async () => {
    expect(names((await builders(`cityId=${ids.beta}`)).builders)).toEqual(['Zenith Estates', 'Amber Homes']);
    expect(names((await builders(`type=cityId&id=${ids.alpha}`)).builders)).toEqual(['Zenith Estates']);
    expect(names((await builders(`zoneId=${ids.east}`)).builders)).toEqual(['Zenith Estates']);
    expect(names((await builders(`type=locationId&id=${ids.baner}`)).builders)).toEqual(['Zenith Estates', 'Amber Homes']);
  });

  it('searches names, taking LIKE wildcards literally', async () => {
    expect(names((await builders('search=amber')).builders)).toEqual(['Amber Homes']);
    expect(names((await builders('search=realty')).builders)).toEqual([]);
    expect(names((await builders('search=%25')).builders)).toEqual([]);
  });

  it('refuses what a visitor may not ask for, naming the field', async () => {
    for (const [query, field] of [
      ['status=inactive', 'status'],
      ['approval=pending', 'approval'],
      ['limit=101', 'limit'],
      ['type=brokerId&id=1', 'type'],
      ['type=cityId', 'id'],
      ['cityId=abc', 'cityId'],
      ['sort=oldest', 'sort'],
    ] as const) {
      const response = await get(`/api/builder?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
    }
  });
});

describe('GET /api/builder/{builderId}', () => {
  it('answers a public builder with its live projects, cheapest first', async () => {
    const response = await get(`/api/builder/${ids.big}`);
    expect(response.statusCode).toBe(200);
    const builder = response.json().builder as BuilderDetail;
    expect(builder).toMatchObject({ id: ids.big, name: 'Zenith Estates', projectCount: 3, logo: '/media/test/zenith.webp' });
    expect(builder.projects.map((p) => p.id)).toEqual([ids.zenithCheap, ids.zenithBeta, ids.zenithDear]);
    expect(builder.projects.every((p) => p.remarks && Object.keys(p.remarks).length === 0)).toBe(true);
  });

  it('answers a hidden builder like a missing one, and a malformed id with 400', async () => {
    for (const id of [ids.inactive, ids.pending, ids.rejected, 2_000_000_000]) {
      expect((await get(`/api/builder/${id}`)).statusCode, String(id)).toBe(404);
    }
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      const response = await get(`/api/builder/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().field, id).toBe('builderId');
    }
  });
});
