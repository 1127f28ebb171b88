import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { schema } from '@nivaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_UPLOADS_URL } from '../../lib/media/create-media-store';
import { LocalMediaStore } from '../../lib/media/media-store';
import { createWorld, headersFor, principals, uploadBody, type World } from '../../test/lifecycle';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createModerationRepository } from '../moderation/moderation.repository';
import { createListingsRepository } from './listings.repository';
import { photoKeys } from './listings.service';
import { sweepOrphanPhotos } from './photo-sweep';

let ctx: TestContext;
let world: World;
let uploadsDir: string;
let store: LocalMediaStore;
const log = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  ctx = await createTestApp({
    prepare: async ({ db }) => {
      world = await createWorld(db);
    },
  });
  uploadsDir = path.join(ctx.config.mediaDir, 'uploads');
  store = new LocalMediaStore(uploadsDir, LOCAL_UPLOADS_URL);
});

afterAll(async () => {
  await ctx?.close();
});

async function newListing(): Promise<number> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/project/upload', headers: await headersFor(ctx.app, principals(world).brokerA), payload: uploadBody(world) as Record<string, unknown> });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().project.id;
}

function filesOf(projectId: number): string[] {
  const dir = path.join(uploadsDir, 'listings', String(projectId));
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** A photo row as an upload commits it. */
async function photoRow(projectId: number, storageKey: string): Promise<void> {
  const [gallery, card] = photoKeys(storageKey);
  await ctx.database.db.insert(schema.projectMedia).values({ projectId, title: 'gallery', url: store.urlFor(gallery), cardUrl: store.urlFor(card), storageKey, position: 0 });
}

const webp = Buffer.from('RIFF....WEBPVP8 ');

describe('sweepOrphanPhotos (start-up, issue 10)', () => {
  it('finishes uploads killed after their commit, removes files no row refers to, and leaves other files alone', async () => {
    const id = await newListing();
    const committed = `listings/${id}/00000000-0000-4000-8000-000000000001`;
    const killedBeforeCommit = `listings/${id}/00000000-0000-4000-8000-000000000002`;
    const deletedRow = `listings/${id}/00000000-0000-4000-8000-000000000003`;
    const kept = `listings/${id}/00000000-0000-4000-8000-000000000004`;

    // Killed between COMMIT and the move: the row is there, its files are still staged.
    await photoRow(id, committed);
    for (const key of photoKeys(committed)) await store.stage(key, webp);
    // Killed before COMMIT: staged files, no row.
    for (const key of photoKeys(killedBeforeCommit)) await store.stage(key, webp);
    // A deleted photo whose files outlived its row.
    for (const key of photoKeys(deletedRow)) {
      await store.stage(key, webp);
      await store.promote(key);
    }
    // A photo in good order.
    await photoRow(id, kept);
    for (const key of photoKeys(kept)) {
      await store.stage(key, webp);
      await store.promote(key);
    }
    const folder = path.join(uploadsDir, 'listings', String(id));
    writeFileSync(path.join(folder, `${path.basename(deletedRow)}-1280.webp.4242.partial`), webp);
    writeFileSync(path.join(folder, 'README.txt'), 'not ours');

    const report = await sweepOrphanPhotos({ repository: createListingsRepository(ctx.database.db, createModerationRepository(ctx.database.db).recordAudit), mediaStore: store, olderThanMs: 0, log });

    expect(report).toEqual({ promoted: 2, removed: 5 });
    expect(filesOf(id)).toEqual(['README.txt', ...photoKeys(committed), ...photoKeys(kept)].map((key) => path.basename(key)).sort());
    for (const key of photoKeys(committed)) expect((await ctx.app.inject({ method: 'GET', url: store.urlFor(key) })).statusCode).toBe(200);
  });

  it('leaves recent files alone when the folder is shared (another process may be mid-upload)', async () => {
    const id = await newListing();
    const inFlight = `listings/${id}/00000000-0000-4000-8000-000000000005`;
    const old = `listings/${id}/00000000-0000-4000-8000-000000000006`;
    for (const key of [...photoKeys(inFlight), ...photoKeys(old)]) await store.stage(key, webp);
    const anHourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of filesOf(id).filter((file) => file.includes(path.basename(old)))) utimesSync(path.join(uploadsDir, 'listings', String(id), name), anHourAgo, anHourAgo);

    const report = await sweepOrphanPhotos({ repository: createListingsRepository(ctx.database.db, createModerationRepository(ctx.database.db).recordAudit), mediaStore: store, olderThanMs: 60 * 60 * 1000, log });

    expect(report).toEqual({ promoted: 0, removed: 2 });
    expect(filesOf(id).every((name) => name.includes(path.basename(inFlight)))).toBe(true);
    expect(filesOf(id)).toHaveLength(2);
  });

  it('is a no-op on an empty or missing folder', async () => {
    const empty = new LocalMediaStore(path.join(ctx.config.dataDir, 'nothing-here'), LOCAL_UPLOADS_URL);
    expect(await sweepOrphanPhotos({ repository: createListingsRepository(ctx.database.db, createModerationRepository(ctx.database.db).recordAudit), mediaStore: empty, olderThanMs: 0, log })).toEqual({ promoted: 0, removed: 0 });
    mkdirSync(path.join(ctx.config.dataDir, 'nothing-here'), { recursive: true });
    expect(await sweepOrphanPhotos({ repository: createListingsRepository(ctx.database.db, createModerationRepository(ctx.database.db).recordAudit), mediaStore: empty, olderThanMs: 0, log })).toEqual({ promoted: 0, removed: 0 });
  });
});
