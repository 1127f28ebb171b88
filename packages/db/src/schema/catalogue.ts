/** Catalogue: builders, projects/listings, their media and units. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  APPROVALS,
  FURNISHINGS,
  ITEMS,
  PROJECT_MEDIA_TITLES,
  PROPERTY_TYPES,
  STATUSES,
  TRANSACTION_TAGS,
} from '../enums';
import { approval, createdAt, id, oneOf, rupees, status, trigram, updatedAt } from './columns';
import { brokers, users } from './accounts';
import { cities, locations, zones } from './places';

export const builders = pgTable(
  'builders',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    logoUrl: text('logo_url'),
    description: text('description'),
    establishedYear: integer('established_year'),
    status: status(),
    approval: approval(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('builders_slug_uq').on(t.slug),
    index('builders_status_approval_idx').on(t.status, t.approval, t.id),
    trigram('builders_name_trgm_idx', t.name),
    oneOf('builders_status_check', t.status, STATUSES),
    oneOf('builders_approval_check', t.approval, APPROVALS),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    name: text('name').notNull(),
    item: text('item', { enum: ITEMS }).notNull().default('project'),
    type: text('type', { enum: PROPERTY_TYPES }).notNull(),
    status: status(),
    approval: approval(),
    description: text('description'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    transactionTag: text('transaction_tag', { enum: TRANSACTION_TAGS }),
    // A calendar date, read as 'YYYY-MM-DD' so no time zone can shift it.
    possessionDate: date('possession_date', { mode: 'string' }),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    reraNumber: text('rera_number'),
    // Who uploaded a listing. A user's or broker's listings go with their account.
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    brokerId: integer('broker_id').references(() => brokers.id, { onDelete: 'cascade' }),
    // A builder with projects is retired by status, not deleted out from under its catalogue.
    builderId: integer('builder_id').references(() => builders.id, { onDelete: 'restrict' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    // Denormalised over all units (kept by whoever writes units) so budget filters and price sorts use an index.
    minPrice: rupees('min_price'),
    maxPrice: rupees('max_price'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_status_approval_city_idx').on(t.status, t.approval, t.cityId),
    index('projects_location_idx').on(t.locationId),
    index('projects_zone_idx').on(t.zoneId),
    index('projects_builder_idx').on(t.builderId),
    index('projects_broker_idx').on(t.brokerId),
    index('projects_owner_idx').on(t.ownerId),
    index('projects_type_idx').on(t.type),
    index('projects_item_idx').on(t.item),
    index('projects_tags_idx').using('gin', t.tags),
    index('projects_city_min_price_idx').on(t.cityId, t.minPrice),
    index('projects_city_max_price_idx').on(t.cityId, t.maxPrice),
    index('projects_updated_at_idx').on(t.updatedAt),
    // The visitor's lists (spec §9: live and approved only) by locality, zone or builder, and overall, cheapest
    // first (spec §4 'Price L - H'): a page is a short range scan instead of sorting every match (issue 3, at
    // 100,000 projects). Partial, so they hold only what the public sees; the city already has one above.
    index('projects_public_location_price_idx').on(t.locationId, t.minPrice, t.id).where(sql`${t.status} = 'active' and ${t.approval} = 'approved'`),
    index('projects_public_zone_price_idx').on(t.zoneId, t.minPrice, t.id).where(sql`${t.status} = 'active' and ${t.approval} = 'approved'`),
    index('projects_public_builder_price_idx').on(t.builderId, t.minPrice, t.id).where(sql`${t.status} = 'active' and ${t.approval} = 'approved'`),
    index('projects_public_price_idx').on(t.minPrice, t.id).where(sql`${t.status} = 'active' and ${t.approval} = 'approved'`),
    // spec §4 'Price H - L' (highest price first, id breaking ties) by the same places, builder and overall (issue 16):
    // without them a locality's page sorted by max price read every project of the locality and sorted them.
    index('projects_public_location_max_price_idx').on(t.locationId, t.maxPrice.desc().nullsFirst(), t.id).where(sql`${t.status} = 'active' and ${t.approval} = 'approved'`),
    index('projects_public_zone_max_price_idx').on(t.zoneId, t.maxPrice.desc().nullsFirst(), t.id).where(sql`${t.status} = 'active' and ${t.approval} = 'approved'`),
    index('projects_public_builder_max_price_idx').on(t.builderId, t.maxPrice.desc().nullsFirst(), t.id).where(sql`${t.status} = 'active' and ${t.approval} = 'approved'`),
    index('projects_public_city_max_price_idx').on(t.cityId, t.maxPrice.desc().nullsFirst(), t.id).where(sql`${t.status} = 'active' and ${t.approval} = 'approved'`),
    index('projects_public_max_price_idx').on(t.maxPrice.desc().nullsFirst(), t.id).where(sql`${t.status} = 'active' and ${t.approval} = 'approved'`),
    trigram('projects_name_trgm_idx', t.name),
    // The provider's queue (issue 5): what waits for a decision, oldest first; partial, so it holds only that.
    index('projects_pending_queue_idx').on(t.updatedAt, t.id).where(sql`${t.approval} = 'pending'`),
    oneOf('projects_item_check', t.item, ITEMS),
    oneOf('projects_type_check', t.type, PROPERTY_TYPES),
    oneOf('projects_status_check', t.status, STATUSES),
    oneOf('projects_approval_check', t.approval, APPROVALS),
    oneOf('projects_transaction_tag_check', t.transactionTag, TRANSACTION_TAGS),
    // A listing always has someone who uploaded it (spec §2 'Get more info' targets by owner or broker).
    check(
      'projects_listing_uploader_check',
      sql`${t.item} <> 'listing' or ${t.ownerId} is not null or ${t.brokerId} is not null`,
    ),
    check('projects_price_range_check', sql`${t.minPrice} is null or ${t.maxPrice} is null or ${t.minPrice} <= ${t.maxPrice}`),
  ],
);

export const projectMedia = pgTable(
  'project_media',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    // spec §3: the first item's url is the card photo, so position orders them and the banner comes first.
    title: text('title', { enum: PROJECT_MEDIA_TITLES }).notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
    // An owner's uploaded photo (issue 5): the card-sized variant beside the gallery one in `url`, and the
    // MediaStore key prefix its files live under, so deleting the photo deletes them. Null for seeded media.
    cardUrl: text('card_url'),
    storageKey: text('storage_key'),
  },
  (t) => [
    index('project_media_project_idx').on(t.projectId, t.position),
    oneOf('project_media_title_check', t.title, PROJECT_MEDIA_TITLES),
  ],
);

export const units = pgTable(
  'units',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    // Bedroom count ('2') or a word ('studio', 'plot', 'pent house'); spec §5 builds labels from it.
    type: text('type').notNull(),
    minPrice: rupees('min_price').notNull(),
    maxPrice: rupees('max_price').notNull(),
    facing: text('facing'),
    // Square feet.
    exteriorArea: integer('exterior_area'),
    // Free text: 'Ground', '7 of 14', 'G+2'.
    floors: text('floors'),
    furnishing: text('furnishing', { enum: FURNISHINGS }),
  },
  (t) => [
    index('units_project_idx').on(t.projectId),
    oneOf('units_furnishing_check', t.furnishing, FURNISHINGS),
    check('units_price_range_check', sql`${t.minPrice} >= 0 and ${t.minPrice} <= ${t.maxPrice}`),
    check('units_exterior_area_check', sql`${t.exteriorArea} is null or ${t.exteriorArea} > 0`),
  ],
);
