import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Principal } from '@nivaas/contracts/auth.schema';
import { MAX_LISTING_PHOTOS, MAX_PHOTO_BYTES } from '@nivaas/contracts/upload.schema';
import { schema } from '@nivaas/db';
import { eq } from '@nivaas/db/orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, fakeExecutable, type FilePart, headersFor, hugePngHeader, jpeg, multipart, png, principals, uploadBody, type World } from '../../test/lifecycle';
import { createTestApp, type TestContext } from '../../test/test-app';
import { LocalMediaStore } from '../../lib/media/media-store';
import { LOCAL_UPLOADS_URL } from '../../lib/media/create-media-store';
import { detectPhotoFormat } from './photo-processing';
import { createModerationRepository } from '../moderation/moderation.repository';
import { createListingsRepository } from './listings.repository';
import { createListingsService, type IncomingPhoto } from './listings.service';

let ctx: TestContext;
let world: World;
let who: ReturnType<typeof principals>;
let uploadsDir: string;
/** The same folder the app's store writes to, for services built by a test. */
let store: LocalMediaStore;

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      world = await createWorld(db);
    },
  });
  who = principals(world);
  uploadsDir = path.join(ctx.config.mediaDir, 'uploads');
  store = new LocalMediaStore(uploadsDir, LOCAL_UPLOADS_URL);
});

afterAll(async () => {
  await ctx?.close();
});

/** Every file stored for a listing (the local store keeps them under listings/{id}/). */
function storedFiles(projectId: number): string[] {
  try {
    return readdirSync(path.join(uploadsDir, 'listings', String(projectId))).sort();
  } catch {
    return [];
  }
}

async function newListing(owner: Principal = who.brokerA): Promise<number> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/project/upload', headers: await headersFor(ctx.app, owner), payload: uploadBody(world) as Record<string, unknown> });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().project.id;
}

async function send(projectId: number, files: FilePart[], principal: Principal | null = who.brokerA) {
  const { payload, headers } = multipart(files);
  return ctx.app.inject({ method: 'POST', url: `/api/project/upload/${projectId}/photos`, payload, headers: { ...headers, ...(await headersFor(ctx.app, principal)) } });
}

describe('POST /api/project/upload/{id}/photos', () => {
  it('re-encodes each photo to WebP card and gallery variants, stored under the data folder and served at /media', async () => {
    const id = await newListing();
    const response = await send(id, [
      { fileName: 'front.jpg', contentType: 'image/jpeg', bytes: await jpeg({ width: 2000, height: 1500 }) },
      { fileName: 'hall.png', contentType: 'image/png', bytes: await png(300, 200) },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.rejected).toEqual([]);
    expect(body.accepted.map((photo: { fileName: string }) => photo.fileName)).toEqual(['front.jpg', 'hall.png']);
    expect(body.photos).toHaveLength(2);
    expect(storedFiles(id)).toHaveLength(4);

    const [front] = body.accepted;
    const gallery = await ctx.app.inject({ method: 'GET', url: front.url });
    expect(gallery.statusCode).toBe(200);
    const galleryMeta = await sharp(gallery.rawPayload).metadata();
    expect(galleryMeta).toMatchObject({ format: 'webp', width: 1280, height: 960 });
    const card = await ctx.app.inject({ method: 'GET', url: front.cardUrl });
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
    // A small photo is never enlarged.
    const hall = await ctx.app.inject({ method: 'GET', url: body.accepted[1].url });
    expect((await sharp(hall.rawPayload).metadata()).width).toBe(300);

    // The owner's listing and, once public, its medias show the gallery images in upload order.
    const owner = await ctx.app.inject({ method: 'GET', url: `/api/project/upload/${id}`, headers: await headersFor(ctx.app, who.brokerA) });
    expect(owner.json().project.medias.map((media: { url: string }) => media.url)).toEqual(body.accepted.map((photo: { url: string }) => photo.url));
    await ctx.database.db.update(schema.projects).set({ approval: 'approved', status: 'active' }).where(eq(schema.projects.id, id));
    const live = await ctx.app.inject({ method: 'GET', url: `/api/project/${id}` });
    expect(live.json().project.medias[0]).toEqual({ title: 'gallery', url: front.url, cardUrl: front.cardUrl });
  });

  it('strips EXIF, including the GPS position', async () => {
    const id = await newListing();
    const original = await jpeg({ gps: true });
    const exif = (await sharp(original).metadata()).exif;
    expect(exif?.includes(Buffer.from('TestCam'))).toBe(true);
    const response = await send(id, [{ fileName: 'with-gps.jpg', contentType: 'image/jpeg', bytes: original }]);
    expect(response.statusCode, response.body).toBe(200);
    for (const url of [response.json().accepted[0].url, response.json().accepted[0].cardUrl]) {
      const stored = (await ctx.app.inject({ method: 'GET', url })).rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
      expect(stored.includes(Buffer.from('Exif'))).toBe(false);
    }
  });

  it('refuses a renamed executable, an image over the pixel limit and an oversized file by name, keeps the rest, and stores nothing for them', async () => {
    const id = await newListing();
    const oversized = Buffer.concat([await jpeg(), Buffer.alloc(MAX_PHOTO_BYTES + 1 - (await jpeg()).length + 10, 0)]);
    const response = await send(id, [
      { fileName: 'setup.jpg', contentType: 'image/jpeg', bytes: fakeExecutable() },
      { fileName: 'kitchen.jpg', contentType: 'image/jpeg', bytes: await jpeg({ colour: '#39c' }) },
      { fileName: 'bomb.png', contentType: 'image/png', bytes: hugePngHeader(10_000, 10_000) },
      { fileName: 'huge.jpg', contentType: 'image/jpeg', bytes: oversized },
      { fileName: 'notes.heic', contentType: 'image/heic', bytes: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic', 'latin1'), Buffer.alloc(64, 1)]) },
    ]);
    expect(response.statusCode, response.body).toBe(207);
    const body = response.json();
    expect(body.accepted.map((photo: { fileName: string }) => photo.fileName)).toEqual(['kitchen.jpg']);
    expect(body.rejected).toEqual([
      { fileName: 'setup.jpg', reason: 'setup.jpg is not a JPEG, PNG, WebP, HEIC or AVIF image' },
      { fileName: 'bomb.png', reason: 'bomb.png is 10000 × 10000 pixels (100.0 megapixels); photos may be at most 40 megapixels' },
      { fileName: 'huge.jpg', reason: 'huge.jpg is larger than 10 MB' },
      { fileName: 'notes.heic', reason: expect.stringMatching(/^notes\.heic is a HEIC photo this server cannot read/) },
    ]);
    expect(body.message).toBe('1 photo added, 4 not added.');
    // Two files (card and gallery) for the one kept photo, nothing for the refused ones.
    expect(storedFiles(id)).toHaveLength(2);
    expect(await ctx.database.db.$count(schema.projectMedia, eq(schema.projectMedia.projectId, id))).toBe(1);
  });

  it(`keeps at most ${MAX_LISTING_PHOTOS} photos per listing, refusing the extra ones by name`, async () => {
    const id = await newListing();
    const small = await jpeg({ width: 16, height: 16 });
    const first = await send(id, Array.from({ length: MAX_LISTING_PHOTOS - 1 }, (_, n) => ({ fileName: `p${n}.jpg`, contentType: 'image/jpeg', bytes: small })));
    expect(first.statusCode, first.body).toBe(200);
    const second = await send(id, [
      { fileName: 'last.jpg', contentType: 'image/jpeg', bytes: small },
      { fileName: 'one-too-many.jpg', contentType: 'image/jpeg', bytes: small },
    ]);
    expect(second.statusCode).toBe(207);
    expect(second.json().accepted.map((photo: { fileName: string }) => photo.fileName)).toEqual(['last.jpg']);
    expect(second.json().rejected).toEqual([{ fileName: 'one-too-many.jpg', reason: `one-too-many.jpg was not added: a listing can have at most ${MAX_LISTING_PHOTOS} photos` }]);
    expect(second.json().photos).toHaveLength(MAX_LISTING_PHOTOS);
    expect(storedFiles(id)).toHaveLength(2 * MAX_LISTING_PHOTOS);
  });

  it('is an edit: an approved listing goes back to pending review and off the site', async () => {
    const id = await newListing();
    await ctx.database.db.update(schema.projects).set({ approval: 'approved', status: 'active' }).where(eq(schema.projects.id, id));
    const response = await send(id, [{ fileName: 'new.jpg', contentType: 'image/jpeg', bytes: await jpeg() }]);
    expect(response.json()).toMatchObject({ approval: 'pending', status: 'inactive', message: '1 photo added. The listing is pending review again.' });
  });

  it("refuses another owner's listing, a guest, and a body that is not multipart, storing nothing", async () => {
    const id = await newListing();
    const file = [{ fileName: 'a.jpg', contentType: 'image/jpeg', bytes: await jpeg() }];
    expect((await send(id, file, who.brokerB)).statusCode).toBe(403);
    expect((await send(id, file, who.userA)).statusCode).toBe(403);
    expect((await send(id, file, null)).statusCode).toBe(401);
    expect((await send(id, file, who.pendingBroker)).statusCode).toBe(403);
    const json = await ctx.app.inject({ method: 'POST', url: `/api/project/upload/${id}/photos`, headers: await headersFor(ctx.app, who.brokerA), payload: { photos: [] } });
    expect(json.statusCode).toBe(400);
    expect(json.json().field).toBe('photos');
    expect((await send(id, [])).json().field).toBe('photos');
    expect(storedFiles(id)).toEqual([]);
  });
});

describe('POST /api/project/upload/{id}/photos when nothing can be kept (issue 10)', () => {
  it('answers 422 with the reason in words when the one file is refused, and stores nothing', async () => {
    const id = await newListing();
    const response = await send(id, [{ fileName: 'setup.jpg', contentType: 'image/jpeg', bytes: fakeExecutable() }]);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ success: false, field: 'photos', message: 'setup.jpg is not a JPEG, PNG, WebP, HEIC or AVIF image' });
    expect(storedFiles(id)).toEqual([]);
  });

  it('names every refused file when several are sent and none is kept', async () => {
    const id = await newListing();
    const response = await send(id, [
      { fileName: 'setup.jpg', contentType: 'image/jpeg', bytes: fakeExecutable() },
      { fileName: 'empty.png', contentType: 'image/png', bytes: Buffer.alloc(0) },
    ]);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe('No photo was added: setup.jpg is not a JPEG, PNG, WebP, HEIC or AVIF image; empty.png is empty');
    expect(storedFiles(id)).toEqual([]);
  });

  it(`answers 422 when the listing already has ${MAX_LISTING_PHOTOS} photos, leaving no file behind`, async () => {
    const id = await newListing();
    const small = await jpeg({ width: 16, height: 16 });
    const full = await send(id, Array.from({ length: MAX_LISTING_PHOTOS }, (_, n) => ({ fileName: `p${n}.jpg`, contentType: 'image/jpeg', bytes: small })));
    expect(full.statusCode, full.body).toBe(200);
    const extra = await send(id, [{ fileName: 'extra.jpg', contentType: 'image/jpeg', bytes: small }]);
    expect(extra.statusCode, extra.body).toBe(422);
    expect(extra.json().message).toBe(`extra.jpg was not added: a listing can have at most ${MAX_LISTING_PHOTOS} photos`);
    expect(storedFiles(id)).toHaveLength(2 * MAX_LISTING_PHOTOS);
  });

  it('answers 400 with a message to a multipart Content-Type whose body is not multipart', async () => {
    const id = await newListing();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/project/upload/${id}/photos`,
      headers: { ...(await headersFor(ctx.app, who.brokerA)), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '{"x":1}',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
    expect(response.json().message.length).toBeGreaterThan(10);
    expect(storedFiles(id)).toEqual([]);
  });
});

describe('photo files and their rows (issue 10)', () => {
  it('serves a photo only once its row has committed, and leaves no staged copy behind', async () => {
    const id = await newListing();
    const seen: string[][] = [];
    // Looks at the folder when the first file is promoted, just after the rows committed: staged copies only.
    class WatchedStore extends LocalMediaStore {
      override async promote(key: string): Promise<void> {
        seen.push(storedFiles(id));
        await super.promote(key);
      }
    }
    const service = createListingsService({ repository: createListingsRepository(ctx.database.db, createModerationRepository(ctx.database.db).recordAudit), mediaStore: new WatchedStore(uploadsDir, LOCAL_UPLOADS_URL) });
    async function* oneFile(): AsyncGenerator<IncomingPhoto> {
      yield { fileName: 'a.jpg', bytes: await jpeg(), truncated: false };
    }
    const outcome = await service.addPhotos(who.brokerA, id, oneFile());
    expect(outcome.accepted).toHaveLength(1);
    expect(seen[0]?.every((name) => name.startsWith('.') && name.endsWith('.staged'))).toBe(true);
    expect(storedFiles(id).some((name) => name.startsWith('.'))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: outcome.accepted[0]?.url ?? '' })).statusCode).toBe(200);
  });

  it('removes the staged files of an upload whose rows never commit', async () => {
    const id = await newListing();
    const service = createListingsService({ repository: createListingsRepository(ctx.database.db, createModerationRepository(ctx.database.db).recordAudit), mediaStore: store });
    async function* fileThenListingGone(): AsyncGenerator<IncomingPhoto> {
      yield { fileName: 'a.jpg', bytes: await jpeg(), truncated: false };
      // Staged by now; the listing disappears before the rows are written, so the transaction refuses.
      await ctx.database.db.delete(schema.projects).where(eq(schema.projects.id, id));
    }
    await expect(service.addPhotos(who.brokerA, id, fileThenListingGone())).rejects.toThrow(/not found/);
    expect(storedFiles(id)).toEqual([]);
  });
});

describe('DELETE /api/project/upload/{id}/photos/{mediaId}', () => {
  it('removes the row and both stored files; only the owner may', async () => {
    const id = await newListing(who.userA);
    const added = await send(id, [{ fileName: 'a.jpg', contentType: 'image/jpeg', bytes: await jpeg() }], who.userA);
    const mediaId = added.json().accepted[0].id;
    expect(storedFiles(id)).toHaveLength(2);
    const url = `/api/project/upload/${id}/photos/${mediaId}`;
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: await headersFor(ctx.app, who.userB) })).statusCode).toBe(403);
    const removed = await ctx.app.inject({ method: 'DELETE', url, headers: await headersFor(ctx.app, who.userA) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().photos).toEqual([]);
    expect(storedFiles(id)).toEqual([]);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: await headersFor(ctx.app, who.userA) })).statusCode).toBe(404);
  });
});

describe('detectPhotoFormat', () => {
  it('reads the format from the bytes, whatever the name', async () => {
    expect(detectPhotoFormat(await jpeg())).toBe('jpeg');
    expect(detectPhotoFormat(await png())).toBe('png');
    expect(detectPhotoFormat(await sharp(await png()).webp().toBuffer())).toBe('webp');
    expect(detectPhotoFormat(await sharp(await png()).avif().toBuffer())).toBe('avif');
    expect(detectPhotoFormat(fakeExecutable())).toBeNull();
    expect(detectPhotoFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
