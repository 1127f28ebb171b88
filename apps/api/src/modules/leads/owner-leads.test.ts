import type { Principal } from '@nivaas/contracts/auth.schema';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../test/factories';
import { createWorld, headersFor, principals, type World } from '../../test/lifecycle';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let world: World;
let who: ReturnType<typeof principals>;
const ids = { brokerListing: 0, userListing: 0, otherBrokerListing: 0 };

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      world = await createWorld(db);
      const live = { cityId: world.cityId, locationId: world.locationId, item: 'listing' as const, approval: 'approved' as const, status: 'active' as const };
      ids.brokerListing = (await createProject(db, { ...live, brokerId: world.brokerA, name: 'Broker A flat' })).id;
      ids.userListing = (await createProject(db, { ...live, ownerId: world.userA, name: 'User A villa', type: 'villa' })).id;
      ids.otherBrokerListing = (await createProject(db, { ...live, brokerId: world.brokerB, name: 'Broker B plot' })).id;
    },
  });
  who = principals(world);
});

afterAll(async () => {
  await ctx?.close();
});

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, principal: Principal | null, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: await headersFor(ctx.app, principal), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

let phone = 9_800_000_000;
async function enquire(projectId: number, name = 'Asha Rao') {
  phone += 1;
  const response = await call('POST', '/api/leadMenegmentRoute/uILeadFormData', null, { name, phone: String(phone), email: `asha${phone}@example.com`, message: 'Is it still available?', projectId });
  expect(response.statusCode, response.body).toBe(201);
}

describe('enquiries attach to the listing they were sent from', () => {
  it("a broker's and a user's live listings each collect their own leads", async () => {
    await enquire(ids.brokerListing, 'Visitor One');
    await enquire(ids.userListing, 'Visitor Two');
    await enquire(ids.otherBrokerListing, 'Visitor Three');

    const broker = await call('GET', `/api/lead?projectId=${ids.brokerListing}`, who.brokerA);
    expect(broker.statusCode, broker.body).toBe(200);
    expect(broker.json().leads).toEqual([
      expect.objectContaining({ name: 'Visitor One', phone: expect.any(String), email: expect.any(String), stage: 'new', project: { id: ids.brokerListing, name: 'Broker A flat' } }),
    ]);
    const user = await call('GET', `/api/lead?projectId=${ids.userListing}`, who.userA);
    expect(user.json().leads.map((lead: { name: string }) => lead.name)).toEqual(['Visitor Two']);
  });
});

describe('GET /api/lead?projectId', () => {
  it("refuses another owner's listing (403), lets the provider read any, and needs a token", async () => {
    await enquire(ids.otherBrokerListing);
    const other = await call('GET', `/api/lead?projectId=${ids.otherBrokerListing}`, who.brokerA);
    expect(other.statusCode).toBe(403);
    expect(other.json().field).toBe('projectId');
    expect((await call('GET', `/api/lead?projectId=${ids.brokerListing}`, who.userA)).statusCode).toBe(403);
    expect((await call('GET', `/api/lead?projectId=${ids.brokerListing}`, who.pendingBroker)).statusCode).toBe(403);
    expect((await call('GET', `/api/lead?projectId=${ids.otherBrokerListing}`, who.provider)).statusCode).toBe(200);
    expect((await call('GET', `/api/lead?projectId=${ids.brokerListing}`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/lead?projectId=999999', who.brokerA)).statusCode).toBe(404);
    expect((await call('GET', '/api/lead', who.brokerA)).json().field).toBe('projectId');
  });
});

describe('GET /api/lead/mine and PATCH /api/lead/{id}/stage', () => {
  it("lists only the caller's leads, and each of the three buttons persists the stage", async () => {
    await enquire(ids.brokerListing, 'Stage Tester');
    const mine = await call('GET', '/api/lead/mine', who.brokerA);
    expect(mine.statusCode).toBe(200);
    const leads = mine.json().leads as { id: number; name: string; project: { id: number } }[];
    expect(leads.every((lead) => lead.project.id === ids.brokerListing)).toBe(true);
    const lead = leads.find((item) => item.name === 'Stage Tester');
    if (!lead) throw new Error('lead not listed');

    for (const [stage, message] of [
      ['interested', 'Marked as interested.'],
      ['not_interested', 'Marked as not interested.'],
      ['crm', 'Added to CRM.'],
    ] as const) {
      const response = await call('PATCH', `/api/lead/${lead.id}/stage`, who.brokerA, { stage });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ message, lead: { id: lead.id, stage } });
      const [row] = await ctx.database.db.select({ stage: schema.leads.stage }).from(schema.leads).where(eq(schema.leads.id, lead.id));
      expect(row?.stage).toBe(stage);
    }
    expect((await call('GET', '/api/lead/mine?stage=crm', who.brokerA)).json().leads.map((item: { id: number }) => item.id)).toEqual([lead.id]);
  });

  it("refuses another owner's lead, the provider, unknown stages and extra fields", async () => {
    await enquire(ids.userListing, 'Private Lead');
    const [row] = await ctx.database.db.select({ id: schema.leads.id }).from(schema.leads).where(eq(schema.leads.name, 'Private Lead'));
    const url = `/api/lead/${row?.id}/stage`;
    expect((await call('PATCH', url, who.userB, { stage: 'interested' })).statusCode).toBe(403);
    expect((await call('PATCH', url, who.brokerA, { stage: 'interested' })).statusCode).toBe(403);
    expect((await call('PATCH', url, who.provider, { stage: 'interested' })).statusCode).toBe(403);
    expect((await call('PATCH', url, who.userA, { stage: 'new' })).json().field).toBe('stage');
    expect((await call('PATCH', url, who.userA, { stage: 'crm', projectId: 1 })).json().field).toBe('projectId');
    expect((await call('PATCH', '/api/lead/999999/stage', who.userA, { stage: 'crm' })).statusCode).toBe(404);
    const [after] = await ctx.database.db.select({ stage: schema.leads.stage }).from(schema.leads).where(eq(schema.leads.name, 'Private Lead'));
    expect(after?.stage).toBe('new');
    // The user sees it among their own (/Shareleads); an unapproved broker sees none at all.
    expect((await call('GET', '/api/lead/mine', who.userA)).json().leads.map((lead: { name: string }) => lead.name)).toContain('Private Lead');
    expect((await call('GET', '/api/lead/mine', who.pendingBroker)).statusCode).toBe(403);
  });
});
