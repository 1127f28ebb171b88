import type { Principal } from '@nivaas/contracts/auth.schema';
import { MAX_SAVED_SEARCHES, type SavedSearchFilters } from '@nivaas/contracts/saved-search.schema';
import { schema } from '@nivaas/db';
import { and, asc, eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearerFor } from '../../test/auth';
import { createBroker, createCity, createLocation, createPricedProject, createUser, createZone } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createSavedSearchesRepository } from './saved-searches.repository';
import { createSavedSearchesService } from './saved-searches.service';
import { createProjectsRepository } from '../projects/projects.repository';
import { createProjectsService } from '../projects/projects.service';

let ctx: TestContext;
const ids = { cityId: 0, zoneId: 0, whitefield: 0, baner: 0, userA: 0, userB: 0, userC: 0, brokerId: 0 };

beforeAll(async () => {
  ctx = await createTestApp({
    env: { PUBLIC_ORIGIN: 'https://nivaas.example.com' },
    prepare: async ({ db }) => {
      const city = await createCity(db, { name: 'Bengaluru' });
      ids.cityId = city.id;
      ids.zoneId = (await createZone(db, { cityId: city.id, name: 'East Zone' })).id;
      ids.whitefield = (await createLocation(db, { cityId: city.id, zoneId: ids.zoneId, name: 'Whitefield' })).id;
      ids.baner = (await createLocation(db, { cityId: city.id, name: 'Baner' })).id;
      ids.userA = (await createUser(db, { name: 'Asha', email: 'asha@example.com' })).id;
      ids.userB = (await createUser(db, { name: 'Ravi', phone: '9845012345', email: null })).id;
      ids.userC = (await createUser(db, { email: 'c@example.com' })).id;
      ids.brokerId = (await createBroker(db)).id;
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  await ctx.database.db.delete(schema.savedSearches);
  await ctx.database.db.delete(schema.outboxMessages);
});

const user = (id = ids.userA): Principal => ({ kind: 'user', id });

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, who: Principal | null, payload?: Record<string, unknown>) {
  const headers = who ? await bearerFor(ctx.app, who) : {};
  return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const save = (who: Principal, name: string, filters: Record<string, unknown>) => call('POST', '/api/saved-searches', who, { name, filters });

describe('saved searches API', () => {
  it('saves the results page\'s filters under a name and lists the caller\'s own, newest first', async () => {
    const filters = { search: '3 bhk lake view', locationId: ids.whitefield, minPrice: 5_000_000, maxPrice: 15_000_000, bhk: [3], propertyType: ['apartment'], transaction: 'New Booking', possession: 'under-construction' };
    const created = await save(user(), '  3 BHK in Whitefield ', filters);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ success: true, savedSearch: { id: expect.any(Number), name: '3 BHK in Whitefield', filters, createdAt: expect.any(String) } });
    await save(user(), 'Plots in Baner', { locationId: ids.baner, propertyType: ['plot'] });
    await save(user(ids.userB), 'Not yours', { locationId: ids.baner });

    const list = await call('GET', '/api/saved-searches', user());
    expect(list.statusCode).toBe(200);
    expect(list.json().savedSearches.map((search: { name: string }) => search.name)).toEqual(['Plots in Baner', '3 BHK in Whitefield']);
  });

  it('deletes only the caller\'s own; someone else\'s is a 404 and stays', async () => {
    const mine = (await save(user(), 'Mine', { locationId: ids.baner })).json().savedSearch.id;
    const theirs = (await save(user(ids.userB), 'Theirs', { locationId: ids.baner })).json().savedSearch.id;
    const denied = await call('DELETE', `/api/saved-searches/${theirs}`, user());
    expect(denied.statusCode).toBe(404);
    expect((await call('GET', '/api/saved-searches', user(ids.userB))).json().savedSearches).toHaveLength(1);
    const deleted = await call('DELETE', `/api/saved-searches/${mine}`, user());
    expect(deleted.statusCode).toBe(200);
    expect((await call('DELETE', `/api/saved-searches/${mine}`, user())).statusCode).toBe(404);
    expect((await call('GET', '/api/saved-searches', user())).json().savedSearches).toEqual([]);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per user, also under parallel saves`, async () => {
    const responses = await Promise.all(
      Array.from({ length: MAX_SAVED_SEARCHES + 5 }, (_, n) => save(user(), `Search ${n}`, { maxPrice: 1_000_000 * (n + 1) })),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(MAX_SAVED_SEARCHES);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(5);
    expect((await call('GET', '/api/saved-searches', user())).json().savedSearches).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ filters: { locationId: 1 } }, 'name'],
      [{ name: 'x'.repeat(81), filters: { locationId: 1 } }, 'name'],
      [{ name: 'Empty', filters: {} }, 'filters'],
      [{ name: 'Budget', filters: { minPrice: 9_000_000, maxPrice: 1_000_000 } }, 'filters.maxPrice'],
      [{ name: 'Bhk', filters: { bhk: [0] } }, 'filters.bhk.0'],
      [{ name: 'Type', filters: { propertyType: ['castle'] } }, 'filters.propertyType.0'],
      [{ name: 'Unknown', filters: { cityId: 1 } }, 'filters.cityId'],
      [{ name: 'Owner', filters: { locationId: 1 }, userId: ids.userB }, 'userId'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/api/saved-searches', user(), body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json().field).toBe(field);
    }
    expect(await ctx.database.db.select().from(schema.savedSearches)).toEqual([]);
  });

  it('is for signed-in users only', async () => {
    expect((await call('GET', '/api/saved-searches', null)).statusCode).toBe(401);
    expect((await save({ kind: 'broker', id: ids.brokerId }, 'Broker', { locationId: ids.baner })).statusCode).toBe(403);
    expect((await call('GET', '/api/saved-searches', { kind: 'provider', id: 1 })).statusCode).toBe(403);
    expect((await call('DELETE', '/api/saved-searches/1', null)).statusCode).toBe(401);
  });
});

describe('notifySavedSearchMatches', () => {
  async function storeSearch(userId: number, name: string, filters: SavedSearchFilters) {
    const [row] = await ctx.database.db.insert(schema.savedSearches).values({ userId, name, filters }).returning();
    return row?.id ?? 0;
  }

  /** A listing as a broker uploads it: pending until the provider approves it. */
  async function pendingListing(overrides: Partial<Parameters<typeof createPricedProject>[1]> = {}) {
    return createPricedProject(ctx.database.db, {
      cityId: ids.cityId,
      zoneId: ids.zoneId,
      locationId: ids.whitefield,
      name: 'Lake View Residency',
      item: 'listing',
      brokerId: ids.brokerId,
      type: 'apartment',
      transactionTag: 'Resale',
      approval: 'pending',
      units: [{ type: '3', minPrice: 9_000_000, maxPrice: 11_000_000 }],
      ...overrides,
    });
  }

  async function approve(projectId: number) {
    await ctx.database.db.update(schema.projects).set({ approval: 'approved', status: 'active' }).where(eq(schema.projects.id, projectId));
  }

  const notifier = () => (projectId: number) => ctx.modules.savedSearches.notifySavedSearchMatches(projectId);
  const outbox = () => ctx.database.db.select().from(schema.outboxMessages).orderBy(asc(schema.outboxMessages.id));

  it('tells each owner of a matching search once, with a link to the listing, after approval', async () => {
    await storeSearch(ids.userA, '3 BHK in Whitefield', { locationId: ids.whitefield, bhk: [3], maxPrice: 10_000_000 });
    await storeSearch(ids.userA, 'Whitefield resale', { search: 'whitefield', transaction: 'Resale' });
    await storeSearch(ids.userB, 'Apartments under 1 Cr', { propertyType: ['apartment'], maxPrice: 10_000_000 });
    // Near misses: another locality, a budget below the price, another BHK, another type.
    await storeSearch(ids.userC, 'Baner', { locationId: ids.baner });
    await storeSearch(ids.userC, 'Cheap', { maxPrice: 5_000_000 });
    await storeSearch(ids.userC, '2 BHK', { bhk: [2] });
    await storeSearch(ids.userC, 'Villas', { propertyType: ['villa'] });

    const listing = await pendingListing();
    const notify = notifier();
    // Not public yet: nothing is sent.
    expect(await notify(listing.id)).toEqual({ notified: 0 });
    expect(await outbox()).toEqual([]);

    await approve(listing.id);
    expect(await notify(listing.id)).toEqual({ notified: 2 });
    const messages = await outbox();
    expect(messages.map((message) => [message.channel, message.recipient, message.purpose])).toEqual([
      ['email', 'asha@example.com', 'saved-search'],
      ['sms', '9845012345', 'saved-search'],
    ]);
    const link = `https://nivaas.example.com/broker-property-details/3/apartment/${listing.id}`;
    expect(messages[0]?.body).toContain(link);
    // One message per owner, naming each of their searches it matched.
    expect(messages[0]?.body).toContain('"3 BHK in Whitefield"');
    expect(messages[0]?.body).toContain('"Whitefield resale"');
    expect(messages[1]?.body).toContain(link);
    expect(messages[0]?.subject).toContain('Lake View Residency');

    // Again, and from several callers at once: nobody hears twice.
    const again = await Promise.all([notify(listing.id), notify(listing.id), notifier()(listing.id)]);
    expect(again.map((outcome) => outcome.notified)).toEqual([0, 0, 0]);
    expect(await outbox()).toHaveLength(2);
  });

  it('sends once under parallel first calls', async () => {
    await storeSearch(ids.userA, 'Whitefield', { locationId: ids.whitefield });
    await storeSearch(ids.userA, 'Apartments', { propertyType: ['apartment'] });
    await storeSearch(ids.userB, 'Whitefield too', { locationId: ids.whitefield });
    const listing = await pendingListing();
    await approve(listing.id);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => notifier()(listing.id)));
    expect(outcomes.reduce((sum, outcome) => sum + outcome.notified, 0)).toBe(2);
    expect((await outbox()).map((message) => message.recipient).sort()).toEqual(['9845012345', 'asha@example.com']);
    const pairs = await ctx.database.db.select().from(schema.savedSearchNotifications).where(eq(schema.savedSearchNotifications.projectId, listing.id));
    expect(pairs).toHaveLength(3);
  });

  it('tells an owner of a search saved later only about listings they have not heard of', async () => {
    await storeSearch(ids.userA, 'First', { locationId: ids.whitefield });
    const listing = await pendingListing();
    await approve(listing.id);
    await notifier()(listing.id);
    await storeSearch(ids.userA, 'Second', { propertyType: ['apartment'] });
    expect(await notifier()(listing.id)).toEqual({ notified: 0 });
    expect(await outbox()).toHaveLength(1);
  });

  it('links a builder project to its property page, and sends nothing for a listing withdrawn again', async () => {
    await storeSearch(ids.userA, 'Whitefield', { locationId: ids.whitefield });
    const project = await pendingListing({ item: 'project', brokerId: null, name: 'Prestige Lakeside', transactionTag: 'New Booking' });
    await approve(project.id);
    expect(await notifier()(project.id)).toEqual({ notified: 1 });
    expect((await outbox())[0]?.body).toContain(`https://nivaas.example.com/properties/bengaluru/east-zone/whitefield/prestige-lakeside/${project.id}`);

    const withdrawn = await pendingListing();
    await approve(withdrawn.id);
    await ctx.database.db.update(schema.projects).set({ status: 'inactive' }).where(eq(schema.projects.id, withdrawn.id));
    expect(await notifier()(withdrawn.id)).toEqual({ notified: 0 });
  });

  it("never alerts a listing's own uploader: the user who uploaded it, or a user account of the broker who did (issue 17)", async () => {
    // Asha uploads a listing matching her own search; Ravi's search matches too.
    await storeSearch(ids.userA, 'Whitefield', { locationId: ids.whitefield });
    await storeSearch(ids.userB, 'Whitefield too', { locationId: ids.whitefield });
    const own = await pendingListing({ brokerId: null, ownerId: ids.userA, name: 'Asha Own Flat' });
    await approve(own.id);
    expect(await notifier()(own.id)).toEqual({ notified: 1 });
    expect((await outbox()).map((message) => message.recipient)).toEqual(['9845012345']);

    // A broker who also signed in as a user with the same e-mail is the same person.
    const broker = await createBroker(ctx.database.db, { email: 'Dual.Role@Example.com', phone: '9900012345' });
    const dual = await createUser(ctx.database.db, { name: 'Dual', email: 'dual.role@example.com' });
    const samePhone = await createUser(ctx.database.db, { name: 'Dual phone', phone: '9900012345', email: null });
    await storeSearch(dual.id, 'Whitefield', { locationId: ids.whitefield });
    await storeSearch(samePhone.id, 'Whitefield', { locationId: ids.whitefield });
    const brokers = await pendingListing({ brokerId: broker.id, name: 'Broker Own Flat' });
    await approve(brokers.id);
    expect(await notifier()(brokers.id)).toEqual({ notified: 2 });
    const told = (await outbox()).slice(1).map((message) => message.recipient).sort();
    expect(told).toEqual(['9845012345', 'asha@example.com']);
  });

  it('releases the claim when a message cannot be sent, so a later call can try again', async () => {
    const searchId = await storeSearch(ids.userA, 'Whitefield', { locationId: ids.whitefield });
    const listing = await pendingListing();
    await approve(listing.id);
    const db = ctx.database.db;
    const failing = createSavedSearchesService(createSavedSearchesRepository(db), createProjectsService(createProjectsRepository(db)), {
      send: () => Promise.reject(new Error('smtp down')),
    }, { origin: 'https://nivaas.example.com' });
    await expect(failing.notifySavedSearchMatches(listing.id)).rejects.toThrow('smtp down');
    expect(await db.select().from(schema.savedSearchNotifications).where(and(eq(schema.savedSearchNotifications.savedSearchId, searchId)))).toEqual([]);
    expect(await ctx.modules.savedSearches.notifySavedSearchMatches(listing.id)).toEqual({ notified: 1 });
  });
});

describe('GET /api/notifications (issue 17)', () => {
  async function liveListing(name: string, updatedAt = new Date()) {
    return createPricedProject(ctx.database.db, {
      cityId: ids.cityId,
      zoneId: ids.zoneId,
      locationId: ids.whitefield,
      name,
      item: 'listing',
      brokerId: ids.brokerId,
      type: 'apartment',
      transactionTag: 'Resale',
      approval: 'approved',
      status: 'active',
      updatedAt,
      units: [{ type: '2', minPrice: 7_000_000, maxPrice: 8_000_000 }],
    });
  }

  it("lists the caller's own notices newest first, one per listing naming each search, with a link while it is live", async () => {
    await save(user(), 'Whitefield', { locationId: ids.whitefield });
    await save(user(), 'Resale', { transaction: 'Resale' });
    await save(user(ids.userB), 'Ravi Whitefield', { locationId: ids.whitefield });
    const first = await liveListing('Notice One');
    await ctx.modules.savedSearches.notifySavedSearchMatches(first.id);
    const second = await liveListing('Notice Two');
    await ctx.modules.savedSearches.notifySavedSearchMatches(second.id);

    const mine = await call('GET', '/api/notifications', user());
    expect(mine.statusCode, mine.body).toBe(200);
    const body = mine.json();
    expect(body.pagination).toEqual({ page: 1, limit: 30, total: 2, hasMore: false });
    expect(body.notifications.map((notice: { listing: { name: string } }) => notice.listing.name)).toEqual(['Notice Two', 'Notice One']);
    expect(body.notifications[0]).toEqual({
      id: expect.any(Number),
      kind: 'saved-search-match',
      sentAt: expect.any(String),
      listing: { id: second.id, name: 'Notice Two', place: 'Whitefield, Bengaluru', path: `/broker-property-details/2/apartment/${second.id}` },
      savedSearches: [
        { id: expect.any(Number), name: 'Whitefield' },
        { id: expect.any(Number), name: 'Resale' },
      ],
    });

    // Ravi sees only his, Asha's third is on page 2 of 1.
    const ravi = (await call('GET', '/api/notifications', user(ids.userB))).json();
    expect(ravi.notifications.map((notice: { savedSearches: { name: string }[] }) => notice.savedSearches.map((search) => search.name))).toEqual([['Ravi Whitefield'], ['Ravi Whitefield']]);
    expect((await call('GET', '/api/notifications', user(ids.userC))).json()).toMatchObject({ notifications: [], pagination: { total: 0 } });
    const paged = (await call('GET', '/api/notifications?limit=1&page=2', user())).json();
    expect(paged.notifications.map((notice: { listing: { name: string } }) => notice.listing.name)).toEqual(['Notice One']);
    expect(paged.pagination).toMatchObject({ total: 2, hasMore: false });

    // Taken off the site since: the notice stays, without a link.
    await ctx.database.db.update(schema.projects).set({ status: 'inactive' }).where(eq(schema.projects.id, first.id));
    const after = (await call('GET', '/api/notifications', user())).json();
    expect(after.notifications[1].listing).toEqual({ id: first.id, name: 'Notice One', place: null, path: null });
  });

  it('is for signed-in users only, and a bad page is a 400 naming it', async () => {
    expect((await call('GET', '/api/notifications', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/notifications', { kind: 'broker', id: ids.brokerId })).statusCode).toBe(403);
    const bad = await call('GET', '/api/notifications?page=0', user());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('page');
  });
});
