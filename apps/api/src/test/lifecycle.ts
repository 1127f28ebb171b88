import type { Principal } from '@nivaas/contracts/auth.schema';
import type { ListingUploadInput } from '@nivaas/contracts/upload.schema';
import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { bearerFor } from './auth';
import { createBroker, createCity, createLocation, createUser, createZone } from './factories';

/**
 * Test support for issue 5 (uploads, moderation, owners' leads): a small world with every kind of caller, an upload
 * body, images made on the spot, and multipart bodies.
 */

export interface World {
  cityId: number;
  zoneId: number;
  locationId: number;
  /** A locality of another city. */
  otherCityLocationId: number;
  otherCityId: number;
  /** A zone of the same city the locality is not in. */
  otherZoneId: number;
  userA: number;
  userB: number;
  brokerA: number;
  brokerB: number;
  pendingBroker: number;
  rejectedBroker: number;
  staff: number;
}

let staffSequence = 0;

export async function createStaff(db: Db): Promise<number> {
  staffSequence += 1;
  const [row] = await db.insert(schema.providerStaff).values({ email: `staff-${staffSequence}-${Date.now()}@nivaas.test`, name: `Moderator ${staffSequence}`, role: 'moderator' }).returning();
  if (!row) throw new Error('no staff row');
  return row.id;
}

export async function createWorld(db: Db): Promise<World> {
  const city = await createCity(db);
  const zone = await createZone(db, { cityId: city.id });
  const otherZone = await createZone(db, { cityId: city.id });
  const location = await createLocation(db, { cityId: city.id, zoneId: zone.id });
  const otherCity = await createCity(db);
  const otherLocation = await createLocation(db, { cityId: otherCity.id });
  return {
    cityId: city.id,
    zoneId: zone.id,
    locationId: location.id,
    otherCityId: otherCity.id,
    otherCityLocationId: otherLocation.id,
    otherZoneId: otherZone.id,
    userA: (await createUser(db)).id,
    userB: (await createUser(db)).id,
    brokerA: (await createBroker(db, { cityId: city.id })).id,
    brokerB: (await createBroker(db, { cityId: city.id })).id,
    pendingBroker: (await createBroker(db, { approval: 'pending' })).id,
    rejectedBroker: (await createBroker(db, { approval: 'rejected' })).id,
    staff: await createStaff(db),
  };
}

export function principals(world: World) {
  return {
    userA: { kind: 'user', id: world.userA },
    userB: { kind: 'user', id: world.userB },
    brokerA: { kind: 'broker', id: world.brokerA },
    brokerB: { kind: 'broker', id: world.brokerB },
    pendingBroker: { kind: 'broker', id: world.pendingBroker },
    provider: { kind: 'provider', id: world.staff },
  } satisfies Record<string, Principal>;
}

export function uploadBody(world: World, overrides: Partial<ListingUploadInput> = {}): ListingUploadInput {
  return {
    name: 'Sunny 2 BHK near the lake',
    type: 'apartment',
    transactionTag: 'Resale',
    description: 'Corner flat, lots of light.',
    cityId: world.cityId,
    zoneId: world.zoneId,
    locationId: world.locationId,
    units: [{ type: '2', minPrice: '₹ 85,00,000', maxPrice: '₹ 90,00,000', facing: 'East', exteriorArea: 1250, floors: '7 of 14', furnishing: 'Semi-Furnished' }],
    tags: ['Ready to Move'],
    ...overrides,
  };
}

export async function headersFor(app: Pick<FastifyInstance, 'accessTokenKey'>, who: Principal | null): Promise<Record<string, string>> {
  return who ? bearerFor(app, who) : {};
}

/** A small JPEG, optionally carrying EXIF with a GPS position and a camera make ('TestCam'). */
export async function jpeg({ width = 64, height = 48, gps = false, colour = '#c33' }: { width?: number; height?: number; gps?: boolean; colour?: string } = {}): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } }).jpeg();
  if (gps) {
    image.withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' } });
  }
  return image.toBuffer();
}

export async function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#3c3c' } }).png().toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG whose header claims `width` × `height` pixels but holds almost no data: the classic decompression bomb shape.
 * It must be refused from its header, before anything is decoded.
 */
export function hugePngHeader(width = 10_000, height = 10_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), pngChunk('IHDR', ihdr), pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A Windows executable's first bytes ('MZ' header) and some padding: what a renamed .exe looks like. */
export function fakeExecutable(): Buffer {
  const bytes = Buffer.alloc(4096, 0x90);
  bytes.write('MZ', 0, 'latin1');
  bytes.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return bytes;
}

export interface FilePart {
  fileName: string;
  contentType: string;
  bytes: Buffer;
  field?: string;
}

/** A multipart/form-data body with these files. */
export function multipart(files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----nivaas-test-${Math.random().toString(16).slice(2)}`;
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photos'}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    ]),
  );
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
