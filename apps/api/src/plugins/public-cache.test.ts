import { schema } from '@nivaas/db';
import { eq, sql } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCity, createLocation, createPricedProject, createZone } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import { CACHE_STATUS_HEADER } from './public-cache';

/** Tables whose writes must empty the cache: everything a public answer reads. */
const CATALOGUE_TABLES = [
  'banners', 'blogs', 'brokers', 'builders', 'cities', 'city_media', 'construction_projects', 'contractors', 'faqs',
  'locations', 'project_media', 'project_remarks', 'projects', 'reviews', 'units', 'zones',
];

let ctx: TestContext;
let projectId = 0;
let locationId = 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { PUBLIC_CACHE_MB: '8' } });
  const { db } = ctx.database;
  const city = await createCity(db, { name: 'Bengaluru' });
  const zone = await createZone(db, { cityId: city.id, name: 'East' });
  const location = await createLocation(db, { cityId: city.id, zoneId: zone.id, name: 'Whitefield' });
  locationId = location.id;
  const project = await createPricedProject(db, {
    name: 'Kaveri Crest',
    cityId: city.id,
    zoneId: zone.id,
    locationId: location.id,
    units: [{ type: '2', minPrice: 8_000_000, maxPrice: 9_500_000 }],
  });
  projectId = project.id;
  // On PostgreSQL the setup's notices arrive over LISTEN after its writes; wait until a kept answer stays kept.
  const probe = '/api/city?page=1&limit=5';
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await get(probe);
    const first = (await get(probe)).headers[CACHE_STATUS_HEADER];
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (first === 'hit' && (await get(probe)).headers[CACHE_STATUS_HEADER] === 'hit') break;
  }
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('public response cache', () => {
  it('answers a repeated public read from memory with the same bytes', async () => {
    const url = `/api/project/${projectId}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers[CACHE_STATUS_HEADER]).toBe('miss');
    // On PostgreSQL the notices of the setup's own writes may still be on their way, and each empties the cache.
    await expect.poll(async () => (await get(url)).headers[CACHE_STATUS_HEADER]).toBe('hit');
    const second = await get(url);
    expect(second.headers[CACHE_STATUS_HEADER]).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
  });

  it('shows a committed catalogue change on the next read, and a hidden project disappears', async () => {
    const url = `/api/project?status=active&approval=approved&locationId=${locationId}`;
    const before = await get(url);
    expect(before.json<{ projects: { name: string }[] }>().projects.map((p) => p.name)).toEqual(['Kaveri Crest']);
    await expect.poll(async () => (await get(url)).headers[CACHE_STATUS_HEADER]).toBe('hit');

    await ctx.database.db.update(schema.projects).set({ approval: 'rejected' }).where(eq(schema.projects.id, projectId));
    // PGlite delivers the notice with the statement; PostgreSQL a moment later over LISTEN.
    await expect.poll(async () => (await get(url)).json<{ projects: unknown[] }>().projects).toEqual([]);
    expect((await get(`/api/project/${projectId}`)).statusCode).toBe(404);

    await ctx.database.db.update(schema.projects).set({ approval: 'approved' }).where(eq(schema.projects.id, projectId));
    await expect.poll(async () => (await get(url)).json<{ projects: unknown[] }>().projects).toHaveLength(1);
  });

  it('keeps its answers when only private data is written (an enquiry)', async () => {
    const url = `/api/project/${projectId}`;
    await expect.poll(async () => (await get(url)).headers[CACHE_STATUS_HEADER]).toBe('hit');
    const enquiry = await ctx.app.inject({
      method: 'POST',
      url: '/api/leadMenegmentRoute/uILeadFormData',
      payload: { name: 'Asha Rao', phone: '9876543210', email: 'asha@example.in', message: 'Call me', projectId },
    });
    expect(enquiry.statusCode).toBeLessThan(300);
    expect((await get(url)).headers[CACHE_STATUS_HEADER]).toBe('hit');
  });

  it('never serves or keeps an answer for a request carrying a bearer token', async () => {
    const url = `/api/project/${projectId}`;
    await get(url);
    const signedIn = await get(url, { authorization: 'Bearer whatever' });
    expect(signedIn.headers[CACHE_STATUS_HEADER]).toBeUndefined();
  });

  it('answers 304 with no body to a client that already holds the same bytes', async () => {
    const url = '/api/city?page=1&limit=10';
    const first = await get(url);
    await expect.poll(async () => (await get(url)).headers[CACHE_STATUS_HEADER]).toBe('hit');
    const etag = String((await get(url)).headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const revalidated = await get(url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(first.statusCode).toBe(200);
  });

  it('does not keep errors', async () => {
    const url = '/api/project/999999';
    expect((await get(url)).statusCode).toBe(404);
    const again = await get(url);
    expect(again.statusCode).toBe(404);
    expect(again.headers[CACHE_STATUS_HEADER]).toBe('miss');
  });

  it('is off when PUBLIC_CACHE_MB is 0', async () => {
    const off = await createTestApp({ env: { PUBLIC_CACHE_MB: '0' } });
    try {
      const response = await off.app.inject({ method: 'GET', url: '/api/city?page=1&limit=10' });
      expect(response.statusCode).toBe(200);
      expect(response.headers[CACHE_STATUS_HEADER]).toBeUndefined();
    } finally {
      await off.close();
    }
  });

  it('is told of writes to every table a public answer reads, and of no private table', async () => {
    const { rows } = await ctx.database.db.execute<{ table_name: string }>(sql`
      select distinct event_object_table as table_name from information_schema.triggers
      where trigger_name like '%\_catalogue\_change' and event_object_schema = current_schema()
      order by 1`);
    expect(rows.map((row) => row.table_name)).toEqual(CATALOGUE_TABLES);
  });
});
