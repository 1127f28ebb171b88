import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';

/**
 * Test data builders: each call inserts one row with sensible defaults and returns it, so a test
 * says only what matters to it (`createProject(db, { approval: 'rejected' })`).
 */

let sequence = 0;
/** Unique per call within a test file, so factories never collide on unique slugs. */
function next(): number {
  sequence += 1;
  return sequence;
}

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function createCity(db: Db, overrides: Insert<typeof schema.cities> = {}) {
  const n = next();
  const [city] = await db
    .insert(schema.cities)
    .values({ name: `Test City ${n}`, slug: `test-city-${n}`, state: 'Karnataka', position: 1000 + n, ...overrides })
    .returning();
  if (!city) throw new Error('createCity inserted nothing');
  return city;
}

export async function createLocation(db: Db, overrides: Insert<typeof schema.locations> & { cityId: number }) {
  const n = next();
  const [location] = await db
    .insert(schema.locations)
    .values({ name: `Test Locality ${n}`, slug: `test-locality-${n}`, ...overrides })
    .returning();
  if (!location) throw new Error('createLocation inserted nothing');
  return location;
}

export async function createBroker(db: Db, overrides: Insert<typeof schema.brokers> = {}) {
  const n = next();
  const [broker] = await db
    .insert(schema.brokers)
    .values({ name: `Test Broker ${n}`, email: `broker-${n}@example.test`, approval: 'approved', ...overrides })
    .returning();
  if (!broker) throw new Error('createBroker inserted nothing');
  return broker;
}

export async function createBuilder(db: Db, overrides: Insert<typeof schema.builders> = {}) {
  const n = next();
  const [builder] = await db
    .insert(schema.builders)
    .values({ name: `Test Builder ${n}`, slug: `test-builder-${n}`, status: 'active', approval: 'approved', ...overrides })
    .returning();
  if (!builder) throw new Error('createBuilder inserted nothing');
  return builder;
}

export async function createZone(db: Db, overrides: Insert<typeof schema.zones> & { cityId: number }) {
  const n = next();
  const [zone] = await db.insert(schema.zones).values({ name: `Test Zone ${n}`, slug: `test-zone-${n}`, ...overrides }).returning();
  if (!zone) throw new Error('createZone inserted nothing');
  return zone;
}

export interface ProjectFactoryInput extends Insert<typeof schema.projects> {
  cityId: number;
  locationId: number;
  units?: Omit<typeof schema.units.$inferInsert, 'projectId'>[];
  medias?: Omit<typeof schema.projectMedia.$inferInsert, 'projectId'>[];
  remarks?: string[];
}

/** A live, approved builder project unless told otherwise, with one unit and a banner image. */
export async function createProject(db: Db, { units, medias, remarks, ...overrides }: ProjectFactoryInput) {
  const n = next();
  const [project] = await db
    .insert(schema.projects)
    .values({
      name: `Test Project ${n}`,
      item: 'project',
      type: 'apartment',
      status: 'active',
      approval: 'approved',
      minPrice: 5_000_000,
      maxPrice: 9_000_000,
      ...overrides,
    })
    .returning();
  if (!project) throw new Error('createProject inserted nothing');
  const projectId = project.id;
  await db
    .insert(schema.units)
    .values((units ?? [{ type: '2', minPrice: 5_000_000, maxPrice: 9_000_000, facing: 'East' }]).map((unit) => ({ ...unit, projectId })));
  const mediaRows = medias ?? [{ title: 'banner' as const, url: `/media/test/project-${n}.webp`, position: 0 }];
  if (mediaRows.length > 0) await db.insert(schema.projectMedia).values(mediaRows.map((media) => ({ ...media, projectId })));
  if (remarks?.length) await db.insert(schema.projectRemarks).values(remarks.map((message) => ({ message, projectId })));
  return project;
}

export async function createBanner(db: Db, overrides: Insert<typeof schema.banners> = {}) {
  const n = next();
  const [banner] = await db
    .insert(schema.banners)
    .values({ title: `Banner ${n}`, imageUrl: `/media/test/banner-${n}.webp`, approval: 'approved', position: n, ...overrides })
    .returning();
  if (!banner) throw new Error('createBanner inserted nothing');
  return banner;
}
