import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import sharp from 'sharp';
import { Client, expectAnswer, multipart } from './support/client';
import { Database, freshEmail, signInProvider, signInUser } from './support/flows';
import { clientAddress, topology, twoProcesses } from './support/topology';

/**
 * Issue 16: an upload made through one process shows its photos through the other. The processes share no folder:
 * photos go to the S3-compatible server (MEDIA_STORE=s3) and every process links to its public address. The whole
 * listing flow crosses processes: created and photographed through one, seen by its owner through the other,
 * approved by the provider through the other, switched live through the first, public through the other.
 */

const info = topology();
const [one, two] = twoProcesses(info);
const db = new Database(info);
after(() => db.close());

interface Photo {
  id: number;
  url: string;
  cardUrl: string;
}

test('a listing photographed through one process shows its photos through the other, from the bucket', async (t) => {
  const owner = new Client(info, clientAddress(81));
  const { token } = await signInUser(owner, db, freshEmail('lister'), { send: one, verify: two });

  const { locations } = expectAnswer(await owner.get('/api/location?limit=1', { pin: two }), 200, two).json<{ locations: { id: number; city: { id: number } }[] }>();
  const [location] = locations;
  assert.ok(location, 'the seed has a locality');
  const listing = {
    name: `Scale-out Flat ${Date.now().toString(36)}`,
    type: 'apartment',
    transactionTag: 'Resale',
    cityId: location.city.id,
    locationId: location.id,
    units: [{ type: '2', minPrice: 8_500_000, maxPrice: 9_000_000 }],
  };
  const created = expectAnswer(await owner.post('/api/project/upload', listing, { pin: one, token }), 201, one).json<{ project: { id: number } }>();
  const id = created.project.id;

  // A picture of its own, so the bytes in the bucket can only have come from this upload.
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 40 } } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'front.jpg');
  const uploaded = expectAnswer(await owner.send('POST', `/api/project/upload/${id}/photos`, { pin: one, token, raw: await multipart(form) }), 200, one);
  const [accepted] = uploaded.json<{ accepted: Photo[] }>().accepted;
  assert.ok(accepted, 'the photo was kept');

  // The owner's view through the other process lists the photo at the bucket's public address.
  const seen = expectAnswer(await owner.get(`/api/project/upload/${id}`, { pin: two, token }), 200, two).json<{ project: { photos: Photo[] } }>();
  assert.deepEqual(seen.project.photos.map((photo) => photo.id), [accepted.id]);
  const [photo] = seen.project.photos;
  assert.ok(photo);
  assert.ok(photo.url.startsWith(`${info.s3.publicUrl}/`), `the photo is served from the bucket, not a process's folder: ${photo.url}`);
  for (const url of [photo.url, photo.cardUrl]) {
    const object = await fetch(url);
    assert.equal(object.status, 200, `GET ${url}`);
    assert.equal(object.headers.get('content-type'), 'image/webp');
    const { width } = await sharp(Buffer.from(await object.arrayBuffer())).metadata();
    assert.equal(width, 64, 'the re-encoded picture (never enlarged)');
  }

  // The provider approves through the other process, the owner switches it live through the first...
  const staff = new Client(info, clientAddress(82));
  const provider = await signInProvider(staff, db, { send: one, verify: two });
  expectAnswer(await staff.post(`/api/admin/projects/${id}/approve`, {}, { pin: two, token: provider.token }), 200, two);
  expectAnswer(await owner.patch(`/api/project/publish/${id}`, { status: 'active' }, { pin: one, token }), 200, one);

  // ...and a visitor of the other process sees it with its photo.
  const visitor = new Client(info, clientAddress(83));
  const started = Date.now();
  let medias: { url: string }[] = [];
  while (Date.now() - started < 3_000) {
    const answer = await visitor.get(`/api/project/${id}`, { pin: two });
    assert.equal(answer.servedBy, two);
    if (answer.status === 200) {
      medias = answer.json<{ project: { medias: { url: string }[] } }>().project.medias;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  t.diagnostic(`the live listing was public on ${two} after ${Date.now() - started} ms`);
  assert.ok(medias.some((media) => media.url === photo.url), `the public page links the bucket's photo: ${JSON.stringify(medias)}`);
});
