import { randomUUID } from 'node:crypto';
import type { Principal } from '@nivaas/contracts/auth.schema';
import { schema } from '@nivaas/db';
import { and, eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from './auth';
import {
  createBanner,
  createBlog,
  createBroker,
  createBuilder,
  createCity,
  createConstructionProject,
  createContractor,
  createFaq,
  createLocation,
  createProject,
  createReview,
  createUser,
  createZone,
} from './factories';
import { jpeg, multipart } from './lifecycle';
import { createTestApp, type TestContext } from './test-app';

/**
 * The access matrix (issues 4, 5 and 10): a guest, two users, two brokers and the provider against every route of
 * the OpenAPI document, with no unexpected 2xx. Public reads answer every caller 2xx; a route about one account's
 * data (user A's favourite, broker A's record or listing) answers anyone else 403 or 404 and leaves A's data as it
 * was, checked after each caller who may not change it; provider routes answer only the provider. The last test
 * fails when a route exists without a row here. (modules/listings/access-matrix.test.ts adds a broker still pending
 * approval and the database left unchanged by every refused listing call.)
 */

const ROLES = ['guest', 'userA', 'userB', 'brokerA', 'brokerB', 'provider'] as const;
type Role = (typeof ROLES)[number];

/**
 * What a role must get: an exact status, any 2xx ('ok', a public read), any 4xx ('refused'), or any answer but a 5xx
 * ('open': a public write that may also answer 400 or 429, like asking for a passcode).
 */
type Outcome = number | 'ok' | 'refused' | 'open';

interface Row {
  /** The route as the OpenAPI document names it: 'METHOD /api/path/{param}'. */
  route: string;
  /** A readable label when one route has several rows. */
  label?: string;
  request: () => MatrixRequest | Promise<MatrixRequest>;
  expect: Record<Role, Outcome>;
  /** Puts the target data back before each call (a permitted caller may have changed it). */
  arrange?: () => Promise<void>;
  /** Roles that may change the target; after anyone else's call, `intact` must hold. */
  owners?: Role[];
  intact?: () => Promise<void>;
  /** Checks a 2xx body holds only the caller's own data. */
  body?: (role: Role, body: Record<string, unknown>) => void;
}

interface MatrixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
}

let ctx: TestContext;
const ids = {
  userA: 0,
  userB: 0,
  brokerA: 0,
  brokerB: 0,
  staff: 0,
  locationId: 0,
  zoneId: 0,
  projectA: 0,
  projectBrokerA: 0,
  otherProject: 0,
  searchA: 0,
  cityId: 0,
  builderId: 0,
  blogId: 0,
  contractorId: 0,
  bannerId: 0,
  faqId: 0,
  constructionProjectId: 0,
  /** Broker A's listings: one pending review (edited, photographed), one approved and live (toggled), a lead on it. */
  pendingListing: 0,
  liveListing: 0,
  leadId: 0,
  /** Made afresh before a call that needs one to act on (a pending listing to decide, a photo to delete...). */
  target: 0,
};
const principals: Record<Exclude<Role, 'guest'>, () => Principal> = {
  userA: () => ({ kind: 'user', id: ids.userA }),
  userB: () => ({ kind: 'user', id: ids.userB }),
  brokerA: () => ({ kind: 'broker', id: ids.brokerA }),
  brokerB: () => ({ kind: 'broker', id: ids.brokerB }),
  provider: () => ({ kind: 'provider', id: ids.staff }),
};

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      // Users' and brokers' ids come from separate sequences; a few spare users keep them apart, so a row about
      // "user A's id" can never be passed by broker A through a coincidence of numbers.
      for (let n = 0; n < 5; n += 1) await createUser(db);
      ids.userA = (await createUser(db, { name: 'User A', email: 'user.a@example.com' })).id;
      ids.userB = (await createUser(db, { name: 'User B', email: 'user.b@example.com' })).id;
      ids.brokerA = (await createBroker(db, { name: 'Broker A' })).id;
      ids.brokerB = (await createBroker(db, { name: 'Broker B' })).id;
      const [staff] = await db.insert(schema.providerStaff).values({ email: 'staff@nivaas.example.com', name: 'Staff', role: 'admin' }).returning();
      ids.staff = staff?.id ?? 0;
      const city = await createCity(db);
      ids.cityId = city.id;
      await db.update(schema.brokers).set({ cityId: city.id });
      ids.zoneId = (await createZone(db, { cityId: city.id })).id;
      ids.locationId = (await createLocation(db, { cityId: city.id, zoneId: ids.zoneId })).id;
      const place = { cityId: city.id, zoneId: ids.zoneId, locationId: ids.locationId };
      ids.builderId = (await createBuilder(db)).id;
      ids.projectA = (await createProject(db, { ...place, builderId: ids.builderId })).id;
      ids.projectBrokerA = (await createProject(db, place)).id;
      ids.otherProject = (await createProject(db, place)).id;
      const listing = { ...place, item: 'listing' as const, brokerId: ids.brokerA };
      ids.pendingListing = (await createProject(db, { ...listing, approval: 'pending', status: 'inactive' })).id;
      ids.liveListing = (await createProject(db, listing)).id;
      const [lead] = await db.insert(schema.leads).values({ projectId: ids.liveListing, name: 'Matrix Lead', phone: '9811111111', email: 'lead@example.com' }).returning();
      ids.leadId = lead?.id ?? 0;
      ids.bannerId = (await createBanner(db)).id;
      ids.blogId = (await createBlog(db)).id;
      ids.faqId = (await createFaq(db)).id;
      ids.contractorId = (await createContractor(db, { cityId: city.id })).id;
      ids.constructionProjectId = (await createConstructionProject(db, { contractorId: ids.contractorId, cityId: city.id })).id;
      await createReview(db, { subject: 'location', zoneId: ids.zoneId, locationId: ids.locationId });
      await createReview(db, { subject: 'zone', zoneId: ids.zoneId });
      await createReview(db, { subject: 'city', cityId: city.id });
    },
  });
  expect(new Set([ids.userA, ids.userB]).has(ids.brokerA) || new Set([ids.userA, ids.userB]).has(ids.brokerB)).toBe(false);
});

afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;

// Target data of user A and broker A, put back before each call and checked after.

async function ensureFavourite(owner: { userId: number } | { brokerId: number }, projectId: number) {
  await db().insert(schema.favourites).values({ ...owner, projectId }).onConflictDoNothing();
}

async function expectFavourite(owner: 'user' | 'broker', ownerId: number, projectId: number) {
  const column = owner === 'user' ? schema.favourites.userId : schema.favourites.brokerId;
  const rows = await db().select().from(schema.favourites).where(and(eq(column, ownerId), eq(schema.favourites.projectId, projectId)));
  expect(rows, `${owner} ${ownerId}'s favourite ${projectId}`).toHaveLength(1);
}

async function ensureSearchA() {
  const [held] = await db().select().from(schema.savedSearches).where(eq(schema.savedSearches.id, ids.searchA));
  if (held) return;
  const [row] = await db().insert(schema.savedSearches).values({ userId: ids.userA, name: 'A in the locality', filters: { locationId: ids.locationId } }).returning();
  ids.searchA = row?.id ?? 0;
}

const A_STARS = 4;
async function ensureRatingA(subject: 'location' | 'zone') {
  const about = subject === 'location' ? eq(schema.reviews.locationId, ids.locationId) : eq(schema.reviews.zoneId, ids.zoneId);
  await db().delete(schema.reviews).where(and(eq(schema.reviews.subject, subject), about, eq(schema.reviews.userId, ids.userA)));
  await db()
    .insert(schema.reviews)
    .values({ subject, zoneId: ids.zoneId, locationId: subject === 'location' ? ids.locationId : null, userId: ids.userA, ratingValue: A_STARS, approval: 'approved' });
}

async function expectRatingA(subject: 'location' | 'zone') {
  const about = subject === 'location' ? eq(schema.reviews.locationId, ids.locationId) : eq(schema.reviews.zoneId, ids.zoneId);
  const rows = await db().select().from(schema.reviews).where(and(eq(schema.reviews.subject, subject), about, eq(schema.reviews.userId, ids.userA)));
  expect(rows.map((row) => row.ratingValue), `user A's ${subject} rating`).toEqual([A_STARS]);
}

async function nameOf(table: typeof schema.users | typeof schema.brokers, id: number) {
  const [row] = await db().select({ name: table.name }).from(table).where(eq(table.id, id));
  return row?.name;
}

let unique = 0;
const next = () => {
  unique += 1;
  return unique;
};

const SIGNED_IN_USERS: Record<Role, Outcome> = { guest: 401, userA: 200, userB: 200, brokerA: 403, brokerB: 403, provider: 403 };
const USERS_AND_BROKERS: Record<Role, Outcome> = { guest: 401, userA: 200, userB: 200, brokerA: 200, brokerB: 200, provider: 403 };
const ANY_SIGNED_IN: Record<Role, Outcome> = { guest: 401, userA: 200, userB: 200, brokerA: 200, brokerB: 200, provider: 200 };
const NOBODY: Record<Role, Outcome> = { guest: 'refused', userA: 'refused', userB: 'refused', brokerA: 'refused', brokerB: 'refused', provider: 'refused' };
const EVERYONE: Record<Role, Outcome> = { guest: 'open', userA: 'open', userB: 'open', brokerA: 'open', brokerB: 'open', provider: 'open' };
const only = (role: Role, status: number, others: number, guest = 401): Record<Role, Outcome> => ({
  guest,
  userA: others,
  userB: others,
  brokerA: others,
  brokerB: others,
  provider: others,
  [role]: status,
});

const EVERYONE_OK: Record<Role, Outcome> = { guest: 'ok', userA: 'ok', userB: 'ok', brokerA: 'ok', brokerB: 'ok', provider: 'ok' };
const PROVIDER_ONLY: Record<Role, Outcome> = { guest: 401, userA: 403, userB: 403, brokerA: 403, brokerB: 403, provider: 200 };
const CREATED_BY_PROVIDER: Record<Role, Outcome> = { ...PROVIDER_ONLY, provider: 201 };

/** Issue 14 part 2: each content record kind of the back office, with a create body and a text field an edit changes. */
const CONTENT_RECORDS = [
  {
    path: 'banners',
    id: () => ids.bannerId,
    create: () => ({ title: `Matrix banner ${next()}` }),
    edited: { field: 'title', table: schema.banners, column: schema.banners.title, id: schema.banners.id },
    image: 'image',
  },
  {
    path: 'blogs',
    id: () => ids.blogId,
    create: () => ({ title: `Matrix blog ${next()}`, body: 'A body long enough for the access matrix.' }),
    edited: { field: 'title', table: schema.blogs, column: schema.blogs.title, id: schema.blogs.id },
    image: 'cover',
  },
  {
    path: 'faqs',
    id: () => ids.faqId,
    create: () => ({ question: `Matrix question ${next()}?`, answer: 'Yes.', associatedWith: 'contact_faqs' }),
    edited: { field: 'answer', table: schema.faqs, column: schema.faqs.answer, id: schema.faqs.id },
    image: null,
  },
  {
    path: 'construction/projects',
    id: () => ids.constructionProjectId,
    create: () => ({ name: `Matrix construction ${next()}` }),
    edited: { field: 'description', table: schema.constructionProjects, column: schema.constructionProjects.description, id: schema.constructionProjects.id },
    image: 'image',
  },
  {
    path: 'construction/contractors',
    id: () => ids.contractorId,
    create: () => ({ companyName: `Matrix contractor ${next()}` }),
    edited: { field: 'description', table: schema.contractors, column: schema.contractors.description, id: schema.contractors.id },
    image: 'logo',
  },
] as const;

/** A whole listing as the upload form sends it, in the matrix's locality. */
function listingBody(): Record<string, unknown> {
  return {
    name: `Matrix flat ${next()}`,
    type: 'apartment',
    transactionTag: 'Resale',
    description: 'Corner flat, lots of light.',
    cityId: ids.cityId,
    zoneId: ids.zoneId,
    locationId: ids.locationId,
    units: [{ type: '2', minPrice: '₹ 85,00,000', maxPrice: '₹ 90,00,000', facing: 'East', exteriorArea: 1250, furnishing: 'Semi-Furnished' }],
  };
}

const LISTING_NAME = 'Matrix listing';
async function resetListing(id: number, approval: 'pending' | 'approved', status: 'active' | 'inactive') {
  await db().update(schema.projects).set({ approval, status, name: LISTING_NAME }).where(eq(schema.projects.id, id));
}

async function expectListing(id: number, approval: string, status: string) {
  const [row] = await db().select({ approval: schema.projects.approval, status: schema.projects.status, name: schema.projects.name }).from(schema.projects).where(eq(schema.projects.id, id));
  expect(row, `listing ${id}`).toMatchObject({ approval, status });
  if (id === ids.pendingListing || id === ids.liveListing) expect(row?.name, `listing ${id}`).toBe(LISTING_NAME);
}

const ROWS: Row[] = [
  // --- Identity (H1's auth module). Open by design: anyone may ask for a code, register, or log out. ---
  { route: 'POST /api/auth/portal/send-otp', request: () => ({ method: 'POST', url: '/api/auth/portal/send-otp', payload: { email: `matrix${next()}@example.com` } }), expect: EVERYONE },
  { route: 'POST /api/auth/portal/verify-otp', label: 'a wrong code', request: () => ({ method: 'POST', url: '/api/auth/portal/verify-otp', payload: { email: 'user.a@example.com', otp: '000000' } }), expect: NOBODY },
  {
    route: 'POST /api/auth/broker/register',
    request: () => {
      const n = next();
      return { method: 'POST', url: '/api/auth/broker/register', payload: { name: `Matrix Broker ${n}`, phone: `70000${String(n).padStart(5, '0')}`, email: `matrix.broker${n}@example.com`, company: 'Matrix Realty', reraNumber: `PRM/KA/RERA/${n}`, cityId: 1 } };
    },
    expect: EVERYONE,
  },
  { route: 'POST /api/auth/broker/login', label: 'a wrong password', request: () => ({ method: 'POST', url: '/api/auth/broker/login', payload: { email: 'broker-1@example.test', password: 'not-the-password' } }), expect: NOBODY },
  { route: 'POST /api/auth/broker/send-otp', request: () => ({ method: 'POST', url: '/api/auth/broker/send-otp', payload: { email: `matrix${next()}@example.com` } }), expect: EVERYONE },
  { route: 'POST /api/auth/broker/verify-otp', label: 'a wrong code', request: () => ({ method: 'POST', url: '/api/auth/broker/verify-otp', payload: { email: 'broker-1@example.test', otp: '000000' } }), expect: NOBODY },
  { route: 'POST /api/auth/broker/forgot-password', request: () => ({ method: 'POST', url: '/api/auth/broker/forgot-password', payload: { email: `matrix${next()}@example.com` } }), expect: EVERYONE },
  { route: 'POST /api/auth/broker/reset-password', label: 'a forged token', request: () => ({ method: 'POST', url: '/api/auth/broker/reset-password', payload: { token: 'A'.repeat(43), password: 'a-new-password-1' } }), expect: NOBODY },
  { route: 'POST /api/auth/provider/send-otp', request: () => ({ method: 'POST', url: '/api/auth/provider/send-otp', payload: { email: `matrix${next()}@example.com` } }), expect: EVERYONE },
  { route: 'POST /api/auth/provider/verify-otp', label: 'a wrong code', request: () => ({ method: 'POST', url: '/api/auth/provider/verify-otp', payload: { email: 'staff@nivaas.example.com', otp: '000000' } }), expect: NOBODY },
  // A bearer token is not a refresh cookie: nobody gets a token from it (docs/decisions/003-refresh-cookie.md).
  ...(['user', 'broker', 'provider'] as const).map(
    (role): Row => ({
      route: 'POST /api/auth/portal/refresh-token',
      label: `role ${role}, no cookie`,
      request: () => ({ method: 'POST', url: '/api/auth/portal/refresh-token', payload: { email: 'user.a@example.com', role, app: 'portal' } }),
      expect: NOBODY,
    }),
  ),
  { route: 'POST /api/auth/portal/logout', request: () => ({ method: 'POST', url: '/api/auth/portal/logout', payload: { role: 'user' } }), expect: EVERYONE },
  {
    route: 'GET /api/auth/me',
    request: () => ({ method: 'GET', url: '/api/auth/me' }),
    expect: ANY_SIGNED_IN,
    body: (role, body) => {
      const me = role === 'guest' ? undefined : principals[role]();
      expect(body.account, role).toMatchObject({ kind: me?.kind, id: me?.id });
    },
  },
  // Development only (never registered in production): the outbox the e2e tests read passcodes from.
  { route: 'GET /api/dev/outbox', request: () => ({ method: 'GET', url: '/api/dev/outbox' }), expect: EVERYONE },
  {
    route: 'PUT /api/broker/{id}',
    label: "broker A's record",
    request: () => ({ method: 'PUT', url: `/api/broker/${ids.brokerA}`, payload: { name: `Renamed ${next()}` } }),
    expect: { guest: 401, userA: 403, userB: 403, brokerA: 200, brokerB: 403, provider: 200 },
    arrange: async () => {
      await db().update(schema.brokers).set({ name: 'Broker A' }).where(eq(schema.brokers.id, ids.brokerA));
    },
    owners: ['brokerA', 'provider'],
    intact: async () => expect(await nameOf(schema.brokers, ids.brokerA)).toBe('Broker A'),
  },

  // --- Favourites ---
  {
    route: 'GET /api/favourites/user',
    label: 'ids',
    request: () => ({ method: 'GET', url: '/api/favourites/user?mode=ids' }),
    expect: USERS_AND_BROKERS,
    arrange: async () => {
      await ensureFavourite({ userId: ids.userA }, ids.projectA);
      await ensureFavourite({ brokerId: ids.brokerA }, ids.projectBrokerA);
    },
    body: (role, body) => {
      const held = body.favourites as number[];
      if (role !== 'userA') expect(held, role).not.toContain(ids.projectA);
      if (role !== 'brokerA') expect(held, role).not.toContain(ids.projectBrokerA);
    },
  },
  {
    route: 'GET /api/favourites/user',
    label: 'data as a user',
    request: () => ({ method: 'GET', url: '/api/favourites/user?mode=data&userType=user' }),
    expect: SIGNED_IN_USERS,
    arrange: () => ensureFavourite({ userId: ids.userA }, ids.projectA),
    body: (role, body) => {
      const held = (body.favourites as { id: number }[]).map((project) => project.id);
      expect(held, role).toEqual(role === 'userA' ? [ids.projectA] : []);
    },
  },
  {
    route: 'POST /api/favourites/user',
    label: "removing user A's favourite",
    request: () => ({ method: 'POST', url: '/api/favourites/user', payload: { userType: 'user', action: 'remove', projectId: ids.projectA } }),
    // User B's call is about B's own list (200) and leaves A's alone; a broker claiming userType=user is refused.
    expect: SIGNED_IN_USERS,
    arrange: () => ensureFavourite({ userId: ids.userA }, ids.projectA),
    owners: ['userA'],
    intact: () => expectFavourite('user', ids.userA, ids.projectA),
  },
  {
    route: 'POST /api/favourites/user',
    label: "removing broker A's favourite",
    request: () => ({ method: 'POST', url: '/api/favourites/user', payload: { userType: 'broker', action: 'remove', projectId: ids.projectBrokerA } }),
    expect: { guest: 401, userA: 403, userB: 403, brokerA: 200, brokerB: 200, provider: 403 },
    arrange: () => ensureFavourite({ brokerId: ids.brokerA }, ids.projectBrokerA),
    owners: ['brokerA'],
    intact: () => expectFavourite('broker', ids.brokerA, ids.projectBrokerA),
  },
  {
    route: 'POST /api/favourites/user',
    label: 'adding',
    request: () => ({ method: 'POST', url: '/api/favourites/user', payload: { userType: 'user', action: 'add', projectId: ids.otherProject } }),
    expect: SIGNED_IN_USERS,
    // Nobody but A may add to A's list.
    arrange: async () => {
      await db().delete(schema.favourites).where(and(eq(schema.favourites.userId, ids.userA), eq(schema.favourites.projectId, ids.otherProject)));
    },
    owners: ['userA'],
    intact: async () => {
      const rows = await db().select().from(schema.favourites).where(and(eq(schema.favourites.userId, ids.userA), eq(schema.favourites.projectId, ids.otherProject)));
      expect(rows).toEqual([]);
    },
  },
  {
    route: 'POST /api/usersrouts/savingPropertiesOfUser',
    label: "user A's id",
    request: () => ({ method: 'POST', url: '/api/usersrouts/savingPropertiesOfUser', payload: { userId: ids.userA, propertyId: ids.projectA, action: 'remove' } }),
    expect: only('userA', 200, 403),
    arrange: () => ensureFavourite({ userId: ids.userA }, ids.projectA),
    owners: ['userA'],
    intact: () => expectFavourite('user', ids.userA, ids.projectA),
  },
  {
    route: 'POST /api/usersrouts/savingPropertiesOfUser',
    label: "broker A's id",
    request: () => ({ method: 'POST', url: '/api/usersrouts/savingPropertiesOfUser', payload: { brokerId: ids.brokerA, propertyId: ids.projectBrokerA, action: 'remove' } }),
    expect: only('brokerA', 200, 403),
    arrange: () => ensureFavourite({ brokerId: ids.brokerA }, ids.projectBrokerA),
    owners: ['brokerA'],
    intact: () => expectFavourite('broker', ids.brokerA, ids.projectBrokerA),
  },
  {
    route: 'GET /api/usersrouts/userData',
    label: "broker A's saved properties",
    request: () => ({ method: 'GET', url: `/api/usersrouts/userData?brokerId=${ids.brokerA}` }),
    expect: only('brokerA', 200, 403),
    arrange: () => ensureFavourite({ brokerId: ids.brokerA }, ids.projectBrokerA),
  },

  // --- Saved searches (users only) ---
  {
    route: 'GET /api/saved-searches',
    request: () => ({ method: 'GET', url: '/api/saved-searches' }),
    expect: SIGNED_IN_USERS,
    arrange: ensureSearchA,
    body: (role, body) => {
      const held = (body.savedSearches as { id: number }[]).map((search) => search.id);
      if (role === 'userA') expect(held).toContain(ids.searchA);
      else expect(held, role).not.toContain(ids.searchA);
    },
  },
  {
    route: 'GET /api/notifications',
    label: "user A's notice",
    request: () => ({ method: 'GET', url: '/api/notifications' }),
    expect: SIGNED_IN_USERS,
    arrange: async () => {
      await ensureSearchA();
      await db().insert(schema.savedSearchNotifications).values({ savedSearchId: ids.searchA, projectId: ids.liveListing }).onConflictDoNothing();
    },
    body: (role, body) => {
      const listings = (body.notifications as { listing: { id: number } }[]).map((notice) => notice.listing.id);
      if (role === 'userA') expect(listings).toContain(ids.liveListing);
      else expect(listings, role).toEqual([]);
    },
  },
  {
    route: 'POST /api/saved-searches',
    request: () => ({ method: 'POST', url: '/api/saved-searches', payload: { name: `Matrix ${next()}`, filters: { locationId: ids.locationId } } }),
    expect: { ...SIGNED_IN_USERS, userA: 201, userB: 201 },
  },
  {
    route: 'DELETE /api/saved-searches/{id}',
    label: "user A's search",
    request: () => ({ method: 'DELETE', url: `/api/saved-searches/${ids.searchA}` }),
    // Someone else's search answers like a missing one.
    expect: { ...SIGNED_IN_USERS, userB: 404 },
    arrange: ensureSearchA,
    owners: ['userA'],
    intact: async () => {
      expect(await db().select().from(schema.savedSearches).where(eq(schema.savedSearches.id, ids.searchA))).toHaveLength(1);
    },
  },

  // --- Ratings (users and brokers; userId in the body must be the caller's) ---
  {
    route: 'POST /api/ratingroute/rateLocation',
    label: 'as user A',
    request: () => ({ method: 'POST', url: '/api/ratingroute/rateLocation', payload: { ratingValue: 1, comment: 'as A', locationId: ids.locationId, userId: ids.userA } }),
    expect: only('userA', 201, 403),
    arrange: () => ensureRatingA('location'),
    owners: ['userA'],
    intact: () => expectRatingA('location'),
  },
  {
    route: 'POST /api/ratingroute/rateLocation',
    label: 'as oneself',
    request: () => ({ method: 'POST', url: '/api/ratingroute/rateLocation', payload: { ratingValue: 2, locationId: ids.locationId } }),
    expect: { ...USERS_AND_BROKERS, userA: 201, userB: 201, brokerA: 201, brokerB: 201 },
    arrange: () => ensureRatingA('location'),
    owners: ['userA'],
    intact: () => expectRatingA('location'),
  },
  {
    route: 'POST /api/ratingroute/rate-zone',
    label: 'as user A',
    request: () => ({ method: 'POST', url: '/api/ratingroute/rate-zone', payload: { ratingValue: 1, ZoneId: ids.zoneId, userId: ids.userA } }),
    expect: only('userA', 201, 403),
    arrange: () => ensureRatingA('zone'),
    owners: ['userA'],
    intact: () => expectRatingA('zone'),
  },

  // --- The user's own profile ---
  {
    route: 'GET /api/user/me',
    request: () => ({ method: 'GET', url: '/api/user/me' }),
    expect: SIGNED_IN_USERS,
    body: (role, body) => expect((body.user as { id: number }).id, role).toBe(role === 'userA' ? ids.userA : ids.userB),
  },
  {
    route: 'PUT /api/user/me',
    request: () => ({ method: 'PUT', url: '/api/user/me', payload: { name: `Renamed ${next()}` } }),
    expect: SIGNED_IN_USERS,
    arrange: async () => {
      await db().update(schema.users).set({ name: 'User A' }).where(eq(schema.users.id, ids.userA));
    },
    owners: ['userA'],
    intact: async () => expect(await nameOf(schema.users, ids.userA)).toBe('User A'),
  },
  {
    // No passcode was sent for this contact: a user's try is a 400 naming otp, and nothing is saved.
    route: 'POST /api/user/me/verify-contact',
    request: () => ({ method: 'POST', url: '/api/user/me/verify-contact', payload: { contact: '9845099999', otp: '123456' } }),
    expect: { guest: 401, userA: 400, userB: 400, brokerA: 403, brokerB: 403, provider: 403 },
  },

  // --- Public reads (the catalogue): every caller gets a 2xx ---
  ...(
    [
      'GET /api/health',
      'GET /api/ready',
      'GET /api/city',
      'GET /api/city/{cityId}',
      'GET /api/usersrouts/getAllBanner',
      'GET /api/project',
      'GET /api/project/random',
      'GET /api/project/listings',
      'GET /api/project/{projectA}',
      'GET /api/project/{projectA}/similar',
      'GET /api/project/search?query=test',
      'GET /api/builder',
      'GET /api/builder/{builderId}',
      'GET /api/city/review/?cityId={cityId}',
      'GET /api/city/review?cityId={cityId}',
      'GET /api/location/{locationId}/reviews',
      'GET /api/zone/{zoneId}/reviews',
      'GET /api/location',
      'GET /api/location/{locationId}',
      'GET /api/zone/{zoneId}',
      'GET /api/blog',
      'GET /api/blog/{blogId}',
      'GET /api/faq',
      'GET /api/broker',
      'GET /api/brokerRoutes/getAllBrokerUser',
      'GET /api/broker/{brokerA}',
      'GET /api/construction/project',
      'GET /api/construction/contractor',
      'GET /api/construction/contractor/{contractorId}',
    ] as const
  ).map((call): Row => {
    const [, template = ''] = call.split(' ');
    const url = () => template.replace(/\{(\w+)\}/g, (_, name: keyof typeof ids) => String(ids[name]));
    // The route as the OpenAPI document names it: the query dropped, an id placeholder back to the route's own name.
    const path = template.split('?')[0] ?? '';
    const route = `GET ${path.replace(/\{(?:cityId|projectA|locationId|zoneId|blogId|contractorId)\}/, '{id}').replace('{brokerA}', '{brokerId}')}`;
    return { route, request: () => ({ method: 'GET', url: url() }), expect: EVERYONE_OK };
  }),
  {
    route: 'POST /api/leadMenegmentRoute/uILeadFormData',
    label: 'an enquiry: anyone may send one',
    request: () => ({ method: 'POST', url: '/api/leadMenegmentRoute/uILeadFormData', payload: { name: 'Matrix Enquirer', phone: `98${String(next()).padStart(8, '0')}`, email: 'enquirer@example.com', projectId: ids.projectA } }),
    expect: { guest: 201, userA: 201, userB: 201, brokerA: 201, brokerB: 201, provider: 201 },
  },

  // --- Tracking (issue 12): open to every caller (a beacon has no bearer); a bearer only decides whose visit it is ---
  {
    route: 'POST /api/track/session/start',
    request: () => ({ method: 'POST', url: '/api/track/session/start', payload: { entry_page: '/', consent: 'analytics' } }),
    expect: { guest: 201, userA: 201, userB: 201, brokerA: 201, brokerB: 201, provider: 201 },
  },
  {
    route: 'POST /api/track/event',
    request: () => ({ method: 'POST', url: '/api/track/event', payload: { consent: 'analytics', events: [{ id: randomUUID(), event_name: 'PAGE_VIEW', at: new Date().toISOString(), page: '/' }] } }),
    expect: { guest: 202, userA: 202, userB: 202, brokerA: 202, brokerB: 202, provider: 202 },
  },
  {
    route: 'PUT /api/track/session/end',
    label: 'a local session id the server never saw',
    request: () => ({ method: 'PUT', url: '/api/track/session/end', payload: { sessionId: `local-${next()}`, exit_page: '/' } }),
    expect: { guest: 204, userA: 204, userB: 204, brokerA: 204, brokerB: 204, provider: 204 },
  },

  // --- Insights (issue 13): a broker's own figures only; the provider's analytics to the provider only ---
  {
    route: 'GET /api/broker/insights',
    label: "broker A's listings",
    request: () => ({ method: 'GET', url: '/api/broker/insights?days=90' }),
    expect: { guest: 401, userA: 403, userB: 403, brokerA: 200, brokerB: 200, provider: 403 },
    body: (role, body) => {
      const listings = (body.listings as { projectId: number }[]).map((listing) => listing.projectId).sort((a, b) => a - b);
      if (role === 'brokerA') expect(listings).toEqual([ids.pendingListing, ids.liveListing].sort((a, b) => a - b));
      else expect(listings, role).toEqual([]);
    },
  },
  {
    route: 'GET /api/broker/insights/searches',
    label: "broker A's listings",
    request: () => ({ method: 'GET', url: '/api/broker/insights/searches?days=90' }),
    expect: { guest: 401, userA: 403, userB: 403, brokerA: 200, brokerB: 200, provider: 403 },
    body: (role, body) => {
      const listings = (body.listings as { projectId: number }[]).map((listing) => listing.projectId).sort((a, b) => a - b);
      if (role === 'brokerA') expect(listings).toEqual([ids.pendingListing, ids.liveListing].sort((a, b) => a - b));
      else expect(listings, role).toEqual([]);
    },
  },
  {
    route: 'GET /api/admin/analytics/overview',
    request: () => ({ method: 'GET', url: '/api/admin/analytics/overview' }),
    expect: { guest: 401, userA: 403, userB: 403, brokerA: 403, brokerB: 403, provider: 200 },
  },
  {
    route: 'GET /api/admin/analytics/projects/{id}',
    label: "broker A's live listing",
    request: () => ({ method: 'GET', url: `/api/admin/analytics/projects/${ids.liveListing}` }),
    expect: { guest: 401, userA: 403, userB: 403, brokerA: 403, brokerB: 403, provider: 200 },
  },
  {
    route: 'GET /api/admin/analytics/brokers/{id}',
    label: 'broker A',
    request: () => ({ method: 'GET', url: `/api/admin/analytics/brokers/${ids.brokerA}` }),
    expect: { guest: 401, userA: 403, userB: 403, brokerA: 403, brokerB: 403, provider: 200 },
  },

  // --- Listings (issue 5): the owner's, checked against the caller; the provider only reads and decides ---
  {
    route: 'POST /api/project/upload',
    request: () => ({ method: 'POST', url: '/api/project/upload', payload: listingBody() }),
    expect: { guest: 401, userA: 201, userB: 201, brokerA: 201, brokerB: 201, provider: 403 },
  },
  {
    route: 'PUT /api/project/upload/{id}',
    label: "broker A's pending listing",
    request: () => ({ method: 'PUT', url: `/api/project/upload/${ids.pendingListing}`, payload: listingBody() }),
    expect: only('brokerA', 200, 403),
    arrange: () => resetListing(ids.pendingListing, 'pending', 'inactive'),
    owners: ['brokerA'],
    intact: () => expectListing(ids.pendingListing, 'pending', 'inactive'),
  },
  {
    route: 'GET /api/project/upload/{id}',
    label: "broker A's pending listing",
    request: () => ({ method: 'GET', url: `/api/project/upload/${ids.pendingListing}` }),
    expect: { guest: 401, userA: 403, userB: 403, brokerA: 200, brokerB: 403, provider: 200 },
  },
  {
    route: 'GET /api/project/mine',
    request: () => ({ method: 'GET', url: '/api/project/mine' }),
    expect: USERS_AND_BROKERS,
    body: (role, body) => {
      const held = (body.projects as { id: number }[]).map((project) => project.id);
      if (role !== 'brokerA') expect(held, role).not.toContain(ids.pendingListing);
    },
  },
  {
    route: 'PATCH /api/project/publish/{id}',
    label: "switching broker A's live listing off",
    request: () => ({ method: 'PATCH', url: `/api/project/publish/${ids.liveListing}`, payload: { status: 'inactive' } }),
    expect: only('brokerA', 200, 403),
    arrange: () => resetListing(ids.liveListing, 'approved', 'active'),
    owners: ['brokerA'],
    intact: () => expectListing(ids.liveListing, 'approved', 'active'),
  },
  {
    route: 'POST /api/project/upload/{id}/photos',
    label: "broker A's pending listing",
    request: async () => {
      const { payload, headers } = multipart([{ fileName: 'matrix.jpg', contentType: 'image/jpeg', bytes: await jpeg() }]);
      return { method: 'POST', url: `/api/project/upload/${ids.pendingListing}/photos`, payload, headers };
    },
    expect: only('brokerA', 200, 403),
    arrange: () => resetListing(ids.pendingListing, 'pending', 'inactive'),
  },
  {
    route: 'DELETE /api/project/upload/{id}/photos/{mediaId}',
    label: "a photo of broker A's listing",
    request: () => ({ method: 'DELETE', url: `/api/project/upload/${ids.pendingListing}/photos/${ids.target}` }),
    expect: only('brokerA', 200, 403),
    arrange: async () => {
      const [photo] = await db().insert(schema.projectMedia).values({ projectId: ids.pendingListing, title: 'gallery', url: '/media/test/matrix.webp', position: 99 }).returning();
      ids.target = photo?.id ?? 0;
    },
    owners: ['brokerA'],
    intact: async () => expect(await db().select().from(schema.projectMedia).where(eq(schema.projectMedia.id, ids.target))).toHaveLength(1),
  },
  { route: 'GET /api/lead', label: "leads on broker A's listing", request: () => ({ method: 'GET', url: `/api/lead?projectId=${ids.liveListing}` }), expect: { ...only('brokerA', 200, 403), provider: 200 } },
  {
    route: 'GET /api/lead/mine',
    request: () => ({ method: 'GET', url: '/api/lead/mine' }),
    expect: USERS_AND_BROKERS,
    body: (role, body) => {
      if (role !== 'brokerA') expect((body.leads as { id: number }[]).map((lead) => lead.id), role).not.toContain(ids.leadId);
    },
  },
  {
    route: 'PATCH /api/lead/{id}/stage',
    label: "a lead on broker A's listing",
    request: () => ({ method: 'PATCH', url: `/api/lead/${ids.leadId}/stage`, payload: { stage: 'crm' } }),
    expect: only('brokerA', 200, 403),
    arrange: async () => {
      await db().update(schema.leads).set({ stage: 'new' }).where(eq(schema.leads.id, ids.leadId));
    },
    owners: ['brokerA'],
    intact: async () => {
      const [lead] = await db().select({ stage: schema.leads.stage }).from(schema.leads).where(eq(schema.leads.id, ids.leadId));
      expect(lead?.stage).toBe('new');
    },
  },

  // --- Moderation (the provider's console) ---
  { route: 'GET /api/admin/projects/pending', request: () => ({ method: 'GET', url: '/api/admin/projects/pending' }), expect: PROVIDER_ONLY },
  { route: 'GET /api/admin/brokers/pending', request: () => ({ method: 'GET', url: '/api/admin/brokers/pending' }), expect: PROVIDER_ONLY },
  { route: 'GET /api/admin/audit', request: () => ({ method: 'GET', url: '/api/admin/audit' }), expect: PROVIDER_ONLY },
  ...(['approve', 'reject'] as const).flatMap((decision): Row[] => [
    {
      route: `POST /api/admin/projects/{id}/${decision}`,
      label: 'a fresh pending listing',
      request: () => ({ method: 'POST', url: `/api/admin/projects/${ids.target}/${decision}`, payload: { remark: 'Decided by the matrix' } }),
      expect: PROVIDER_ONLY,
      arrange: async () => {
        ids.target = (await createProject(db(), { cityId: ids.cityId, locationId: ids.locationId, item: 'listing', brokerId: ids.brokerA, approval: 'pending', status: 'inactive' })).id;
      },
      owners: ['provider'],
      intact: () => expectListing(ids.target, 'pending', 'inactive'),
    },
    {
      route: `POST /api/admin/brokers/{id}/${decision}`,
      label: 'a fresh pending broker',
      request: () => ({ method: 'POST', url: `/api/admin/brokers/${ids.target}/${decision}`, payload: { remark: 'Decided by the matrix' } }),
      expect: PROVIDER_ONLY,
      arrange: async () => {
        ids.target = (await createBroker(db(), { approval: 'pending' })).id;
      },
      owners: ['provider'],
      intact: async () => {
        const [broker] = await db().select({ approval: schema.brokers.approval }).from(schema.brokers).where(eq(schema.brokers.id, ids.target));
        expect(broker?.approval).toBe('pending');
      },
    },
  ]),
  // --- Issue 14 part 3: the review queue, broker suspension, user blocks (provider only) ---
  { route: 'GET /api/admin/reviews', request: () => ({ method: 'GET', url: '/api/admin/reviews' }), expect: PROVIDER_ONLY },
  ...(['approve', 'reject'] as const).map(
    (decision): Row => ({
      route: `POST /api/admin/reviews/{id}/${decision}`,
      label: 'a fresh pending review',
      request: () => ({ method: 'POST', url: `/api/admin/reviews/${ids.target}/${decision}`, payload: { remark: 'Decided by the matrix' } }),
      expect: PROVIDER_ONLY,
      arrange: async () => {
        ids.target = (await createReview(db(), { subject: 'zone', zoneId: ids.zoneId, approval: 'pending' })).id;
      },
      owners: ['provider'],
      intact: async () => {
        const [review] = await db().select({ approval: schema.reviews.approval }).from(schema.reviews).where(eq(schema.reviews.id, ids.target));
        expect(review?.approval).toBe('pending');
      },
    }),
  ),
  { route: 'GET /api/admin/brokers', request: () => ({ method: 'GET', url: '/api/admin/brokers?q=broker' }), expect: PROVIDER_ONLY },
  ...(['suspend', 'reinstate'] as const).map(
    (action): Row => ({
      route: `POST /api/admin/brokers/{id}/${action}`,
      label: action === 'suspend' ? 'a fresh approved broker' : 'a fresh suspended broker',
      request: () => ({ method: 'POST', url: `/api/admin/brokers/${ids.target}/${action}`, payload: action === 'suspend' ? { reason: 'Suspended by the matrix' } : {} }),
      expect: PROVIDER_ONLY,
      arrange: async () => {
        ids.target = (await createBroker(db(), action === 'suspend' ? {} : { suspendedAt: new Date(), suspensionReason: 'Earlier' })).id;
      },
      owners: ['provider'],
      intact: async () => {
        const [broker] = await db().select({ suspendedAt: schema.brokers.suspendedAt }).from(schema.brokers).where(eq(schema.brokers.id, ids.target));
        expect(broker?.suspendedAt === null).toBe(action === 'suspend');
      },
    }),
  ),
  {
    route: 'POST /api/admin/projects/import',
    label: 'a dry run, which writes nothing',
    request: () => ({
      method: 'POST',
      url: '/api/admin/projects/import?mode=dry-run',
      headers: { 'content-type': 'text/csv' },
      payload: Buffer.from('project_name,builder,city,locality,property_type,unit_type,unit_min_price,unit_max_price\r\nMatrix Heights,Nobody,Nowhere,None,apartment,2,100,200\r\n'),
    }),
    expect: PROVIDER_ONLY,
  },
  { route: 'GET /api/admin/users', request: () => ({ method: 'GET', url: '/api/admin/users?q=user.a%40example.com' }), expect: PROVIDER_ONLY },
  ...(['block', 'unblock'] as const).map(
    (action): Row => ({
      route: `POST /api/admin/users/{id}/${action}`,
      label: action === 'block' ? 'a fresh user' : 'a fresh blocked user',
      request: () => ({ method: 'POST', url: `/api/admin/users/${ids.target}/${action}`, payload: action === 'block' ? { reason: 'Blocked by the matrix' } : {} }),
      expect: PROVIDER_ONLY,
      arrange: async () => {
        ids.target = (await createUser(db(), action === 'block' ? {} : { blockedAt: new Date(), blockReason: 'Earlier' })).id;
      },
      owners: ['provider'],
      intact: async () => {
        const [user] = await db().select({ blockedAt: schema.users.blockedAt }).from(schema.users).where(eq(schema.users.id, ids.target));
        expect(user?.blockedAt === null).toBe(action === 'block');
      },
    }),
  ),

  // --- Issue 14 part 2: banners, blogs, FAQs, construction projects and contractors (a create answers 201) ---
  ...CONTENT_RECORDS.flatMap(({ path, id, create, edited, image }): Row[] => [
    { route: `GET /api/admin/${path}`, request: () => ({ method: 'GET', url: `/api/admin/${path}?q=a&status=active` }), expect: PROVIDER_ONLY },
    { route: `GET /api/admin/${path}/{id}`, request: () => ({ method: 'GET', url: `/api/admin/${path}/${id()}` }), expect: PROVIDER_ONLY },
    { route: `POST /api/admin/${path}`, request: () => ({ method: 'POST', url: `/api/admin/${path}`, payload: create() }), expect: CREATED_BY_PROVIDER },
    {
      route: `PATCH /api/admin/${path}/{id}`,
      request: () => ({ method: 'PATCH', url: `/api/admin/${path}/${id()}`, payload: { [edited.field]: 'Edited by the matrix' } }),
      expect: PROVIDER_ONLY,
      owners: ['provider'],
      intact: async () => {
        const [row] = await db().select({ value: edited.column }).from(edited.table).where(eq(edited.id, id()));
        expect(row?.value).not.toBe('Edited by the matrix');
      },
    },
    ...(image
      ? [
          {
            route: `POST /api/admin/${path}/{id}/${image}`,
            request: async () => {
              const { payload, headers } = multipart([{ fileName: 'matrix.jpg', contentType: 'image/jpeg', bytes: await jpeg() }]);
              return { method: 'POST' as const, url: `/api/admin/${path}/${id()}/${image}`, payload, headers };
            },
            expect: PROVIDER_ONLY,
          },
        ]
      : []),
  ]),

  // --- Issue 14 part 1: builders, projects (units, photos) and places from the back office (a create answers 201) ---
  ...(['builders', 'projects', 'cities', 'zones', 'locations'] as const).map(
    (records): Row => ({ route: `GET /api/admin/${records}`, request: () => ({ method: 'GET', url: `/api/admin/${records}?q=a` }), expect: PROVIDER_ONLY }),
  ),
  { route: 'GET /api/admin/builders/{id}', request: () => ({ method: 'GET', url: `/api/admin/builders/${ids.builderId}` }), expect: PROVIDER_ONLY },
  { route: 'GET /api/admin/projects/{id}', request: () => ({ method: 'GET', url: `/api/admin/projects/${ids.projectA}` }), expect: PROVIDER_ONLY },
  { route: 'POST /api/admin/builders', request: () => ({ method: 'POST', url: '/api/admin/builders', payload: { name: `Matrix Builder ${randomUUID()}` } }), expect: CREATED_BY_PROVIDER },
  {
    route: 'PATCH /api/admin/builders/{id}',
    request: () => ({ method: 'PATCH', url: `/api/admin/builders/${ids.builderId}`, payload: { description: 'Edited by the matrix' } }),
    expect: PROVIDER_ONLY,
    owners: ['provider'],
    intact: async () => {
      const [builder] = await db().select({ description: schema.builders.description }).from(schema.builders).where(eq(schema.builders.id, ids.builderId));
      expect(builder?.description).not.toBe('Edited by the matrix');
    },
  },
  {
    route: 'POST /api/admin/projects',
    request: () => ({
      method: 'POST',
      url: '/api/admin/projects',
      payload: { name: 'Matrix Towers', type: 'apartment', cityId: ids.cityId, locationId: ids.locationId, units: [{ type: '2', minPrice: 5_000_000, maxPrice: 6_000_000 }] },
    }),
    expect: CREATED_BY_PROVIDER,
  },
  {
    route: 'PATCH /api/admin/projects/{id}',
    request: () => ({ method: 'PATCH', url: `/api/admin/projects/${ids.projectA}`, payload: { reraNumber: 'MATRIX-RERA' } }),
    expect: PROVIDER_ONLY,
    owners: ['provider'],
    intact: async () => {
      const [project] = await db().select({ reraNumber: schema.projects.reraNumber }).from(schema.projects).where(eq(schema.projects.id, ids.projectA));
      expect(project?.reraNumber).not.toBe('MATRIX-RERA');
    },
  },
  {
    route: 'POST /api/admin/projects/{id}/photos',
    request: async () => {
      const { payload, headers } = multipart([{ fileName: 'matrix.jpg', contentType: 'image/jpeg', bytes: await jpeg() }]);
      return { method: 'POST', url: `/api/admin/projects/${ids.projectA}/photos`, payload, headers };
    },
    expect: PROVIDER_ONLY,
  },
  {
    route: 'DELETE /api/admin/projects/{id}/photos/{mediaId}',
    request: () => ({ method: 'DELETE', url: `/api/admin/projects/${ids.projectA}/photos/${ids.target}` }),
    expect: PROVIDER_ONLY,
    arrange: async () => {
      const [photo] = await db().insert(schema.projectMedia).values({ projectId: ids.projectA, title: 'gallery', url: '/media/test/admin-matrix.webp', position: 98 }).returning();
      ids.target = photo?.id ?? 0;
    },
    owners: ['provider'],
    intact: async () => expect(await db().select().from(schema.projectMedia).where(eq(schema.projectMedia.id, ids.target))).toHaveLength(1),
  },
  { route: 'POST /api/admin/cities', request: () => ({ method: 'POST', url: '/api/admin/cities', payload: { name: `Matrix City ${randomUUID().slice(0, 8)}`, state: 'Karnataka' } }), expect: CREATED_BY_PROVIDER },
  { route: 'PATCH /api/admin/cities/{id}', request: () => ({ method: 'PATCH', url: `/api/admin/cities/${ids.cityId}`, payload: { state: 'Karnataka' } }), expect: PROVIDER_ONLY },
  { route: 'POST /api/admin/zones', request: () => ({ method: 'POST', url: '/api/admin/zones', payload: { cityId: ids.cityId, name: `Matrix Zone ${randomUUID().slice(0, 8)}` } }), expect: CREATED_BY_PROVIDER },
  { route: 'PATCH /api/admin/zones/{id}', request: () => ({ method: 'PATCH', url: `/api/admin/zones/${ids.zoneId}`, payload: {} }), expect: PROVIDER_ONLY },
  { route: 'POST /api/admin/locations', request: () => ({ method: 'POST', url: '/api/admin/locations', payload: { cityId: ids.cityId, name: `Matrix Locality ${randomUUID().slice(0, 8)}` } }), expect: CREATED_BY_PROVIDER },
  { route: 'PATCH /api/admin/locations/{id}', request: () => ({ method: 'PATCH', url: `/api/admin/locations/${ids.locationId}`, payload: {} }), expect: PROVIDER_ONLY },
  ...([
    ['cities', () => ids.cityId],
    ['zones', () => ids.zoneId],
    ['locations', () => ids.locationId],
  ] as const).map(
    ([places, id]): Row => ({
      route: `POST /api/admin/${places}/{id}/banner`,
      request: async () => {
        const { payload, headers } = multipart([{ fileName: 'matrix.jpg', contentType: 'image/jpeg', bytes: await jpeg() }]);
        return { method: 'POST', url: `/api/admin/${places}/${id()}/banner`, payload, headers };
      },
      expect: PROVIDER_ONLY,
    }),
  ),
];

function matches(outcome: Outcome, status: number): boolean {
  if (outcome === 'ok') return status >= 200 && status < 300;
  if (outcome === 'open') return status < 500;
  if (outcome === 'refused') return status >= 400 && status < 500;
  return status === outcome;
}

describe('access matrix', () => {
  for (const row of ROWS) {
    it(`${row.route}${row.label ? ` (${row.label})` : ''}`, async () => {
      const seen: string[] = [];
      for (const role of ROLES) {
        await row.arrange?.();
        const { method, url, payload, headers: extra } = await row.request();
        const headers = { ...extra, ...(role === 'guest' ? {} : await bearerFor(ctx.app, principals[role]())) };
        const response = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        seen.push(`${role}:${response.statusCode}`);
        expect(matches(row.expect[role], response.statusCode), `${role} got ${response.statusCode} (${response.body.slice(0, 160)}); expected ${row.expect[role]}`).toBe(true);
        if (response.statusCode < 300) row.body?.(role, response.json());
        if (!row.owners?.includes(role)) await row.intact?.();
      }
      expect(seen).toHaveLength(ROLES.length);
    });
  }

  it('has a row for every route of the OpenAPI document', async () => {
    await ctx.app.ready();
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(served.length).toBeGreaterThan(60);
    const covered = new Set(ROWS.map((row) => row.route));
    expect(served.filter((route) => !covered.has(route)).sort(), 'routes without a row: say who may call them').toEqual([]);
    expect([...covered].filter((route) => !served.includes(route)).sort(), 'rows for routes the app no longer serves').toEqual([]);
  });
});
