import type { AdminListQuery } from '@nivaas/contracts/admin.schema';
import type { Db, Tx } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, eq, or, type SQL, sql } from '@nivaas/db/orm';
import { type AuditInput, recordAudit } from '../../lib/audit-trail';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf } from '../../lib/page-window';
import { loadListingPage, type NewUnit, type OwnerPage, type PhotoRow } from './listings.repository';

const { builders, locations, projectMedia, projects, units, zones } = schema;

/**
 * Issue 14: SQL for the provider's builder projects (item 'project') in any state. It lives beside the listings'
 * SQL because both are "projects in any state with units and photos": the same page loader and the same photo rows,
 * so a photo the provider adds goes through the owners' pipeline and the start-up sweep unchanged. No HTTP, no rules.
 */

export type ProjectValues = Omit<typeof projects.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'item' | 'ownerId' | 'brokerId'>;
export type ProjectRowAll = typeof projects.$inferSelect;

const BUILDER_PROJECT = eq(projects.item, 'project');

function listWhere(query: AdminListQuery): SQL {
  const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  const where = and(
    BUILDER_PROJECT,
    query.status ? eq(projects.status, query.status) : undefined,
    query.approval ? eq(projects.approval, query.approval) : undefined,
    ...words.map((word) => or(sql`${projects.name} ilike ${containsPattern(word)}`, /^\d{1,9}$/.test(word) ? eq(projects.id, Number(word)) : undefined)),
  );
  return where ?? BUILDER_PROJECT;
}

function projectWrites(tx: Tx) {
  return {
    /** The project and its units under FOR UPDATE, or undefined (listings are not the back office's projects). */
    async lock(id: number): Promise<{ row: ProjectRowAll; units: NewUnit[] } | undefined> {
      const [row] = await tx.select().from(projects).where(and(eq(projects.id, id), BUILDER_PROJECT)).for('update');
      if (!row) return undefined;
      const unitRows = await tx
        .select({ type: units.type, minPrice: units.minPrice, maxPrice: units.maxPrice, facing: units.facing, exteriorArea: units.exteriorArea, floors: units.floors, furnishing: units.furnishing })
        .from(units)
        .where(eq(units.projectId, id))
        .orderBy(asc(units.id));
      return { row, units: unitRows };
    },

    /** The locality with its city and zone, and the zone's city when one is named. */
    async place(locationId: number, zoneId: number | null): Promise<{ location: { cityId: number; zoneId: number | null } | undefined; zone: { cityId: number } | undefined }> {
      const [location] = await tx.select({ cityId: locations.cityId, zoneId: locations.zoneId }).from(locations).where(eq(locations.id, locationId));
      const [zone] = zoneId === null ? [] : await tx.select({ cityId: zones.cityId }).from(zones).where(eq(zones.id, zoneId));
      return { location, zone };
    },

    async builderExists(id: number): Promise<boolean> {
      const [row] = await tx.select({ id: builders.id }).from(builders).where(eq(builders.id, id));
      return row !== undefined;
    },

    async insert(values: ProjectValues, unitRows: NewUnit[], at: Date): Promise<ProjectRowAll> {
      const [row] = await tx.insert(projects).values({ ...values, item: 'project', createdAt: at, updatedAt: at }).returning();
      if (!row) throw new Error('projects insert answered no row');
      await tx.insert(units).values(unitRows.map((unit) => ({ ...unit, projectId: row.id })));
      return row;
    },

    /** `unitRows` replace every unit when given. */
    async update(id: number, values: Partial<ProjectValues>, unitRows: NewUnit[] | undefined, at: Date): Promise<ProjectRowAll> {
      const [row] = await tx.update(projects).set({ ...values, updatedAt: at }).where(eq(projects.id, id)).returning();
      if (!row) throw new Error('projects update answered no row');
      if (unitRows) {
        await tx.delete(units).where(eq(units.projectId, id));
        await tx.insert(units).values(unitRows.map((unit) => ({ ...unit, projectId: id })));
      }
      return row;
    },

    async photoStats(projectId: number): Promise<{ count: number; maxPosition: number }> {
      const [row] = await tx.select({ count: count(), maxPosition: sql<number | null>`max(${projectMedia.position})` }).from(projectMedia).where(eq(projectMedia.projectId, projectId));
      return { count: row?.count ?? 0, maxPosition: row?.maxPosition ?? -1 };
    },

    /** Photo rows with their role: a 'banner' goes first (spec §3: the first item's url is the card photo). */
    async insertPhotos(rows: { projectId: number; title: 'gallery' | 'banner' | 'logo'; url: string; cardUrl: string; storageKey: string; position: number }[]): Promise<{ id: number }[]> {
      if (rows.length === 0) return [];
      return tx.insert(projectMedia).values(rows).returning({ id: projectMedia.id });
    },

    async deletePhoto(projectId: number, mediaId: number): Promise<PhotoRow | undefined> {
      const [row] = await tx.delete(projectMedia).where(and(eq(projectMedia.projectId, projectId), eq(projectMedia.id, mediaId))).returning();
      return row;
    },

    audit: (entry: AuditInput) => recordAudit(tx, entry),
  };
}

export type ProjectWrites = ReturnType<typeof projectWrites>;

export function createProjectsAdminRepository(db: Db) {
  return {
    async page(query: AdminListQuery): Promise<{ page: OwnerPage; total: number }> {
      const where = listWhere(query);
      const [page, [counted]] = await Promise.all([
        loadListingPage(db, where, sql`${projects.updatedAt} desc, ${projects.id} desc`, offsetOf(query), query.limit),
        db.select({ total: count() }).from(projects).where(where),
      ]);
      return { page, total: counted?.total ?? 0 };
    },

    one(id: number): Promise<OwnerPage> {
      return loadListingPage(db, and(eq(projects.id, id), BUILDER_PROJECT) ?? BUILDER_PROJECT, sql`${projects.id}`, 0, 1);
    },

    transaction<T>(work: (writes: ProjectWrites) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(projectWrites(tx)));
    },
  };
}

export type ProjectsAdminRepository = ReturnType<typeof createProjectsAdminRepository>;
