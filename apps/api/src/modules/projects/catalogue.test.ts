import type { ProjectDetail } from '@nivaas/contracts/project.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBroker,
  createBuilder,
  createCity,
  createLocation,
  createPricedProject,
  createUser,
  createZone,
  type ProjectFactoryInput,
} from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * GET /project (every filter, both sorts, paging), /project/{id}, /project/{id}/similar and
 * /project/listings on a small hand-made catalogue where every hidden record sits exactly where a
 * visible one would be found.
 */

const LAKH = 100_000;
const CRORE = 10_000_000;
const PAST = '2024-01-15';
const FUTURE = '2029-06-30';

let ctx: TestContext;
const ids = {
  alpha: 0,
  beta: 0,
  east: 0,
  west: 0,
  whitefield: 0,
  indiranagar: 0,
  baner: 0,
  builder: 0,
  hiddenBuilder: 0,
  pendingBuilder: 0,
  broker: 0,
  pendingBroker: 0,
};
/** Every public item, by name. */
const live: Record<string, number> = {};
/** Everything a visitor must never see. */
const hidden: Record<string, number> = {};

type Unit = NonNullable<ProjectFactoryInput['units']>[number];

function unit(type: string, minPrice: number, maxPrice = minPrice): Unit {
  return { type, minPrice, maxPrice };
}


beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      ids.alpha = (await createCity(db, { name: 'Alpha' })).id;
      ids.beta = (await createCity(db, { name: 'Beta' })).id;
      ids.east = (await createZone(db, { cityId: ids.alpha, name: 'East Alpha' })).id;
      ids.west = (await createZone(db, { cityId: ids.alpha, name: 'West Alpha' })).id;
      ids.whitefield = (await createLocation(db, { cityId: ids.alpha, zoneId: ids.east, name: 'Whitefield' })).id;
      ids.indiranagar = (await createLocation(db, { cityId: ids.alpha, zoneId: ids.west, name: 'Indiranagar' })).id;
      ids.baner = (await createLocation(db, { cityId: ids.beta, name: 'Baner' })).id;
      ids.builder = (await createBuilder(db, { name: 'Prestige Group', logoUrl: '/media/test/prestige.webp', establishedYear: 1986, description: 'Builds homes.' })).id;
      ids.hiddenBuilder = (await createBuilder(db, { name: 'Retired Builders', status: 'inactive' })).id;
      ids.pendingBuilder = (await createBuilder(db, { name: 'Unvetted Builders', approval: 'pending' })).id;
      ids.broker = (await createBroker(db)).id;
      ids.pendingBroker = (await createBroker(db, { approval: 'pending' })).id;
      const owner = (await createUser(db)).id;

      const whitefield = { cityId: ids.alpha, zoneId: ids.east, locationId: ids.whitefield };
      const byBuilder = { ...whitefield, builderId: ids.builder, transactionTag: 'New Booking' as const };

      live.readyTwoThree = (await createPricedProject(db, { ...byBuilder, name: 'Lakeside Ready', possessionDate: PAST, units: [unit('2', 40 * LAKH, 45 * LAKH), unit('3', 70 * LAKH, 80 * LAKH)] })).id;
      live.buildingTwo = (await createPricedProject(db, { ...byBuilder, name: 'Skyline Rising', possessionDate: FUTURE, units: [unit('2', 90 * LAKH, 1 * CRORE)] })).id;
      live.upcomingVilla = (await createPricedProject(db, {
        ...byBuilder,
        name: 'Palm Villas',
        type: 'villa',
        possessionDate: FUTURE,
        tags: ['Upcoming Launches'],
        units: [unit('4', 2.5 * CRORE, 3 * CRORE)],
      })).id;
      live.plot = (await createPricedProject(db, { ...byBuilder, name: 'Green Acres', type: 'plot', possessionDate: PAST, units: [unit('plot', 30 * LAKH, 35 * LAKH)] })).id;
      // Two at the same lowest price: id decides their order, both ways.
      live.tieA = (await createPricedProject(db, { ...byBuilder, name: 'Twin One', possessionDate: FUTURE, units: [unit('1', 50 * LAKH, 60 * LAKH)] })).id;
      live.tieB = (await createPricedProject(db, { ...byBuilder, name: 'Twin Two', possessionDate: FUTURE, units: [unit('1', 50 * LAKH, 60 * LAKH)] })).id;
      live.indiranagar = (await createPricedProject(db, {
        cityId: ids.alpha,
        zoneId: ids.west,
        locationId: ids.indiranagar,
        builderId: ids.builder,
        transactionTag: 'New Booking',
        name: 'Metro Heights',
        possessionDate: FUTURE,
        units: [unit('3', 1.2 * CRORE, 1.4 * CRORE)],
      })).id;
      // No zone and no builder: a project still shows, with null refs.
      live.baner = (await createPricedProject(db, { cityId: ids.beta, locationId: ids.baner, name: 'Baner Greens', possessionDate: PAST, units: [unit('2', 60 * LAKH, 65 * LAKH)] })).id;
      live.brokerResale = (await createPricedProject(db, {
        ...whitefield,
        item: 'listing',
        brokerId: ids.broker,
        name: '2 BHK Apartment in Whitefield',
        transactionTag: 'Resale',
        units: [unit('2', 55 * LAKH)],
      })).id;
      live.ownerResale = (await createPricedProject(db, {
        ...whitefield,
        item: 'listing',
        ownerId: owner,
        name: 'Independent House in Whitefield',
        type: 'residentialhouse',
        transactionTag: 'Resale',
        units: [unit('3', 95 * LAKH)],
      })).id;

      // Hidden ones: each in Whitefield, by the public builder or broker, priced into every filter.
      const twoBhk = [unit('2', 45 * LAKH, 50 * LAKH)];
      hidden.pending = (await createPricedProject(db, { ...byBuilder, name: 'Lakeside Pending', approval: 'pending', units: twoBhk })).id;
      hidden.rejected = (await createPricedProject(db, { ...byBuilder, name: 'Lakeside Rejected', approval: 'rejected', remarks: ['Blurry photos'], units: twoBhk })).id;
      hidden.inactive = (await createPricedProject(db, { ...byBuilder, name: 'Lakeside Inactive', status: 'inactive', units: twoBhk })).id;
      hidden.inactivePending = (await createPricedProject(db, { ...byBuilder, name: 'Lakeside Draft', status: 'inactive', approval: 'pending', units: twoBhk })).id;
      hidden.retiredBuilder = (await createPricedProject(db, { ...whitefield, builderId: ids.hiddenBuilder, name: 'Retired Lakeside', units: twoBhk })).id;
      hidden.unvettedBuilder = (await createPricedProject(db, { ...whitefield, builderId: ids.pendingBuilder, name: 'Unvetted Lakeside', units: twoBhk })).id;
      hidden.pendingBroker = (await createPricedProject(db, { ...whitefield, item: 'listing', brokerId: ids.pendingBroker, name: '2 BHK Flat in Whitefield', transactionTag: 'Resale', units: twoBhk })).id;
      hidden.pendingListing = (await createPricedProject(db, { ...whitefield, item: 'listing', brokerId: ids.broker, approval: 'pending', name: '2 BHK Home in Whitefield', units: twoBhk })).id;
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

interface ListBody {
  success: true;
  projects: ProjectDetail[];
  pagination: { page: number; limit: number; total: number; hasMore: boolean };
}

async function get(url: string) {
  return ctx.app.inject({ method: 'GET', url });
}

async function list(query: string): Promise<ListBody> {
  const response = await get(`/api/project?${query}`);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json();
}

async function idsOf(query: string): Promise<number[]> {
  return (await list(query)).projects.map((p) => p.id);
}

const PUBLIC = 'status=active&approval=approved';
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const all = () => Object.values(live);
const inWhitefield = () => all().filter((id) => id !== live.indiranagar && id !== live.baner);

function expectNoneHidden(found: number[]) {
  for (const [name, id] of Object.entries(hidden)) expect(found, `hidden ${name}`).not.toContain(id);
}

describe('GET /api/project: what a visitor sees', () => {
  it('lists every public project and listing, and nothing hidden', async () => {
    const found = await idsOf(`${PUBLIC}&limit=100`);
    expect(sorted(found)).toEqual(sorted(all()));
    expectNoneHidden(found);
  });

  it('narrows by each place or owner, named or as the generic type/id pair', async () => {
    const cases: [string, number, number[]][] = [
      ['cityId', ids.alpha, all().filter((id) => id !== live.baner)],
      ['cityId', ids.beta, [live.baner as number]],
      ['zoneId', ids.east, inWhitefield()],
      ['zoneId', ids.west, [live.indiranagar as number]],
      ['locationId', ids.whitefield, inWhitefield()],
      ['builderId', ids.builder, all().filter((id) => id !== live.baner && id !== live.brokerResale && id !== live.ownerResale)],
      ['brokerId', ids.broker, [live.brokerResale as number]],
    ];
    for (const [key, id, expected] of cases) {
      const named = await idsOf(`${PUBLIC}&${key}=${id}&limit=100`);
      expect(sorted(named), `${key}=${id}`).toEqual(sorted(expected));
      const generic = await idsOf(`${PUBLIC}&type=${key}&id=${id}&limit=100`);
      expect(sorted(generic), `type=${key}&id=${id}`).toEqual(sorted(expected));
      expectNoneHidden(named);
    }
  });

  it("shows nothing of a hidden builder's or broker's, even when asked for by id", async () => {
    expect(await idsOf(`${PUBLIC}&builderId=${ids.hiddenBuilder}`)).toEqual([]);
    expect(await idsOf(`${PUBLIC}&builderId=${ids.pendingBuilder}`)).toEqual([]);
    expect(await idsOf(`${PUBLIC}&brokerId=${ids.pendingBroker}`)).toEqual([]);
  });

  it('combines filters with AND and says so when the two forms disagree', async () => {
    expect(await idsOf(`${PUBLIC}&cityId=${ids.beta}&builderId=${ids.builder}`)).toEqual([]);
    expect(sorted(await idsOf(`type=zoneId&id=${ids.west}&cityId=${ids.alpha}`))).toEqual([live.indiranagar]);
    const clash = await get(`/api/project?cityId=${ids.alpha}&type=cityId&id=${ids.beta}`);
    expect(clash.statusCode).toBe(400);
    expect(clash.json().field).toBe('id');
  });

  it('shapes projects with places, builder, units and photos, and never remarks', async () => {
    const { projects } = await list(`${PUBLIC}&locationId=${ids.whitefield}&limit=100`);
    const ready = projects.find((p) => p.id === live.readyTwoThree);
    expect(ready).toMatchObject({
      name: 'Lakeside Ready',
      city: { id: ids.alpha, name: 'Alpha' },
      zone: { id: ids.east, name: 'East Alpha' },
      location: { id: ids.whitefield, name: 'Whitefield' },
      builder: { id: ids.builder, name: 'Prestige Group' },
      remarks: {},
    });
    expect(ready?.units.map((u) => [u.type, u.minPrice])).toEqual([
      ['2', 40 * LAKH],
      ['3', 70 * LAKH],
    ]);
    expect(ready?.medias[0]?.title).toBe('banner');
    const baner = (await list(`${PUBLIC}&cityId=${ids.beta}`)).projects[0];
    expect(baner).toMatchObject({ zone: null, builder: null, builderId: null });
  });
});

describe('GET /api/project: sort and paging', () => {
  it("sorts by lowest price ('Price L - H', the default) and by highest ('Price H - L'), id breaking ties", async () => {
    const { projects: cheapest } = await list(`${PUBLIC}&limit=100`);
    const mins = cheapest.map((p) => Math.min(...p.units.map((u) => u.minPrice)));
    expect(mins).toEqual([...mins].sort((a, b) => a - b));
    expect(cheapest.map((p) => p.id).indexOf(live.tieA as number)).toBe(cheapest.map((p) => p.id).indexOf(live.tieB as number) - 1);
    expect((await idsOf(`${PUBLIC}&limit=100&sort=price_asc`))).toEqual(cheapest.map((p) => p.id));

    const { projects: dearest } = await list(`${PUBLIC}&limit=100&sort=price_desc`);
    const maxes = dearest.map((p) => Math.max(...p.units.map((u) => u.maxPrice)));
    expect(maxes).toEqual([...maxes].sort((a, b) => b - a));
    expect(dearest[0]?.id).toBe(live.upcomingVilla);
    expect(dearest.map((p) => p.id).indexOf(live.tieA as number)).toBe(dearest.map((p) => p.id).indexOf(live.tieB as number) - 1);
  });

  it('pages without repeating or skipping, with an exact total and hasMore', async () => {
    for (const sort of ['price_asc', 'price_desc']) {
      const whole = await idsOf(`${PUBLIC}&sort=${sort}&limit=100`);
      const paged: number[] = [];
      for (let page = 1; page <= 10; page += 1) {
        const body = await list(`${PUBLIC}&sort=${sort}&limit=3&page=${page}`);
        expect(body.pagination).toEqual({ page, limit: 3, total: whole.length, hasMore: page * 3 < whole.length });
        paged.push(...body.projects.map((p) => p.id));
        if (!body.pagination.hasMore) break;
      }
      expect(paged).toEqual(whole);
    }
    expect((await list(`${PUBLIC}&page=50`)).projects).toEqual([]);
  });

  it('pages 30 at a time by default', async () => {
    expect((await list(PUBLIC)).pagination).toMatchObject({ page: 1, limit: 30 });
  });
});

describe('GET /api/project: the results page filters', () => {
  it('keeps projects with a unit in budget (price ranges overlap)', async () => {
    expect(sorted(await idsOf(`${PUBLIC}&maxPrice=3500000`))).toEqual([live.plot]);
    // At the budget's edge: Lakeside Ready starts at exactly 40 lakh.
    expect(sorted(await idsOf(`${PUBLIC}&maxPrice=4000000`))).toEqual(sorted([live.readyTwoThree, live.plot] as number[]));
    expect(sorted(await idsOf(`${PUBLIC}&minPrice=20000000`))).toEqual([live.upcomingVilla]);
    // 75 lakh to 95 lakh: the 3 BHK of Lakeside Ready (70-80 lakh), Skyline Rising from 90 lakh, the house at 95 lakh.
    expect(sorted(await idsOf(`${PUBLIC}&minPrice=7500000&maxPrice=9500000`))).toEqual(sorted([live.readyTwoThree, live.buildingTwo, live.ownerResale] as number[]));
    // Price words and grouping are read at the edge.
    expect(sorted(await idsOf(`${PUBLIC}&minPrice=75%20lakh&maxPrice=${encodeURIComponent('₹95,00,000')}`))).toEqual(
      sorted([live.readyTwoThree, live.buildingTwo, live.ownerResale] as number[]),
    );
  });

  it('filters by BHK, and with a budget the BHK itself must be in budget', async () => {
    const twos = [live.readyTwoThree, live.buildingTwo, live.baner, live.brokerResale] as number[];
    expect(sorted(await idsOf(`${PUBLIC}&bhk=2`))).toEqual(sorted(twos));
    expect(sorted(await idsOf(`${PUBLIC}&bhk=1,4`))).toEqual(sorted([live.tieA, live.tieB, live.upcomingVilla] as number[]));
    // Lakeside Ready has a 2 BHK (40-45 lakh) and a 3 BHK (70-80 lakh): asking for a 3 BHK under 50 lakh excludes it.
    expect(await idsOf(`${PUBLIC}&bhk=3&maxPrice=5000000`)).toEqual([]);
    expect(await idsOf(`${PUBLIC}&bhk=2&maxPrice=5000000`)).toEqual([live.readyTwoThree]);
  });

  it('filters by property type, transaction, possession and item', async () => {
    expect(sorted(await idsOf(`${PUBLIC}&propertyType=villa,plot`))).toEqual(sorted([live.upcomingVilla, live.plot] as number[]));
    expect(sorted(await idsOf(`${PUBLIC}&propertyType=residentialhouse`))).toEqual([live.ownerResale]);
    expect(sorted(await idsOf(`${PUBLIC}&transaction=Resale`))).toEqual(sorted([live.brokerResale, live.ownerResale] as number[]));
    expect(sorted(await idsOf(`${PUBLIC}&transaction=New%20Booking`))).toEqual(
      sorted([live.readyTwoThree, live.buildingTwo, live.upcomingVilla, live.plot, live.tieA, live.tieB, live.indiranagar] as number[]),
    );
    // Ready: possession date passed, or a resale home without one.
    expect(sorted(await idsOf(`${PUBLIC}&possession=ready`))).toEqual(sorted([live.readyTwoThree, live.plot, live.baner, live.brokerResale, live.ownerResale] as number[]));
    expect(sorted(await idsOf(`${PUBLIC}&possession=upcoming`))).toEqual([live.upcomingVilla]);
    expect(sorted(await idsOf(`${PUBLIC}&possession=under-construction`))).toEqual(sorted([live.buildingTwo, live.tieA, live.tieB, live.indiranagar] as number[]));
    expect(sorted(await idsOf(`${PUBLIC}&item=listing`))).toEqual(sorted([live.brokerResale, live.ownerResale] as number[]));
    expect(await idsOf(`${PUBLIC}&item=project&limit=100`)).toHaveLength(all().length - 2);
  });

  it('matches free text against names and places, typos forgiven, and reads price words in it', async () => {
    expect(sorted(await idsOf(`${PUBLIC}&search=whitefield&limit=100`))).toEqual(sorted(inWhitefield()));
    expect(sorted(await idsOf(`${PUBLIC}&search=WhiteFeild&limit=100`))).toEqual(sorted(inWhitefield()));
    expect(await idsOf(`${PUBLIC}&search=skyline`)).toEqual([live.buildingTwo]);
    expect(sorted(await idsOf(`${PUBLIC}&search=prestige%20indiranagar`))).toEqual([live.indiranagar]);
    expect(await idsOf(`${PUBLIC}&search=${encodeURIComponent('2 bhk under 50 lakh in whitefield')}`)).toEqual([live.readyTwoThree]);
    // An explicit filter wins over one read from the text.
    expect(await idsOf(`${PUBLIC}&bhk=3&search=${encodeURIComponent('2 bhk in indiranagar')}`)).toEqual([live.indiranagar]);
    expect(await idsOf(`${PUBLIC}&search=lakeside`)).toEqual([live.readyTwoThree]);
    expect(await idsOf(`${PUBLIC}&search=nowhere%20at%20all`)).toEqual([]);
  });

  it('pages free-text results without repeating or skipping, both ways', async () => {
    for (const sort of ['price_asc', 'price_desc']) {
      const whole = await idsOf(`${PUBLIC}&search=whitefield&sort=${sort}&limit=100`);
      const paged: number[] = [];
      for (let page = 1; page <= 10; page += 1) {
        const body = await list(`${PUBLIC}&search=whitefield&sort=${sort}&limit=3&page=${page}`);
        expect(body.pagination.total).toBe(whole.length);
        paged.push(...body.projects.map((p) => p.id));
        if (!body.pagination.hasMore) break;
      }
      expect(paged, sort).toEqual(whole);
    }
  });

  it('refuses what a visitor may not ask for, naming the field', async () => {
    const cases: [string, string][] = [
      ['status=inactive', 'status'],
      ['approval=pending', 'approval'],
      ['approval=rejected', 'approval'],
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['page=0', 'page'],
      ['cityId=abc', 'cityId'],
      ['cityId=-1', 'cityId'],
      ['locationId=1.5', 'locationId'],
      ['builderId=99999999999', 'builderId'],
      ['type=cityId', 'id'],
      ['type=ownerId&id=1', 'type'],
      ['bhk=two', 'bhk'],
      ['propertyType=castle', 'propertyType'],
      ['minPrice=lots', 'minPrice'],
      ['minPrice=2%20cr&maxPrice=1%20cr', 'maxPrice'],
      ['sort=newest', 'sort'],
      ['possession=soon', 'possession'],
      ['transaction=Lease', 'transaction'],
      ['item=plot', 'item'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/api/project?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
    }
  });
});

describe('GET /api/project/{id}', () => {
  it('answers a public project with its builder profile, units, media and RERA number', async () => {
    const response = await get(`/api/project/${live.readyTwoThree}`);
    expect(response.statusCode).toBe(200);
    const { project } = response.json() as { project: ProjectDetail };
    expect(project).toMatchObject({
      id: live.readyTwoThree,
      name: 'Lakeside Ready',
      builder: { id: ids.builder, name: 'Prestige Group', logo: '/media/test/prestige.webp', establishedYear: 1986, description: 'Builds homes.' },
      location: { name: 'Whitefield' },
      remarks: {},
      possessionDate: PAST,
    });
    expect(project.units).toHaveLength(2);
    expect(project.medias).toHaveLength(1);
    const listing = (await get(`/api/project/${live.ownerResale}`)).json().project as ProjectDetail;
    expect(listing).toMatchObject({ item: 'listing', builder: null, ownerId: expect.any(Number), transactionTag: 'Resale' });
  });

  it('answers every hidden project exactly like a missing one', async () => {
    const missing = await get('/api/project/2000000000');
    expect(missing.statusCode).toBe(404);
    for (const [name, id] of Object.entries(hidden)) {
      const response = await get(`/api/project/${id}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json().message, name).toBe(`Project ${id} not found`);
    }
  });

  it('refuses a malformed id with 400, never 500', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999', '%20']) {
      const response = await get(`/api/project/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().field, id).toBe('id');
    }
    // '1e3' reads as the number 1000, which no project has.
    expect((await get('/api/project/1e3')).statusCode).toBe(404);
  });
});

describe('GET /api/project/{id}/similar', () => {
  it('offers public projects of the same city and type, nearest in price first', async () => {
    const response = await get(`/api/project/${live.readyTwoThree}/similar`);
    expect(response.statusCode).toBe(200);
    const found = (response.json().projects as ProjectDetail[]).map((p) => p.id);
    // Apartments in Alpha other than itself, by distance from 40 lakh: the broker's 55 lakh, the twins at 50 lakh, ...
    expect(found).toEqual([live.tieA, live.tieB, live.brokerResale, live.buildingTwo, live.indiranagar]);
    expectNoneHidden(found);
    expect(found).not.toContain(live.readyTwoThree);
    expect(found).not.toContain(live.baner);
  });

  it('caps the count, and hides hidden projects and their neighbours alike', async () => {
    const two = await get(`/api/project/${live.readyTwoThree}/similar?limit=2`);
    expect(two.json().projects).toHaveLength(2);
    expect((await get(`/api/project/${live.readyTwoThree}/similar?limit=9`)).statusCode).toBe(400);
    expect((await get(`/api/project/${hidden.pending}/similar`)).statusCode).toBe(404);
    expect((await get('/api/project/abc/similar')).statusCode).toBe(400);
  });
});

describe('names kept between requests', () => {
  it('names a locality and builder added after the names were last read', async () => {
    expect((await list(`${PUBLIC}&limit=1`)).projects).toHaveLength(1);
    const db = ctx.database.db;
    const fresh = await createLocation(db, { cityId: ids.beta, name: 'Kharadi' });
    const builder = await createBuilder(db, { name: 'Fresh Homes' });
    await createPricedProject(db, { cityId: ids.beta, locationId: fresh.id, builderId: builder.id, name: 'Kharadi One', units: [unit('2', 70 * LAKH)] });
    const [project] = (await list(`${PUBLIC}&locationId=${fresh.id}`)).projects;
    expect(project).toMatchObject({ name: 'Kharadi One', location: { id: fresh.id, name: 'Kharadi' }, builder: { id: builder.id, name: 'Fresh Homes' }, city: { name: 'Beta' } });
  });
});

describe('GET /api/project/listings', () => {
  it("lists public brokers' listings by default, users' on request, newest first", async () => {
    const brokers = await get('/api/project/listings');
    expect(brokers.statusCode).toBe(200);
    expect(brokers.json().projects.map((p: ProjectDetail) => p.id)).toEqual([live.brokerResale]);
    expect(brokers.json().pagination).toEqual({ page: 1, limit: 30, total: 1, hasMore: false });
    const users = await get('/api/project/listings?uploader=user&page=1&limit=30');
    expect(users.json().projects.map((p: ProjectDetail) => p.id)).toEqual([live.ownerResale]);
    expect((await get(`/api/project/listings?uploader=broker&cityId=${ids.beta}`)).json().projects).toEqual([]);
  });

  it('refuses an unknown uploader and an oversized page', async () => {
    for (const [query, field] of [['uploader=builder', 'uploader'], ['limit=500', 'limit']] as const) {
      const response = await get(`/api/project/listings?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
    }
  });
});
