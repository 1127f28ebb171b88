import type { BrokerListResponse, BrokerResponse } from '@nivaas/contracts/broker.schema';
import { schema } from '@nivaas/db';
import { seed } from '@nivaas/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroker, createCity, createLocation, createProject } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
const known = { cityId: 0, approvedId: 0, quietId: 0, hiddenIds: [] as number[] };

/** Contact details and secrets of the known brokers: none may appear in any public answer. */
const SECRETS = ['+91 98450 11111', 'known.broker@example.test', '$argon2id$v=19$secret-hash'];

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      await seed(db);
      const city = await createCity(db, { name: 'Brokerpur' });
      const place = { cityId: city.id, locationId: (await createLocation(db, { cityId: city.id })).id };
      const approved = await createBroker(db, {
        name: 'Known Broker',
        phone: SECRETS[0],
        email: SECRETS[1],
        passwordHash: SECRETS[2],
        company: 'Known Realty',
        reraNumber: 'PRM/KA/RERA/1251/310/AG/220101/000123',
        cityId: city.id,
        about: 'Twelve years in Brokerpur.',
        createdAt: new Date('2023-04-05T10:00:00Z'),
      });
      const quiet = await createBroker(db, { name: 'Quiet Broker', cityId: city.id });
      Object.assign(known, { cityId: city.id, approvedId: approved.id, quietId: quiet.id });
      const listing = { ...place, item: 'listing' as const, brokerId: approved.id };
      await createProject(db, { ...listing, type: 'apartment' });
      await createProject(db, { ...listing, type: 'apartment' });
      await createProject(db, { ...listing, type: 'villa' });
      await createProject(db, { ...listing, type: 'plot', approval: 'pending' });
      await createProject(db, { ...listing, type: 'plot', status: 'inactive' });
      await createProject(db, { ...listing, type: 'villa', approval: 'rejected' });
      for (const approval of ['pending', 'rejected'] as const) {
        const hidden = await createBroker(db, { name: `Hidden ${approval}`, approval, cityId: city.id });
        known.hiddenIds.push(hidden.id);
        await createProject(db, { ...place, item: 'listing', brokerId: hidden.id });
      }
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

function expectNoSecrets(body: string) {
  for (const secret of SECRETS) expect(body).not.toContain(secret);
  expect(body).not.toMatch(/"(phone|email|passwordHash|password_hash)"/);
}

describe('GET /api/broker', () => {
  it("lists a city's approved brokers only, busiest first, with public counts and no contact details", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/broker?cityId=${known.cityId}` });
    expect(response.statusCode).toBe(200);
    expectNoSecrets(response.body);
    const body = response.json() as BrokerListResponse;
    expect(body.brokers.map((broker) => broker.name)).toEqual(['Known Broker', 'Quiet Broker']);
    expect(body.brokers[0]).toEqual({
      id: known.approvedId,
      name: 'Known Broker',
      profilePhoto: null,
      company: 'Known Realty',
      city: { id: known.cityId, name: 'Brokerpur' },
      approval: 'approved',
      reraNumber: 'PRM/KA/RERA/1251/310/AG/220101/000123',
      about: 'Twelve years in Brokerpur.',
      memberSince: '2023-04-05',
      listingCount: 3,
    });
    expect(body.brokers[1]?.listingCount).toBe(0);
  });

  it('pages over every approved seeded broker in a stable order, never a pending or rejected one, by both paths', async () => {
    const rows = await ctx.database.db.select({ id: schema.brokers.id, approval: schema.brokers.approval }).from(schema.brokers);
    const approved = rows.filter((row) => row.approval === 'approved').map((row) => row.id);
    expect(rows.length).toBeGreaterThan(approved.length);
    for (const path of ['/api/broker', '/api/brokerRoutes/getAllBrokerUser']) {
      const seen: number[] = [];
      for (let page = 1; seen.length < approved.length; page += 1) {
        const response = await ctx.app.inject({ method: 'GET', url: `${path}?page=${page}&limit=25` });
        expect(response.statusCode).toBe(200);
        expectNoSecrets(response.body);
        const body = response.json() as BrokerListResponse;
        expect(body.brokers.length, `${path} page ${page}`).toBeGreaterThan(0);
        expect(body.brokers.every((broker) => broker.approval === 'approved')).toBe(true);
        seen.push(...body.brokers.map((broker) => broker.id));
      }
      expect([...seen].sort((a, b) => a - b)).toEqual([...approved].sort((a, b) => a - b));
    }
  });

  it('answers the first 30 without parameters (spec: none sent) and refuses a limit over the cap', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/broker' })).json() as BrokerListResponse;
    expect(body.brokers).toHaveLength(30);
    expect(body.pagination).toMatchObject({ page: 1, limit: 30, hasMore: true });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/broker?limit=500' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'limit' });
  });
});

describe('GET /api/broker/:brokerId', () => {
  it('answers an approved broker with public listing counts by type and no contact details', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/broker/${known.approvedId}` });
    expect(response.statusCode).toBe(200);
    expectNoSecrets(response.body);
    const { broker } = response.json() as BrokerResponse;
    expect(broker).toMatchObject({ id: known.approvedId, name: 'Known Broker', listingCount: 3 });
    expect(broker.listingsByType).toEqual({ apartment: 2, villa: 1, plot: 0, residentialhouse: 0, 'pent house': 0, studio: 0 });
  });

  it('answers 404 for a pending, rejected or unknown broker and 400 for a malformed id', async () => {
    for (const id of [...known.hiddenIds, 2147483647]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/broker/${id}` });
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toMatchObject({ success: false, statusCode: 404, field: 'brokerId' });
    }
    for (const id of ['abc', '-1', '0', '99999999999']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/broker/${id}` });
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ field: 'brokerId' });
    }
  });
});
