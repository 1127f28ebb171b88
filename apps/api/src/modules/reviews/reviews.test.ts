import type { ReviewListResponse } from '@nivaas/contracts/review.schema';
import { schema } from '@nivaas/db';
import { seed } from '@nivaas/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCity, createLocation, createReview, createZone } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
const place = { cityId: 0, zoneId: 0, locationId: 0 };
const at = (day: number) => new Date(Date.UTC(2025, 4, day, 10));

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      await seed(db);
      // A city whose reviews are known exactly: three approved city reviews (5, 4, 4 stars), one of each hidden
      // state, and reviews of its zone and locality that must not count as the city's.
      const city = await createCity(db, { name: 'Reviewville' });
      const zone = await createZone(db, { cityId: city.id });
      const location = await createLocation(db, { cityId: city.id, zoneId: zone.id });
      Object.assign(place, { cityId: city.id, zoneId: zone.id, locationId: location.id });
      const about = { subject: 'city' as const, cityId: city.id };
      await createReview(db, { ...about, ratingValue: 5, comment: 'Oldest', createdAt: at(1) });
      await createReview(db, { ...about, ratingValue: 4, comment: 'Newest', authorName: 'Asha', createdAt: at(3) });
      await createReview(db, { ...about, ratingValue: 4, comment: 'Middle', createdAt: at(2) });
      await createReview(db, { ...about, ratingValue: 1, comment: 'Pending', approval: 'pending', createdAt: at(4) });
      await createReview(db, { ...about, ratingValue: 1, comment: 'Rejected', approval: 'rejected', createdAt: at(5) });
      await createReview(db, { subject: 'zone', cityId: city.id, zoneId: zone.id, ratingValue: 2, comment: 'Zone', createdAt: at(6) });
      await createReview(db, { subject: 'zone', cityId: city.id, zoneId: zone.id, ratingValue: 5, approval: 'pending' });
      const inLocation = { subject: 'location' as const, cityId: city.id, zoneId: zone.id, locationId: location.id };
      await createReview(db, { ...inLocation, ratingValue: 3, comment: 'Locality', createdAt: at(7) });
      await createReview(db, { ...inLocation, ratingValue: 1, comment: 'Hidden', approval: 'rejected', createdAt: at(8) });
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function getReviews(url: string): Promise<ReviewListResponse> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/city/review/?cityId=', () => {
  it("lists the city's approved reviews only, newest first, with a summary over all of them", async () => {
    const body = await getReviews(`/api/city/review/?cityId=${place.cityId}`);
    expect(body.reviews.map((review) => review.comment)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(body.reviews[0]).toEqual({ id: expect.any(Number), ratingValue: 4, comment: 'Newest', authorName: 'Asha', createdAt: at(3).toISOString() });
    expect(body.summary).toEqual({ average: 4.3, count: 3, distribution: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 } });
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 3, hasMore: false });
  });

  it('answers the same without the trailing slash, and pages with the summary unchanged', async () => {
    const first = await getReviews(`/api/city/review?cityId=${place.cityId}&limit=2`);
    const second = await getReviews(`/api/city/review?cityId=${place.cityId}&limit=2&page=2`);
    expect([...first.reviews, ...second.reviews].map((review) => review.comment)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(first.pagination.hasMore).toBe(true);
    expect(second.pagination.hasMore).toBe(false);
    expect(second.summary.count).toBe(3);
  });

  it('matches an oracle over the seeded reviews of the default city', async () => {
    const rows = await ctx.database.db.select().from(schema.reviews);
    const expected = rows.filter((row) => row.subject === 'city' && row.cityId === 1 && row.approval === 'approved');
    const body = await getReviews('/api/city/review/?cityId=1&limit=100');
    expect(expected.length).toBeGreaterThan(0);
    expect(body.reviews.map((review) => review.id).sort()).toEqual(expected.map((row) => row.id).sort());
    const average = expected.reduce((sum, row) => sum + row.ratingValue, 0) / expected.length;
    expect(body.summary.average).toBeCloseTo(average, 1);
    const times = body.reviews.map((review) => review.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('answers an empty list and a zero summary for a city without reviews', async () => {
    const { id } = await createCity(ctx.database.db);
    const body = await getReviews(`/api/city/review/?cityId=${id}`);
    expect(body.reviews).toEqual([]);
    expect(body.summary).toEqual({ average: 0, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });

  it('refuses a missing or malformed cityId with 400 naming it, an unknown one with 404, a limit over the cap with 400', async () => {
    for (const query of ['', 'cityId=abc', 'cityId=-1', 'cityId=99999999999']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/city/review/?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ success: false, field: 'cityId' });
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/city/review/?cityId=2147483647' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, field: 'cityId' });
    const overCap = await ctx.app.inject({ method: 'GET', url: `/api/city/review/?cityId=${place.cityId}&limit=101` });
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json()).toMatchObject({ field: 'limit' });
  });
});

describe('GET /api/location/:id/reviews and /api/zone/:id/reviews', () => {
  it("list only that place's approved reviews", async () => {
    const location = await getReviews(`/api/location/${place.locationId}/reviews`);
    expect(location.reviews.map((review) => review.comment)).toEqual(['Locality']);
    expect(location.summary).toMatchObject({ average: 3, count: 1 });
    const zone = await getReviews(`/api/zone/${place.zoneId}/reviews`);
    expect(zone.reviews.map((review) => review.comment)).toEqual(['Zone']);
    expect(zone.summary).toMatchObject({ average: 2, count: 1, distribution: { 2: 1, 5: 0 } });
  });

  it('answer 400 for a malformed id and 404 for an unknown one', async () => {
    for (const kind of ['location', 'zone']) {
      for (const id of ['abc', '-1', '0', '99999999999']) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/${kind}/${id}/reviews` });
        expect(response.statusCode, `${kind} ${id}`).toBe(400);
      }
      const unknown = await ctx.app.inject({ method: 'GET', url: `/api/${kind}/2147483647/reviews` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, statusCode: 404, field: 'id' });
    }
  });
});
