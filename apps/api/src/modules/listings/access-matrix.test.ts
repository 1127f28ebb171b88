import type { Principal } from '@nivaas/contracts/auth.schema';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroker, createProject } from '../../test/factories';
import { createWorld, headersFor, jpeg, multipart, principals, uploadBody, type World } from '../../test/lifecycle';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Issue 5's access matrix: every route of the listing lifecycle against every kind of caller (a guest, users A and B,
 * approved brokers A and B, a broker still pending approval, the provider). Only the callers listed as allowed may get
 * a 2xx; everyone else gets 401 or 403, and a refused write changes nothing.
 */

type Caller = 'guest' | 'userA' | 'userB' | 'brokerA' | 'brokerB' | 'pendingBroker' | 'provider';
const CALLERS: Caller[] = ['guest', 'userA', 'userB', 'brokerA', 'brokerB', 'pendingBroker', 'provider'];

let ctx: TestContext;
let world: World;
let who: Record<Exclude<Caller, 'guest'>, Principal>;
/** brokerA's listings: pending (edited, photographed), approved (toggled); a lead on the approved one. */
const ids = { pending: 0, approved: 0, leadId: 0, spareBrokers: [] as number[] };

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      world = await createWorld(db);
      const place = { cityId: world.cityId, locationId: world.locationId, item: 'listing' as const, brokerId: world.brokerA };
      ids.pending = (await createProject(db, { ...place, approval: 'pending', status: 'inactive' })).id;
      ids.approved = (await createProject(db, { ...place, approval: 'approved', status: 'active' })).id;
      const [lead] = await db.insert(schema.leads).values({ projectId: ids.approved, name: 'Matrix Lead', phone: '9811111111', email: 'lead@example.com' }).returning();
      ids.leadId = lead?.id ?? 0;
      for (let n = 0; n < 4; n += 1) ids.spareBrokers.push((await createBroker(db, { approval: 'pending' })).id);
    },
  });
  who = principals(world);
});

afterAll(async () => {
  await ctx?.close();
});

async function send(caller: Caller, options: InjectOptions) {
  const auth = await headersFor(ctx.app, caller === 'guest' ? null : who[caller]);
  return ctx.app.inject({ ...options, headers: { ...(options.headers as Record<string, string> | undefined), ...auth } });
}

/** A fresh pending listing of brokerA for a decision (so each allowed call has something to decide). */
async function freshPending(): Promise<number> {
  return (await createProject(ctx.database.db, { cityId: world.cityId, locationId: world.locationId, item: 'listing', brokerId: world.brokerA, approval: 'pending', status: 'inactive' })).id;
}

async function photoOf(projectId: number): Promise<number> {
  const [row] = await ctx.database.db
    .insert(schema.projectMedia)
    .values({ projectId, title: 'gallery', url: '/media/test/matrix.webp', position: 99 })
    .returning();
  return row?.id ?? 0;
}

interface RouteCase {
  route: string;
  allowed: Caller[];
  /** Made once per route, before any call: what every caller's request aims at. */
  target?: () => Promise<number>;
  request: (target: number) => Promise<InjectOptions> | InjectOptions;
}

const routes: RouteCase[] = [
  { route: 'POST /api/project/upload', allowed: ['userA', 'userB', 'brokerA', 'brokerB'], request: () => ({ method: 'POST', url: '/api/project/upload', payload: uploadBody(world) as never }) },
  { route: 'PUT /api/project/upload/{id}', allowed: ['brokerA'], request: () => ({ method: 'PUT', url: `/api/project/upload/${ids.pending}`, payload: uploadBody(world) as never }) },
  { route: 'GET /api/project/upload/{id}', allowed: ['brokerA', 'provider'], request: () => ({ method: 'GET', url: `/api/project/upload/${ids.pending}` }) },
  { route: 'GET /api/project/mine', allowed: ['userA', 'userB', 'brokerA', 'brokerB'], request: () => ({ method: 'GET', url: '/api/project/mine' }) },
  { route: 'PATCH /api/project/publish/{id}', allowed: ['brokerA'], request: () => ({ method: 'PATCH', url: `/api/project/publish/${ids.approved}`, payload: { status: 'active' } }) },
  {
    route: 'POST /api/project/upload/{id}/photos',
    allowed: ['brokerA'],
    request: async () => {
      const { payload, headers } = multipart([{ fileName: 'a.jpg', contentType: 'image/jpeg', bytes: await jpeg() }]);
      return { method: 'POST', url: `/api/project/upload/${ids.pending}/photos`, payload, headers };
    },
  },
  { route: 'DELETE /api/project/upload/{id}/photos/{mediaId}', allowed: ['brokerA'], request: async () => ({ method: 'DELETE', url: `/api/project/upload/${ids.pending}/photos/${await photoOf(ids.pending)}` }) },
  { route: 'GET /api/admin/projects/pending', allowed: ['provider'], request: () => ({ method: 'GET', url: '/api/admin/projects/pending' }) },
  { route: 'GET /api/admin/brokers/pending', allowed: ['provider'], request: () => ({ method: 'GET', url: '/api/admin/brokers/pending' }) },
  { route: 'POST /api/admin/projects/{id}/approve', allowed: ['provider'], target: freshPending, request: (id) => ({ method: 'POST', url: `/api/admin/projects/${id}/approve` }) },
  { route: 'POST /api/admin/projects/{id}/reject', allowed: ['provider'], target: freshPending, request: (id) => ({ method: 'POST', url: `/api/admin/projects/${id}/reject`, payload: { remark: 'Not enough detail' } }) },
  { route: 'POST /api/admin/brokers/{id}/approve', allowed: ['provider'], request: () => ({ method: 'POST', url: `/api/admin/brokers/${ids.spareBrokers[0]}/approve` }) },
  { route: 'POST /api/admin/brokers/{id}/reject', allowed: ['provider'], request: () => ({ method: 'POST', url: `/api/admin/brokers/${ids.spareBrokers[1]}/reject`, payload: { remark: 'Could not verify' } }) },
  { route: 'GET /api/admin/audit', allowed: ['provider'], request: () => ({ method: 'GET', url: '/api/admin/audit' }) },
  { route: 'GET /api/lead?projectId=', allowed: ['brokerA', 'provider'], request: () => ({ method: 'GET', url: `/api/lead?projectId=${ids.approved}` }) },
  { route: 'GET /api/lead/mine', allowed: ['userA', 'userB', 'brokerA', 'brokerB'], request: () => ({ method: 'GET', url: '/api/lead/mine' }) },
  { route: 'PATCH /api/lead/{id}/stage', allowed: ['brokerA'], request: () => ({ method: 'PATCH', url: `/api/lead/${ids.leadId}/stage`, payload: { stage: 'interested' } }) },
];

describe('access matrix', () => {
  for (const { route, allowed, target: makeTarget, request: requestFor } of routes) {
    it(`${route}: 2xx only for ${allowed.join(', ')}`, async () => {
      const target = makeTarget ? await makeTarget() : 0;
      const request = () => requestFor(target);
      const refused = CALLERS.filter((caller) => !allowed.includes(caller));
      const projectsBefore = await ctx.database.db.select({ id: schema.projects.id, approval: schema.projects.approval, status: schema.projects.status, name: schema.projects.name }).from(schema.projects);
      const brokersBefore = await ctx.database.db.select({ id: schema.brokers.id, approval: schema.brokers.approval }).from(schema.brokers);
      const [leadBefore] = await ctx.database.db.select({ stage: schema.leads.stage }).from(schema.leads).where(eq(schema.leads.id, ids.leadId));
      for (const caller of refused) {
        const response = await send(caller, await request());
        expect([401, 403], `${route} as ${caller}: ${response.body}`).toContain(response.statusCode);
        expect(response.statusCode, `${route} as ${caller}`).toBe(caller === 'guest' ? 401 : 403);
      }
      // Nothing a refused caller sent changed a listing, a broker or a lead (brokerA's own test photos aside).
      expect(await ctx.database.db.select({ id: schema.projects.id, approval: schema.projects.approval, status: schema.projects.status, name: schema.projects.name }).from(schema.projects)).toEqual(projectsBefore);
      expect(await ctx.database.db.select({ id: schema.brokers.id, approval: schema.brokers.approval }).from(schema.brokers)).toEqual(brokersBefore);
      const [leadAfter] = await ctx.database.db.select({ stage: schema.leads.stage }).from(schema.leads).where(eq(schema.leads.id, ids.leadId));
      expect(leadAfter).toEqual(leadBefore);
      for (const caller of allowed) {
        const response = await send(caller, await request());
        expect(response.statusCode, `${route} as ${caller}: ${response.body}`).toBeGreaterThanOrEqual(200);
        expect(response.statusCode, `${route} as ${caller}`).toBeLessThan(300);
      }
    });
  }

  it("GET /api/project?brokerId= shows every state only to that broker's own token; everyone else sees the public list", async () => {
    await ctx.database.db.update(schema.projects).set({ approval: 'approved', status: 'active' }).where(eq(schema.projects.id, ids.approved));
    for (const caller of CALLERS) {
      const response = await send(caller, { method: 'GET', url: `/api/project?brokerId=${world.brokerA}` });
      expect(response.statusCode, caller).toBe(200);
      const states = new Set(response.json().projects.map((project: { approval: string; status: string }) => `${project.approval}/${project.status}`));
      if (caller === 'brokerA') {
        expect(states.has('pending/inactive'), caller).toBe(true);
        expect(response.json().counters, caller).toBeDefined();
      } else {
        expect([...states], caller).toEqual(['approved/active']);
        expect(response.json().counters, caller).toBeUndefined();
      }
    }
  });
});
