import type { City } from '@nivaas/contracts/city.schema';
import type { Pagination } from '@nivaas/contracts/common.schema';
import type { LocationSummary, ZoneDetail } from '@nivaas/contracts/place.schema';
import { seed } from '@nivaas/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroker, createBuilder, createCity, createLocation, createProject, createZone } from './factories';
import { createTestApp, type TestContext } from './test-app';

/**
 * One visibility rule for every public read (lib/public-items.ts): a place's or a city's counts are the totals of the
 * results list a visitor opens from it. The seed plus the back doors the rule closes: a retired builder's and an
 * unapproved builder's approved projects, and an unapproved broker's approved listing, all in one locality.
 */
let ctx: TestContext;
let backDoorCityId: number;

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async (database) => {
      const { db } = database;
      await seed(db);
      const city = await createCity(db, { name: 'Backdoorpur' });
      backDoorCityId = city.id;
      const zone = await createZone(db, { cityId: city.id });
      const place = { cityId: city.id, zoneId: zone.id, locationId: (await createLocation(db, { cityId: city.id, zoneId: zone.id })).id };
      const retired = await createBuilder(db, { status: 'inactive' });
      const unapprovedBuilder = await createBuilder(db, { approval: 'pending' });
      const unapprovedBroker = await createBroker(db, { approval: 'pending' });
      const approvedBroker = await createBroker(db);
      await createProject(db, place);
      await createProject(db, { ...place, builderId: retired.id });
      await createProject(db, { ...place, builderId: unapprovedBuilder.id });
      await createProject(db, { ...place, item: 'listing', brokerId: approvedBroker.id });
      await createProject(db, { ...place, item: 'listing', brokerId: unapprovedBroker.id });
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.json<T>();
}

async function everyPage<T>(path: string, key: string): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const body = await get<Record<string, unknown> & { pagination: Pagination }>(`${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=100`);
    all.push(...(body[key] as T[]));
    if (!body.pagination.hasMore) return all;
  }
}

/** The totals of the results list (GET /project) for one place, projects and listings apart. */
async function listTotals(filter: string): Promise<{ projectCount: number; listingCount: number }> {
  const [projects, listings] = await Promise.all(
    (['project', 'listing'] as const).map((item) => get<{ pagination: Pagination }>(`/api/project?${filter}&item=${item}&limit=1`)),
  );
  return { projectCount: projects?.pagination.total ?? -1, listingCount: listings?.pagination.total ?? -1 };
}

describe('public counts', () => {
  it("each city's counts equal its results list's totals", async () => {
    const cities = await everyPage<City>('/api/city', 'cities');
    expect(cities.length).toBeGreaterThan(1);
    for (const city of cities) {
      expect({ city: city.name, ...(await listTotals(`cityId=${city.id}`)) }).toEqual({ city: city.name, projectCount: city.projectCount, listingCount: city.listingCount });
    }
    // The back doors are closed in the counts as in the list: one project, one listing.
    const backDoor = cities.find((city) => city.id === backDoorCityId);
    expect(backDoor && { projectCount: backDoor.projectCount, listingCount: backDoor.listingCount }).toEqual({ projectCount: 1, listingCount: 1 });
  });

  it("each locality's and each zone's counts equal its results list's totals", async () => {
    const locations = await everyPage<LocationSummary>('/api/location', 'locations');
    expect(locations.length).toBeGreaterThan(1);
    const zoneIds = new Set<number>();
    for (const location of locations) {
      if (location.zone) zoneIds.add(location.zone.id);
      expect({ location: location.name, ...(await listTotals(`locationId=${location.id}`)) }).toEqual({
        location: location.name,
        projectCount: location.projectCount,
        listingCount: location.listingCount,
      });
    }
    expect(zoneIds.size).toBeGreaterThan(1);
    for (const zoneId of zoneIds) {
      const { zone } = await get<{ zone: ZoneDetail }>(`/api/zone/${zoneId}`);
      expect({ zone: zone.name, ...(await listTotals(`zoneId=${zoneId}`)) }).toEqual({ zone: zone.name, projectCount: zone.projectCount, listingCount: zone.listingCount });
    }
    // The back doors are closed in the counts as in the list: one project, one listing.
    const backDoor = locations.find((location) => location.city.id === backDoorCityId);
    expect(backDoor && { projectCount: backDoor.projectCount, listingCount: backDoor.listingCount }).toEqual({ projectCount: 1, listingCount: 1 });
    const { zone } = await get<{ zone: ZoneDetail }>(`/api/zone/${backDoor?.zone?.id ?? 0}`);
    expect({ projectCount: zone.projectCount, listingCount: zone.listingCount }).toEqual({ projectCount: 1, listingCount: 1 });
  });
});
