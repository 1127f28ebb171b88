import type { Project } from '@nivaas/contracts/project.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroker, createBuilder, createCity, createLocation, createProject, createZone } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
const visible = { inA: [] as number[], inB: [] as number[], trending: [] as number[] };
const hidden: number[] = [];
let cityA: number;
let cityB: number;
let richProjectId: number;

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      const a = await createCity(db, { name: 'Alpha' });
      const b = await createCity(db, { name: 'Beta' });
      cityA = a.id;
      cityB = b.id;
      const zone = await createZone(db, { cityId: a.id, name: 'East' });
      const locA = await createLocation(db, { cityId: a.id, zoneId: zone.id, name: 'Whitefield' });
      const locB = await createLocation(db, { cityId: b.id, name: 'Baner' });
      const builder = await createBuilder(db, { name: 'Prestige' });
      const broker = await createBroker(db);
      const inA = { cityId: a.id, locationId: locA.id, zoneId: zone.id, builderId: builder.id };
      const inB = { cityId: b.id, locationId: locB.id };

      for (let i = 0; i < 6; i += 1) {
        const project = await createProject(db, { ...inA, tags: i % 2 === 0 ? ['Trending'] : ['Luxury'] });
        visible.inA.push(project.id);
        if (i % 2 === 0) visible.trending.push(project.id);
      }
      for (let i = 0; i < 5; i += 1) visible.inB.push((await createProject(db, { ...inB, tags: ['Trending'] })).id);
      visible.trending.push(...visible.inB);

      const rich = await createProject(db, {
        ...inA,
        name: 'Prestige Lakeside',
        tags: ['Upcoming Launches'],
        transactionTag: 'New Booking',
        possessionDate: '2027-03-31',
        units: [
          { type: '3', minPrice: 12_000_000, maxPrice: 15_000_000, facing: 'North', exteriorArea: 1650, floors: '7 of 14', furnishing: 'Unfurnished' },
          { type: '2', minPrice: 8_000_000, maxPrice: 9_500_000 },
        ],
        medias: [
          { title: 'gallery', url: '/media/p/gallery.webp', position: 1 },
          { title: 'banner', url: '/media/p/banner.webp', position: 0 },
        ],
        remarks: ['Please add the RERA number'],
      });
      richProjectId = rich.id;
      visible.inA.push(rich.id);

      // Everything the public must never see, all tagged and placed so only status/approval/item exclude them.
      const trendingInA = { ...inA, tags: ['Trending'] };
      hidden.push((await createProject(db, { ...trendingInA, approval: 'pending' })).id);
      hidden.push((await createProject(db, { ...trendingInA, approval: 'rejected', remarks: ['Blurry photos'] })).id);
      hidden.push((await createProject(db, { ...trendingInA, status: 'inactive' })).id);
      hidden.push((await createProject(db, { ...trendingInA, status: 'inactive', approval: 'pending' })).id);
      hidden.push((await createProject(db, { ...trendingInA, item: 'listing', brokerId: broker.id, builderId: null })).id);
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function random(query: string): Promise<Project[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/project/random?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.success).toBe(true);
  return body.projects;
}

async function allPages(query: string, limit: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page < 50; page += 1) {
    const projects = await random(`${query}&limit=${limit}&page=${page}`);
    ids.push(...projects.map((project) => project.id));
    if (projects.length < limit) break;
  }
  return ids;
}

describe('GET /api/project/random', () => {
  it('pages through every live, approved project exactly once, never a hidden one', async () => {
    const ids = await allPages('', 4);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((x, y) => x - y)).toEqual([...visible.inA, ...visible.inB].sort((x, y) => x - y));
    for (const id of hidden) expect(ids).not.toContain(id);
  });

  it('is shuffled, and the same request gives the same order', async () => {
    const first = (await random('limit=100')).map((project) => project.id);
    const again = (await random('limit=100')).map((project) => project.id);
    expect(again).toEqual(first);
    expect(first).not.toEqual([...first].sort((x, y) => x - y));
  });

  it('filters by tag (array contains) and by city', async () => {
    const trending = await allPages('tag=Trending', 3);
    expect(trending.sort((x, y) => x - y)).toEqual([...visible.trending].sort((x, y) => x - y));

    const inB = await random(`cityId=${cityB}&limit=100`);
    expect(inB.map((project) => project.id).sort((x, y) => x - y)).toEqual(visible.inB);
    expect(inB.every((project) => project.city.id === cityB)).toBe(true);

    const trendingInA = await random(`tag=Trending&cityId=${cityA}&limit=100`);
    expect(trendingInA.map((project) => project.id).sort((x, y) => x - y)).toEqual(visible.trending.filter((id) => visible.inA.includes(id)));

    expect(await random('tag=NoSuchTag')).toEqual([]);
  });

  it('respects limit', async () => {
    expect(await random('limit=2')).toHaveLength(2);
    expect(await random('limit=1&page=12')).toHaveLength(1);
    expect(await random('limit=1&page=13')).toHaveLength(0);
  });

  it('shapes each project with its units, media, places and builder, without remarks', async () => {
    const [project] = await random(`tag=${encodeURIComponent('Upcoming Launches')}`);
    expect(project).toMatchObject({
      id: richProjectId,
      name: 'Prestige Lakeside',
      type: 'apartment',
      item: 'project',
      status: 'active',
      approval: 'approved',
      city: { id: cityA, name: 'Alpha' },
      zone: { name: 'East' },
      location: { name: 'Whitefield' },
      builder: { name: 'Prestige' },
      tags: ['Upcoming Launches'],
      transactionTag: 'New Booking',
      possessionDate: '2027-03-31',
      ownerId: null,
      brokerId: null,
    });
    expect(project?.builderId).toBe(project?.builder?.id);
    // spec §3: the first media item is the card photo, so the banner (position 0) leads.
    expect(project?.medias).toEqual([
      { title: 'banner', url: '/media/p/banner.webp' },
      { title: 'gallery', url: '/media/p/gallery.webp' },
    ]);
    expect(project?.units).toEqual([
      { id: expect.any(Number), type: '2', minPrice: 8_000_000, maxPrice: 9_500_000, facing: null, exteriorArea: null, floors: null, furnishing: null },
      { id: expect.any(Number), type: '3', minPrice: 12_000_000, maxPrice: 15_000_000, facing: 'North', exteriorArea: 1650, floors: '7 of 14', furnishing: 'Unfurnished' },
    ]);
    // The provider's remarks are for the owner; a public read never carries them.
    expect(project?.remarks).toEqual({});
    expect(new Date(project?.updatedAt ?? '').toISOString()).toBe(project?.updatedAt);
  });

  it('gives a project without a zone or builder null refs', async () => {
    const [project] = await random(`cityId=${cityB}&limit=1`);
    expect(project).toMatchObject({ zone: null, builder: null, builderId: null, location: { name: 'Baner' } });
  });

  it('names bad query fields', async () => {
    for (const [query, field] of [['cityId=abc', 'cityId'], ['cityId=99999999999', 'cityId'], ['limit=0', 'limit'], ['limit=101', 'limit'], ['page=0', 'page']] as const) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/project/random?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
    }
  });
});
