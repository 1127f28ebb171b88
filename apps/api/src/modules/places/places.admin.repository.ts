import type { PlaceListQuery } from '@nivaas/contracts/catalogue-admin.schema';
import type { Db, Tx } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { and, asc, count, eq, or, type SQL, sql } from '@nivaas/db/orm';
import { type AuditInput, recordAudit } from '../../lib/audit-trail';
import { containsPattern } from '../../lib/like-pattern';
import { offsetOf } from '../../lib/page-window';

const { cities, cityMedia, locations, projects, zones } = schema;

export type CityRow = typeof cities.$inferSelect;
export type ZoneRow = typeof zones.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
type Table = typeof cities | typeof zones | typeof locations;

function nameMatches(table: Table, q: string | undefined): SQL[] {
  return (q ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((word) => or(sql`${table.name} ilike ${containsPattern(word)}`, /^\d{1,9}$/.test(word) ? eq(table.id, Number(word)) : undefined) ?? sql`true`);
}

function placeWrites(tx: Tx) {
  return {
    async lockCity(id: number) {
      const [row] = await tx.select().from(cities).where(eq(cities.id, id)).for('update');
      return row;
    },
    async lockZone(id: number) {
      const [row] = await tx.select().from(zones).where(eq(zones.id, id)).for('update');
      return row;
    },
    async lockLocation(id: number) {
      const [row] = await tx.select().from(locations).where(eq(locations.id, id)).for('update');
      return row;
    },
    async nextCityPosition(): Promise<number> {
      const [row] = await tx.select({ last: sql<number | null>`max(${cities.position})` }).from(cities);
      return (row?.last ?? -1) + 1;
    },
    async insertCity(values: typeof cities.$inferInsert): Promise<CityRow> {
      const [row] = await tx.insert(cities).values(values).returning();
      if (!row) throw new Error('cities insert answered no row');
      return row;
    },
    async updateCity(id: number, values: Partial<typeof cities.$inferInsert>): Promise<CityRow> {
      const [row] = await tx.update(cities).set(values).where(eq(cities.id, id)).returning();
      if (!row) throw new Error('cities update answered no row');
      return row;
    },
    async insertZone(values: typeof zones.$inferInsert): Promise<ZoneRow> {
      const [row] = await tx.insert(zones).values(values).returning();
      if (!row) throw new Error('zones insert answered no row');
      return row;
    },
    async updateZone(id: number, values: Partial<typeof zones.$inferInsert>): Promise<ZoneRow> {
      const [row] = await tx.update(zones).set(values).where(eq(zones.id, id)).returning();
      if (!row) throw new Error('zones update answered no row');
      return row;
    },
    async insertLocation(values: typeof locations.$inferInsert): Promise<LocationRow> {
      const [row] = await tx.insert(locations).values(values).returning();
      if (!row) throw new Error('locations insert answered no row');
      return row;
    },
    async updateLocation(id: number, values: Partial<typeof locations.$inferInsert>): Promise<LocationRow> {
      const [row] = await tx.update(locations).set(values).where(eq(locations.id, id)).returning();
      if (!row) throw new Error('locations update answered no row');
      return row;
    },
    /**
     * Sets a place's banner; answers the address it replaces (null when it had none), or undefined when the place does
     * not exist. A city keeps one 'banner' row in city_media, which the city pages read.
     */
    async setBanner(kind: 'city' | 'zone' | 'location', id: number, url: string): Promise<string | null | undefined> {
      if (kind === 'city') {
        const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, id)).for('update');
        if (!city) return undefined;
        const [held] = await tx.select().from(cityMedia).where(and(eq(cityMedia.cityId, id), eq(cityMedia.title, 'banner'))).orderBy(asc(cityMedia.id)).limit(1);
        if (held) await tx.update(cityMedia).set({ url }).where(eq(cityMedia.id, held.id));
        else await tx.insert(cityMedia).values({ cityId: id, title: 'banner', url });
        return held?.url ?? null;
      }
      const table = kind === 'zone' ? zones : locations;
      const [row] = await tx.select({ bannerUrl: table.bannerUrl }).from(table).where(eq(table.id, id)).for('update');
      if (!row) return undefined;
      await tx.update(table).set({ bannerUrl: url }).where(eq(table.id, id));
      return row.bannerUrl;
    },
    audit: (entry: AuditInput) => recordAudit(tx, entry),
  };
}

export type PlaceWrites = ReturnType<typeof placeWrites>;

/** SQL for the provider's cities, zones and localities (issue 14); no HTTP, no rules. */
export function createPlacesAdminRepository(db: Db) {
  const cityRef = { id: cities.id, name: cities.name };
  return {
    async cities(query: PlaceListQuery) {
      const where = and(...nameMatches(cities, query.q));
      const zoneCount = sql<number>`(select count(*) from ${zones} z where z.city_id = ${cities.id})`.mapWith(Number);
      const locationCount = sql<number>`(select count(*) from ${locations} l where l.city_id = ${cities.id})`.mapWith(Number);
      const [rows, [counted]] = await Promise.all([
        db.select({ city: cities, zoneCount, locationCount }).from(cities).where(where).orderBy(asc(cities.position), asc(cities.id)).limit(query.limit).offset(offsetOf(query)),
        db.select({ total: count() }).from(cities).where(where),
      ]);
      const ids = rows.map((row) => row.city.id);
      const media = ids.length === 0 ? [] : await db.select().from(cityMedia).where(sql`${cityMedia.cityId} in ${ids}`);
      return { rows: rows.map((row) => ({ ...row.city, zoneCount: row.zoneCount, locationCount: row.locationCount, medias: media.filter((m) => m.cityId === row.city.id).map((m) => ({ title: m.title, url: m.url })) })), total: counted?.total ?? 0 };
    },

    async zones(query: PlaceListQuery) {
      const where = and(query.cityId ? eq(zones.cityId, query.cityId) : undefined, ...nameMatches(zones, query.q));
      const locationCount = sql<number>`(select count(*) from ${locations} l where l.zone_id = ${zones.id})`.mapWith(Number);
      const [rows, [counted]] = await Promise.all([
        db.select({ zone: zones, city: cityRef, locationCount }).from(zones).innerJoin(cities, eq(cities.id, zones.cityId)).where(where).orderBy(asc(cities.position), asc(zones.name), asc(zones.id)).limit(query.limit).offset(offsetOf(query)),
        db.select({ total: count() }).from(zones).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    async locations(query: PlaceListQuery) {
      const where = and(query.cityId ? eq(locations.cityId, query.cityId) : undefined, query.zoneId ? eq(locations.zoneId, query.zoneId) : undefined, ...nameMatches(locations, query.q));
      const projectCount = sql<number>`(select count(*) from ${projects} p where p.location_id = ${locations.id})`.mapWith(Number);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ location: locations, city: cityRef, zoneName: zones.name, projectCount })
          .from(locations)
          .innerJoin(cities, eq(cities.id, locations.cityId))
          .leftJoin(zones, eq(zones.id, locations.zoneId))
          .where(where)
          .orderBy(asc(cities.position), asc(locations.name), asc(locations.id))
          .limit(query.limit)
          .offset(offsetOf(query)),
        db.select({ total: count() }).from(locations).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    transaction<T>(work: (writes: PlaceWrites) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(placeWrites(tx)));
    },
  };
}

export type PlacesAdminRepository = ReturnType<typeof createPlacesAdminRepository>;
