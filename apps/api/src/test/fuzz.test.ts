import { randomUUID } from 'node:crypto';
import type { Principal, PrincipalKind } from '@nivaas/contracts/auth.schema';
import { schema } from '@nivaas/db';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from './auth';
import { createBlog, createBuilder, createConstructionProject, createContractor, createFaq, createProject, createReview } from './factories';
import {
  badValue,
  bogusMultipart,
  fieldCases,
  CONTENT_TYPES,
  mutate,
  type OpenApiDocument,
  type OperationShape,
  operationsOf,
  oversizedBody,
  pathOf,
  type Plausible,
  plausibleValue,
  queryString,
  randomSource,
  type Random,
  rawBody,
  rawJsonOf,
} from './fuzz-inputs';
import { createWorld, type World } from './lifecycle';
import { createTestApp, type TestContext } from './test-app';

/**
 * Issue 10's fuzzer: for every route in the app's OpenAPI document, at least CASES_PER_ROUTE malformed requests
 * (fuzz-inputs.ts) as a guest and signed in, on PGlite and, in CI's second pass (DATABASE_URL set), on PostgreSQL.
 * It holds that no answer is a 5xx, that a protected route answers a guest 401 whatever it sends (body, content
 * type, size, a broken token), and that a signed-in caller of a kind the route does not admit gets 403 just as early.
 *
 * Every route needs a rule in ROUTES: a new route without one fails the first test, so whoever adds a route
 * says who may call it.
 */

const CASES_PER_ROUTE = 300;
/** Requests in flight at once: enough to overlap the awaits, few enough for a 2-core machine. */
const CONCURRENCY = 8;
/** Change it to see other cases; a failure message names the seed and the case number to replay. */
const SEED = 20_261_124;

type Kind = PrincipalKind;
interface RouteRule {
  /** 'public', or the kinds of signed-in caller the route lets through its onRequest gate (requireAuth). */
  access: 'public' | readonly Kind[];
  /** Takes multipart/form-data (the photo upload), not JSON. */
  multipart?: true;
}

const PUBLIC: RouteRule = { access: 'public' };
const USERS: RouteRule = { access: ['user'] };
const OWNERS: RouteRule = { access: ['user', 'broker'] };
const PROVIDER: RouteRule = { access: ['provider'] };

/** Who may call each route of the OpenAPI document, as 'METHOD /path'. */
const ROUTES: Record<string, RouteRule> = {
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'POST /api/auth/portal/send-otp': PUBLIC,
  'POST /api/auth/portal/verify-otp': PUBLIC,
  'POST /api/auth/broker/register': PUBLIC,
  'POST /api/auth/broker/login': PUBLIC,
  'POST /api/auth/broker/send-otp': PUBLIC,
  'POST /api/auth/broker/verify-otp': PUBLIC,
  'POST /api/auth/broker/forgot-password': PUBLIC,
  'POST /api/auth/broker/reset-password': PUBLIC,
  'POST /api/auth/provider/send-otp': PUBLIC,
  'POST /api/auth/provider/verify-otp': PUBLIC,
  'POST /api/auth/portal/refresh-token': PUBLIC,
  'POST /api/auth/portal/logout': PUBLIC,
  'GET /api/auth/me': { access: ['user', 'broker', 'provider'] },
  'GET /api/dev/outbox': PUBLIC,
  'GET /api/city': PUBLIC,
  'GET /api/city/{id}': PUBLIC,
  'GET /api/usersrouts/getAllBanner': PUBLIC,
  'GET /api/project': PUBLIC,
  'GET /api/project/random': PUBLIC,
  'GET /api/project/listings': PUBLIC,
  'GET /api/project/{id}': PUBLIC,
  'GET /api/project/{id}/similar': PUBLIC,
  'POST /api/project/upload': OWNERS,
  'PUT /api/project/upload/{id}': OWNERS,
  'GET /api/project/upload/{id}': { access: ['user', 'broker', 'provider'] },
  'GET /api/project/mine': OWNERS,
  'PATCH /api/project/publish/{id}': OWNERS,
  'POST /api/project/upload/{id}/photos': { access: ['user', 'broker'], multipart: true },
  'DELETE /api/project/upload/{id}/photos/{mediaId}': OWNERS,
  'GET /api/admin/projects/pending': PROVIDER,
  'GET /api/admin/brokers/pending': PROVIDER,
  'POST /api/admin/projects/{id}/approve': PROVIDER,
  'POST /api/admin/projects/{id}/reject': PROVIDER,
  'POST /api/admin/brokers/{id}/approve': PROVIDER,
  'POST /api/admin/brokers/{id}/reject': PROVIDER,
  'GET /api/admin/audit': PROVIDER,
  // Issue 14 part 2: banners, blogs, FAQs, construction projects and contractors.
  'GET /api/admin/banners': PROVIDER,
  'POST /api/admin/banners': PROVIDER,
  'GET /api/admin/banners/{id}': PROVIDER,
  'PATCH /api/admin/banners/{id}': PROVIDER,
  'POST /api/admin/banners/{id}/image': { access: ['provider'], multipart: true },
  'GET /api/admin/blogs': PROVIDER,
  'POST /api/admin/blogs': PROVIDER,
  'GET /api/admin/blogs/{id}': PROVIDER,
  'PATCH /api/admin/blogs/{id}': PROVIDER,
  'POST /api/admin/blogs/{id}/cover': { access: ['provider'], multipart: true },
  'GET /api/admin/faqs': PROVIDER,
  'POST /api/admin/faqs': PROVIDER,
  'GET /api/admin/faqs/{id}': PROVIDER,
  'PATCH /api/admin/faqs/{id}': PROVIDER,
  'GET /api/admin/construction/projects': PROVIDER,
  'POST /api/admin/construction/projects': PROVIDER,
  'GET /api/admin/construction/projects/{id}': PROVIDER,
  'PATCH /api/admin/construction/projects/{id}': PROVIDER,
  'POST /api/admin/construction/projects/{id}/image': { access: ['provider'], multipart: true },
  'GET /api/admin/construction/contractors': PROVIDER,
  'POST /api/admin/construction/contractors': PROVIDER,
  'GET /api/admin/construction/contractors/{id}': PROVIDER,
  'PATCH /api/admin/construction/contractors/{id}': PROVIDER,
  'POST /api/admin/construction/contractors/{id}/logo': { access: ['provider'], multipart: true },
  // Issue 14 part 3: the review queue, broker suspension, user blocks.
  'GET /api/admin/reviews': PROVIDER,
  'POST /api/admin/reviews/{id}/approve': PROVIDER,
  'POST /api/admin/reviews/{id}/reject': PROVIDER,
  'GET /api/admin/brokers': PROVIDER,
  'POST /api/admin/brokers/{id}/suspend': PROVIDER,
  'POST /api/admin/brokers/{id}/reinstate': PROVIDER,
  'GET /api/admin/users': PROVIDER,
  'POST /api/admin/users/{id}/block': PROVIDER,
  'POST /api/admin/users/{id}/unblock': PROVIDER,
  'POST /api/admin/projects/import': PROVIDER,
  'GET /api/lead': { access: ['user', 'broker', 'provider'] },
  'GET /api/lead/mine': OWNERS,
  'PATCH /api/lead/{id}/stage': OWNERS,
  'GET /api/project/search': PUBLIC,
  'GET /api/builder': PUBLIC,
  'GET /api/builder/{builderId}': PUBLIC,
  'GET /api/city/review/': PUBLIC,
  'GET /api/city/review': PUBLIC,
  'GET /api/location/{id}/reviews': PUBLIC,
  'GET /api/zone/{id}/reviews': PUBLIC,
  'GET /api/location': PUBLIC,
  'GET /api/location/{id}': PUBLIC,
  'GET /api/zone/{id}': PUBLIC,
  'GET /api/blog': PUBLIC,
  'GET /api/blog/{id}': PUBLIC,
  'GET /api/faq': PUBLIC,
  'GET /api/broker': PUBLIC,
  'GET /api/brokerRoutes/getAllBrokerUser': PUBLIC,
  'GET /api/broker/{brokerId}': PUBLIC,
  'PUT /api/broker/{id}': { access: ['broker', 'provider'] },
  'GET /api/construction/project': PUBLIC,
  'GET /api/construction/contractor': PUBLIC,
  'GET /api/construction/contractor/{id}': PUBLIC,
  'POST /api/leadMenegmentRoute/uILeadFormData': PUBLIC,
  'GET /api/favourites/user': OWNERS,
  'POST /api/favourites/user': OWNERS,
  'POST /api/usersrouts/savingPropertiesOfUser': OWNERS,
  'GET /api/usersrouts/userData': OWNERS,
  'GET /api/saved-searches': USERS,
  'GET /api/notifications': USERS,
  'POST /api/saved-searches': USERS,
  'DELETE /api/saved-searches/{id}': USERS,
  'POST /api/ratingroute/rateLocation': OWNERS,
  'POST /api/ratingroute/rate-zone': OWNERS,
  'GET /api/user/me': USERS,
  'PUT /api/user/me': USERS,
  'POST /api/user/me/verify-contact': USERS,
  'POST /api/track/session/start': PUBLIC,
  'POST /api/track/event': PUBLIC,
  'PUT /api/track/session/end': PUBLIC,
  'GET /api/broker/insights': { access: ['broker'] },
  'GET /api/broker/insights/searches': { access: ['broker'] },
  // Issue 14 part 1: builders, projects (units, photos) and places from the back office.
  'GET /api/admin/builders': PROVIDER,
  'GET /api/admin/builders/{id}': PROVIDER,
  'POST /api/admin/builders': PROVIDER,
  'PATCH /api/admin/builders/{id}': PROVIDER,
  'GET /api/admin/projects': PROVIDER,
  'GET /api/admin/projects/{id}': PROVIDER,
  'POST /api/admin/projects': PROVIDER,
  'PATCH /api/admin/projects/{id}': PROVIDER,
  'POST /api/admin/projects/{id}/photos': { access: ['provider'], multipart: true },
  'DELETE /api/admin/projects/{id}/photos/{mediaId}': PROVIDER,
  'GET /api/admin/cities': PROVIDER,
  'POST /api/admin/cities': PROVIDER,
  'PATCH /api/admin/cities/{id}': PROVIDER,
  'GET /api/admin/zones': PROVIDER,
  'POST /api/admin/zones': PROVIDER,
  'PATCH /api/admin/zones/{id}': PROVIDER,
  'GET /api/admin/locations': PROVIDER,
  'POST /api/admin/locations': PROVIDER,
  'PATCH /api/admin/locations/{id}': PROVIDER,
  'POST /api/admin/cities/{id}/banner': { access: ['provider'], multipart: true },
  'POST /api/admin/zones/{id}/banner': { access: ['provider'], multipart: true },
  'POST /api/admin/locations/{id}/banner': { access: ['provider'], multipart: true },
  'GET /api/admin/analytics/overview': PROVIDER,
  'GET /api/admin/analytics/projects/{id}': PROVIDER,
  'GET /api/admin/analytics/brokers/{id}': PROVIDER,
};

const KINDS: readonly Kind[] = ['user', 'broker', 'provider'];
type Caller = 'guest' | Kind;

let ctx: TestContext;
let world: World;
let operations: Map<string, OperationShape>;
let plausible: Plausible;
const principalOf: Record<Kind, () => Principal> = {
  user: () => ({ kind: 'user', id: world.userA }),
  broker: () => ({ kind: 'broker', id: world.brokerA }),
  provider: () => ({ kind: 'provider', id: world.staff }),
};

interface Failure {
  route: string;
  caseNumber: number;
  caller: Caller;
  expected: string;
  status: number;
  request: string;
  response: string;
}
const totals = { cases: 0, guestCases: 0, fieldCases: 0, byStatus: new Map<number, number>(), failures: [] as Failure[], started: 0 };

/** Rate limits per address are raised so the fuzzer reaches validation; per-account limits still answer 429, a fine non-5xx. */
const UNLIMITED = {
  AUTH_ATTEMPTS_PER_IP_PER_HOUR: '1000000',
  ENQUIRIES_PER_IP_PER_MINUTE: '1000000',
  ENQUIRIES_PER_MOBILE_PER_HOUR: '1000000',
  UPLOADS_PER_IP_PER_HOUR: '1000000',
  OTP_SENDS_PER_IP_PER_HOUR: '100000',
  TRACKING_REQUESTS_PER_IP_PER_MINUTE: '10000000',
  // A run's counters in a shared Redis (CI's second pass) start from nothing.
  RATE_LIMIT_REDIS_PREFIX: `fuzz-${randomUUID()}:`,
};

beforeAll(async () => {
  const ids: number[] = [1, 2, 3];
  ctx = await createTestApp({
    env: UNLIMITED,
    prepare: async ({ db }) => {
      world = await createWorld(db);
      const place = { cityId: world.cityId, zoneId: world.zoneId, locationId: world.locationId };
      const builder = await createBuilder(db);
      const project = await createProject(db, { ...place, builderId: builder.id });
      const pending = await createProject(db, { ...place, item: 'listing', brokerId: world.brokerA, approval: 'pending', status: 'inactive' });
      const live = await createProject(db, { ...place, item: 'listing', brokerId: world.brokerA });
      const [lead] = await db.insert(schema.leads).values({ projectId: live.id, name: 'Fuzz Lead', phone: '9811111111', email: 'lead@example.com' }).returning();
      const [photo] = await db.insert(schema.projectMedia).values({ projectId: pending.id, title: 'gallery', url: '/media/test/fuzz.webp', position: 9 }).returning();
      const blog = await createBlog(db);
      const faq = await createFaq(db);
      const contractor = await createContractor(db);
      const construction = await createConstructionProject(db, { contractorId: contractor.id });
      const review = await createReview(db, { subject: 'location', zoneId: world.zoneId, locationId: world.locationId });
      const [search] = await db.insert(schema.savedSearches).values({ userId: world.userA, name: 'Fuzz search', filters: { locationId: world.locationId } }).returning();
      ids.push(
        ...Object.values(world),
        builder.id,
        project.id,
        pending.id,
        live.id,
        lead?.id ?? 1,
        photo?.id ?? 1,
        blog.id,
        faq.id,
        contractor.id,
        construction.id,
        review.id,
        search?.id ?? 1,
      );
    },
  });
  const texts: Record<string, string> = {
    email: 'fuzz.user@example.com',
    phone: '9845012345',
    password: 'fuzz-password-1',
    otp: '123456',
    token: 'A'.repeat(43),
    name: 'Fuzz Name',
    company: 'Fuzz Realty',
    reraNumber: 'PRM/KA/RERA/1',
    remark: 'Fuzz remark for the owner',
    search: 'whitefield 2 bhk',
    query: '2 bhk under 80 lakh in whitefield',
    tag: 'Ready to Move',
    recipient: 'fuzz.user@example.com',
    purpose: 'otp',
    about: 'Line one\nline two',
    description: 'Line one\nline two',
    comment: 'Quiet street',
    message: 'Call me\nafter six',
    profilePhoto: '/media/test/fuzz.webp',
    minPrice: '₹ 85,00,000',
    maxPrice: '1.2 cr',
    associatedWith: 'contact_faqs',
    type: '2',
    floors: '7 of 14',
    bhk: '2,3',
    propertyType: 'apartment,villa',
  };
  plausible = { ids: [...new Set(ids)], text: (name) => texts[name] };
  await ctx.app.ready();
  operations = operationsOf(ctx.app.swagger() as OpenApiDocument);
  totals.started = Date.now();
});

afterAll(async () => {
  const seconds = ((Date.now() - totals.started) / 1000).toFixed(1);
  const statuses = [...totals.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  // The totals the issue's closing note quotes, in the test output of every run.
  process.stdout.write(
    `fuzz (${ctx?.database.kind ?? 'no database'}): ${totals.cases} cases (${totals.guestCases} as a guest, ${totals.fieldCases} one field with a control character) over ${operations?.size ?? 0} routes in ${seconds} s; ` +
      `failures ${totals.failures.length}; answers ${statuses.join(' ')}\n`,
  );
  await ctx?.close();
});

const BAD_AUTHORIZATION = ['Bearer garbage', 'Bearer ', 'Basic Zm9vOmJhcg==', `Bearer ${'a'.repeat(10_000)}`, 'Bearer a.b.c', 'bearer\u0000x', 'Bearer eyJhbGciOiJub25lIn0.e30.'];

/**
 * Headers for `caller`: a fresh token (its own sign-in family, so a logout case cannot end the next case's), or, for
 * a guest, nothing or a broken one. A signed-in caller now and then sends an expired token, and is then a guest.
 */
async function authorization(caller: Caller, random: Random): Promise<{ headers: Record<string, string>; caller: Caller }> {
  if (caller !== 'guest') {
    if (random.chance(0.03)) return { headers: await bearerFor(ctx.app, principalOf[caller](), new Date(Date.now() - 3_600_000)), caller: 'guest' };
    return { headers: await bearerFor(ctx.app, principalOf[caller]()), caller };
  }
  return { headers: random.chance(0.3) ? { authorization: random.pick(BAD_AUTHORIZATION) } : {}, caller };
}

function bodyFor(shape: OperationShape, rule: RouteRule, random: Random): { payload?: string | Buffer; contentType?: string } {
  const roll = random.int(100);
  if (rule.multipart && roll < 70) return bogusMultipart(random);
  const takesBody = shape.body !== undefined || shape.method === 'POST' || shape.method === 'PUT' || shape.method === 'PATCH';
  if (!takesBody && roll < 85) return {};
  const sample = plausibleValue(shape.body ?? { type: 'object' }, random, plausible);
  const contentType = random.chance(0.85) ? 'application/json' : random.pick(CONTENT_TYPES);
  if (roll < 35) return { payload: JSON.stringify(mutate(sample, random)), contentType };
  if (roll < 50) return { payload: JSON.stringify(sample), contentType };
  if (roll < 62) return { payload: rawJsonOf(sample, random), contentType };
  if (roll < 78) return { payload: rawBody(random), contentType };
  if (roll < 81) return { payload: oversizedBody(random), contentType: 'application/json' };
  if (roll < 93) return { payload: JSON.stringify(badValue(random)), contentType };
  return random.chance(0.5) ? { payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' } : bogusMultipart(random);
}

async function requestFor(shape: OperationShape, rule: RouteRule, sender: Caller, random: Random): Promise<{ options: InjectOptions; caller: Caller }> {
  const { headers, caller } = await authorization(sender, random);
  const broken = random.chance(0.6);
  // A guest or a refused kind must be answered by the route's sign-in gate: its path still names the route.
  const gated = rule.access !== 'public' && (caller === 'guest' || !rule.access.includes(caller));
  const url = `${pathOf(shape, random, plausible, broken, gated)}${queryString(shape, random, plausible, broken)}`;
  const { payload, contentType } = bodyFor(shape, rule, random);
  if (contentType !== undefined) headers['content-type'] = contentType;
  return { options: { method: shape.method as InjectOptions['method'], url, headers, ...(payload !== undefined ? { payload } : {}) }, caller };
}

/** Who sends case `n`: for a protected route, a guest for a third of the cases and a refused kind for some. */
function callerFor(rule: RouteRule, n: number): Caller {
  if (rule.access === 'public') return (['guest', 'user', 'broker', 'provider'] as const)[n % 4] ?? 'guest';
  const admitted = rule.access;
  const refused = KINDS.filter((kind) => !admitted.includes(kind));
  if (n % 3 === 0) return 'guest';
  if (refused.length > 0 && n % 10 === 1) return refused[n % refused.length] ?? 'guest';
  return admitted[n % admitted.length] ?? 'guest';
}

function describeRequest(options: InjectOptions): string {
  const headers = (options.headers ?? {}) as Record<string, string>;
  const payload = options.payload === undefined ? '' : String(options.payload);
  const body = payload.length > 160 ? `${payload.slice(0, 160)}... (${payload.length} chars)` : payload;
  return `${options.method} ${String(options.url).slice(0, 200)} [content-type: ${headers['content-type'] ?? 'none'}] ${JSON.stringify(body)}`;
}

/** Text with a control character in one field at a time, sent by a caller the route admits: a 400 naming that field. */
async function fieldRuleFailures(route: string, shape: OperationShape, rule: RouteRule, random: Random): Promise<Failure[]> {
  const caller: Caller = rule.access === 'public' ? 'guest' : (rule.access[0] ?? 'guest');
  const failures: Failure[] = [];
  for (const [n, { field, url, payload }] of fieldCases(shape, random, plausible).entries()) {
    const { headers } = caller === 'guest' ? { headers: {} } : { headers: await bearerFor(ctx.app, principalOf[caller]()) };
    const options: InjectOptions = { method: shape.method as InjectOptions['method'], url, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload } : {}) };
    const response = await ctx.app.inject(options);
    totals.cases += 1;
    totals.fieldCases += 1;
    totals.byStatus.set(response.statusCode, (totals.byStatus.get(response.statusCode) ?? 0) + 1);
    const issues = response.statusCode === 400 ? ((response.json() as { issues?: { field: string }[] }).issues ?? []) : [];
    // 429: a per-account limit (passcodes to one identity) may answer first; it is still no 5xx and no write.
    const named = response.statusCode === 429 || issues.some((issue) => issue.field === field || issue.field.startsWith(`${field}.`));
    if (!named) failures.push({ route, caseNumber: n, caller, expected: `400 naming ${field}`, status: response.statusCode, request: describeRequest(options), response: response.body.slice(0, 300) });
  }
  return failures;
}

async function fuzzRoute(route: string): Promise<Failure[]> {
  const shape = operations.get(route);
  const rule = ROUTES[route];
  if (!shape || !rule) throw new Error(`${route}: no operation or no rule`);
  const random = randomSource(SEED ^ [...route].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619), 2_166_136_261));
  const failures: Failure[] = rule.multipart ? [] : await fieldRuleFailures(route, shape, rule, random);
  for (let start = 0; start < CASES_PER_ROUTE; start += CONCURRENCY) {
    // Made one after another so a seed always makes the same cases; sent together.
    const requests: { n: number; caller: Caller; options: InjectOptions }[] = [];
    for (let n = start; n < Math.min(start + CONCURRENCY, CASES_PER_ROUTE); n += 1) requests.push({ n, ...(await requestFor(shape, rule, callerFor(rule, n), random)) });
    const responses = await Promise.all(requests.map(({ options }) => ctx.app.inject(options)));
    requests.forEach(({ n, caller, options }, index) => {
      const response = responses[index];
      if (!response) return;
      totals.cases += 1;
      if (caller === 'guest') totals.guestCases += 1;
      totals.byStatus.set(response.statusCode, (totals.byStatus.get(response.statusCode) ?? 0) + 1);
      const protectedRoute = rule.access !== 'public';
      const expected =
        protectedRoute && caller === 'guest' ? 401 : protectedRoute && caller !== 'guest' && !rule.access.includes(caller) ? 403 : 'not 5xx';
      const ok = expected === 'not 5xx' ? response.statusCode < 500 : response.statusCode === expected;
      if (!ok) {
        failures.push({ route, caseNumber: n, caller, expected: String(expected), status: response.statusCode, request: describeRequest(options), response: response.body.slice(0, 300) });
      }
    });
  }
  totals.failures.push(...failures);
  return failures;
}

describe(`fuzzer: ${CASES_PER_ROUTE} malformed requests per route, as a guest and signed in`, () => {
  it('has a rule for every route in the OpenAPI document, and none for a route that is gone', () => {
    const served = [...operations.keys()].sort();
    expect(served.length).toBeGreaterThan(60);
    expect(served.filter((route) => !(route in ROUTES)), 'routes without a rule in ROUTES: say who may call them').toEqual([]);
    expect(Object.keys(ROUTES).filter((route) => !operations.has(route)), 'rules for routes the app no longer serves').toEqual([]);
  });

  for (const route of Object.keys(ROUTES)) {
    it(route, async () => {
      if (!operations.has(route)) return; // reported by the first test
      const failures = await fuzzRoute(route);
      const report = failures.slice(0, 5).map((failure) => `#${failure.caseNumber} as ${failure.caller}: expected ${failure.expected}, got ${failure.status}\n  ${failure.request}\n  -> ${failure.response}`);
      expect(failures.length, `${failures.length} of ${CASES_PER_ROUTE} cases failed (seed ${SEED}):\n${report.join('\n')}`).toBe(0);
    }, 120_000);
  }
});
