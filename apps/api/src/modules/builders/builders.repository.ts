import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, eq, exists, ilike, isNotNull, type SQL, sql } from '@nivaas/db/orm';
import { containsPattern } from '../../lib/like-pattern';
import { publicBuilders } from '../../lib/public-items';

const { builders, cities, projects } = schema;

export interface BuilderRow {
  id: number;
  name: string;
  slug: string;
  logoUrl: string | null;
  description: string | null;
  establishedYear: number | null;
  status: 'active' | 'inactive';
  approval: 'approved' | 'pending' | 'rejected';
}

/** Live, approved builder projects of one builder in one city. */
export interface BuilderCityCount {
  builderId: number;
  cityId: number;
  cityName: string;
  projectCount: number;
}

/** A place that narrows the builder list: builders with a live project there (spec §7 'GET /builder {type}={id}'). */
export type BuilderPlace = { key: 'cityId' | 'zoneId' | 'locationId'; id: number };

const builderColumns = {
  id: builders.id,
  name: builders.name,
  slug: builders.slug,
  logoUrl: builders.logoUrl,
  description: builders.description,
  establishedYear: builders.establishedYear,
  status: builders.status,
  approval: builders.approval,
};

/** spec §9: builders are public when active and approved. */
/** A builder's projects that the public sees: builder projects, live and approved (the builder itself is checked separately). */
function liveProjects(): SQL[] {
  // Literals, so the planner can use the partial indexes on public projects.
  return [eq(projects.item, 'project'), sql`${projects.status} = 'active'`, sql`${projects.approval} = 'approved'`, isNotNull(projects.builderId)];
}

const PLACE_COLUMNS = { cityId: projects.cityId, zoneId: projects.zoneId, locationId: projects.locationId } as const;

/** SQL for builders; no HTTP, no response shapes. */
export function createBuildersRepository(db: Db) {
  return {
    /**
     * Every public builder (optionally by name, or with a live project in a place), in name order.
     * The builder table is small (tens to hundreds of rows), so the service sorts and pages it with
     * the cached project counts.
     */
    listPublic({ search, place }: { search?: string; place?: BuilderPlace }): Promise<BuilderRow[]> {
      const conditions = publicBuilders();
      if (search) conditions.push(ilike(builders.name, containsPattern(search.toLowerCase())));
      if (place) {
        // Per builder, 'has one live project there': the builder's live projects are an index range
        // (projects_public_builder_price_idx), and the first one in the place ends the search, where
        // collecting every live project of a city first would read thousands of rows.
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(projects)
              .where(and(eq(projects.builderId, builders.id), eq(PLACE_COLUMNS[place.key], place.id), ...liveProjects())),
          ),
        );
      }
      return db
        .select(builderColumns)
        .from(builders)
        .where(and(...conditions))
        .orderBy(asc(builders.name), asc(builders.id));
    },

    async findPublicById(id: number): Promise<BuilderRow | undefined> {
      const [row] = await db
        .select(builderColumns)
        .from(builders)
        .where(and(eq(builders.id, id), ...publicBuilders()));
      return row;
    },

    /** Live project counts per builder and city, for every builder at once (one grouped scan). */
    cityCounts(): Promise<BuilderCityCount[]> {
      return db
        .select({
          // liveProjects() excludes a null builder; the column type cannot know that.
          builderId: sql<number>`${projects.builderId}`.mapWith(Number),
          cityId: projects.cityId,
          cityName: cities.name,
          projectCount: count(),
        })
        .from(projects)
        .innerJoin(cities, eq(cities.id, projects.cityId))
        .where(and(...liveProjects()))
        .groupBy(projects.builderId, projects.cityId, cities.name)
        .orderBy(asc(projects.builderId), asc(cities.name), asc(projects.cityId));
    },
  };
}

export type BuildersRepository = ReturnType<typeof createBuildersRepository>;
