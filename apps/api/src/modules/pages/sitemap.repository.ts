import { type Db, schema } from '@nivaas/db';
import { and, asc, count, countDistinct, eq, isNotNull, type SQL, sql } from '@nivaas/db/orm';
import { approvedBrokers, publicBlogs, publicBuilders, publicItemConditions } from '../../lib/public-items';

const { blogs, brokers, builders, cities, locations, projects, units, zones } = schema;

/** The kinds of public page the sitemap lists, each in its own files (`/sitemaps/{kind}-{n}.xml`). */
export const SITEMAP_KINDS = ['projects', 'builders', 'cities', 'zones', 'localities', 'brokers', 'blogs'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export interface SitemapProjectRow {
  id: number;
  name: string;
  item: 'project' | 'listing';
  type: string;
  tags: string[];
  ownerId: number | null;
  brokerId: number | null;
  cityName: string;
  zoneName: string | null;
  locationName: string;
  firstUnitType: string | null;
  updatedAt: Date;
}

export interface SitemapNamedRow {
  id: number;
  name: string;
  /** Null for a builder or broker row without one; a string where the driver hands aggregates over as text. */
  updatedAt: Date | string | null;
  cityName?: string;
  zoneName?: string | null;
  slug?: string;
}

/**
 * The sitemap's read model: ids, names and last changes of every public page, a window at a time, in id order so a
 * file's contents are stable between crawls. Public means exactly what the pages' own reads mean (lib/public-items.ts:
 * the same conditions, not a copy); a place is public when it holds a public project or listing, and its last change
 * is its newest one's.
 */
export function createSitemapRepository(db: Db) {
  const publicItems = (): SQL | undefined => and(...publicItemConditions());
  // The first unit's type names an upload's page (spec §2), and only an upload's: one index probe per listing, none
  // for a builder project.
  const firstUnitType = sql<string | null>`case when ${projects.item} = 'listing' then (select ${units.type} from ${units} where ${units.projectId} = ${projects.id} order by ${units.id} limit 1) end`;

  /** Places by public item: the place's id column and the columns that name its page. */
  function placeRows(placeId: typeof projects.cityId | typeof projects.zoneId | typeof projects.locationId, offset: number, limit: number) {
    return db
      .select({ id: placeId, updatedAt: sql<Date | string>`max(${projects.updatedAt})`.as('last_change') })
      .from(projects)
      .where(and(publicItems(), isNotNull(placeId)))
      .groupBy(placeId)
      .orderBy(asc(placeId))
      .offset(offset)
      .limit(limit);
  }

  return {
    async count(kind: SitemapKind): Promise<number> {
      const [row] = await (() => {
        switch (kind) {
          case 'projects':
            return db.select({ n: count() }).from(projects).where(publicItems());
          case 'builders':
            return db.select({ n: count() }).from(builders).where(and(...publicBuilders()));
          case 'cities':
            return db.select({ n: countDistinct(projects.cityId) }).from(projects).where(publicItems());
          case 'zones':
            return db.select({ n: countDistinct(projects.zoneId) }).from(projects).where(publicItems());
          case 'localities':
            return db.select({ n: countDistinct(projects.locationId) }).from(projects).where(publicItems());
          case 'brokers':
            return db.select({ n: count() }).from(brokers).where(approvedBrokers());
          case 'blogs':
            return db.select({ n: count() }).from(blogs).where(publicBlogs());
        }
      })();
      return row?.n ?? 0;
    },

    projects(offset: number, limit: number): Promise<SitemapProjectRow[]> {
      return db
        .select({
          id: projects.id,
          name: projects.name,
          item: projects.item,
          type: projects.type,
          tags: projects.tags,
          ownerId: projects.ownerId,
          brokerId: projects.brokerId,
          cityName: cities.name,
          zoneName: zones.name,
          locationName: locations.name,
          firstUnitType,
          updatedAt: projects.updatedAt,
        })
        .from(projects)
        .innerJoin(cities, eq(cities.id, projects.cityId))
        .leftJoin(zones, eq(zones.id, projects.zoneId))
        .innerJoin(locations, eq(locations.id, projects.locationId))
        .where(publicItems())
        .orderBy(asc(projects.id))
        .offset(offset)
        .limit(limit);
    },

    builders(offset: number, limit: number): Promise<SitemapNamedRow[]> {
      return db
        .select({ id: builders.id, name: builders.name, updatedAt: builders.updatedAt })
        .from(builders)
        .where(and(...publicBuilders()))
        .orderBy(asc(builders.id))
        .offset(offset)
        .limit(limit);
    },

    brokers(offset: number, limit: number): Promise<SitemapNamedRow[]> {
      return db
        .select({ id: brokers.id, name: brokers.name, updatedAt: brokers.updatedAt })
        .from(brokers)
        .where(approvedBrokers())
        .orderBy(asc(brokers.id))
        .offset(offset)
        .limit(limit);
    },

    blogs(offset: number, limit: number): Promise<SitemapNamedRow[]> {
      return db
        .select({ id: blogs.id, name: blogs.title, slug: blogs.slug, updatedAt: blogs.updatedAt })
        .from(blogs)
        .where(publicBlogs())
        .orderBy(asc(blogs.id))
        .offset(offset)
        .limit(limit);
    },

    async cities(offset: number, limit: number): Promise<SitemapNamedRow[]> {
      const window = placeRows(projects.cityId, offset, limit).as('w');
      return db
        .select({ id: cities.id, name: cities.name, updatedAt: window.updatedAt })
        .from(window)
        .innerJoin(cities, eq(cities.id, window.id))
        .orderBy(asc(cities.id));
    },

    async zones(offset: number, limit: number): Promise<SitemapNamedRow[]> {
      const window = placeRows(projects.zoneId, offset, limit).as('w');
      return db
        .select({ id: zones.id, name: zones.name, cityName: cities.name, updatedAt: window.updatedAt })
        .from(window)
        .innerJoin(zones, eq(zones.id, window.id))
        .innerJoin(cities, eq(cities.id, zones.cityId))
        .orderBy(asc(zones.id));
    },

    async localities(offset: number, limit: number): Promise<SitemapNamedRow[]> {
      const window = placeRows(projects.locationId, offset, limit).as('w');
      return db
        .select({ id: locations.id, name: locations.name, cityName: cities.name, zoneName: zones.name, updatedAt: window.updatedAt })
        .from(window)
        .innerJoin(locations, eq(locations.id, window.id))
        .innerJoin(cities, eq(cities.id, locations.cityId))
        .leftJoin(zones, eq(zones.id, locations.zoneId))
        .orderBy(asc(locations.id));
    },
  };
}

export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
