import type { Db, Tx } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { eq, type SQL, sql } from '@nivaas/db/orm';
import type { ProjectRow, RemarkRow, UnitRow } from '../projects/projects.repository';

const { auditLog, projects } = schema;

/*
 * The listing records the listing lifecycle shares: whose a listing is, a page of listings in any state, and the
 * audit row every state change writes. Listings (the owner's side), moderation (the provider's side) and owner leads
 * all read and write these, each from its own repository, so the SQL lives once, here.
 */

/** Whose listing: a signed-in user's (projects.owner_id) or a broker's (projects.broker_id). */
export interface ListingOwner {
  kind: 'user' | 'broker';
  id: number;
}

export function ownedBy(owner: ListingOwner): SQL {
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

export interface AuditInput {
  actorKind: 'user' | 'broker' | 'provider';
  actorId: number;
  action: string;
  entityKind: 'project' | 'broker';
  entityId: number;
  fromState: string | null;
  toState: string | null;
  remark?: string | null;
  at: Date;
}

/** One audit row (the provider's staff id also goes to actor_staff_id, which keeps its foreign key). */
export async function insertAudit(db: Db | Tx, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorStaffId: entry.actorKind === 'provider' ? entry.actorId : null,
    actorKind: entry.actorKind,
    actorId: entry.actorId,
    action: entry.action,
    entityKind: entry.entityKind,
    entityId: entry.entityId,
    fromState: entry.fromState,
    toState: entry.toState,
    remark: entry.remark ?? null,
    createdAt: entry.at,
  });
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
