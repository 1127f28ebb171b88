import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from '@nivaas/db/orm';
import { publicItemConditions } from '../../lib/public-items';

const { cities, locations, projects, zones } = schema;

export interface LocationFilter {
  cityId: number | undefined;
  zoneId: number | undefined;
}

/** Public (active, approved) projects and listings of one location, and their price range in rupees. */
export interface LocationItemStats {
  locationId: number;
  projectCount: number;
  listingCount: number;
  minPrice: number | null;
  maxPrice: number | null;
}

const projectCountSql = sql<number>`count(*) filter (where ${projects.item} = 'project')`.mapWith(Number);
const listingCountSql = sql<number>`count(*) filter (where ${projects.item} = 'listing')`.mapWith(Number);

/** Issue 14: a place the provider switched off is in no public read. */
const activeLocation = eq(locations.status, 'active');

function locationFilter({ cityId, zoneId }: LocationFilter): SQL | undefined {
  return and(
    activeLocation,
    cityId === undefined ? undefined : eq(locations.cityId, cityId),
    zoneId === undefined ? undefined : eq(locations.zoneId, zoneId),
  );
}

const placeColumns = {
  id: locations.id,
  name: locations.name,
  slug: locations.slug,
  lat: locations.lat,
  lng: locations.lng,
  cityId: locations.cityId,
  cityName: cities.name,
  zoneId: locations.zoneId,
  zoneName: zones.name,
};

/** SQL for zones and locations and what their pages count; no HTTP, no response shapes. */
export function createPlacesRepository(db: Db) {
  return {
    async countLocations(filter: LocationFilter): Promise<number> {
      const [row] = await db.select({ total: count() }).from(locations).where(locationFilter(filter));
      return row?.total ?? 0;
    },

    /**
     * A page of locations with their public counts, busiest first (name, then id, break ties so pages never
     * overlap). The counts are grouped once, narrowed to the city when one is asked for.
     */
    listLocations(filter: LocationFilter, offset: number, limit: number) {
      const counted = db
        .select({
          locationId: projects.locationId,
          projectCount: projectCountSql.as('project_count'),
          listingCount: listingCountSql.as('listing_count'),
        })
        .from(projects)
        .where(and(...publicItemConditions(), filter.cityId === undefined ? undefined : eq(projects.cityId, filter.cityId)))
        .groupBy(projects.locationId)
        .as('counted');
      const projectCount = sql<number>`coalesce(${counted.projectCount}, 0)`.mapWith(Number);
      return db
        .select({
          ...placeColumns,
          projectCount,
          listingCount: sql<number>`coalesce(${counted.listingCount}, 0)`.mapWith(Number),
        })
        .from(locations)
        .innerJoin(cities, eq(cities.id, locations.cityId))
        .leftJoin(zones, eq(zones.id, locations.zoneId))
        .leftJoin(counted, eq(counted.locationId, locations.id))
        .where(locationFilter(filter))
        .orderBy(desc(projectCount), asc(locations.name), asc(locations.id))
        .limit(limit)
        .offset(offset);
    },

    async findLocation(id: number) {
      const [row] = await db
        .select(placeColumns)
        .from(locations)
        .innerJoin(cities, eq(cities.id, locations.cityId))
        .leftJoin(zones, eq(zones.id, locations.zoneId))
        .where(and(activeLocation, eq(locations.id, id)));
      return row;
    },

    async findZone(id: number) {
      const [row] = await db
        .select({ id: zones.id, name: zones.name, slug: zones.slug, cityId: zones.cityId, cityName: cities.name })
        .from(zones)
        .innerJoin(cities, eq(cities.id, zones.cityId))
        .where(and(eq(zones.status, 'active'), eq(zones.id, id)));
      return row;
    },

    /** Every locality of a zone, by name then id. */
    locationsOfZone(zoneId: number) {
      return db
        .select({ id: locations.id, name: locations.name, slug: locations.slug })
        .from(locations)
        .where(and(activeLocation, eq(locations.zoneId, zoneId)))
        .orderBy(asc(locations.name), asc(locations.id));
    },

    /** Counts and price range per location, in one grouped query; a location without public items has no row. */
    itemStats(locationIds: number[]): Promise<LocationItemStats[]> {
      if (locationIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          locationId: projects.locationId,
          projectCount: projectCountSql,
          listingCount: listingCountSql,
          minPrice: sql<number | null>`min(${projects.minPrice})`.mapWith(Number),
          maxPrice: sql<number | null>`max(${projects.maxPrice})`.mapWith(Number),
        })
        .from(projects)
        .where(and(...publicItemConditions(), inArray(projects.locationId, locationIds)))
        .groupBy(projects.locationId);
    },
  };
}

export type PlacesRepository = ReturnType<typeof createPlacesRepository>;
export type LocationListRow = Awaited<ReturnType<PlacesRepository['listLocations']>>[number];
export type LocationRow = NonNullable<Awaited<ReturnType<PlacesRepository['findLocation']>>>;
export type ZoneRow = NonNullable<Awaited<ReturnType<PlacesRepository['findZone']>>>;
export type ZoneLocationRow = Awaited<ReturnType<PlacesRepository['locationsOfZone']>>[number];
