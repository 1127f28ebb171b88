import type { Principal } from '@nivaas/contracts/auth.schema';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, headersFor, jpeg, multipart, principals, type World } from '../../test/lifecycle';
import { createTestApp, type TestContext } from '../../test/test-app';

/** Issue 14 part 1: the provider runs builders, projects (units, photos) and places from the back office. */

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

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, principal: Principal | null = who.provider, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: await headersFor(ctx.app, principal), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

const unit = (minPrice: unknown, maxPrice: unknown, type = '2') => ({ type, minPrice, maxPrice, facing: 'East', exteriorArea: '1,250 sq ft', floors: '4 of 12', furnishing: 'Semi-Furnished' });

async function auditOf(entityKind: string, entityId: number) {
  const response = await call('GET', `/api/admin/audit?entityKind=${entityKind}&entityId=${entityId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entries as { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; remark: string | null; actor: { kind: string } }[];
}

describe('places, builder and project from the console to the public site', () => {
  it('creates a zone, a locality, a builder and a project with two units; publishing shows it to visitors at once, a price edit too, inactive hides it', async () => {
    const zone = await call('POST', '/api/admin/zones', who.provider, { cityId: world.cityId, name: 'Lakeside East' });
    expect(zone.statusCode, zone.body).toBe(201);
    expect(zone.json().item).toMatchObject({ name: 'Lakeside East', slug: 'lakeside-east', city: { id: world.cityId } });
    const location = await call('POST', '/api/admin/locations', who.provider, { cityId: world.cityId, zoneId: zone.json().item.id, name: 'Heron Bay' });
    expect(location.statusCode, location.body).toBe(201);
    const locationId: number = location.json().item.id;

    const builder = await call('POST', '/api/admin/builders', who.provider, { name: 'Kaveri Homes & Co', establishedYear: 1998, status: 'active', approval: 'approved' });
    expect(builder.statusCode, builder.body).toBe(201);
    expect(builder.json().item).toMatchObject({ slug: 'kaveri-homes-and-co', isPublic: true, projectCount: 0 });

    const created = await call('POST', '/api/admin/projects', who.provider, {
      name: 'Heron Bay Residences',
      type: 'apartment',
      builderId: builder.json().item.id,
      cityId: world.cityId,
      locationId,
      tags: ['New Launch'],
      transactionTag: 'New Booking',
      possessionDate: '2027-03-31',
      reraNumber: 'PRM/KA/RERA/1251/446/PR/010123/004567',
      amenities: ['Pool', 'Gym'],
      units: [unit('₹ 85,00,000', '92 lakh'), unit(12_000_000, 13_500_000, '3')],
    });
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json().item;
    // A draft: the zone came from the locality, prices were read from rupee text.
    expect(project).toMatchObject({ status: 'inactive', approval: 'pending', isPublic: false, zone: { name: 'Lakeside East' }, possessionDate: '2027-03-31', amenities: ['Pool', 'Gym'] });
    expect(project.units.map((u: { minPrice: number }) => u.minPrice)).toEqual([8_500_000, 12_000_000]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/project/${project.id}` })).statusCode).toBe(404);

    // Warm the public cache, then publish: the next visitor read is fresh.
    const published = await call('PATCH', `/api/admin/projects/${project.id}`, who.provider, { status: 'active', approval: 'approved' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().item.isPublic).toBe(true);
    const visible = await ctx.app.inject({ method: 'GET', url: `/api/project/${project.id}` });
    expect(visible.statusCode).toBe(200);
    expect(visible.json().project.units[0].minPrice).toBe(8_500_000);

    const edited = await call('PATCH', `/api/admin/projects/${project.id}`, who.provider, { units: [unit(7_900_000, 9_000_000), unit(12_000_000, 13_500_000, '3')] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/project/${project.id}` })).json().project.units[0].minPrice).toBe(7_900_000);

    const hidden = await call('PATCH', `/api/admin/projects/${project.id}`, who.provider, { status: 'inactive' });
    expect(hidden.json().item.isPublic).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/project/${project.id}` })).statusCode).toBe(404);

    // Every change has its audit row: who, what, before and after.
    const trail = await auditOf('project', project.id);
    expect(trail.map((entry) => entry.action)).toEqual(['unpublish', 'update', 'approve', 'create']);
    const priceEdit = trail[1];
    expect(priceEdit?.actor.kind).toBe('provider');
    expect((priceEdit?.before?.units as { minPrice: number }[])[0]?.minPrice).toBe(8_500_000);
    expect((priceEdit?.after?.units as { minPrice: number }[])[0]?.minPrice).toBe(7_900_000);
    expect(priceEdit?.after).not.toHaveProperty('name');
  });

  it('lists every state, searchable and paged, for the provider only', async () => {
    await call('POST', '/api/admin/builders', who.provider, { name: 'Zephyr Estates' });
    const page = await call('GET', '/api/admin/builders?q=zephyr&approval=pending');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().items.map((b: { name: string }) => b.name)).toEqual(['Zephyr Estates']);
    expect(page.json().pagination).toMatchObject({ page: 1, total: 1, hasMore: false });
    for (const principal of [null, who.userA, who.brokerA]) {
      const refused = await call('GET', '/api/admin/builders', principal);
      expect(refused.statusCode).toBe(principal === null ? 401 : 403);
    }
  });
});

describe('search after a catalogue change', () => {
  it('finds a brand-new locality by name at once, though the same words were searched (and found nothing) just before', async () => {
    const words = 'Quillonpet';
    // Searched first: the projects service keeps what these words name (nothing yet).
    const before = await ctx.app.inject({ method: 'GET', url: `/api/project?search=${words}&limit=5` });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().projects).toEqual([]);
    const suggestedBefore = await ctx.app.inject({ method: 'GET', url: `/api/project/search?query=${words}` });
    expect(suggestedBefore.statusCode, suggestedBefore.body).toBe(200);

    const location = await call('POST', '/api/admin/locations', who.provider, { cityId: world.cityId, name: words });
    expect(location.statusCode, location.body).toBe(201);
    const created = await call('POST', '/api/admin/projects', who.provider, { name: 'Harbour Lights', type: 'apartment', cityId: world.cityId, locationId: location.json().item.id, status: 'active', approval: 'approved', units: [unit(6_000_000, 7_000_000)] });
    expect(created.statusCode, created.body).toBe(201);

    // The very next reads: the results page's free text and the navbar's suggestions both name the new locality.
    const after = await ctx.app.inject({ method: 'GET', url: `/api/project?search=${words}&limit=5` });
    expect(after.json().projects.map((project: { name: string; location: { name: string } }) => [project.name, project.location.name])).toEqual([['Harbour Lights', words]]);
    const suggested = await ctx.app.inject({ method: 'GET', url: `/api/project/search?query=${words}` });
    expect(JSON.stringify(suggested.json())).toContain(words);

    // Renamed: search and the project's own labels follow at once.
    const renamed = await call('PATCH', `/api/admin/locations/${location.json().item.id}`, who.provider, { name: 'Quillon Heights' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const byNewName = await ctx.app.inject({ method: 'GET', url: '/api/project?search=Quillon%20Heights&limit=5' });
    expect(byNewName.json().projects.map((project: { location: { name: string } }) => project.location.name)).toEqual(['Quillon Heights']);
  });
});

describe('places switched off and their banners', () => {
  it('an inactive locality, zone or city leaves its page, lists and search at once and comes back when switched on; banners go through the photo pipeline', async () => {
    const zone = (await call('POST', '/api/admin/zones', who.provider, { cityId: world.cityId, name: 'Marigold Belt' })).json().item;
    expect(zone).toMatchObject({ status: 'active', bannerUrl: null });
    const location = (await call('POST', '/api/admin/locations', who.provider, { cityId: world.cityId, zoneId: zone.id, name: 'Marigold Bagh' })).json().item;
    await call('POST', '/api/admin/projects', who.provider, { name: 'Marigold Court', type: 'villa', cityId: world.cityId, locationId: location.id, status: 'active', approval: 'approved', units: [unit(5_000_000, 6_000_000)] });
    const visitor = (url: string) => ctx.app.inject({ method: 'GET', url });
    expect((await visitor(`/api/location/${location.id}`)).statusCode).toBe(200);
    expect((await visitor(`/api/zone/${zone.id}`)).statusCode).toBe(200);
    const named = async () => ((await visitor('/api/project/search?query=Marigold%20Bagh')).json().locations as { name: string }[]).map((place) => place.name);
    expect(await named()).toContain('Marigold Bagh');

    const off = await call('PATCH', `/api/admin/locations/${location.id}`, who.provider, { status: 'inactive' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().item.status).toBe('inactive');
    expect((await visitor(`/api/location/${location.id}`)).statusCode).toBe(404);
    expect((await visitor(`/api/location?cityId=${world.cityId}&limit=100`)).body).not.toContain('Marigold Bagh');
    expect(await named()).not.toContain('Marigold Bagh');
    expect((await call('PATCH', `/api/admin/zones/${zone.id}`, who.provider, { status: 'inactive' })).statusCode).toBe(200);
    expect((await visitor(`/api/zone/${zone.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/admin/locations/${location.id}`, who.provider, { status: 'active' })).statusCode).toBe(200);
    expect((await visitor(`/api/location/${location.id}`)).statusCode).toBe(200);
    expect((await auditOf('location', location.id)).map((entry) => [entry.action, entry.after?.status])).toEqual([['update', 'active'], ['update', 'inactive'], ['create', 'active']]);

    const city = (await call('POST', '/api/admin/cities', who.provider, { name: 'Hubballi', state: 'Karnataka' })).json().item;
    expect((await visitor(`/api/city/${city.id}`)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/cities/${city.id}`, who.provider, { status: 'inactive' })).statusCode).toBe(200);
    expect((await visitor(`/api/city/${city.id}`)).statusCode).toBe(404);
    expect((await visitor('/api/city?search=Hubballi')).body).not.toContain('Hubballi');
    expect((await call('PATCH', `/api/admin/cities/${city.id}`, who.provider, { status: 'hidden' })).json().field).toBe('status');

    // Banners: a zone's on its row, a city's in its media; a file that is not a picture is refused with the reason.
    const upload = async (path: string, bytes: Buffer, fileName = 'banner.jpg') => {
      const form = multipart([{ fileName, contentType: 'image/jpeg', bytes }]);
      return ctx.app.inject({ method: 'POST', url: path, headers: { ...(await headersFor(ctx.app, who.provider)), ...form.headers }, payload: form.payload });
    };
    const zoneBanner = await upload(`/api/admin/zones/${zone.id}/banner`, await jpeg());
    expect(zoneBanner.statusCode, zoneBanner.body).toBe(200);
    expect(zoneBanner.json().item.bannerUrl).toMatch(new RegExp(`^/media/.*content/places/zone/${zone.id}/.+\\.webp$`));
    expect((await auditOf('zone', zone.id))[0]).toMatchObject({ action: 'update', before: { bannerUrl: null }, after: { bannerUrl: zoneBanner.json().item.bannerUrl } });
    const cityBanner = await upload(`/api/admin/cities/${city.id}/banner`, await jpeg({ colour: '#c63' }));
    expect(cityBanner.statusCode, cityBanner.body).toBe(200);
    expect(cityBanner.json().item.medias).toEqual([{ title: 'banner', url: expect.stringMatching(/\.webp$/) }]);
    const refused = await upload(`/api/admin/locations/${location.id}/banner`, Buffer.from('not a picture'), 'notes.jpg');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('notes.jpg is not a JPEG, PNG, WebP, HEIC or AVIF image');
    expect((await upload('/api/admin/locations/999999/banner', await jpeg())).statusCode).toBe(404);
  });
});

describe('refusals name the field', () => {
  it('400 for bad input, 404 for an unknown id, 409 for a slug in use, and nothing written', async () => {
    const before = await ctx.database.db.select().from(schema.projects);
    const bad = await call('POST', '/api/admin/projects', who.provider, { name: 'X', type: 'castle', cityId: world.cityId, locationId: world.locationId, units: [], ownerId: 3 });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().issues as { field: string }[]).map((issue) => issue.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'type', 'units', 'ownerId']));

    const wrongCity = await call('POST', '/api/admin/projects', who.provider, { name: 'Elsewhere', type: 'villa', cityId: world.cityId, locationId: world.otherCityLocationId, units: [unit(1, 2)] });
    expect(wrongCity.statusCode).toBe(400);
    expect(wrongCity.json().field).toBe('locationId');
    const noBuilder = await call('POST', '/api/admin/projects', who.provider, { name: 'Orphan', type: 'villa', builderId: 999_999, cityId: world.cityId, locationId: world.locationId, units: [unit(1, 2)] });
    expect(noBuilder.json().field).toBe('builderId');
    expect(await ctx.database.db.select().from(schema.projects)).toHaveLength(before.length);

    expect((await call('PATCH', '/api/admin/projects/999999', who.provider, { name: 'Nobody' })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/builders/999999', who.provider, { name: 'Nobody' })).statusCode).toBe(404);

    const reject = await call('POST', '/api/admin/builders', who.provider, { name: 'Rejected Ltd', approval: 'rejected' });
    expect(reject.statusCode).toBe(400);
    expect(reject.json().field).toBe('remark');

    await call('POST', '/api/admin/builders', who.provider, { name: 'Twin Towers Group' });
    const twin = await call('POST', '/api/admin/builders', who.provider, { name: 'Twin Towers Group' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().field).toBe('slug');
    const city = await call('POST', '/api/admin/cities', who.provider, { name: 'Mysuru', state: 'Karnataka' });
    expect(city.statusCode, city.body).toBe(201);
    expect((await call('POST', '/api/admin/cities', who.provider, { name: 'Mysuru', state: 'Karnataka' })).json()).toMatchObject({ statusCode: 409, field: 'slug' });
  });
});

describe('photos through the owners pipeline', () => {
  it('adds a banner first and a gallery photo, refuses a non-image with its reason, and removes one with an audit row', async () => {
    const created = await call('POST', '/api/admin/projects', who.provider, { name: 'Photo Court', type: 'villa', cityId: world.cityId, locationId: world.locationId, units: [unit(5_000_000, 6_000_000)] });
    const id: number = created.json().item.id;
    const gallery = multipart([{ fileName: 'garden.jpg', contentType: 'image/jpeg', bytes: await jpeg() }]);
    const first = await ctx.app.inject({ method: 'POST', url: `/api/admin/projects/${id}/photos`, headers: { ...(await headersFor(ctx.app, who.provider)), ...gallery.headers }, payload: gallery.payload });
    expect(first.statusCode, first.body).toBe(200);

    const boundary = '----role-test';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="role"\r\n\r\nbanner\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="front.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      await jpeg({ colour: '#36c' }),
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="notes.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot a picture\r\n--${boundary}--\r\n`),
    ]);
    const second = await ctx.app.inject({ method: 'POST', url: `/api/admin/projects/${id}/photos`, headers: { ...(await headersFor(ctx.app, who.provider)), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(second.statusCode, second.body).toBe(207);
    expect(second.json().rejected).toEqual([{ fileName: 'notes.jpg', reason: 'notes.jpg is not a JPEG, PNG, WebP, HEIC or AVIF image' }]);

    const project = (await call('GET', `/api/admin/projects/${id}`)).json().item;
    expect(project.medias.map((m: { title: string }) => m.title)).toEqual(['banner', 'gallery']);
    const media = await ctx.database.db.select().from(schema.projectMedia).where(eq(schema.projectMedia.projectId, id));
    expect(media.every((row) => row.storageKey?.startsWith(`listings/${id}/`))).toBe(true);

    const removed = await call('DELETE', `/api/admin/projects/${id}/photos/${project.photos[1].id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().photos).toHaveLength(1);
    expect((await call('DELETE', `/api/admin/projects/${id}/photos/${project.photos[1].id}`)).statusCode).toBe(404);
    expect((await auditOf('project', id)).map((entry) => entry.action)).toEqual(['remove-photo', 'add-photo', 'add-photo', 'create']);
  });
});
