import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, eq, sql } from '@nivaas/db/orm';

const { builders, cities, locations, projects, zones } = schema;

export interface NamedPlace {
  id: number;
  name: string;
}

export interface LocalityRow extends NamedPlace {
  zoneId: number | null;
}

/**
 * Issue 14's bulk import: the catalogue looked up by the names a sales team's sheet carries. Read-only; each lookup
 * is asked once per distinct name and kept by the service for the rest of the file. No HTTP, no rules.
 */
export function createProjectImportRepository(db: Db) {
  const lower = (text: string) => text.trim().toLowerCase();
  return {
    /** Builders whose name is this one, ignoring case (two may share a name: the service refuses the ambiguity). */
    async buildersNamed(name: string): Promise<number[]> {
      const rows = await db.select({ id: builders.id }).from(builders).where(sql`lower(${builders.name}) = ${lower(name)}`);
      return rows.map((row) => row.id);
    },

    async cityNamed(name: string): Promise<number | undefined> {
      const [row] = await db.select({ id: cities.id }).from(cities).where(sql`lower(${cities.name}) = ${lower(name)}`).limit(1);
      return row?.id;
    },

    /** Every zone and locality of a city (a city has tens to hundreds: one read per city in the file). */
    async placesOf(cityId: number): Promise<{ zones: NamedPlace[]; localities: LocalityRow[] }> {
      const [zoneRows, localityRows] = await Promise.all([
        db.select({ id: zones.id, name: zones.name }).from(zones).where(eq(zones.cityId, cityId)),
        db.select({ id: locations.id, name: locations.name, zoneId: locations.zoneId }).from(locations).where(eq(locations.cityId, cityId)),
      ]);
      return { zones: zoneRows, localities: localityRows };
    },

    /** The id of the builder's project of this name (any state), if there is one. */
    async projectOf(builderId: number, name: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.builderId, builderId), sql`lower(${projects.name}) = ${lower(name)}`))
        .limit(1);
      return row?.id;
    },
  };
}

export type ProjectImportRepository = ReturnType<typeof createProjectImportRepository>;
