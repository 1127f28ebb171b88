import { schema } from '@nivaas/db';
import { and, eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestOutboxMessage } from '../../test/auth';
import { createProject } from '../../test/factories';
import { createWorld, headersFor, principals, uploadBody, type World } from '../../test/lifecycle';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * Issue 14: the provider suspends a broker and reinstates them. What a visitor, the broker and the audit log see.
 */
let ctx: TestContext;
let world: World;
const listings = { live: 0, liveToo: 0, hiddenByOwner: 0, pending: 0 };

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      world = await createWorld(db);
      await db.update(schema.brokers).set({ email: 'vikram.suspend@example.com', name: 'Vikram Suspendable' }).where(eq(schema.brokers.id, world.brokerA));
      const place = { cityId: world.cityId, zoneId: world.zoneId, locationId: world.locationId, item: 'listing' as const, brokerId: world.brokerA };
      listings.live = (await createProject(db, { ...place, name: 'Suspension Live One' })).id;
      listings.liveToo = (await createProject(db, { ...place, name: 'Suspension Live Two' })).id;
      listings.hiddenByOwner = (await createProject(db, { ...place, name: 'Suspension Switched Off', status: 'inactive' })).id;
      listings.pending = (await createProject(db, { ...place, name: 'Suspension Pending', status: 'inactive', approval: 'pending' })).id;
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

const who = () => principals(world);
const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, as: keyof ReturnType<typeof who> | null, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: await headersFor(ctx.app, as ? who()[as] : null), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function publicStatus(id: number): Promise<number> {
  return (await call('GET', `/api/project/${id}`, null)).statusCode;
}

async function brokerIsListed(): Promise<boolean> {
  const brokers = (await call('GET', '/api/broker', null)).json() as { brokers: { id: number }[] };
  return brokers.brokers.some((broker) => broker.id === world.brokerA);
}

describe('POST /api/admin/brokers/{id}/suspend and /reinstate', () => {
  it('takes the live listings off the site, tells the broker why, refuses their uploads, and brings back exactly the live ones', async () => {
    expect(await publicStatus(listings.live)).toBe(200);
    expect(await publicStatus(listings.liveToo)).toBe(200);
    expect(await brokerIsListed()).toBe(true);

    const suspended = await call('POST', `/api/admin/brokers/${world.brokerA}/suspend`, 'provider', { reason: 'Several listings had fake photos' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({
      success: true,
      message: expect.stringContaining('2 live listings left the site'),
      item: { id: world.brokerA, suspensionReason: 'Several listings had fake photos', suspendedAt: expect.any(String), liveListings: 2 },
    });

    // A visitor: the listings and the profile are gone at once.
    expect(await publicStatus(listings.live)).toBe(404);
    expect(await publicStatus(listings.liveToo)).toBe(404);
    expect(await brokerIsListed()).toBe(false);
    expect((await call('GET', `/api/broker/${world.brokerA}`, null)).statusCode).toBe(404);

    // The broker: told by e-mail, and every act refused with the reason.
    const notice = await latestOutboxMessage(ctx.app, 'vikram.suspend@example.com', 'account-notice');
    expect(notice?.subject).toBe('Your Nivaas broker account is suspended');
    expect(notice?.body).toContain('Reason: Several listings had fake photos');
    const upload = await call('POST', '/api/project/upload', 'brokerA', uploadBody(world));
    expect(upload.statusCode).toBe(403);
    expect(upload.json().message).toContain('suspended: Several listings had fake photos');
    expect((await call('PATCH', `/api/project/publish/${listings.hiddenByOwner}`, 'brokerA', { status: 'active' })).statusCode).toBe(403);
    expect((await call('GET', '/api/project/mine', 'brokerA')).statusCode).toBe(403);
    expect((await call('GET', '/api/lead/mine', 'brokerA')).statusCode).toBe(403);
    // Nothing of their listings' own state moved.
    const rows = await ctx.database.db.select({ id: schema.projects.id, status: schema.projects.status, approval: schema.projects.approval }).from(schema.projects).where(eq(schema.projects.brokerId, world.brokerA));
    expect(rows.find((row) => row.id === listings.live)).toMatchObject({ status: 'active', approval: 'approved' });

    const again = await call('POST', `/api/admin/brokers/${world.brokerA}/suspend`, 'provider', { reason: 'Twice' });
    expect(again.statusCode).toBe(409);

    const reinstated = await call('POST', `/api/admin/brokers/${world.brokerA}/reinstate`, 'provider', {});
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    expect(reinstated.json().item).toMatchObject({ suspendedAt: null, suspensionReason: null, liveListings: 2 });
    expect(await publicStatus(listings.live)).toBe(200);
    expect(await publicStatus(listings.liveToo)).toBe(200);
    // The one its owner had switched off and the pending one stay hidden: reinstating restores, it does not publish.
    expect(await publicStatus(listings.hiddenByOwner)).toBe(404);
    expect(await publicStatus(listings.pending)).toBe(404);
    expect(await brokerIsListed()).toBe(true);
    expect((await latestOutboxMessage(ctx.app, 'vikram.suspend@example.com', 'account-notice'))?.subject).toBe('Your Nivaas broker account is reinstated');
    expect((await call('PATCH', `/api/project/publish/${listings.hiddenByOwner}`, 'brokerA', { status: 'inactive' })).statusCode).toBe(200);

    // Both changes are in the broker's audit history, with who and why.
    const audit = (await call('GET', `/api/admin/audit?entityKind=broker&entityId=${world.brokerA}`, 'provider')).json();
    expect(audit.entries.map((entry: { action: string }) => entry.action)).toEqual(['reinstate', 'suspend']);
    expect(audit.entries[1]).toMatchObject({ fromState: 'active', toState: 'suspended', remark: 'Several listings had fake photos', actor: { kind: 'provider', id: world.staff } });
    expect((await call('POST', `/api/admin/brokers/${world.brokerA}/reinstate`, 'provider')).statusCode).toBe(409);
  });

  it('lists brokers for the provider, by standing and by search', async () => {
    await call('POST', `/api/admin/brokers/${world.brokerB}/suspend`, 'provider', { reason: 'Unpaid fees' });
    const suspended = (await call('GET', '/api/admin/brokers?standing=suspended', 'provider')).json();
    expect(suspended.items.map((broker: { id: number }) => broker.id)).toEqual([world.brokerB]);
    const found = (await call('GET', '/api/admin/brokers?q=vikram.suspend', 'provider')).json();
    expect(found.items).toEqual([expect.objectContaining({ id: world.brokerA, name: 'Vikram Suspendable', liveListings: 2, suspendedAt: null })]);
    expect(found.pagination).toMatchObject({ total: 1, hasMore: false });
  });

  it('refuses a missing or short reason with 400 naming it, an unknown broker with 404, and writes nothing', async () => {
    for (const payload of [{}, { reason: 'no' }, { reason: 'Valid reason', extra: 1 }]) {
      const response = await call('POST', `/api/admin/brokers/${world.brokerA}/suspend`, 'provider', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('POST', `/api/admin/brokers/${world.brokerA}/suspend`, 'provider', {})).json().field).toBe('reason');
    expect((await call('POST', '/api/admin/brokers/2147483647/suspend', 'provider', { reason: 'Nobody here' })).statusCode).toBe(404);
    const [row] = await ctx.database.db.select({ suspendedAt: schema.brokers.suspendedAt }).from(schema.brokers).where(and(eq(schema.brokers.id, world.brokerA)));
    expect(row?.suspendedAt).toBeNull();
  });
});
