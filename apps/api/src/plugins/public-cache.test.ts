import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { schema } from '@nivaas/db';
import { eq, sql } from '@nivaas/db/orm';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCity, createLocation, createPricedProject, createZone } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import publicCache, { CACHE_STATUS_HEADER, negotiateEncoding } from './public-cache';

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

  it('keeps the br and gzip bytes of an answer and replays them by Accept-Encoding, with Vary', async () => {
    // A results page big enough to be compressed (over 1 KiB): a locality of its own with three projects.
    const { db } = ctx.database;
    const [city] = await db.select().from(schema.cities).limit(1);
    const place = await createLocation(db, { cityId: city?.id ?? 0, name: 'Sarjapur' });
    for (const name of ['Aurora Enclave', 'Neelgiri Heights', 'Lakeside Gardens']) {
      await createPricedProject(db, { name, cityId: place.cityId, locationId: place.id, units: [{ type: '3', minPrice: 9_000_000, maxPrice: 12_000_000 }] });
    }
    const url = `/api/project?status=active&approval=approved&locationId=${place.id}&limit=30`;
    const plain = await get(url);
    expect(plain.body.length, plain.body).toBeGreaterThan(1024);
    await expect.poll(async () => (await get(url, { 'accept-encoding': 'br, gzip' })).headers[CACHE_STATUS_HEADER]).toBe('hit');
    const first = await get(url, { 'accept-encoding': 'br, gzip' });
    const second = await get(url, { 'accept-encoding': 'gzip;q=0.5, br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.headers['content-encoding']).toBe('br');
    expect(String(second.headers.vary)).toMatch(/accept-encoding/i);
    // The very same bytes: compressed once when kept, not again per hit.
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(plain.body);

    const gzipped = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers[CACHE_STATUS_HEADER]).toBe('hit');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);

    const identity = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('reads Accept-Encoding as RFC 9110 says: q=0 refuses, * stands for the rest, br wins a tie', () => {
    expect(negotiateEncoding('br, gzip')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=1.0, br;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
});

/**
 * The cache around a route of the test's own that counts its runs and finishes when the test says, on the test
 * database (its notices are real: PGlite's with the statement, PostgreSQL's over LISTEN).
 */
describe('public response cache: concurrent misses', () => {
  let runs = 0;
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise<void>((resolve) => (release = resolve));
  };
  const bigBody = (label: string) => ({ label, filler: 'x'.repeat(4096) });
  const server = Fastify({ logger: false });

  beforeAll(async () => {
    await server.register(publicCache, { database: ctx.database, maxBytes: 1 << 20 });
    await server.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    server.get('/slow', { config: { publicCache: true } }, async () => {
      runs += 1;
      const run = runs;
      await gate;
      return bigBody(`run ${run}`);
    });
    server.get('/probe', { config: { publicCache: true } }, async () => ({ at: Date.now() }));
    await server.ready();
  });
  afterAll(async () => {
    await server.close();
  });

  const slow = (query: string) => server.inject({ method: 'GET', url: `/slow?${query}`, headers: { 'accept-encoding': 'br' } });
  /** Waits until this server has heard of the catalogue's latest write (PostgreSQL delivers notices after commit). */
  const probeSettled = async () => {
    await expect
      .poll(async () => {
        await server.inject('/probe');
        return (await server.inject('/probe')).headers[CACHE_STATUS_HEADER];
      })
      .toBe('hit');
  };

  it('runs the route once for identical concurrent misses and answers every waiter with its bytes', async () => {
    await probeSettled();
    runs = 0;
    hold();
    const waiting = [slow('a=1'), slow('a=1'), slow('a=1')];
    await expect.poll(() => runs).toBe(1);
    release();
    const answers = await Promise.all(waiting);
    expect(runs).toBe(1);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.headers[CACHE_STATUS_HEADER]).sort()).toEqual(['coalesced', 'coalesced', 'miss']);
    for (const answer of answers) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString())).toEqual(bigBody('run 1'));
    }
  });

  it('does not hand an answer computed before a catalogue write to a request made after it', async () => {
    await probeSettled();
    runs = 0;
    hold();
    const before = slow('b=1');
    await expect.poll(() => runs).toBe(1);
    await ctx.database.db.update(schema.projects).set({ name: 'Kaveri Crest' }).where(eq(schema.projects.id, projectId));
    // The probe misses once this server has heard of the write (at once on PGlite, a moment later on PostgreSQL).
    await expect.poll(async () => (await server.inject('/probe')).headers[CACHE_STATUS_HEADER]).toBe('miss');
    const after = slow('b=1');
    await expect.poll(() => runs).toBe(2);
    release();
    const [first, second] = await Promise.all([before, after]);
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString()).label).toBe('run 1');
    expect(JSON.parse(brotliDecompressSync(second.rawPayload).toString()).label).toBe('run 2');
    // Only the answer computed after the write is kept.
    const third = await slow('b=1');
    expect(third.headers[CACHE_STATUS_HEADER]).toBe('hit');
    expect(JSON.parse(brotliDecompressSync(third.rawPayload).toString()).label).toBe('run 2');
  });
});
