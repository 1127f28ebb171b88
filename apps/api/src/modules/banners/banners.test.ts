import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBanner } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      await createBanner(db, { title: 'Second', position: 2, subtitle: 'Homes near metro', link: '/location-property/bengaluru/1' });
      await createBanner(db, { title: 'Pending', position: 0, approval: 'pending' });
      await createBanner(db, { title: 'First', position: 1 });
      await createBanner(db, { title: 'Rejected', position: 0, approval: 'rejected' });
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

it('GET /api/usersrouts/getAllBanner lists approved banners only, by position', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/usersrouts/getAllBanner' });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.success).toBe(true);
  expect(body.Allbanner.map((banner: { title: string }) => banner.title)).toEqual(['First', 'Second']);
  expect(body.Allbanner[1]).toEqual({
    id: expect.any(Number),
    title: 'Second',
    subtitle: 'Homes near metro',
    imageUrl: expect.stringMatching(/^\/media\//),
    link: '/location-property/bengaluru/1',
    approval: 'approved',
  });
});
