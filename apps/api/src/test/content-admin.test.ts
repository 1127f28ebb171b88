import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from './auth';
import { createBanner, createCity, createContractor, createConstructionProject, createUser } from './factories';
import { createStaff, jpeg, multipart } from './lifecycle';
import { createTestApp, type TestContext } from './test-app';

/**
 * Issue 14 (part 2): the provider runs banners, blogs, FAQs, construction projects and contractors from the back
 * office. What a client notices: a draft is not public, publishing shows it at once (through the public cache on
 * PGlite), an edit shows at once, inactive hides it again (never deleted), every change leaves an audit row with
 * before and after, and bad input is a 400 naming the field with nothing written.
 */

let ctx: TestContext;
let provider: Record<string, string>;
let user: Record<string, string>;
const ids = { city: 0, contractor: 0, seededBanner: 0 };

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      const staff = await createStaff(db);
      ids.city = (await createCity(db)).id;
      ids.contractor = (await createContractor(db, { companyName: 'Sturdy Builds' })).id;
      ids.seededBanner = (await createBanner(db, { title: 'Seeded banner' })).id;
      const userId = (await createUser(db)).id;
      provider = { staff: String(staff), user: String(userId) };
    },
  });
  const staffId = Number(provider.staff);
  const userId = Number(provider.user);
  provider = await bearerFor(ctx.app, { kind: 'provider', id: staffId });
  user = await bearerFor(ctx.app, { kind: 'user', id: userId });
});

afterAll(async () => {
  await ctx?.close();
});

type Json = Record<string, unknown>;

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Json, headers = provider) {
  const response = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as Json & { item: Json; items: Json[]; field?: string; issues?: { field: string }[] } };
}

const publicGet = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as Json };
};

async function auditOf(entityKind: string, entityId: number) {
  const { body } = await call('GET', `/api/admin/audit?entityKind=${entityKind}&entityId=${entityId}`);
  return (body.entries as Json[]).reverse();
}

describe('blogs', () => {
  it('create (a draft) -> publish -> edit -> inactive: the public page follows at once, each step audited', async () => {
    const created = await call('POST', '/api/admin/blogs', { title: 'Buying in Whitefield', body: 'A long enough body for a blog post.', authorName: 'Asha' });
    expect(created.status).toBe(201);
    expect(created.body.item).toMatchObject({ title: 'Buying in Whitefield', slug: 'buying-in-whitefield', status: 'inactive', approval: 'pending', isPublic: false, publishedAt: null });
    const id = created.body.item.id as number;
    expect((await publicGet(`/api/blog/${id}`)).status).toBe(404);

    const published = await call('PATCH', `/api/admin/blogs/${id}`, { status: 'active', approval: 'approved' });
    expect(published.status).toBe(200);
    expect(published.body.item).toMatchObject({ isPublic: true, publishedAt: expect.any(String) });
    expect(published.body.message).toMatch(/on the site now/);
    const read = await publicGet(`/api/blog/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.blog).toMatchObject({ title: 'Buying in Whitefield', authorName: 'Asha' });
    // The list page is cached: the edit below must reach it as well as the article.
    expect(((await publicGet('/api/blog')).body.blogs as Json[]).map((blog) => blog.title)).toContain('Buying in Whitefield');

    expect((await call('PATCH', `/api/admin/blogs/${id}`, { title: 'Buying in Whitefield, 2026' })).status).toBe(200);
    expect((await publicGet(`/api/blog/${id}`)).body.blog).toMatchObject({ title: 'Buying in Whitefield, 2026', slug: 'buying-in-whitefield' });
    expect(((await publicGet('/api/blog')).body.blogs as Json[]).map((blog) => blog.title)).toContain('Buying in Whitefield, 2026');

    expect((await call('PATCH', `/api/admin/blogs/${id}`, { status: 'inactive' })).status).toBe(200);
    expect((await publicGet(`/api/blog/${id}`)).status).toBe(404);
    // Hidden, not deleted: the provider's list still has it.
    const inactive = await call('GET', '/api/admin/blogs?status=inactive&q=whitefield');
    expect(inactive.body.items.map((item) => item.id)).toEqual([id]);

    const trail = await auditOf('blog', id);
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'approve', 'update', 'unpublish']);
    expect(trail[2]).toMatchObject({ before: { title: 'Buying in Whitefield' }, after: { title: 'Buying in Whitefield, 2026' }, entityName: 'Buying in Whitefield, 2026' });
    expect(trail[3]).toMatchObject({ fromState: 'approved/active', toState: 'approved/inactive' });
  });

  it('refuses bad input with a 400 naming the field and writes nothing', async () => {
    const before = (await call('GET', '/api/admin/blogs')).body.pagination;
    for (const [payload, field] of [
      [{ title: 'ab', body: 'A long enough body for a blog post.' }, 'title'],
      [{ title: 'Fine title', body: 'short' }, 'body'],
      [{ title: 'Fine title', body: 'A long enough body for a blog post.', approval: 'rejected' }, 'remark'],
      [{ title: 'Fine title', body: 'A long enough body for a blog post.', coverUrl: 'https://elsewhere.example/x.jpg' }, 'coverUrl'],
      [{ title: 'Fine title', body: 'A long enough body for a blog post.', ownerId: 3 }, ''],
    ] as const) {
      const refused = await call('POST', '/api/admin/blogs', payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      if (field) expect(refused.body.issues?.map((issue) => issue.field) ?? [refused.body.field]).toContain(field);
    }
    expect((await call('GET', '/api/admin/blogs')).body.pagination).toEqual(before);
  });

  it('a duplicate slug is a 409 naming slug; rejecting keeps the remark on the audit row', async () => {
    const first = await call('POST', '/api/admin/blogs', { title: 'Same name', body: 'A long enough body for a blog post.' });
    const second = await call('POST', '/api/admin/blogs', { title: 'Same name', body: 'A long enough body for a blog post.' });
    expect(second.status).toBe(409);
    expect(second.body.field).toBe('slug');
    const id = first.body.item.id as number;
    const rejected = await call('PATCH', `/api/admin/blogs/${id}`, { approval: 'rejected', remark: 'Needs sources for the prices' });
    expect(rejected.body.item).toMatchObject({ approval: 'rejected', isPublic: false });
    expect((await auditOf('blog', id)).at(-1)).toMatchObject({ action: 'reject', remark: 'Needs sources for the prices', actor: { kind: 'provider' } });
  });

  it('the cover goes through the photo pipeline: a photo is stored and served, anything else refused by name', async () => {
    const id = ((await call('POST', '/api/admin/blogs', { title: 'Cover test', body: 'A long enough body for a blog post.' })).body.item.id) as number;
    const bad = multipart([{ fileName: 'notes.txt', contentType: 'image/jpeg', bytes: Buffer.from('not a picture at all') }]);
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/admin/blogs/${id}/cover`, headers: { ...provider, ...bad.headers }, payload: bad.payload });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ field: 'image', message: expect.stringMatching(/^notes\.txt is not a JPEG/) });

    const good = multipart([{ fileName: 'cover.jpg', contentType: 'image/jpeg', bytes: await jpeg({ width: 200, height: 120 }) }]);
    const stored = await ctx.app.inject({ method: 'POST', url: `/api/admin/blogs/${id}/cover`, headers: { ...provider, ...good.headers }, payload: good.payload });
    expect(stored.statusCode, stored.body).toBe(200);
    const coverUrl = stored.json().item.coverUrl as string;
    expect(coverUrl).toMatch(new RegExp(`^/media/uploads/content/blogs/${id}/[0-9a-f-]{36}-1280\\.webp$`));
    const served = await ctx.app.inject({ method: 'GET', url: coverUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await auditOf('blog', id)).at(-1)).toMatchObject({ action: 'update', before: { coverUrl: null }, after: { coverUrl } });
  });
});

describe('banners', () => {
  it('a banner needs its picture before it shows; once approved and active it is on the home carousel, inactive takes it off', async () => {
    const created = await call('POST', '/api/admin/banners', { title: 'Monsoon offers', link: '/city/bengaluru', approval: 'approved', status: 'inactive' });
    expect(created.status).toBe(201);
    const id = created.body.item.id as number;
    expect(created.body.item.imageUrl).toBe('');
    const tooSoon = await call('PATCH', `/api/admin/banners/${id}`, { status: 'active' });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.field).toBe('imageUrl');

    const photo = multipart([{ fileName: 'banner.png', contentType: 'image/png', bytes: await jpeg({ width: 300, height: 100 }) }]);
    const uploaded = await ctx.app.inject({ method: 'POST', url: `/api/admin/banners/${id}/image`, headers: { ...provider, ...photo.headers }, payload: photo.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const titles = async () => ((await publicGet('/api/usersrouts/getAllBanner')).body.Allbanner as Json[]).map((banner) => banner.title);
    expect(await titles()).not.toContain('Monsoon offers');
    expect((await call('PATCH', `/api/admin/banners/${id}`, { status: 'active', position: 0 })).status).toBe(200);
    expect(await titles()).toEqual(['Monsoon offers', 'Seeded banner']);
    expect((await call('PATCH', `/api/admin/banners/${id}`, { title: 'Monsoon offers, extended' })).status).toBe(200);
    expect(await titles()).toEqual(['Monsoon offers, extended', 'Seeded banner']);
    expect((await call('PATCH', `/api/admin/banners/${ids.seededBanner}`, { status: 'inactive' })).status).toBe(200);
    expect(await titles()).toEqual(['Monsoon offers, extended']);
  });

  it('an unknown banner is a 404 naming id; a stranger is refused', async () => {
    const missing = await call('PATCH', '/api/admin/banners/999999', { title: 'Nobody' });
    expect(missing.status).toBe(404);
    expect(missing.body.field).toBe('id');
    expect((await call('GET', '/api/admin/banners', undefined, {})).status).toBe(401);
    expect((await call('POST', '/api/admin/banners', { title: 'Mine now' }, user)).status).toBe(403);
  });
});

describe('FAQs', () => {
  it('an FAQ shows on its page once active and approved, in position order, and leaves it when inactive', async () => {
    const faqs = async () => ((await publicGet('/api/faq?associatedWith=contact_faqs')).body.faqs as Json[]).map((faq) => faq.question);
    const created = await call('POST', '/api/admin/faqs', { question: 'Do you charge brokerage?', answer: 'No, never.', associatedWith: 'contact_faqs', position: 1, status: 'active', approval: 'approved' });
    expect(created.status).toBe(201);
    expect(await faqs()).toEqual(['Do you charge brokerage?']);
    const id = created.body.item.id as number;
    expect((await call('PATCH', `/api/admin/faqs/${id}`, { answer: 'No: the listing price is all you pay.' })).status).toBe(200);
    expect(((await publicGet('/api/faq')).body.faqs as Json[])[0]).toMatchObject({ answer: 'No: the listing price is all you pay.' });
    expect((await call('PATCH', `/api/admin/faqs/${id}`, { status: 'inactive' })).status).toBe(200);
    expect(await faqs()).toEqual([]);
    const page = await call('POST', '/api/admin/faqs', { question: 'Where?', answer: 'Here.', associatedWith: 'contact faqs' });
    expect(page.status).toBe(400);
  });
});

describe('construction', () => {
  it('projects and contractors: unknown city or contractor is a 400 naming it; a hidden contractor hides their projects', async () => {
    const noCity = await call('POST', '/api/admin/construction/projects', { name: 'Duplex in Hebbal', cityId: 999_999 });
    expect(noCity.status).toBe(400);
    expect(noCity.body.field).toBe('cityId');
    const noContractor = await call('POST', '/api/admin/construction/projects', { name: 'Duplex in Hebbal', contractorId: 999_999 });
    expect(noContractor.body.field).toBe('contractorId');

    const project = await call('POST', '/api/admin/construction/projects', { name: 'Duplex in Hebbal', tag: 'Residential', cityId: ids.city, contractorId: ids.contractor, status: 'active', approval: 'approved' });
    expect(project.status).toBe(201);
    const names = async () => ((await publicGet('/api/construction/project?limit=50')).body.projects as Json[]).map((row) => row.name);
    expect(await names()).toContain('Duplex in Hebbal');
    expect((await call('PATCH', `/api/admin/construction/contractors/${ids.contractor}`, { status: 'inactive' })).status).toBe(200);
    expect(await names()).not.toContain('Duplex in Hebbal');
    expect((await publicGet(`/api/construction/contractor/${ids.contractor}`)).status).toBe(404);
    expect((await call('PATCH', `/api/admin/construction/contractors/${ids.contractor}`, { status: 'active', rating: 4.5, services: ['Civil work', 'Interiors'] })).status).toBe(200);
    expect((await publicGet(`/api/construction/contractor/${ids.contractor}`)).body.contractor).toMatchObject({ rating: 4.5, services: ['Civil work', 'Interiors'] });
    expect(await names()).toContain('Duplex in Hebbal');
  });

  it('a new contractor gets a slug from the name, a taken slug is a 409; a pending construction project stays off the site', async () => {
    const created = await call('POST', '/api/admin/construction/contractors', { companyName: 'Kaveri Constructions & Sons', email: 'hello@kaveri.example', phone: '+919876543210' });
    expect(created.body.item).toMatchObject({ slug: 'kaveri-constructions-and-sons', status: 'inactive', approval: 'pending' });
    const taken = await call('POST', '/api/admin/construction/contractors', { companyName: 'Another', slug: 'kaveri-constructions-and-sons' });
    expect(taken.status).toBe(409);
    expect(taken.body.field).toBe('slug');
    const seeded = await createConstructionProject(ctx.database.db, { name: 'Old terrace job', approval: 'pending' });
    expect(((await publicGet('/api/construction/project?limit=50')).body.projects as Json[]).map((row) => row.id)).not.toContain(seeded.id);
    const listed = await call('GET', '/api/admin/construction/projects?approval=pending&q=terrace');
    expect(listed.body.items.map((item) => item.id)).toEqual([seeded.id]);
  });
});

describe('admin lists', () => {
  it('page and search every state, newest change first', async () => {
    for (const n of [1, 2, 3]) await call('POST', '/api/admin/faqs', { question: `Paging question ${n}?`, answer: 'Yes.', associatedWith: 'paging' });
    const first = await call('GET', '/api/admin/faqs?q=paging%20question&limit=2');
    expect(first.body.items.map((item) => item.question)).toEqual(['Paging question 3?', 'Paging question 2?']);
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    const second = await call('GET', '/api/admin/faqs?q=paging%20question&limit=2&page=2');
    expect(second.body.items.map((item) => item.question)).toEqual(['Paging question 1?']);
    expect((await call('GET', '/api/admin/faqs?status=deleted')).body.field).toBe('status');
  });
});

describe('one record', () => {
  // The editor opens a record by its id: a list searched by the id could page it away behind records whose names
  // hold the same digits.
  const kinds = [
    { path: 'banners', body: { title: 'One banner' }, name: 'title' },
    { path: 'blogs', body: { title: 'One blog post', body: 'A long enough body for a blog post.' }, name: 'title' },
    { path: 'faqs', body: { question: 'One question?', answer: 'Yes.', associatedWith: 'contact_faqs' }, name: 'question' },
    { path: 'construction/projects', body: { name: 'One construction project' }, name: 'name' },
    { path: 'construction/contractors', body: { companyName: 'One Contractor Co' }, name: 'companyName' },
  ] as const;

  it.each(kinds)('GET /api/admin/$path/{id}: a draft in any state for the provider; 404 unknown, 400 a bad id, both naming id; refused to others', async ({ path, body, name }) => {
    const created = await call('POST', `/api/admin/${path}`, body);
    expect(created.status).toBe(201);
    const id = created.body.item.id as number;

    const one = await call('GET', `/api/admin/${path}/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.item).toMatchObject({ id, [name]: body[name as keyof typeof body], status: 'inactive', approval: 'pending', isPublic: false });
    expect(one.body.item).toEqual(created.body.item);

    const unknown = await call('GET', `/api/admin/${path}/999999`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.field).toBe('id');
    for (const bad of ['abc', '0', '1.5', '-3']) {
      const refused = await call('GET', `/api/admin/${path}/${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.field ?? refused.body.issues?.[0]?.field, bad).toBe('id');
    }
    expect((await call('GET', `/api/admin/${path}/${id}`, undefined, user)).status).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/${path}/${id}` })).statusCode).toBe(401);
  });
});
