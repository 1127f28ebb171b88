import type { City } from '@nivaas/contracts/city.schema';
import { schema } from '@nivaas/db';
import { seed } from '@nivaas/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroker, createCity, createLocation, createProject } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let countedCityId: number;

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      await seed(db);
      // A city whose counts are known exactly: 2 public projects, 1 public listing, and one of each hidden kind.
      const city = await createCity(db, { name: 'Countville' });
      countedCityId = city.id;
      await db.insert(schema.cityMedia).values([
        { cityId: city.id, title: 'logo', url: '/media/cities/countville-logo.webp' },
        { cityId: city.id, title: 'banner', url: '/media/cities/countville.webp' },
      ]);
      const place = { cityId: city.id, locationId: (await createLocation(db, { cityId: city.id })).id };
      const broker = await createBroker(db);
      await createProject(db, place);
      await createProject(db, place);
      await createProject(db, { ...place, item: 'listing', brokerId: broker.id });
      await createProject(db, { ...place, approval: 'pending' });
      await createProject(db, { ...place, approval: 'rejected' });
      await createProject(db, { ...place, status: 'inactive' });
      await createProject(db, { ...place, item: 'listing', brokerId: broker.id, approval: 'pending' });
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function getCities(query: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/city?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { success: true; cities: City[]; pagination: { page: number; limit: number; total: number; hasMore: boolean } };
}

/** The oracle: counts made in JavaScript from every project row, not by the SQL under test. */
async function expectedCounts(): Promise<Map<number, { projectCount: number; listingCount: number }>> {
  const rows = await ctx.database.db
    .select({ cityId: schema.projects.cityId, item: schema.projects.item, status: schema.projects.status, approval: schema.projects.approval })
    .from(schema.projects);
  const counts = new Map<number, { projectCount: number; listingCount: number }>();
  for (const row of rows) {
    if (row.status !== 'active' || row.approval !== 'approved') continue;
    const entry = counts.get(row.cityId) ?? { projectCount: 0, listingCount: 0 };
    if (row.item === 'project') entry.projectCount += 1;
    else entry.listingCount += 1;
    counts.set(row.cityId, entry);
  }
  return counts;
}

describe('GET /api/city', () => {
  it('returns the first 10 seeded cities, Bengaluru first, with counts and shaped fields consistent with the data', async () => {
    const body = await getCities('page=1&limit=10');
    expect(body.success).toBe(true);
    expect(body.cities).toHaveLength(10);
    expect(body.cities[0]?.name).toBe('Bengaluru');
    expect(body.pagination).toMatchObject({ page: 1, limit: 10, hasMore: true });

    const counts = await expectedCounts();
    for (const city of body.cities) {
      const expected = counts.get(city.id) ?? { projectCount: 0, listingCount: 0 };
      expect(city, city.name).toMatchObject({
        ...expected,
        city_Name: city.name,
        city_URL: city.medias.find((media) => media.title === 'banner')?.url ?? '',
        projectsCount: expected.projectCount + expected.listingCount,
      });
    }
    // The seed gives the default city a catalogue and a banner; an empty page would pass the loop above.
    expect(body.cities[0]?.projectCount).toBeGreaterThan(0);
    expect(body.cities[0]?.city_URL).not.toBe('');
  });

  it('pages in a stable order without overlaps', async () => {
    const { pagination } = await getCities('limit=1');
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(pagination.total / 7); page += 1) {
      seen.push(...(await getCities(`page=${page}&limit=7`)).cities.map((city) => city.id));
    }
    expect(seen).toHaveLength(pagination.total);
    expect(new Set(seen).size).toBe(pagination.total);
    const all = await getCities('limit=100');
    expect(all.cities.map((city) => city.id)).toEqual(seen);
    expect(all.pagination.hasMore).toBe(false);
  });

  it('defaults to page 1 of 30 and answers an empty page past the end', async () => {
    const body = await getCities('');
    expect(body.pagination).toMatchObject({ page: 1, limit: 30 });
    const past = await getCities('page=999&limit=10');
    expect(past.cities).toEqual([]);
    expect(past.pagination.hasMore).toBe(false);
  });

  it('counts only active, approved projects and listings', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/city/${countedCityId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      city: {
        id: countedCityId,
        name: 'Countville',
        slug: expect.any(String),
        state: 'Karnataka',
        medias: [
          { title: 'logo', url: '/media/cities/countville-logo.webp' },
          { title: 'banner', url: '/media/cities/countville.webp' },
        ],
        projectCount: 2,
        listingCount: 1,
        city_Name: 'Countville',
        city_URL: '/media/cities/countville.webp',
        projectsCount: 3,
      },
    });
  });
});

describe('GET /api/city?search= (issue 17: the city selector finds every city, not only the first ten)', () => {
  it('keeps the cities whose name contains the text, in display order, paged like the list', async () => {
    const all = await getCities('limit=100');
    const beyondFirstTen = all.cities.slice(10).map((city) => city.name);
    // The seed has more than ten cities; the ones past the first page are the ones the selector must reach.
    expect(beyondFirstTen).toEqual(expect.arrayContaining(['Jaipur', 'Kochi']));

    const jai = await getCities('search=jai&limit=10');
    expect(jai.cities.map((city) => city.name)).toEqual(['Jaipur']);
    expect(jai.pagination).toMatchObject({ page: 1, limit: 10, total: 1, hasMore: false });
    expect(jai.cities[0]?.projectsCount).toBeGreaterThan(0);

    // Case and surrounding spaces do not matter; the order is the list's own.
    const expected = all.cities.filter((city) => city.name.toLowerCase().includes('a')).map((city) => city.name);
    const firstPage = await getCities(`search=${encodeURIComponent('  A ')}&limit=3`);
    expect(firstPage.pagination).toMatchObject({ total: expected.length, hasMore: expected.length > 3 });
    expect(firstPage.cities.map((city) => city.name)).toEqual(expected.slice(0, 3));
  });

  it('takes LIKE wildcards literally and answers an unknown name with an empty page', async () => {
    for (const search of ['%', '_', 'Atlantis']) {
      const body = await getCities(`search=${encodeURIComponent(search)}`);
      expect(body.cities, search).toEqual([]);
      expect(body.pagination.total, search).toBe(0);
    }
  });

  it('answers a blank search with the whole list', async () => {
    const blank = await getCities('search=%20%20&limit=100');
    const all = await getCities('limit=100');
    expect(blank.cities.map((city) => city.id)).toEqual(all.cities.map((city) => city.id));
  });

  it('refuses a search that is too long or holds control characters with a 400 naming the field', async () => {
    for (const search of ['x'.repeat(61), 'jai\u0000pur']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/city?search=${encodeURIComponent(search)}` });
      expect(response.statusCode, search).toBe(400);
      expect(response.json(), search).toMatchObject({ success: false, field: 'search' });
    }
  });
});

describe('GET /api/city/:id', () => {
  it('answers an unknown city with 404 JSON', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/city/2147483647' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, statusCode: 404, error: 'Not Found', field: 'id' });
  });

  it('answers a city without media with an empty city_URL', async () => {
    const { id } = await createCity(ctx.database.db, { name: 'Bare' });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/city/${id}` });
    expect(response.json().city).toMatchObject({ medias: [], city_URL: '', projectsCount: 0 });
  });
});
