import type { SearchResponse } from '@nivaas/contracts/search.schema';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuilder, createCity, createLocation, createPricedProject, createZone } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/** GET /api/project/search: ranking, typo tolerance, price words, and that hidden records never surface. */

const LAKH = 100_000;
let ctx: TestContext;
const ids: Record<string, number> = {};


beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      const alpha = (await createCity(db, { name: 'Alpha' })).id;
      const pune = (await createCity(db, { name: 'Pune' })).id;
      const east = (await createZone(db, { cityId: alpha, name: 'East Alpha' })).id;
      ids.whitefield = (await createLocation(db, { cityId: alpha, zoneId: east, name: 'Whitefield' })).id;
      ids.lakesideColony = (await createLocation(db, { cityId: alpha, name: 'Lakeside Colony' })).id;
      ids.greenLakeside = (await createLocation(db, { cityId: alpha, name: 'Green Lakeside Layout' })).id;
      ids.baner = (await createLocation(db, { cityId: pune, name: 'Baner' })).id;
      ids.banaswadi = (await createLocation(db, { cityId: pune, name: 'Banaswadi' })).id;
      ids.prestige = (await createBuilder(db, { name: 'Prestige Group', logoUrl: '/media/test/prestige.webp' })).id;
      ids.lakeshore = (await createBuilder(db, { name: 'Lakeside Builders' })).id;
      ids.hiddenBuilder = (await createBuilder(db, { name: 'Lakeside Hidden Homes', status: 'inactive' })).id;
      ids.quartz = (await createBuilder(db, { name: 'Quartz Realty' })).id;

      const here = { cityId: alpha, zoneId: east, locationId: ids.whitefield, builderId: ids.prestige };
      const twoBhk = (lakh: number) => [{ type: '2', minPrice: lakh * LAKH, maxPrice: (lakh + 5) * LAKH }];
      // The tiers for 'lakeside': name starts with it, a word starts with it, contains it, near miss.
      ids.prefix = (await createPricedProject(db, { ...here, name: 'Lakeside Residency', units: twoBhk(90) })).id;
      ids.word = (await createPricedProject(db, { ...here, name: 'Prestige Lakeside Habitat', units: twoBhk(70) })).id;
      ids.inside = (await createPricedProject(db, { ...here, name: 'Bluelakeside Towers', units: twoBhk(60) })).id;
      ids.nearMiss = (await createPricedProject(db, { ...here, name: 'Lakesid Gardens', units: twoBhk(50) })).id;
      ids.cheapInWhitefield = (await createPricedProject(db, { ...here, name: 'Sunrise Enclave', units: twoBhk(40) })).id;
      ids.villa = (await createPricedProject(db, { ...here, name: 'Palm Villas', type: 'villa', units: [{ type: '4', minPrice: 3 * 10_000_000, maxPrice: 3.5 * 10_000_000 }] })).id;
      ids.pune = (await createPricedProject(db, { cityId: pune, locationId: ids.baner, name: 'Baner Heights', units: twoBhk(75) })).id;
      ids.banaswadiHomes = (await createPricedProject(db, { cityId: pune, locationId: ids.banaswadi, name: 'Orchid Homes', units: twoBhk(85) })).id;

      // Hidden, yet named and placed to match every query below.
      ids.pending = (await createPricedProject(db, { ...here, name: 'Lakeside Pending', approval: 'pending', units: twoBhk(30) })).id;
      ids.rejected = (await createPricedProject(db, { ...here, name: 'Lakeside Rejected', approval: 'rejected', units: twoBhk(30) })).id;
      ids.inactive = (await createPricedProject(db, { ...here, name: 'Lakeside Inactive', status: 'inactive', units: twoBhk(30) })).id;
      ids.ofHiddenBuilder = (await createPricedProject(db, { ...here, builderId: ids.hiddenBuilder, name: 'Lakeside Secret', units: twoBhk(30) })).id;
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

async function search(query: string): Promise<SearchResponse> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/project/search?query=${encodeURIComponent(query)}` });
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json();
}

const hiddenIds = () => [ids.pending, ids.rejected, ids.inactive, ids.ofHiddenBuilder];

function expectNothingHidden(body: SearchResponse) {
  const shown = [...body.projects.map((p) => p.id), ...body.properties.map((p) => p.id)];
  for (const id of hiddenIds()) expect(shown).not.toContain(id);
  expect(body.builders.map((b) => b.id)).not.toContain(ids.hiddenBuilder);
}

describe('GET /api/project/search', () => {
  it('ranks suggestions: prefix, then word, then substring, then near miss', async () => {
    const body = await search('lakeside');
    expect(body.projects.map((p) => p.id)).toEqual([ids.prefix, ids.word, ids.inside, ids.nearMiss]);
    expect(body.locations.map((l) => l.id)).toEqual([ids.lakesideColony, ids.greenLakeside]);
    expect(body.builders.map((b) => b.id)).toEqual([ids.lakeshore]);
    expectNothingHidden(body);
  });

  it('finds properties by name as well as by the places and builders the text names, cheapest first', async () => {
    const body = await search('lakeside');
    expect(body.properties.map((p) => p.id)).toEqual([ids.nearMiss, ids.inside, ids.word, ids.prefix]);
  });

  it('takes a word found inside a name over names it merely resembles', async () => {
    const body = await search('baner');
    expect(body.locations.map((l) => l.id)).toEqual([ids.baner]);
    expect(body.properties.map((p) => p.id)).toEqual([ids.pune]);
  });

  it("reads a lone amount as the home's starting price, about that much", async () => {
    const body = await search('around 72 lakh');
    expect(body.parsed).toMatchObject({ minPrice: 6_480_000, maxPrice: 7_920_000, around: true });
    // Starting at 70 and 75 lakh; Bluelakeside Towers (60-65 lakh) does not start near 72 lakh.
    expect(body.properties.map((p) => p.id)).toEqual([ids.word, ids.pune]);
  });

  it('gives each suggestion what its link needs', async () => {
    const body = await search('lakeside residency');
    expect(body.projects[0]).toEqual({
      id: ids.prefix,
      name: 'Lakeside Residency',
      type: 'apartment',
      item: 'project',
      tags: [],
      city: { id: expect.any(Number), name: 'Alpha' },
      zone: { id: expect.any(Number), name: 'East Alpha' },
      location: { id: ids.whitefield, name: 'Whitefield' },
      builder: { id: ids.prestige, name: 'Prestige Group' },
      photo: expect.stringMatching(/^\/media\/test\//),
      minPrice: 90 * LAKH,
      maxPrice: 95 * LAKH,
    });
    const place = (await search('baner')).locations[0];
    expect(place).toEqual({ id: ids.baner, name: 'Baner', city: { id: expect.any(Number), name: 'Pune' }, zone: null });
    expect((await search('prestige')).builders).toEqual([{ id: ids.prestige, name: 'Prestige Group', logo: '/media/test/prestige.webp' }]);
  });

  it('is case-insensitive and forgives a small typo', async () => {
    for (const query of ['WHITEFIELD', 'whitefeild', 'Whitefeild']) {
      const body = await search(query);
      expect(body.locations.map((l) => l.id), query).toEqual([ids.whitefield]);
      expect(body.properties.length, query).toBeGreaterThan(0);
      expect(body.properties.every((p) => p.location.id === ids.whitefield), query).toBe(true);
      expectNothingHidden(body);
    }
  });

  it('reads price words and configurations, and hands back what it understood', async () => {
    const body = await search('2 bhk under 65 lakh in whitefield');
    expect(body.parsed).toEqual({
      text: 'whitefield',
      place: 'whitefield',
      bhk: [2],
      propertyTypes: [],
      minPrice: null,
      maxPrice: 65 * LAKH,
      around: false,
      possession: null,
      transaction: null,
    });
    // Cheapest first: every public 2 BHK in Whitefield priced from 65 lakh or less.
    expect(body.properties.map((p) => p.id)).toEqual([ids.cheapInWhitefield, ids.nearMiss, ids.inside]);
    expectNothingHidden(body);

    const villas = await search('villa above 2 cr');
    expect(villas.parsed).toMatchObject({ propertyTypes: ['villa'], minPrice: 20_000_000, text: '' });
    expect(villas.properties.map((p) => p.id)).toEqual([ids.villa]);
    // A query of filters only suggests no names.
    expect([villas.projects, villas.builders, villas.locations]).toEqual([[], [], []]);
  });

  it('treats a city named exactly as that city', async () => {
    const body = await search('flats in pune');
    expect(body.parsed).toMatchObject({ propertyTypes: ['apartment'], text: 'pune' });
    expect(body.properties.map((p) => p.id)).toEqual([ids.pune, ids.banaswadiHomes]);
  });

  it('finds matches through the builder and the place, as well as the name', async () => {
    const byBuilder = await search('prestige');
    expect(byBuilder.properties.map((p) => p.id)).toContain(ids.cheapInWhitefield);
    expect(byBuilder.projects[0]?.id).toBe(ids.word);
    expectNothingHidden(byBuilder);
  });

  it('stops suggesting a builder the moment it is hidden, though its name was resolved before', async () => {
    expect((await search('quartz')).builders.map((b) => b.id)).toEqual([ids.quartz]);
    await ctx.database.db.update(schema.builders).set({ approval: 'rejected' }).where(eq(schema.builders.id, ids.quartz as number));
    expect((await search('quartz')).builders).toEqual([]);
  });

  it('answers an unmatched query with empty groups', async () => {
    const body = await search('zzqx');
    expect([body.projects, body.builders, body.locations, body.properties]).toEqual([[], [], [], []]);
  });

  it('refuses an empty, blank or overlong query, naming it', async () => {
    for (const url of ['/api/project/search', '/api/project/search?query=', '/api/project/search?query=%20%20%20', `/api/project/search?query=${'a'.repeat(101)}`]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().field, url).toBe('query');
    }
    const blank = await ctx.app.inject({ method: 'GET', url: '/api/project/search?query=%20' });
    expect(blank.json().message).toContain('Please enter a valid search term.');
  });
});
