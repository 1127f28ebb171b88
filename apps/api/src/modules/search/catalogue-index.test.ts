import { createTestDatabase, type TestDatabase } from '@nivaas/db/testing';
import { schema } from '@nivaas/db';
import { eq, sql } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueChanges } from '../../lib/catalogue-changes';
import { createProjectsRepository } from '../projects/projects.repository';
import { createProjectsService, type ProjectsService } from '../projects/projects.service';
import { trigramsOf, wordSimilarity } from '../projects/trigram';
import { createBuilder, createCity, createLocation, createPricedProject, createUser, createZone } from '../../test/factories';
import { randomSource } from '../../test/fuzz-inputs';
import { createSearchService, type SearchService } from './search.service';

/**
 * Decision 031: search answered from the in-process catalogue index must be exactly what the SQL path answers, and
 * a catalogue change must reach it at once (PGlite) or with its notice (PostgreSQL, other processes).
 */

const FIRST = ['Kaveri', 'Lakeside', 'Prestige', 'Utsav', 'Green', 'Silver', 'Sunrise', 'Palm', 'Orchid', 'Whitefield', 'Ananda', 'Skyline', 'Utsa', 'Lakesid'];
const SECOND = ['Crest', 'Residency', 'Heights', 'Towers', 'Enclave', 'Gardens', 'Habitat', 'Villas', 'Homes', 'Valley', 'Greens', 'Park'];
const LISTING_NAMES = ['2 BHK Apartment in', '3 BHK Apartment in', 'Spacious 4 BHK Villa in', 'Studio Apartment in', 'Plot in'];
const TYPES = ['apartment', 'villa', 'plot', 'residentialhouse', 'pent house', 'studio'] as const;
const LAKH = 100_000;

let database: TestDatabase;
let bySql: SearchService;
let byIndex: SearchService;
let indexed: ProjectsService;
let stopNotices: () => Promise<void>;
const queries: string[] = [];
const ids: Record<string, number> = {};

/** Starts a build and waits for it (a plain loop: expect.poll is for tests, and beforeAll waits too). */
async function indexReady(service: ProjectsService): Promise<void> {
  const until = Date.now() + 20_000;
  service.warmIndex();
  while (!service.indexReady()) {
    if (Date.now() > until) throw new Error('the catalogue index was not built within 20 s');
    service.warmIndex();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const { next: random, pick } = randomSource(31);
  const cities = [(await createCity(db, { name: 'Bengaluru' })).id, (await createCity(db, { name: 'Pune' })).id];
  const zones = [(await createZone(db, { cityId: cities[0] as number, name: 'East Bengaluru' })).id];
  const places: { id: number; cityId: number; zoneId: number | null }[] = [];
  for (const [name, cityIndex, zoned] of [['Whitefield', 0, true], ['Utsav Nagar', 0, false], ['HSR Layout', 0, true], ['Baner', 1, false], ['Banaswadi', 0, false], ['Lakeside Colony', 1, false]] as const) {
    const cityId = cities[cityIndex] as number;
    const zoneId = zoned ? (zones[0] as number) : null;
    places.push({ id: (await createLocation(db, { cityId, zoneId, name })).id, cityId, zoneId });
  }
  // An inactive place is never named by search.
  await createLocation(db, { cityId: cities[0] as number, name: 'Kaveri Hidden Nagar', status: 'inactive' });
  const builders = [
    (await createBuilder(db, { name: 'Prestige Group' })).id,
    (await createBuilder(db, { name: 'Kaveri Builders', logoUrl: '/media/test/kaveri.webp' })).id,
    (await createBuilder(db, { name: 'Utsav Developers' })).id,
  ];
  ids.hiddenBuilder = (await createBuilder(db, { name: 'Lakeside Secret Homes', approval: 'rejected' })).id;
  const owner = (await createUser(db)).id;
  const names = new Set<string>();
  for (let n = 0; n < 240; n += 1) {
    const place = pick(places);
    const listing = random() < 0.3;
    const name = listing ? `${pick(LISTING_NAMES)} ${pick(['Whitefield', 'Baner', 'Utsav Nagar'])}` : `${pick(FIRST)} ${pick(SECOND)}${random() < 0.2 ? ` ${pick(SECOND)}` : ''}`;
    names.add(name);
    const bhk = 1 + Math.floor(random() * 5);
    const base = (20 + Math.floor(random() * 300)) * LAKH;
    // Some share a price exactly, so ties are broken by id on both paths.
    const price = random() < 0.15 ? 50 * LAKH : base;
    const hidden = random() < 0.1;
    await createPricedProject(db, {
      cityId: place.cityId,
      zoneId: place.zoneId,
      locationId: place.id,
      builderId: listing ? null : random() < 0.1 ? ids.hiddenBuilder : pick(builders),
      item: listing ? 'listing' : 'project',
      ...(listing ? { ownerId: owner } : {}),
      name,
      type: pick(TYPES),
      transactionTag: pick(['New Booking', 'Resale', null] as const),
      status: hidden && random() < 0.5 ? 'inactive' : 'active',
      approval: hidden ? pick(['pending', 'rejected'] as const) : 'approved',
      units: [
        { type: String(bhk), minPrice: price, maxPrice: price + 10 * LAKH },
        ...(random() < 0.5 ? [{ type: String(Math.min(bhk + 1, 6)), minPrice: price + 15 * LAKH, maxPrice: price + 40 * LAKH }] : []),
      ],
    });
  }
  // What a typeahead sends: every name, place and builder typed from two letters, and some whole queries with filters.
  const typed = [...names].slice(0, 40).concat(['Whitefield', 'Utsav Nagar', 'HSR Layout', 'Baner', 'Prestige Group', 'Kaveri Builders', 'Lakeside Colony']);
  const seen = new Set<string>();
  for (const name of typed) {
    const lower = name.toLowerCase();
    for (let length = 2; length <= lower.length; length += 1) {
      const prefix = lower.slice(0, length);
      if (!prefix.endsWith(' ') && !seen.has(prefix)) seen.add(prefix);
    }
  }
  queries.push(...seen);
  queries.push(
    'whitefeild', 'lakesid', 'utsa', 'kaveri crest', 'prestige lakeside', 'hsr layout', 'flats in pune', 'bengaluru',
    '2 bhk under 80 lakh in whitefield', '3 bhk apartment', 'villa above 2 cr', 'around 72 lakh', 'resale flats in baner',
    'new booking 2 bhk', 'plots under 50 lakh', '2 bhk kaveri', 'kaveri utsav', 'zzqx', 'studio', '50 lakh to 1 cr',
    'ready to move 3 bhk', 'lakeside secret', '100% kaveri', 'under_score', 'kaveri_crest',
  );

  const repository = createProjectsRepository(db);
  bySql = createSearchService(createProjectsService(repository, { catalogueIndex: false }));
  indexed = createProjectsService(repository, { indexRebuildGapMs: 0 });
  byIndex = createSearchService(indexed);
  stopNotices = await createCatalogueChanges(database).subscribe(indexed.catalogueNotices);
  await indexReady(indexed);
}, 120_000);

afterAll(async () => {
  await stopNotices?.();
  await database?.close();
});

describe('word similarity in JavaScript (trigram.ts)', () => {
  it("equals the database's pg_trgm word_similarity", async () => {
    const words = ['utsa', 'kaveri', 'whitefeild', 'lakesid', 'hsr layout', 'kaveri crest', 'a', 'sky', 'o brien', 'ab-cd', '2 bhk', 'aaa', 'abab', 'towers tower', 'Ünïcode', 'x'];
    const names = ['Kaveri Crest', 'Utsav Towers Heights', 'Whitefield', 'Lakesid Gardens', 'HSR Layout', "O'Brien Park", 'Abab Abab', 'Sky-High 2 BHK', 'aa', '', 'Ünïcode Homes', 'Towers Tower Towers'];
    const { rows } = await database.db.execute<{ w: string; n: string; s: number }>(
      sql`select w, n, word_similarity(w, n)::float8 as s from unnest(${`{${words.map((word) => `"${word}"`).join(',')}}`}::text[]) w cross join unnest(${`{${names.map((name) => `"${name}"`).join(',')}}`}::text[]) n`,
    );
    expect(rows.length).toBe(words.length * names.length);
    for (const { w, n, s } of rows) expect(wordSimilarity(w, n), `${w} / ${n}`).toBe(Math.fround(Number(s)));
  });

  it('splits words on anything but letters and digits, padding each', () => {
    expect(trigramsOf('Ab-c')).toEqual(['  a', ' ab', 'ab ', '  c', ' c ']);
  });
});

describe('search from the in-process index (decision 031)', () => {
  it('answers every query exactly as SQL does', async () => {
    expect(queries.length).toBeGreaterThan(300);
    for (const query of queries) expect(await byIndex.search(query), query).toEqual(await bySql.search(query));
    expect(indexed.indexReady()).toBe(true);
  }, 120_000);

  it('shows a catalogue change in search at once, and drops the index until it is rebuilt', async () => {
    const { db } = database;
    const [place] = await db.select().from(schema.locations).where(eq(schema.locations.name, 'Baner'));
    if (!place) throw new Error('fixture: Baner');
    const added = await createPricedProject(db, { cityId: place.cityId, locationId: place.id, name: 'Zephyrine Meadows', units: [{ type: '2', minPrice: 10 * LAKH, maxPrice: 12 * LAKH }] });
    // PGlite announces the write before the statement resolves; PostgreSQL a moment later, over LISTEN.
    await expect.poll(() => indexed.indexReady(), { timeout: 2_000, interval: 5 }).toBe(false);
    const found = await byIndex.search('zephyr');
    expect(found.projects.map((project) => project.id)).toEqual([added.id]);
    expect(found.properties.map((project) => project.id)).toEqual([added.id]);
    // The cheapest home in Baner now.
    expect((await byIndex.search('baner')).properties[0]?.id).toBe(added.id);

    await indexReady(indexed);
    expect((await byIndex.search('zephyr')).projects.map((project) => project.id)).toEqual([added.id]);
    await db.update(schema.projects).set({ approval: 'rejected' }).where(eq(schema.projects.id, added.id));
    await expect.poll(() => indexed.indexReady(), { timeout: 2_000, interval: 5 }).toBe(false);
    expect(await byIndex.search('zephyr')).toMatchObject({ projects: [], properties: [] });
    await indexReady(indexed);
    expect(await byIndex.search('zephyr')).toMatchObject({ projects: [], properties: [] });
    expect(await byIndex.search('baner')).toEqual(await bySql.search('baner'));
  }, 60_000);

  it('keeps the index through notices of tables it does not read', async () => {
    await indexReady(indexed);
    await database.db.insert(schema.faqs).values({ question: 'Is the index kept?', answer: 'Yes.', associatedWith: 'contact_faqs' });
    // The notice has come (PGlite: already; PostgreSQL: give it time), and the index stands.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(indexed.indexReady()).toBe(true);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('sees a change made through another process within a second (PostgreSQL)', async () => {
    // A second service with its own pool and LISTEN connection on the same database and schema: another `npm start`.
    const { createDb } = await import('@nivaas/db');
    const other = await createDb({ databaseUrl: process.env.DATABASE_URL, searchPath: database.schema });
    try {
      const [place] = await database.db.select().from(schema.locations).where(eq(schema.locations.name, 'Whitefield'));
      if (!place) throw new Error('fixture: Whitefield');
      await indexReady(indexed);
      // Written through the other process's connection.
      const added = await createPricedProject(other.db, { cityId: place.cityId, zoneId: place.zoneId, locationId: place.id, name: 'Quillon Residency', units: [{ type: '3', minPrice: 70 * LAKH, maxPrice: 80 * LAKH }] });
      await expect
        .poll(async () => (await byIndex.search('quillon')).projects.map((project) => project.id), { timeout: 1_000, interval: 20 })
        .toEqual([added.id]);
    } finally {
      await other.close();
    }
  });
});
