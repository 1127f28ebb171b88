import type { Approval, Db, Status, Tx } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, eq, inArray, max, type SQL, sql } from '@nivaas/db/orm';
import { containsPattern } from '../../lib/like-pattern';
import type { AuditInput, AuditWriter } from '../moderation/moderation.repository';
import type { ProjectRow, RemarkRow, UnitRow } from '../projects/projects.repository';

const { brokers, locations, projectMedia, projects, units, zones } = schema;

/** Whose listing: a signed-in user's (projects.owner_id) or a broker's (projects.broker_id). */
export interface ListingOwner {
  kind: 'user' | 'broker';
  id: number;
}

function ownedBy(owner: ListingOwner): SQL {
  return owner.kind === 'user' ? eq(projects.ownerId, owner.id) : eq(projects.brokerId, owner.id);
}

/** A photo row as the owner manages it. */
export interface PhotoRow {
  id: number;
  projectId: number;
  title: string;
  url: string;
  cardUrl: string | null;
  storageKey: string | null;
  position: number;
}

export interface OwnerPage {
  rows: (ProjectRow & { createdAt: string })[];
  units: UnitRow[];
  photos: PhotoRow[];
  remarks: RemarkRow[];
}

/** The rows of a page of listings (in the page's order) with names, units, photos and remarks, as one JSON value. */
function pageJson(page: SQL): SQL {
  return sql`
    with page as (${page}), ordered as (select row_number() over () as ord, p.* from page p)
    select json_build_object(
      'rows', coalesce((select json_agg(json_build_object(
          'id', x.id, 'name', x.name, 'type', x.type, 'item', x.item, 'status', x.status, 'approval', x.approval,
          'description', x.description, 'updatedAt', x.updated_at, 'createdAt', x.created_at, 'ownerId', x.owner_id,
          'brokerId', x.broker_id, 'builderId', x.builder_id, 'tags', x.tags, 'transactionTag', x.transaction_tag,
          'possessionDate', x.possession_date, 'reraNumber', x.rera_number, 'amenities', x.amenities,
          'minPrice', x.min_price, 'maxPrice', x.max_price, 'cityId', x.city_id, 'cityName', c.name,
          'zoneId', x.zone_id, 'zoneName', z.name, 'locationId', x.location_id, 'locationName', l.name, 'builderName', b.name
        ) order by x.ord)
        from ordered x
        join cities c on c.id = x.city_id
        join locations l on l.id = x.location_id
        left join zones z on z.id = x.zone_id
        left join builders b on b.id = x.builder_id), '[]'::json),
      'units', coalesce((select json_agg(json_build_object(
          'id', u.id, 'projectId', u.project_id, 'type', u.type, 'minPrice', u.min_price, 'maxPrice', u.max_price,
          'facing', u.facing, 'exteriorArea', u.exterior_area, 'floors', u.floors, 'furnishing', u.furnishing
        ) order by u.project_id, u.min_price, u.id) from units u where u.project_id in (select id from page)), '[]'::json),
      'photos', coalesce((select json_agg(json_build_object(
          'id', m.id, 'projectId', m.project_id, 'title', m.title, 'url', m.url, 'cardUrl', m.card_url,
          'storageKey', m.storage_key, 'position', m.position
        ) order by m.project_id, m.position, m.id) from project_media m where m.project_id in (select id from page)), '[]'::json),
      'remarks', coalesce((select json_agg(json_build_object('id', r.id, 'projectId', r.project_id, 'message', r.message, 'createdAt', r.created_at)
        order by r.project_id, r.created_at, r.id) from project_remarks r where r.project_id in (select id from page)), '[]'::json)
    ) as "result"`;
}

/** A page of projects in any state (`where`, ordered by `orderBy`) with names, units, photos and remarks. */
export async function loadListingPage(db: Db | Tx, where: SQL, orderBy: SQL, offset: number, limit: number): Promise<OwnerPage> {
  const page = sql`select ${projects}.* from ${projects} where ${where} order by ${orderBy} limit ${limit} offset ${offset}`;
  const result = await db.execute<{ result: OwnerPage }>(pageJson(page));
  const loaded = result.rows[0]?.result;
  if (!loaded) throw new Error('listings page: the database returned no result row');
  return loaded;
}

// A literal, so the planner can use the partial queue index (projects_pending_queue_idx).
const PENDING = sql`${projects.approval} = 'pending'`;

/** The provider's queue narrowed by a search (issue 17) and read oldest or newest first. */
export interface ReviewQueueFilter {
  /** Words that must each match the listing's name, place or id, or its uploader's name, e-mail or phone. */
  words: string[];
  order: 'oldest' | 'newest';
}

function matchesWord(word: string): SQL {
  const pattern = containsPattern(word);
  const arms: SQL[] = [
    sql`${projects.name} ilike ${pattern}`,
    sql`exists (select 1 from locations l where l.id = ${projects.locationId} and l.name ilike ${pattern})`,
    sql`exists (select 1 from zones z where z.id = ${projects.zoneId} and z.name ilike ${pattern})`,
    sql`exists (select 1 from cities c where c.id = ${projects.cityId} and c.name ilike ${pattern})`,
    sql`exists (select 1 from users u where u.id = ${projects.ownerId} and (u.name ilike ${pattern} or u.email ilike ${pattern} or u.phone ilike ${pattern}))`,
    sql`exists (select 1 from brokers b where b.id = ${projects.brokerId} and (b.name ilike ${pattern} or b.email ilike ${pattern} or b.phone ilike ${pattern} or b.company ilike ${pattern}))`,
    sql`exists (select 1 from builders t where t.id = ${projects.builderId} and t.name ilike ${pattern})`,
  ];
  if (/^\d{1,9}$/.test(word)) arms.push(sql`${projects.id} = ${Number(word)}`);
  return sql`(${sql.join(arms, sql` or `)})`;
}

function pendingWhere(filter: ReviewQueueFilter): SQL {
  return filter.words.length === 0 ? PENDING : sql`${PENDING} and ${sql.join(filter.words.map(matchesWord), sql` and `)}`;
}

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

/**
 * SQL for listings in any state (the owner's, and the provider's review queue); no HTTP, no rules. On the database
 * or inside one of its transactions. The audit trail is moderation's: its rows are written through `recordAudit`,
 * on the same handle, so a change and its audit row commit together.
 */
function listingQueries(db: Db | Tx, recordAudit: AuditWriter) {
  const loadPage = (where: SQL, orderBy: SQL, offset: number, limit: number) => loadListingPage(db, where, orderBy, offset, limit);

  return {
    /** The locality with its city and zone, and the zone's city when a zone is named (null when missing). */
    async place(locationId: number, zoneId: number | null): Promise<{ location: { cityId: number; zoneId: number | null } | null; zone: { cityId: number } | null }> {
      const [location] = await db.select({ cityId: locations.cityId, zoneId: locations.zoneId }).from(locations).where(eq(locations.id, locationId));
      const [zone] = zoneId === null ? [] : await db.select({ cityId: zones.cityId }).from(zones).where(eq(zones.id, zoneId));
      return { location: location ?? null, zone: zone ?? null };
    },

    /** The broker's approval and, while the provider has them suspended (issue 14), the reason they were given. */
    async brokerStanding(brokerId: number): Promise<{ approval: Approval; suspensionReason: string | null; suspended: boolean } | null> {
      const [row] = await db
        .select({ approval: brokers.approval, suspensionReason: brokers.suspensionReason, suspendedAt: brokers.suspendedAt })
        .from(brokers)
        .where(eq(brokers.id, brokerId));
      return row ? { approval: row.approval, suspensionReason: row.suspensionReason, suspended: row.suspendedAt !== null } : null;
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
      return recordAudit(db, entry);
    },

    /** A page of the owner's listings in every state, newest change first. */
    ownerPage(owner: ListingOwner, offset: number, limit: number): Promise<OwnerPage> {
      return loadPage(ownedBy(owner), sql`${projects.updatedAt} desc, ${projects.id} desc`, offset, limit);
    },

    /** Pending listings and projects, oldest change first (they have waited longest) unless asked: the provider's queue. */
    pendingPage(offset: number, limit: number, filter: ReviewQueueFilter): Promise<OwnerPage> {
      const order = filter.order === 'newest' ? sql`${projects.updatedAt} desc, ${projects.id} desc` : sql`${projects.updatedAt} asc, ${projects.id} asc`;
      return loadPage(pendingWhere(filter), order, offset, limit);
    },

    async countPending(filter: ReviewQueueFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(projects).where(pendingWhere(filter));
      return row?.n ?? 0;
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

/** `recordAudit` is moderation's audit writer (the composition root passes it in). */
export function createListingsRepository(db: Db, recordAudit: AuditWriter) {
  return {
    ...listingQueries(db, recordAudit),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (tx: ListingQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(listingQueries(tx, recordAudit)));
    },
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
