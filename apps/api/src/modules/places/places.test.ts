import type { LocationDetail, LocationListResponse, ZoneDetail } from '@nivaas/contracts/place.schema';
import { schema } from '@nivaas/db';
import { seed } from '@nivaas/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroker, createCity, createLocation, createProject, createReview, createZone } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
const known = { cityId: 0, zoneId: 0, busyId: 0, quietId: 0, emptyId: 0, zonelessId: 0 };

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      await seed(db);
      // A city whose counts are known exactly. Busy: 2 public projects and a public listing, plus one of each
      // hidden kind; Quiet: 1 public project; Empty: nothing public; Zoneless: a locality outside every zone.
      const city = await createCity(db, { name: 'Placeville' });
      const zone = await createZone(db, { cityId: city.id, name: 'Central' });
      const busy = await createLocation(db, { cityId: city.id, zoneId: zone.id, name: 'Busy Nagar', lat: 12.9, lng: 77.6 });
      const quiet = await createLocation(db, { cityId: city.id, zoneId: zone.id, name: 'Quiet Layout' });
      const empty = await createLocation(db, { cityId: city.id, zoneId: zone.id, name: 'Empty Enclave' });
      const zoneless = await createLocation(db, { cityId: city.id, name: 'Outer Village' });
      Object.assign(known, { cityId: city.id, zoneId: zone.id, busyId: busy.id, quietId: quiet.id, emptyId: empty.id, zonelessId: zoneless.id });
      const broker = await createBroker(db);
      const at = (location: { id: number }) => ({ cityId: city.id, zoneId: zone.id, locationId: location.id });
      await createProject(db, { ...at(busy), minPrice: 4_500_000, maxPrice: 7_000_000 });
      await createProject(db, { ...at(busy), minPrice: 8_000_000, maxPrice: 21_000_000 });
      await createProject(db, { ...at(busy), item: 'listing', brokerId: broker.id, minPrice: 3_000_000, maxPrice: 3_000_000 });
      // Hidden ones carry extreme prices, so a leak into the range would show.
      await createProject(db, { ...at(busy), approval: 'pending', minPrice: 100, maxPrice: 100 });
      await createProject(db, { ...at(busy), approval: 'rejected', minPrice: 100, maxPrice: 900_000_000 });
      await createProject(db, { ...at(busy), status: 'inactive', minPrice: 100, maxPrice: 900_000_000 });
      await createProject(db, { ...at(quiet), minPrice: 6_000_000, maxPrice: 6_500_000 });
      await createProject(db, { ...at(empty), approval: 'pending' });
      await createReview(db, { subject: 'location', cityId: city.id, zoneId: zone.id, locationId: busy.id, ratingValue: 5 });
      await createReview(db, { subject: 'location', cityId: city.id, zoneId: zone.id, locationId: busy.id, ratingValue: 2 });
      await createReview(db, { subject: 'location', cityId: city.id, zoneId: zone.id, locationId: busy.id, ratingValue: 1, approval: 'pending' });
      await createReview(db, { subject: 'zone', cityId: city.id, zoneId: zone.id, ratingValue: 3 });
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function getJson<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

describe('GET /api/location', () => {
  it("lists a city's localities busiest first with exact public counts", async () => {
    const body = await getJson<LocationListResponse>(`/api/location?cityId=${known.cityId}`);
    expect(body.locations.map((location) => [location.name, location.projectCount, location.listingCount])).toEqual([
      ['Busy Nagar', 2, 1],
      ['Quiet Layout', 1, 0],
      ['Empty Enclave', 0, 0],
      ['Outer Village', 0, 0],
    ]);
    expect(body.locations[0]).toEqual({
      id: known.busyId,
      name: 'Busy Nagar',
      slug: expect.any(String),
      city: { id: known.cityId, name: 'Placeville' },
      zone: { id: known.zoneId, name: 'Central' },
      projectCount: 2,
      listingCount: 1,
    });
    expect(body.locations[3]?.zone).toBeNull();
    expect(body.pagination).toEqual({ page: 1, limit: 30, total: 4, hasMore: false });
  });

  it('filters by zone', async () => {
    const body = await getJson<LocationListResponse>(`/api/location?zoneId=${known.zoneId}`);
    expect(body.locations.map((location) => location.id)).toEqual([known.busyId, known.quietId, known.emptyId]);
  });

  it('pages over every seeded location in a stable order with counts that match an oracle', async () => {
    const { pagination } = await getJson<LocationListResponse>('/api/location?limit=1');
    const seen: LocationListResponse['locations'] = [];
    for (let page = 1; seen.length < pagination.total; page += 1) {
      const body = await getJson<LocationListResponse>(`/api/location?page=${page}&limit=100`);
      expect(body.locations.length).toBeGreaterThan(0);
      seen.push(...body.locations);
    }
    expect(new Set(seen.map((location) => location.id)).size).toBe(pagination.total);
    const counts = seen.map((location) => location.projectCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const rows = await ctx.database.db.select().from(schema.projects);
    const publicProjects = new Map<number, number>();
    for (const row of rows) {
      if (row.status === 'active' && row.approval === 'approved' && row.item === 'project') {
        publicProjects.set(row.locationId, (publicProjects.get(row.locationId) ?? 0) + 1);
      }
    }
    for (const location of seen) expect(location.projectCount, location.name).toBe(publicProjects.get(location.id) ?? 0);
    expect(seen[0]?.projectCount).toBeGreaterThan(0);
  });

  it('refuses a limit over the cap and malformed filters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['page=0', 'page'],
      ['cityId=abc', 'cityId'],
      ['zoneId=99999999999', 'zoneId'],
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/location?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ success: false, field });
    }
  });
});

describe('GET /api/location/:id', () => {
  it('answers the locality with its places, public counts, public price range and rating summary', async () => {
    const { location } = await getJson<{ location: LocationDetail }>(`/api/location/${known.busyId}`);
    expect(location).toEqual({
      id: known.busyId,
      name: 'Busy Nagar',
      slug: expect.any(String),
      city: { id: known.cityId, name: 'Placeville' },
      zone: { id: known.zoneId, name: 'Central' },
      projectCount: 2,
      listingCount: 1,
      lat: 12.9,
      lng: 77.6,
      priceRange: { min: 3_000_000, max: 21_000_000 },
      rating: { average: 3.5, count: 2, distribution: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 } },
    });
  });

  it('answers a locality with nothing public with zero counts and an empty price range', async () => {
    const { location } = await getJson<{ location: LocationDetail }>(`/api/location/${known.emptyId}`);
    expect(location).toMatchObject({ projectCount: 0, listingCount: 0, priceRange: { min: null, max: null }, rating: { count: 0, average: 0 } });
  });
});

describe('GET /api/zone/:id', () => {
  it('answers the zone with its localities, totals that agree with them, and its rating summary', async () => {
    const { zone } = await getJson<{ zone: ZoneDetail }>(`/api/zone/${known.zoneId}`);
    expect(zone).toEqual({
      id: known.zoneId,
      name: 'Central',
      slug: expect.any(String),
      city: { id: known.cityId, name: 'Placeville' },
      locations: [
        { id: known.busyId, name: 'Busy Nagar', slug: expect.any(String), projectCount: 2, listingCount: 1 },
        { id: known.emptyId, name: 'Empty Enclave', slug: expect.any(String), projectCount: 0, listingCount: 0 },
        { id: known.quietId, name: 'Quiet Layout', slug: expect.any(String), projectCount: 1, listingCount: 0 },
      ],
      projectCount: 3,
      listingCount: 1,
      priceRange: { min: 3_000_000, max: 21_000_000 },
      rating: { average: 3, count: 1, distribution: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 0 } },
    });
  });

  it('answers a seeded zone with localities', async () => {
    const [row] = await ctx.database.db.select().from(schema.zones).limit(1);
    const { zone } = await getJson<{ zone: ZoneDetail }>(`/api/zone/${row?.id}`);
    expect(zone.locations.length).toBeGreaterThan(0);
    expect(zone.projectCount).toBe(zone.locations.reduce((sum, location) => sum + location.projectCount, 0));
  });
});

describe('unknown and malformed ids', () => {
  it('answer 404 JSON for an unknown location or zone and 400 for a malformed one, never 500', async () => {
    for (const kind of ['location', 'zone']) {
      const unknown = await ctx.app.inject({ method: 'GET', url: `/api/${kind}/2147483647` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, statusCode: 404, field: 'id' });
      for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/${kind}/${id}` });
        expect(response.statusCode, `${kind}/${id}`).toBe(400);
        expect(response.json()).toMatchObject({ success: false, field: 'id' });
      }
    }
  });
});
