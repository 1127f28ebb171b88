import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCity, createLocation, createReview, createUser, createZone } from '../../test/factories';
import { createStaff, headersFor } from '../../test/lifecycle';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Issue 14: the provider's queue of new city, zone and location reviews; only approved ones are public. */
let ctx: TestContext;
const ids = { staff: 0, cityId: 0, zoneId: 0, locationId: 0, user: 0 };

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      ids.staff = await createStaff(db);
      const city = await createCity(db, { name: 'Queueton' });
      const zone = await createZone(db, { cityId: city.id, name: 'Queue Zone' });
      const location = await createLocation(db, { cityId: city.id, zoneId: zone.id, name: 'Queue Nagar' });
      Object.assign(ids, { cityId: city.id, zoneId: zone.id, locationId: location.id });
      ids.user = (await createUser(db, { name: 'Ravi Rater' })).id;
      await createReview(db, { subject: 'city', cityId: city.id, ratingValue: 5, comment: 'Already public', approval: 'approved' });
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

const provider = () => headersFor(ctx.app, { kind: 'provider', id: ids.staff });
const publicLocation = async () => (await ctx.app.inject({ method: 'GET', url: `/api/location/${ids.locationId}/reviews` })).json();

describe('/api/admin/reviews', () => {
  it('queues a new rating as pending, hidden from the public until approved; reject with a remark takes it down', async () => {
    const rated = await ctx.app.inject({
      method: 'POST',
      url: '/api/ratingroute/rateLocation',
      headers: await headersFor(ctx.app, { kind: 'user', id: ids.user }),
      payload: { ratingValue: 2, comment: 'Waterlogging every monsoon', locationId: ids.locationId },
    });
    expect(rated.statusCode).toBe(201);
    expect((await publicLocation()).summary.count).toBe(0);

    const queue = await ctx.app.inject({ method: 'GET', url: '/api/admin/reviews', query: { q: 'queue nagar' }, headers: await provider() });
    expect(queue.statusCode, queue.body).toBe(200);
    const [review] = queue.json().items;
    expect(review).toMatchObject({
      subject: 'location',
      place: { id: ids.locationId, name: 'Queue Nagar' },
      city: { id: ids.cityId, name: 'Queueton' },
      ratingValue: 2,
      comment: 'Waterlogging every monsoon',
      authorName: 'Ravi Rater',
      approval: 'pending',
    });

    const approved = await ctx.app.inject({ method: 'POST', url: `/api/admin/reviews/${review.id}/approve`, headers: await provider() });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ success: true, review: { id: review.id, approval: 'approved' } });
    expect((await publicLocation()).reviews).toEqual([expect.objectContaining({ id: review.id, comment: 'Waterlogging every monsoon' })]);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/reviews/${review.id}/approve`, headers: await provider() })).statusCode).toBe(409);

    const noRemark = await ctx.app.inject({ method: 'POST', url: `/api/admin/reviews/${review.id}/reject`, headers: await provider(), payload: {} });
    expect(noRemark.statusCode).toBe(400);
    expect(noRemark.json().field).toBe('remark');
    const rejected = await ctx.app.inject({ method: 'POST', url: `/api/admin/reviews/${review.id}/reject`, headers: await provider(), payload: { remark: 'Names a neighbour' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await publicLocation()).summary.count).toBe(0);

    const audit = (await ctx.app.inject({ method: 'GET', url: `/api/admin/audit?entityKind=review&entityId=${review.id}`, headers: await provider() })).json();
    expect(audit.entries.map((entry: { action: string; fromState: string; toState: string; remark: string | null }) => [entry.action, entry.fromState, entry.toState, entry.remark])).toEqual([
      ['reject', 'approved', 'rejected', 'Names a neighbour'],
      ['approve', 'pending', 'approved', null],
    ]);
    // The console's audit log names the review by its author and place.
    expect(audit.entries[0].entityName).toBe('Ravi Rater on Queue Nagar');
  });

  it('filters by approval and subject, oldest first, and pages', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
    for (let n = 0; n < 3; n += 1) await createReview(ctx.database.db, { subject: 'zone', zoneId: ids.zoneId, cityId: ids.cityId, approval: 'pending', comment: `Zone ${n}`, createdAt: at(n) });
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/admin/reviews?subject=zone&limit=2', headers: await provider() })).json();
    expect(page.items.map((review: { comment: string }) => review.comment)).toEqual(['Zone 0', 'Zone 1']);
    expect(page.pagination).toMatchObject({ total: 3, hasMore: true });
    const approved = (await ctx.app.inject({ method: 'GET', url: '/api/admin/reviews?approval=approved&subject=city', headers: await provider() })).json();
    expect(approved.items.map((review: { comment: string }) => review.comment)).toEqual(['Already public']);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/admin/reviews?subject=planet', headers: await provider() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('subject');
  });

  it('answers 404 for an unknown review and changes nothing', async () => {
    const before = await ctx.database.db.select({ approval: schema.reviews.approval }).from(schema.reviews).where(eq(schema.reviews.cityId, ids.cityId));
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/reviews/2147483647/approve', headers: await provider() })).statusCode).toBe(404);
    const after = await ctx.database.db.select({ approval: schema.reviews.approval }).from(schema.reviews).where(eq(schema.reviews.cityId, ids.cityId));
    expect(after).toEqual(before);
  });
});
