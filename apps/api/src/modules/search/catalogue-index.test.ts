import { createTestDatabase, type TestDatabase } from '@nivaas/db/testing';
import { schema } from '@nivaas/db';
import { eq, sql } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectListQuery } from '@nivaas/contracts/project.schema';
import { createCatalogueChanges } from '../../lib/catalogue-changes';
import { buildCatalogueIndex, type IndexOrder, type IndexProjectRow } from '../projects/catalogue-index';
import type { CatalogueFilters } from '../projects/project-filters';
import { createProjectsRepository, type ProjectsRepository } from '../projects/projects.repository';
import { createProjectsService, type ProjectsService } from '../projects/projects.service';
import { trigramsOf, wordSimilarity } from '../projects/trigram';
import { createBuilder, createCity, createLocation, createPricedProject, createProject, createUser, createZone } from '../../test/factories';
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
let sqlProjects: ProjectsService;
let repository: ProjectsRepository;
/** Count statements the indexed service ran: a listing the index answers runs none. */
let sqlCounts = 0;
let detailReads = 0;
const fixture = { cities: [] as number[], zones: [] as number[], locations: [] as number[], builders: [] as number[] };
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
    if (random() < 0.05) {
      // No price at all: last cheapest first, first dearest first (NULL sorts so in SQL).
      await createProject(db, { cityId: place.cityId, zoneId: place.zoneId, locationId: place.id, builderId: pick(builders), name, type: pick(TYPES), minPrice: null, maxPrice: null });
      continue;
    }
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
      possessionDate: pick([null, null, '2019-03-01', '2024-12-31', '2031-06-30', '2099-01-01']),
      tags: random() < 0.2 ? ['Upcoming Launches'] : [],
      approval: hidden ? pick(['pending', 'rejected'] as const) : 'approved',
      units: [
        { type: String(bhk), minPrice: price, maxPrice: price + 10 * LAKH },
        ...(random() < 0.5 ? [{ type: String(Math.min(bhk + 1, 6)), minPrice: price + 15 * LAKH, maxPrice: price + 40 * LAKH }] : []),
      ],
    });
  }
  // Some changed at the very same instant, so the newest order's ties are broken by id on both paths.
  await db.execute(sql`update projects set updated_at = '2026-11-01 10:00:00.123456+00' where id % 7 = 0`);
  // Possession due today is ready, not under construction, on both paths.
  await db.execute(sql`update projects set possession_date = current_date where id % 11 = 0`);
  Object.assign(fixture, { cities, zones, locations: places.map((place) => place.id), builders: [...builders, ids.hiddenBuilder] });
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

  repository = createProjectsRepository(db);
  // Totals read fresh, not as a label kept for a while (ttl-cache.ts): the index counts them exactly.
  sqlProjects = createProjectsService(repository, { catalogueIndex: false, countTtlMs: 0 });
  bySql = createSearchService(sqlProjects);
  const counted: ProjectsRepository = {
    ...repository,
    countPublic: (filters) => {
      sqlCounts += 1;
      return repository.countPublic(filters);
    },
    findPublicDetail: (id) => {
      detailReads += 1;
      return repository.findPublicDetail(id);
    },
  };
  indexed = createProjectsService(counted, { indexRebuildGapMs: 0 });
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

describe('the results page from the in-process index (decision 038)', () => {
  const TEXTS = ['kaveri', 'whitefield', 'bengaluru', 'flats in pune', '2 bhk under 80 lakh in whitefield', 'around 72 lakh', 'whitefeild', 'utsav', 'lakeside colony', 'prestige crest', 'zzqx', 'apartment', 'resale flats in baner', 'villa above 2 cr', 'kaveri utsav'];

  function listQueries(count: number, seed: number): ProjectListQuery[] {
    const { next: random, pick, int } = randomSource(seed);
    const out: ProjectListQuery[] = [];
    for (let n = 0; n < count; n += 1) {
      const query: ProjectListQuery = { page: 1 + int(4), limit: pick([5, 10, 30]), sort: random() < 0.5 ? 'price_asc' : 'price_desc' };
      const where = random();
      if (where < 0.15) query.cityId = pick(fixture.cities);
      else if (where < 0.25) query.zoneId = pick(fixture.zones);
      else if (where < 0.45) query.locationId = pick(fixture.locations);
      else if (where < 0.55) query.builderId = pick(fixture.builders);
      else if (where < 0.57) query.locationId = 999_999;
      if (random() < 0.4) query.search = pick(TEXTS);
      if (random() < 0.3) query.minPrice = (20 + int(150)) * LAKH;
      if (random() < 0.3) query.maxPrice = (query.minPrice ?? 0) + (10 + int(200)) * LAKH;
      if (random() < 0.25) query.bhk = [1, 2, 3, 4, 5].filter(() => random() < 0.4);
      if (random() < 0.2) query.propertyType = TYPES.filter(() => random() < 0.4);
      if (random() < 0.15) query.transaction = pick(['New Booking', 'Resale'] as const);
      if (random() < 0.25) query.item = pick(['project', 'listing'] as const);
      if (random() < 0.2) query.possession = pick(['ready', 'under-construction', 'upcoming'] as const);
      out.push(query);
    }
    return out;
  }

  it('answers every filter, text, order and page exactly as SQL does, with no count statement', async () => {
    await indexReady(indexed);
    sqlCounts = 0;
    const queries = listQueries(400, 38);
    let nonEmpty = 0;
    for (const query of queries) {
      const fromIndex = await indexed.list(query);
      expect(fromIndex, JSON.stringify(query)).toEqual(await sqlProjects.list(query));
      if (fromIndex.projects.length > 0) nonEmpty += 1;
    }
    // The comparison means something only if many pages have rows, and the index answered them all.
    expect(nonEmpty).toBeGreaterThan(150);
    expect(sqlCounts).toBe(0);
    expect(indexed.indexReady()).toBe(true);
  }, 120_000);

  it('leaves a filter it does not hold (a broker) to SQL', async () => {
    await indexReady(indexed);
    sqlCounts = 0;
    const query: ProjectListQuery = { page: 1, limit: 10, sort: 'price_asc', brokerId: 1 };
    expect(await indexed.list(query)).toEqual(await sqlProjects.list(query));
    expect(sqlCounts).toBe(1);
  });

  it('orders newest first, dearest first and cheapest first as ORDER_BY does, ties and missing prices included', async () => {
    const rows: IndexProjectRow[] = (await repository.catalogueIndexChunk(0, 100_000)).rows;
    const index = await buildCatalogueIndex(rows, await repository.catalogueIndexPlaces());
    const { pick, int, next: random } = randomSource(380);
    const filterSets: CatalogueFilters[] = [{}, { item: 'listing' }, { cityId: fixture.cities[0] as number }, { builderId: fixture.builders[0] as number, maxPrice: 150 * LAKH }];
    for (let n = 0; n < 20; n += 1) filterSets.push({ locationId: pick(fixture.locations), ...(random() < 0.5 ? { bhk: [1 + int(4)], minPrice: 60 * LAKH } : {}) });
    for (const possession of ['ready', 'under-construction', 'upcoming'] as const) filterSets.push({ possession }, { possession, transaction: 'Resale' });
    for (const filters of filterSets) {
      for (const order of ['price_asc', 'price_desc', 'newest'] as IndexOrder[]) {
        for (const window of [{ offset: 0, limit: 7 }, { offset: 5, limit: 40 }, { offset: 200, limit: 30 }]) {
          const { pages } = await repository.loadPages({ page: repository.publicSpec(filters, order, window) });
          const found = index.list(filters, order, window);
          expect(found?.ids, `${JSON.stringify(filters)} ${order} ${JSON.stringify(window)}`).toEqual(pages.page.map((row) => row.id));
          expect(found?.total).toBe(await repository.countPublic(filters));
        }
      }
    }
  }, 60_000);

  it('shows a catalogue change on the results page at once', async () => {
    await indexReady(indexed);
    const { db } = database;
    const locationId = fixture.locations[0] as number;
    const query: ProjectListQuery = { page: 1, limit: 5, sort: 'price_asc', locationId };
    const before = await indexed.list(query);
    const added = await createPricedProject(db, { cityId: fixture.cities[0] as number, zoneId: fixture.zones[0] as number, locationId, name: 'Yarrow Court', units: [{ type: '2', minPrice: 1 * LAKH, maxPrice: 2 * LAKH }] });
    await expect.poll(async () => (await indexed.list(query)).projects[0]?.id, { timeout: 2_000, interval: 20 }).toBe(added.id);
    expect((await indexed.list(query)).pagination.total).toBe(before.pagination.total + 1);
    await indexReady(indexed);
    expect(await indexed.list(query)).toEqual(await sqlProjects.list(query));
    await db.update(schema.projects).set({ status: 'inactive' }).where(eq(schema.projects.id, added.id));
    await expect.poll(async () => (await indexed.list(query)).projects[0]?.id, { timeout: 2_000, interval: 20 }).not.toBe(added.id);
    await indexReady(indexed);
    expect(await indexed.list(query)).toEqual(before);
  }, 60_000);
});

describe("a project's details page", () => {
  it('answers identical concurrent reads with one statement, and a read after a change with a new one', async () => {
    const { projects } = await sqlProjects.list({ page: 1, limit: 1, sort: 'price_desc', builderId: fixture.builders[1] as number });
    const id = projects[0]?.id as number;
    const alone = await sqlProjects.get(id);
    expect(alone.builder).toMatchObject({ name: 'Kaveri Builders', logo: '/media/test/kaveri.webp' });
    detailReads = 0;
    const together = await Promise.all(Array.from({ length: 5 }, () => indexed.get(id)));
    expect(together).toEqual(Array.from({ length: 5 }, () => alone));
    expect(detailReads).toBe(1);

    // A read that starts after a change does not take the answer of one that began before it.
    const before = indexed.get(id);
    await database.db.update(schema.projects).set({ description: 'Now with a clubhouse' }).where(eq(schema.projects.id, id));
    await expect.poll(async () => (await indexed.get(id)).description, { timeout: 2_000, interval: 5 }).toBe('Now with a clubhouse');
    expect((await before).description).toBe(alone.description);
    // Hidden is not found, for every waiter.
    await database.db.update(schema.projects).set({ approval: 'rejected' }).where(eq(schema.projects.id, id));
    await expect.poll(async () => (await Promise.allSettled([indexed.get(id), indexed.get(id)])).map((settled) => settled.status), { timeout: 2_000, interval: 5 }).toEqual(['rejected', 'rejected']);
  });
});
