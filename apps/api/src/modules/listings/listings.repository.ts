import type { Approval, Db, Status, Tx } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, eq, inArray, max, type SQL, sql } from '@nivaas/db/orm';
import { type AuditInput, insertAudit, type ListingOwner, loadListingPage, type OwnerPage, ownedBy, type PhotoRow } from './listing-records';

const { brokers, locations, projectMedia, projects, units, zones } = schema;

/** A listing's own state, read under a row lock before a change. */
export interface LockedListing {
  id: number;
  name: string;
  ownerId: number | null;
  brokerId: number | null;
  approval: Approval;
  status: Status;
}

export interface Counters {
  total: number;
  rejected: number;
  pending: number;
  approved: number;
  live: number;
}

export interface NewUnit {
  type: string;
  minPrice: number;
  maxPrice: number;
  facing: string | null;
  exteriorArea: number | null;
  floors: string | null;
  furnishing: 'Unfurnished' | 'Semi-Furnished' | 'Fully Furnished' | null;
}

export interface ListingFields {
  name: string;
  type: (typeof projects.$inferInsert)['type'];
  transactionTag: (typeof projects.$inferInsert)['transactionTag'];
  description: string | null;
  tags: string[];
  cityId: number;
  zoneId: number | null;
  locationId: number;
  minPrice: number;
  maxPrice: number;
}

/** SQL for an owner's listings; no HTTP, no rules. On the database or inside one of its transactions. */
function listingQueries(db: Db | Tx) {
  const loadPage = (where: SQL, orderBy: SQL, offset: number, limit: number) => loadListingPage(db, where, orderBy, offset, limit);

  return {
    /** The locality with its city and zone, and the zone's city when a zone is named (null when missing). */
    async place(locationId: number, zoneId: number | null): Promise<{ location: { cityId: number; zoneId: number | null } | null; zone: { cityId: number } | null }> {
      const [location] = await db.select({ cityId: locations.cityId, zoneId: locations.zoneId }).from(locations).where(eq(locations.id, locationId));
      const [zone] = zoneId === null ? [] : await db.select({ cityId: zones.cityId }).from(zones).where(eq(zones.id, zoneId));
      return { location: location ?? null, zone: zone ?? null };
    },

    async brokerApproval(brokerId: number): Promise<Approval | null> {
      const [row] = await db.select({ approval: brokers.approval }).from(brokers).where(eq(brokers.id, brokerId));
      return row?.approval ?? null;
    },

    async insertListing(owner: ListingOwner, fields: ListingFields, unitRows: NewUnit[], at: Date): Promise<number> {
      const [row] = await db
        .insert(projects)
        .values({
          ...fields,
          item: 'listing',
          approval: 'pending',
          status: 'inactive',
          ownerId: owner.kind === 'user' ? owner.id : null,
          brokerId: owner.kind === 'broker' ? owner.id : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: projects.id });
      if (!row) throw new Error('insertListing: no row returned');
      await db.insert(units).values(unitRows.map((unit) => ({ ...unit, projectId: row.id })));
      return row.id;
    },

    /** The listing's state under FOR UPDATE (inside a transaction), or undefined. */
    async lock(id: number): Promise<LockedListing | undefined> {
      const [row] = await db
        .select({ id: projects.id, name: projects.name, ownerId: projects.ownerId, brokerId: projects.brokerId, approval: projects.approval, status: projects.status })
        .from(projects)
        .where(eq(projects.id, id))
        .for('update');
      return row;
    },

    async updatedAt(id: number): Promise<Date> {
      const [row] = await db.select({ updatedAt: projects.updatedAt }).from(projects).where(eq(projects.id, id));
      if (!row) throw new Error(`updatedAt: no project ${id}`);
      return row.updatedAt;
    },

    async find(id: number): Promise<LockedListing | undefined> {
      const [row] = await db
        .select({ id: projects.id, name: projects.name, ownerId: projects.ownerId, brokerId: projects.brokerId, approval: projects.approval, status: projects.status })
        .from(projects)
        .where(eq(projects.id, id));
      return row;
    },

    async updateListing(id: number, fields: ListingFields, unitRows: NewUnit[], state: { approval: Approval; status: Status }, at: Date): Promise<void> {
      await db.update(projects).set({ ...fields, ...state, updatedAt: at }).where(eq(projects.id, id));
      await db.delete(units).where(eq(units.projectId, id));
      await db.insert(units).values(unitRows.map((unit) => ({ ...unit, projectId: id })));
    },

    async setState(id: number, state: { approval: Approval; status: Status }, at: Date): Promise<{ updatedAt: Date }> {
      const [row] = await db.update(projects).set({ ...state, updatedAt: at }).where(eq(projects.id, id)).returning({ updatedAt: projects.updatedAt });
      if (!row) throw new Error('setState: no row');
      return row;
    },

    /** Bumps updatedAt only (a photo change on a listing already pending). */
    async touch(id: number, at: Date): Promise<void> {
      await db.update(projects).set({ updatedAt: at }).where(eq(projects.id, id));
    },

    audit(entry: AuditInput): Promise<void> {
      return insertAudit(db, entry);
    },

    /** A page of the owner's listings in every state, newest change first. */
    ownerPage(owner: ListingOwner, offset: number, limit: number): Promise<OwnerPage> {
      return loadPage(ownedBy(owner), sql`${projects.updatedAt} desc, ${projects.id} desc`, offset, limit);
    },

    /** One listing in any state, with its children. */
    async one(id: number): Promise<OwnerPage> {
      return loadPage(eq(projects.id, id), sql`${projects.id}`, 0, 1);
    },

    /** spec §2 dashboard counters over all of the owner's listings. */
    async counters(owner: ListingOwner): Promise<Counters> {
      const [row] = await db
        .select({
          total: count(),
          rejected: sql<number>`count(*) filter (where ${projects.approval} = 'rejected')`.mapWith(Number),
          pending: sql<number>`count(*) filter (where ${projects.approval} = 'pending')`.mapWith(Number),
          approved: sql<number>`count(*) filter (where ${projects.approval} = 'approved' and ${projects.status} = 'inactive')`.mapWith(Number),
          live: sql<number>`count(*) filter (where ${projects.approval} = 'approved' and ${projects.status} = 'active')`.mapWith(Number),
        })
        .from(projects)
        .where(ownedBy(owner));
      return row ?? { total: 0, rejected: 0, pending: 0, approved: 0, live: 0 };
    },

    async photos(projectId: number): Promise<PhotoRow[]> {
      return db
        .select({
          id: projectMedia.id,
          projectId: projectMedia.projectId,
          title: projectMedia.title,
          url: projectMedia.url,
          cardUrl: projectMedia.cardUrl,
          storageKey: projectMedia.storageKey,
          position: projectMedia.position,
        })
        .from(projectMedia)
        .where(eq(projectMedia.projectId, projectId))
        .orderBy(asc(projectMedia.position), asc(projectMedia.id));
    },

    async photoStats(projectId: number): Promise<{ count: number; maxPosition: number }> {
      const [row] = await db
        .select({ count: count(), maxPosition: max(projectMedia.position) })
        .from(projectMedia)
        .where(eq(projectMedia.projectId, projectId));
      return { count: row?.count ?? 0, maxPosition: row?.maxPosition ?? -1 };
    },

    async insertPhotos(rows: { projectId: number; url: string; cardUrl: string; storageKey: string; position: number }[]): Promise<{ id: number; position: number }[]> {
      if (rows.length === 0) return [];
      return db
        .insert(projectMedia)
        .values(rows.map((row) => ({ ...row, title: 'gallery' as const })))
        .returning({ id: projectMedia.id, position: projectMedia.position });
    },

    /** Which of these storage keys a photo row refers to (the sweep and an unclear commit ask). */
    async referencedStorageKeys(storageKeys: string[]): Promise<Set<string>> {
      if (storageKeys.length === 0) return new Set();
      const rows = await db.select({ storageKey: projectMedia.storageKey }).from(projectMedia).where(inArray(projectMedia.storageKey, storageKeys));
      return new Set(rows.flatMap((row) => (row.storageKey === null ? [] : [row.storageKey])));
    },

    async deletePhoto(projectId: number, mediaId: number): Promise<PhotoRow | undefined> {
      const [row] = await db
        .delete(projectMedia)
        .where(and(eq(projectMedia.projectId, projectId), eq(projectMedia.id, mediaId)))
        .returning({
          id: projectMedia.id,
          projectId: projectMedia.projectId,
          title: projectMedia.title,
          url: projectMedia.url,
          cardUrl: projectMedia.cardUrl,
          storageKey: projectMedia.storageKey,
          position: projectMedia.position,
        });
      return row;
    },

  };
}

/** The listing queries, as run inside one transaction. */
export type ListingQueries = ReturnType<typeof listingQueries>;

export function createListingsRepository(db: Db) {
  return {
    ...listingQueries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (tx: ListingQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(listingQueries(tx)));
    },
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
