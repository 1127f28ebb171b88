import type { Principal } from '@nivaas/contracts/auth.schema';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroker, createProject } from '../../test/factories';
import { createWorld, headersFor, jpeg, multipart, principals, uploadBody, type World } from '../../test/lifecycle';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let world: World;
let who: ReturnType<typeof principals>;

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      world = await createWorld(db);
    },
  });
  who = principals(world);
});

afterAll(async () => {
  await ctx?.close();
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, principal: Principal | null, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: await headersFor(ctx.app, principal), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

async function upload(owner: Principal = who.brokerA, name = 'Lake view 2 BHK'): Promise<number> {
  const response = await call('POST', '/api/project/upload', owner, uploadBody(world, { name }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().project.id;
}

const approve = (id: number, principal: Principal = who.provider, body?: unknown) => call('POST', `/api/admin/projects/${id}/approve`, principal, body);
const reject = (id: number, remark: unknown = 'Photos are blurry; please add clear ones', principal: Principal = who.provider) => call('POST', `/api/admin/projects/${id}/reject`, principal, { remark });

describe('the listing loop: upload, reject with remark, resubmit, approve, live', () => {
  it('shows the remark with its time to the owner, and the audit log records who did what', async () => {
    const id = await upload(who.brokerA, 'Whole loop 3 BHK');
    const photos = multipart([{ fileName: 'front.jpg', contentType: 'image/jpeg', bytes: await jpeg() }]);
    await ctx.app.inject({ method: 'POST', url: `/api/project/upload/${id}/photos`, payload: photos.payload, headers: { ...photos.headers, ...(await headersFor(ctx.app, who.brokerA)) } });

    const queue = await call('GET', '/api/admin/projects/pending?limit=100', who.provider);
    expect(queue.statusCode).toBe(200);
    const queued = queue.json().projects.find((project: { id: number }) => project.id === id);
    expect(queued).toMatchObject({
      name: 'Whole loop 3 BHK',
      approval: 'pending',
      medias: [{ title: 'gallery', url: expect.stringMatching(/^\/media\/uploads\/listings\//) }],
      units: [{ type: '2', minPrice: 8_500_000 }],
      owner: { kind: 'broker', id: world.brokerA, approval: 'approved', email: expect.any(String) },
    });

    const rejected = await reject(id);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().project).toMatchObject({ id, approval: 'rejected', status: 'inactive' });
    const [at, message] = Object.entries(rejected.json().project.remarks as Record<string, string>)[0] ?? [];
    if (at === undefined) throw new Error('no remark');
    expect(message).toBe('Photos are blurry; please add clear ones');
    expect(new Date(at).toISOString()).toBe(at);

    const own = await call('GET', `/api/project?brokerId=${world.brokerA}`, who.brokerA);
    expect(own.json().projects.find((project: { id: number }) => project.id === id)).toMatchObject({ approval: 'rejected', remarks: { [at]: message } });

    const resubmitted = await call('PUT', `/api/project/upload/${id}`, who.brokerA, uploadBody(world, { name: 'Whole loop 3 BHK' }));
    expect(resubmitted.json().project.approval).toBe('pending');
    expect((await approve(id)).json().project).toMatchObject({ approval: 'approved', status: 'inactive', remarks: { [at]: message } });
    expect((await call('GET', `/api/project/${id}`, null)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/project/publish/${id}`, who.brokerA, { status: 'active' })).statusCode).toBe(200);
    expect((await call('GET', `/api/project/${id}`, null)).statusCode).toBe(200);

    const audit = await call('GET', `/api/admin/audit?entityKind=project&entityId=${id}`, who.provider);
    expect(audit.statusCode).toBe(200);
    const trail = audit.json().entries.map((entry: { action: string; actor: { kind: string; id: number }; fromState: string; toState: string }) => [entry.action, entry.actor.kind, entry.actor.id, entry.fromState, entry.toState]);
    expect(trail).toEqual([
      ['publish', 'broker', world.brokerA, 'approved/inactive', 'approved/active'],
      ['approve', 'provider', world.staff, 'pending/inactive', 'approved/inactive'],
      ['resubmit', 'broker', world.brokerA, 'rejected/inactive', 'pending/inactive'],
      ['reject', 'provider', world.staff, 'pending/inactive', 'rejected/inactive'],
      ['submit', 'broker', world.brokerA, null, 'pending/inactive'],
    ]);
    expect(audit.json().entries[3]).toMatchObject({ remark: 'Photos are blurry; please add clear ones', entityName: 'Whole loop 3 BHK', actor: { name: expect.stringMatching(/^Moderator/) } });
  });
});

describe('illegal transitions are refused with 409 and a reason', () => {
  it('approve or reject an approved listing; approve or reject a rejected one', async () => {
    const approvedId = await upload();
    expect((await approve(approvedId)).statusCode).toBe(200);
    const twice = await approve(approvedId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This listing is already approved');
    const rejectApproved = await reject(approvedId);
    expect(rejectApproved.statusCode).toBe(409);
    expect(rejectApproved.json().message).toBe('Only a listing pending review can be rejected; this one is already approved');

    const rejectedId = await upload();
    expect((await reject(rejectedId)).statusCode).toBe(200);
    const approveRejected = await approve(rejectedId);
    expect(approveRejected.statusCode).toBe(409);
    expect(approveRejected.json().message).toBe('This listing was rejected; it comes back for review when its owner edits it');
    const rejectRejected = await reject(rejectedId);
    expect(rejectRejected.statusCode).toBe(409);
    expect(rejectRejected.json().message).toBe('This listing is already rejected');
    // A live listing is approved too.
    await ctx.database.db.update(schema.projects).set({ status: 'active' }).where(eq(schema.projects.id, approvedId));
    expect((await approve(approvedId)).statusCode).toBe(409);
    expect((await reject(approvedId)).statusCode).toBe(409);
    // Nothing of the refused ones was written: one remark (the rejection), audit rows only for real changes.
    expect(await ctx.database.db.$count(schema.projectRemarks, eq(schema.projectRemarks.projectId, rejectedId))).toBe(1);
    expect(await ctx.database.db.$count(schema.auditLog, eq(schema.auditLog.entityId, approvedId))).toBe(2);
  });

  it('a reject needs a remark (400 naming it); unknown listings are 404', async () => {
    const id = await upload();
    for (const remark of [undefined, '', '  ', 'ok']) {
      const response = remark === undefined ? await call('POST', `/api/admin/projects/${id}/reject`, who.provider, {}) : await reject(id, remark);
      expect(response.statusCode, String(remark)).toBe(400);
      expect(response.json().field).toBe('remark');
    }
    expect((await approve(id, who.provider, { remark: 'fine', approval: 'approved' })).json().field).toBe('approval');
    expect((await approve(999_999)).statusCode).toBe(404);
    expect((await reject(999_999)).statusCode).toBe(404);
  });
});

describe('20 parallel decisions on one listing', () => {
  it('change it exactly once: one 200, nineteen 409, one remark, one audit row', async () => {
    const id = await upload(who.userA);
    const staffIds = [world.staff];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) => (n % 2 === 0 ? approve(id, { kind: 'provider', id: staffIds[0] ?? 0 }) : reject(id, `Remark number ${n}`))),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const decisions = await ctx.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id));
    expect(decisions.filter((row) => row.action === 'approve' || row.action === 'reject')).toHaveLength(1);
    const [row] = await ctx.database.db.select({ approval: schema.projects.approval }).from(schema.projects).where(eq(schema.projects.id, id));
    const winner = responses.find((response) => response.statusCode === 200)?.json();
    expect(row?.approval).toBe(winner.project.approval);
    expect(await ctx.database.db.$count(schema.projectRemarks, eq(schema.projectRemarks.projectId, id))).toBe(winner.project.approval === 'rejected' ? 1 : 0);
  });
});

describe('brokers', () => {
  it('the queue lists pending brokers; approve opens uploads; decisions are one-way with 409s', async () => {
    const db = ctx.database.db;
    const pending = await createBroker(db, { approval: 'pending', name: 'Waiting Broker', company: 'Nest Realty' });
    const other = await createBroker(db, { approval: 'pending' });
    const queue = await call('GET', '/api/admin/brokers/pending?limit=100', who.provider);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().brokers.find((broker: { id: number }) => broker.id === pending.id)).toMatchObject({ name: 'Waiting Broker', company: 'Nest Realty', approval: 'pending', email: pending.email });

    const asPending: Principal = { kind: 'broker', id: pending.id };
    expect((await call('POST', '/api/project/upload', asPending, uploadBody(world))).statusCode).toBe(403);
    const approved = await call('POST', `/api/admin/brokers/${pending.id}/approve`, who.provider);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().broker).toEqual({ id: pending.id, approval: 'approved' });
    expect((await call('POST', '/api/project/upload', asPending, uploadBody(world))).statusCode).toBe(201);

    expect((await call('POST', `/api/admin/brokers/${pending.id}/approve`, who.provider)).statusCode).toBe(409);
    const rejectApproved = await call('POST', `/api/admin/brokers/${pending.id}/reject`, who.provider, { remark: 'Changed my mind' });
    expect(rejectApproved.statusCode).toBe(409);
    expect(rejectApproved.json().message).toMatch(/already approved/);

    expect((await call('POST', `/api/admin/brokers/${other.id}/reject`, who.provider, {})).json().field).toBe('remark');
    expect((await call('POST', `/api/admin/brokers/${other.id}/reject`, who.provider, { remark: 'RERA number could not be verified' })).json().broker.approval).toBe('rejected');
    expect((await call('POST', `/api/admin/brokers/${other.id}/approve`, who.provider)).statusCode).toBe(409);
    expect((await call('POST', '/api/admin/brokers/999999/approve', who.provider)).statusCode).toBe(404);

    const audit = await call('GET', `/api/admin/audit?entityKind=broker&entityId=${other.id}`, who.provider);
    expect(audit.json().entries).toEqual([
      expect.objectContaining({ action: 'reject', entityKind: 'broker', entityId: other.id, fromState: 'pending', toState: 'rejected', remark: 'RERA number could not be verified', actor: expect.objectContaining({ kind: 'provider', id: world.staff }) }),
    ]);
  });
});

describe('the queue and the audit log page', () => {
  it('pages the pending queue oldest first without overlap, and the audit log newest first', async () => {
    const db = ctx.database.db;
    const base = Date.UTC(2020, 0, 1);
    for (let n = 0; n < 3; n += 1) {
      await createProject(db, { cityId: world.cityId, locationId: world.locationId, item: 'listing', ownerId: world.userB, approval: 'pending', status: 'inactive', updatedAt: new Date(base + n * 1000), name: `Old pending ${n}` });
    }
    const first = await call('GET', '/api/admin/projects/pending?limit=2', who.provider);
    expect(first.json().projects.map((project: { name: string }) => project.name)).toEqual(['Old pending 0', 'Old pending 1']);
    expect(first.json().projects[0].owner).toMatchObject({ kind: 'user', id: world.userB });
    expect(first.json().pagination.hasMore).toBe(true);
    const second = await call('GET', '/api/admin/projects/pending?limit=2&page=2', who.provider);
    expect(second.json().projects[0].name).toBe('Old pending 2');

    const audit = await call('GET', '/api/admin/audit?limit=3', who.provider);
    expect(audit.json().entries).toHaveLength(3);
    const times = audit.json().entries.map((entry: { at: string }) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('approval never switches a listing live (issue 17)', () => {
  const counters = async (principal: Principal) => (await call('GET', `/api/project?brokerId=${world.brokerA}`, principal)).json().counters;
  const stateOf = async (id: number) => {
    const [row] = await ctx.database.db.select({ approval: schema.projects.approval, status: schema.projects.status }).from(schema.projects).where(eq(schema.projects.id, id));
    return row;
  };

  it('an approved upload stays hidden, counted Approved not Live, until its owner switches it on', async () => {
    const before = await counters(who.brokerA);
    const id = await upload(who.brokerA, 'Approved stays hidden 2 BHK');
    const approved = await approve(id);
    expect(approved.json().project).toMatchObject({ approval: 'approved', status: 'inactive' });
    expect(approved.json().message).toBe('Listing approved. Its owner can now switch it live.');
    expect(await stateOf(id)).toEqual({ approval: 'approved', status: 'inactive' });
    expect(await counters(who.brokerA)).toMatchObject({ approved: before.approved + 1, live: before.live });
    expect((await call('GET', `/api/project/${id}`, null)).statusCode).toBe(404);

    expect((await call('PATCH', `/api/project/publish/${id}`, who.brokerA, { status: 'active' })).statusCode).toBe(200);
    expect(await counters(who.brokerA)).toMatchObject({ approved: before.approved, live: before.live + 1 });
  });

  it('a listing that was live, edited and approved again comes back hidden (resubmission), by edit and by photo', async () => {
    const id = await upload(who.brokerA, 'Was live once 3 BHK');
    await approve(id);
    await call('PATCH', `/api/project/publish/${id}`, who.brokerA, { status: 'active' });
    expect(await stateOf(id)).toEqual({ approval: 'approved', status: 'active' });

    const edited = await call('PUT', `/api/project/upload/${id}`, who.brokerA, uploadBody(world, { name: 'Was live once 3 BHK' }));
    expect(edited.json().project).toMatchObject({ approval: 'pending', status: 'inactive' });
    expect((await approve(id)).json().project).toMatchObject({ approval: 'approved', status: 'inactive' });

    await call('PATCH', `/api/project/publish/${id}`, who.brokerA, { status: 'active' });
    const photos = multipart([{ fileName: 'new.jpg', contentType: 'image/jpeg', bytes: await jpeg() }]);
    const added = await ctx.app.inject({ method: 'POST', url: `/api/project/upload/${id}/photos`, payload: photos.payload, headers: { ...photos.headers, ...(await headersFor(ctx.app, who.brokerA)) } });
    expect(added.json()).toMatchObject({ approval: 'pending', status: 'inactive' });
    expect((await approve(id)).json().project).toMatchObject({ approval: 'approved', status: 'inactive' });
    expect(await stateOf(id)).toEqual({ approval: 'approved', status: 'inactive' });
  });

  it('a pending row that somehow holds status active (older data) is approved hidden too', async () => {
    const row = await createProject(ctx.database.db, { cityId: world.cityId, locationId: world.locationId, item: 'listing', brokerId: world.brokerA, approval: 'pending', status: 'active', name: 'Odd pending active' });
    expect((await approve(row.id)).json().project).toMatchObject({ approval: 'approved', status: 'inactive' });
  });
});

describe('the queues search and order on the server (issue 17)', () => {
  it('narrows pending listings by name, place, id and uploader, every word matching, and pages the result', async () => {
    const db = ctx.database.db;
    const base = Date.UTC(2019, 5, 1);
    const ids: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      ids.push((await createProject(db, { cityId: world.cityId, locationId: world.locationId, item: 'listing', ownerId: world.userA, approval: 'pending', status: 'inactive', updatedAt: new Date(base + n * 1000), name: `Quokka Court ${n}` })).id);
    }
    const names = (response: { json: () => { projects: { name: string }[] } }) => response.json().projects.map((project) => project.name);
    const first = await call('GET', '/api/admin/projects/pending?q=quokka&limit=2', who.provider);
    expect(first.statusCode, first.body).toBe(200);
    expect(names(first)).toEqual(['Quokka Court 0', 'Quokka Court 1']);
    expect(first.json().pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    const second = await call('GET', '/api/admin/projects/pending?q=QUOKKA&limit=2&page=2', who.provider);
    expect(names(second)).toEqual(['Quokka Court 2']);
    expect(second.json().pagination.hasMore).toBe(false);
    expect(names(await call('GET', '/api/admin/projects/pending?q=quokka&order=newest&limit=1', who.provider))).toEqual(['Quokka Court 2']);
    // Every word must match somewhere: the name and the uploader's e-mail.
    const [owner] = await db.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, world.userA));
    const both = await call('GET', `/api/admin/projects/pending?q=${encodeURIComponent(`court ${owner?.email ?? ''}`)}&limit=100`, who.provider);
    expect(names(both)).toEqual(['Quokka Court 0', 'Quokka Court 1', 'Quokka Court 2']);
    expect((await call('GET', '/api/admin/projects/pending?q=quokka%20nowhere', who.provider)).json()).toMatchObject({ projects: [], pagination: { total: 0, hasMore: false } });
    expect(names(await call('GET', `/api/admin/projects/pending?q=${ids[1]}`, who.provider))).toContain('Quokka Court 1');
    // LIKE's wildcards are taken literally.
    expect((await call('GET', '/api/admin/projects/pending?q=%25', who.provider)).json().projects).toEqual([]);
  });

  it('narrows pending brokers by name, company, e-mail or city, newest first on request', async () => {
    const db = ctx.database.db;
    await createBroker(db, { approval: 'pending', name: 'Wombat Realty One', company: 'Marsupial Homes', createdAt: new Date(Date.UTC(2018, 0, 1)) });
    await createBroker(db, { approval: 'pending', name: 'Wombat Realty Two', createdAt: new Date(Date.UTC(2018, 0, 2)) });
    await createBroker(db, { approval: 'approved', name: 'Wombat Approved' });
    const list = async (query: string) => (await call('GET', `/api/admin/brokers/pending?${query}`, who.provider)).json().brokers.map((broker: { name: string }) => broker.name);
    expect(await list('q=wombat')).toEqual(['Wombat Realty One', 'Wombat Realty Two']);
    expect(await list('q=wombat&order=newest')).toEqual(['Wombat Realty Two', 'Wombat Realty One']);
    expect(await list('q=marsupial')).toEqual(['Wombat Realty One']);
    expect(await list('q=wombat&limit=1&page=2')).toEqual(['Wombat Realty Two']);
  });

  it('refuses a bad search or order with a 400 naming the field', async () => {
    for (const [query, field] of [
      [`q=${'x'.repeat(101)}`, 'q'],
      ['q=%00', 'q'],
      ['order=sideways', 'order'],
    ] as const) {
      for (const path of ['projects', 'brokers']) {
        const response = await call('GET', `/api/admin/${path}/pending?${query}`, who.provider);
        expect(response.statusCode, `${path} ${query}`).toBe(400);
        expect(response.json().field, `${path} ${query}`).toBe(field);
      }
    }
  });
});
