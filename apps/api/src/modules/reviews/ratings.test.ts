import type { Principal } from '@nivaas/contracts/auth.schema';
import { RATING_SUBMITTED_MESSAGE } from '@nivaas/contracts/review.schema';
import { schema } from '@nivaas/db';
import { and, eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from '../../test/auth';
import { createBroker, createCity, createLocation, createUser, createZone } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
const ids = { cityId: 0, zoneIds: [] as number[], locationIds: [] as number[], userA: 0, userB: 0, brokerA: 0, staff: 0 };

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      const city = await createCity(db);
      ids.cityId = city.id;
      for (let n = 0; n < 12; n += 1) {
        const zone = await createZone(db, { cityId: city.id });
        ids.zoneIds.push(zone.id);
        ids.locationIds.push((await createLocation(db, { cityId: city.id, zoneId: zone.id })).id);
      }
      ids.userA = (await createUser(db, { name: 'Asha Rao' })).id;
      ids.userB = (await createUser(db, { name: null })).id;
      ids.brokerA = (await createBroker(db, { name: 'Vikram Estates' })).id;
      const [staff] = await db.insert(schema.providerStaff).values({ email: 'staff@nivaas.example.com', name: 'Staff' }).returning();
      ids.staff = staff?.id ?? 0;
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

let nextPlace = 0;
/** A locality and its zone no other test has rated, so each test reads its own summary. */
function freshPlace(): { locationId: number; zoneId: number } {
  const index = nextPlace;
  nextPlace += 1;
  return { locationId: ids.locationIds[index] as number, zoneId: ids.zoneIds[index] as number };
}

const user = (id = ids.userA): Principal => ({ kind: 'user', id });
const broker = (): Principal => ({ kind: 'broker', id: ids.brokerA });

/** The provider approves every pending review of the locality through the review queue (issue 14). */
async function approveAllOf(placeId: number, subject: 'location' | 'zone' = 'location'): Promise<void> {
  const provider = await bearerFor(ctx.app, { kind: 'provider', id: ids.staff });
  const column = subject === 'location' ? schema.reviews.locationId : schema.reviews.zoneId;
  const rows = await ctx.database.db
    .select({ id: schema.reviews.id })
    .from(schema.reviews)
    .where(and(eq(schema.reviews.subject, subject), eq(column, placeId), eq(schema.reviews.approval, 'pending')));
  for (const { id } of rows) {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/approve`, headers: provider });
    expect(response.statusCode, response.body).toBe(200);
  }
}

async function rate(path: 'rateLocation' | 'rate-zone', who: Principal | null, payload: Record<string, unknown>) {
  const headers = who ? await bearerFor(ctx.app, who) : {};
  return ctx.app.inject({ method: 'POST', url: `/api/ratingroute/${path}`, headers, payload });
}

async function publicReviews(subject: 'location' | 'zone', id: number) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/${subject}/${id}/reviews` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('POST /api/ratingroute/rateLocation', () => {
  it('answers 201 with the spec\'s message; the rating waits as pending and is public once the provider approves it', async () => {
    const { locationId } = freshPlace();
    const response = await rate('rateLocation', user(), { ratingValue: 4, comment: '  Quiet streets, good schools.  ', locationId, userId: ids.userA });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      message: RATING_SUBMITTED_MESSAGE,
      rating: { subject: 'location', placeId: locationId, ratingValue: 4, comment: 'Quiet streets, good schools.', updated: false },
    });
    expect((await publicReviews('location', locationId)).summary.count).toBe(0);
    await approveAllOf(locationId);
    const reviews = await publicReviews('location', locationId);
    expect(reviews.reviews).toEqual([expect.objectContaining({ ratingValue: 4, comment: 'Quiet streets, good schools.', authorName: 'Asha Rao' })]);
    expect(reviews.summary).toMatchObject({ average: 4, count: 1, distribution: { 4: 1 } });
  });

  it('keeps one rating per person per place: a second replaces the first and answers 201 too', async () => {
    const { locationId } = freshPlace();
    await rate('rateLocation', user(), { ratingValue: 2, comment: 'Noisy', locationId });
    const again = await rate('rateLocation', user(), { ratingValue: '5', comment: 'Better after the new road', locationId });
    expect(again.statusCode).toBe(201);
    expect(again.json().rating).toMatchObject({ ratingValue: 5, updated: true });
    await rate('rateLocation', user(ids.userB), { ratingValue: 3, locationId });
    await approveAllOf(locationId);
    const reviews = await publicReviews('location', locationId);
    expect(reviews.summary).toMatchObject({ count: 2, average: 4, distribution: { 5: 1, 3: 1, 2: 0 } });
    expect(reviews.reviews.map((review: { comment: string | null }) => review.comment).sort()).toEqual(['Better after the new road', null].sort());
  });

  it('stores one rating for parallel submissions by one person', async () => {
    const { locationId } = freshPlace();
    const responses = await Promise.all([1, 2, 3, 4, 5].map((ratingValue) => rate('rateLocation', user(), { ratingValue, locationId })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(5).fill(201));
    const rows = await ctx.database.db.select().from(schema.reviews).where(and(eq(schema.reviews.locationId, locationId), eq(schema.reviews.userId, ids.userA)));
    expect(rows).toHaveLength(1);
  });

  it('lets a broker rate too, stored as the broker', async () => {
    const { locationId } = freshPlace();
    expect((await rate('rateLocation', broker(), { ratingValue: 5, locationId, userId: ids.brokerA })).statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(schema.reviews).where(eq(schema.reviews.locationId, locationId));
    expect(row).toMatchObject({ brokerId: ids.brokerA, userId: null, authorName: 'Vikram Estates', approval: 'pending', zoneId: expect.any(Number), cityId: ids.cityId });
  });

  it('sends a rejected rating back to moderation when it is edited, instead of republishing it', async () => {
    const { locationId } = freshPlace();
    await rate('rateLocation', user(), { ratingValue: 1, comment: 'rude words', locationId });
    await ctx.database.db.update(schema.reviews).set({ approval: 'rejected' }).where(eq(schema.reviews.locationId, locationId));
    expect((await rate('rateLocation', user(), { ratingValue: 2, comment: 'still rude', locationId })).statusCode).toBe(201);
    expect((await publicReviews('location', locationId)).summary.count).toBe(0);
    const [row] = await ctx.database.db.select().from(schema.reviews).where(eq(schema.reviews.locationId, locationId));
    expect(row?.approval).toBe('pending');
  });

  it('refuses a userId that is not the caller\'s with 403 naming userId, and stores nothing', async () => {
    const { locationId } = freshPlace();
    const response = await rate('rateLocation', user(ids.userB), { ratingValue: 1, locationId, userId: ids.userA });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ field: 'userId' });
    expect((await publicReviews('location', locationId)).summary.count).toBe(0);
  });

  it('needs a signed-in user or broker', async () => {
    const { locationId } = freshPlace();
    expect((await rate('rateLocation', null, { ratingValue: 5, locationId })).statusCode).toBe(401);
    expect((await rate('rateLocation', { kind: 'provider', id: 1 }, { ratingValue: 5, locationId })).statusCode).toBe(403);
    const forged = await ctx.app.inject({ method: 'POST', url: '/api/ratingroute/rateLocation', headers: { authorization: 'Bearer not.a.token' }, payload: { ratingValue: 5, locationId } });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses bad input with 400 naming the field, and an unknown locality with 404', async () => {
    const locationId = ids.locationIds[0] as number;
    const cases: [Record<string, unknown>, string][] = [
      [{ ratingValue: 0, locationId }, 'ratingValue'],
      [{ ratingValue: 6, locationId }, 'ratingValue'],
      [{ ratingValue: 3.5, locationId }, 'ratingValue'],
      [{ ratingValue: true, locationId }, 'ratingValue'],
      [{ locationId }, 'ratingValue'],
      [{ ratingValue: 3, locationId, comment: 'x'.repeat(1001) }, 'comment'],
      [{ ratingValue: 3, locationId, comment: 'bad\u0000text' }, 'comment'],
      [{ ratingValue: 3 }, 'locationId'],
      [{ ratingValue: 3, locationId: 'abc' }, 'locationId'],
      [{ ratingValue: 3, locationId, userId: 'me' }, 'userId'],
      [{ ratingValue: 3, locationId, approval: 'approved' }, 'approval'],
      [{ ratingValue: 3, locationId, authorName: 'Someone famous' }, 'authorName'],
    ];
    for (const [body, field] of cases) {
      const response = await rate('rateLocation', user(), body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json().field).toBe(field);
    }
    const unknown = await rate('rateLocation', user(), { ratingValue: 3, locationId: 2_147_483_647 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().field).toBe('locationId');
  });
});

describe('POST /api/ratingroute/rate-zone', () => {
  it('rates a zone with the spec\'s ZoneId, once per person, shown in the zone\'s reviews', async () => {
    const { zoneId } = freshPlace();
    const first = await rate('rate-zone', user(), { ratingValue: 3, comment: 'Traffic', ZoneId: zoneId, userId: ids.userA });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ message: RATING_SUBMITTED_MESSAGE, rating: { subject: 'zone', placeId: zoneId, updated: false } });
    const second = await rate('rate-zone', user(), { ratingValue: 4, comment: 'Metro opened', ZoneId: String(zoneId) });
    expect(second.json().rating).toMatchObject({ ratingValue: 4, updated: true });
    await approveAllOf(zoneId, 'zone');
    const reviews = await publicReviews('zone', zoneId);
    expect(reviews.summary).toMatchObject({ count: 1, average: 4 });
    expect(reviews.reviews[0]).toMatchObject({ comment: 'Metro opened', authorName: 'Asha Rao' });
  });

  it('refuses an unknown zone with 404 naming ZoneId, and someone else\'s userId with 403', async () => {
    const unknown = await rate('rate-zone', user(), { ratingValue: 3, ZoneId: 2_147_483_647 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().field).toBe('ZoneId');
    const { zoneId } = freshPlace();
    expect((await rate('rate-zone', broker(), { ratingValue: 3, ZoneId: zoneId, userId: ids.brokerA + 1 })).statusCode).toBe(403);
    // The spec's client spells it ZoneId; a lower-case zoneId is an unknown field, not a synonym.
    const misspelt = await rate('rate-zone', user(), { ratingValue: 3, zoneId });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json().issues.map((issue: { field: string }) => issue.field).sort()).toEqual(['ZoneId', 'zoneId']);
  });
});
