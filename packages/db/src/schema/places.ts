/** Places: city > zone > location (locality). */
import { doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CITY_MEDIA_TITLES, STATUSES } from '../enums';
import { createdAt, id, oneOf, status, trigram } from './columns';

export const cities = pgTable(
  'cities',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    state: text('state').notNull(),
    // Display order: Bengaluru first (spec §4, the default city).
    position: integer('position').notNull().default(0),
    // Issue 14: the provider hides a place by switching it off (never deleted: projects and reviews refer to it).
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cities_slug_uq').on(t.slug), index('cities_position_idx').on(t.position, t.id), oneOf('cities_status_check', t.status, STATUSES)],
);

export const cityMedia = pgTable(
  'city_media',
  {
    id: id(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    title: text('title', { enum: CITY_MEDIA_TITLES }).notNull(),
    url: text('url').notNull(),
  },
  (t) => [index('city_media_city_idx').on(t.cityId), oneOf('city_media_title_check', t.title, CITY_MEDIA_TITLES)],
);

export const zones = pgTable(
  'zones',
  {
    id: id(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    status: status(),
    // Issue 14: the zone page's banner, through the listings' photo pipeline.
    bannerUrl: text('banner_url'),
  },
  (t) => [uniqueIndex('zones_city_slug_uq').on(t.cityId, t.slug), oneOf('zones_status_check', t.status, STATUSES)],
);

export const locations = pgTable(
  'locations',
  {
    id: id(),
    // A locality may sit outside every zone the portal draws, so the zone is optional; the city never is.
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    status: status(),
    bannerUrl: text('banner_url'),
  },
  (t) => [
    uniqueIndex('locations_city_slug_uq').on(t.cityId, t.slug),
    index('locations_zone_idx').on(t.zoneId),
    trigram('locations_name_trgm_idx', t.name),
    oneOf('locations_status_check', t.status, STATUSES),
  ],
);
