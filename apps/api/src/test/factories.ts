import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import type { Table } from '@nivaas/db/orm';

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

type Insert<T extends Table> = Partial<T['$inferInsert']>;

/** Inserts one row and returns it as stored (ids, defaults), failing loudly if nothing came back. */
async function insertOne<T extends Table>(db: Db, table: T, values: T['$inferInsert']): Promise<T['$inferSelect']> {
  // drizzle types returning() for a concrete table; through the generic T it cannot prove the row is T's select model.
  const [row] = (await db.insert(table).values(values).returning()) as T['$inferSelect'][];
  if (!row) throw new Error('factory insert returned no row');
  return row;
}

export async function createCity(db: Db, overrides: Insert<typeof schema.cities> = {}) {
  const n = next();
  return insertOne(db, schema.cities, { name: `Test City ${n}`, slug: `test-city-${n}`, state: 'Karnataka', position: 1000 + n, ...overrides });
}

export async function createLocation(db: Db, overrides: Insert<typeof schema.locations> & { cityId: number }) {
  const n = next();
  return insertOne(db, schema.locations, { name: `Test Locality ${n}`, slug: `test-locality-${n}`, ...overrides });
}

export async function createBroker(db: Db, overrides: Insert<typeof schema.brokers> = {}) {
  const n = next();
  return insertOne(db, schema.brokers, { name: `Test Broker ${n}`, email: `broker-${n}@example.test`, approval: 'approved', ...overrides });
}

export async function createBuilder(db: Db, overrides: Insert<typeof schema.builders> = {}) {
  const n = next();
  return insertOne(db, schema.builders, { name: `Test Builder ${n}`, slug: `test-builder-${n}`, status: 'active', approval: 'approved', ...overrides });
}

export async function createZone(db: Db, overrides: Insert<typeof schema.zones> & { cityId: number }) {
  const n = next();
  return insertOne(db, schema.zones, { name: `Test Zone ${n}`, slug: `test-zone-${n}`, ...overrides });
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
  const project = await insertOne(db, schema.projects, {
    name: `Test Project ${n}`,
    item: 'project',
    type: 'apartment',
    status: 'active',
    approval: 'approved',
    minPrice: 5_000_000,
    maxPrice: 9_000_000,
    ...overrides,
  });
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
  return insertOne(db, schema.banners, { title: `Banner ${n}`, imageUrl: `/media/test/banner-${n}.webp`, approval: 'approved', position: n, ...overrides });
}

export async function createReview(db: Db, overrides: Insert<typeof schema.reviews> & Pick<typeof schema.reviews.$inferInsert, 'subject'>) {
  const n = next();
  return insertOne(db, schema.reviews, { ratingValue: 4, comment: `Review ${n}`, authorName: `Reviewer ${n}`, approval: 'approved', ...overrides });
}

/** An active, approved, published blog unless told otherwise. */
export async function createBlog(db: Db, overrides: Insert<typeof schema.blogs> = {}) {
  const n = next();
  return insertOne(db, schema.blogs, {
    title: `Blog ${n}`,
    slug: `blog-${n}`,
    excerpt: `Excerpt ${n}`,
    body: `Body of blog ${n}.`,
    status: 'active',
    approval: 'approved',
    publishedAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000),
    ...overrides,
  });
}

export async function createFaq(db: Db, overrides: Insert<typeof schema.faqs> = {}) {
  const n = next();
  return insertOne(db, schema.faqs, { question: `Question ${n}?`, answer: `Answer ${n}.`, associatedWith: 'contact_faqs', approval: 'approved', position: n, ...overrides });
}

export async function createContractor(db: Db, overrides: Insert<typeof schema.contractors> = {}) {
  const n = next();
  return insertOne(db, schema.contractors, { companyName: `Test Contractor ${n}`, slug: `test-contractor-${n}`, approval: 'approved', ...overrides });
}

/** An active construction project unless told otherwise. */
export async function createConstructionProject(db: Db, overrides: Insert<typeof schema.constructionProjects> = {}) {
  const n = next();
  return insertOne(db, schema.constructionProjects, { name: `Construction ${n}`, tag: 'Residential', status: 'active', approval: 'approved', ...overrides });
}

export async function createUser(db: Db, overrides: Insert<typeof schema.users> = {}) {
  const n = next();
  return insertOne(db, schema.users, { name: `Test User ${n}`, phone: `9${String(n).padStart(9, '0')}`, ...overrides });
}

/** A project whose denormalised price range is its units' (as every writer keeps it), for price filter and sort tests. */
export async function createPricedProject(db: Db, input: ProjectFactoryInput & { units: NonNullable<ProjectFactoryInput['units']> }) {
  const minPrice = Math.min(...input.units.map((unit) => unit.minPrice));
  const maxPrice = Math.max(...input.units.map((unit) => unit.maxPrice));
  return createProject(db, { minPrice, maxPrice, ...input });
}
