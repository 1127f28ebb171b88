import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, eq, exists, ilike, inArray, type SQL, sql } from '@nivaas/db/orm';
import { containsPattern } from '../../lib/like-pattern';
import { publicItemConditions } from '../../lib/public-items';

const { cities, cityMedia, projects } = schema;

export interface CityRow {
  id: number;
  name: string;
  slug: string;
  state: string;
}

export interface CityMediaRow {
  cityId: number;
  title: string;
  url: string;
}

export interface CityItemCounts {
  cityId: number;
  projectCount: number;
  listingCount: number;
}

const cityColumns = { id: cities.id, name: cities.name, slug: cities.slug, state: cities.state };

/** Issue 14: a city the provider switched off is in no public read. */
const activeCity = eq(cities.status, 'active');

/** The city selector's search (issue 17): an active city whose name contains the text, case-insensitively. */
function nameMatches(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  return text ? and(activeCity, ilike(cities.name, containsPattern(text))) : activeCity;
}

/** SQL for cities and what the city cards count; no HTTP, no response shapes. */
export function createCitiesRepository(db: Db) {
  return {
    async countAll(search?: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(cities).where(nameMatches(search));
      return row?.total ?? 0;
    },

    /** Display order (Bengaluru first by position), id as the tie-break so pages never overlap. */
    listPage(offset: number, limit: number, search?: string): Promise<CityRow[]> {
      return db
        .select(cityColumns)
        .from(cities)
        .where(nameMatches(search))
        .orderBy(asc(cities.position), asc(cities.id))
        .limit(limit)
        .offset(offset);
    },

    /** Every city with at least one public project or listing, in display order (the chat's city choices). */
    withPublicItems(): Promise<CityRow[]> {
      const publicItem = db
        .select({ one: sql`1` })
        .from(projects)
        .where(and(eq(projects.cityId, cities.id), ...publicItemConditions()));
      return db.select(cityColumns).from(cities).where(and(activeCity, exists(publicItem))).orderBy(asc(cities.position), asc(cities.id));
    },

    async findById(id: number): Promise<CityRow | undefined> {
      const [row] = await db.select(cityColumns).from(cities).where(and(activeCity, eq(cities.id, id)));
      return row;
    },

    mediaFor(cityIds: number[]): Promise<CityMediaRow[]> {
      if (cityIds.length === 0) return Promise.resolve([]);
      return db
        .select({ cityId: cityMedia.cityId, title: cityMedia.title, url: cityMedia.url })
        .from(cityMedia)
        .where(inArray(cityMedia.cityId, cityIds))
        .orderBy(asc(cityMedia.cityId), asc(cityMedia.id));
    },

    /** Public projects and listings (the one visibility rule) per city, in one grouped query for the whole page. */
    publicItemCounts(cityIds: number[]): Promise<CityItemCounts[]> {
      if (cityIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          cityId: projects.cityId,
          projectCount: sql<number>`count(*) filter (where ${projects.item} = 'project')`.mapWith(Number),
          listingCount: sql<number>`count(*) filter (where ${projects.item} = 'listing')`.mapWith(Number),
        })
        .from(projects)
        .where(and(inArray(projects.cityId, cityIds), ...publicItemConditions()))
        .groupBy(projects.cityId);
    },
  };
}

export type CitiesRepository = ReturnType<typeof createCitiesRepository>;
