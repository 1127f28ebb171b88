/** Engagement: favourites, saved searches, leads, reviews. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { APPROVALS, LEAD_SOURCES, LEAD_STAGES, REVIEW_SUBJECTS } from '../enums';
import { approval, createdAt, id, oneOf } from './columns';
import { brokers, users } from './accounts';
import { projects } from './catalogue';
import { cities, locations, zones } from './places';

export const favourites = pgTable(
  'favourites',
  {
    id: id(),
    // spec §6: users and brokers both keep favourites; exactly one of the two owns each row.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    brokerId: integer('broker_id').references(() => brokers.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Unique per owner and project; the leading column also serves "my favourites" lists.
    uniqueIndex('favourites_user_project_uq').on(t.userId, t.projectId),
    uniqueIndex('favourites_broker_project_uq').on(t.brokerId, t.projectId),
    index('favourites_project_idx').on(t.projectId),
    check('favourites_one_owner_check', sql`(${t.userId} is null) <> (${t.brokerId} is null)`),
  ],
);

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId)],
);

/** The unique pair is what makes "notify at most once per listing" hold under retries and parallel workers. */
export const savedSearchNotifications = pgTable(
  'saved_search_notifications',
  {
    id: id(),
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_search_notifications_pair_uq').on(t.savedSearchId, t.projectId),
    index('saved_search_notifications_project_idx').on(t.projectId),
  ],
);

export const leads = pgTable(
  'leads',
  {
    id: id(),
    // Null for a general enquiry from the contact page; kept (set null) if the project goes.
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    message: text('message'),
    source: text('source', { enum: LEAD_SOURCES }).notNull().default('form'),
    stage: text('stage', { enum: LEAD_STAGES }).notNull().default('new'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The service derives it (e.g. project + phone + day) so a double submit inserts once.
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('leads_project_idx').on(t.projectId, t.createdAt),
    index('leads_created_at_idx').on(t.createdAt),
    uniqueIndex('leads_dedupe_key_uq').on(t.dedupeKey),
    oneOf('leads_source_check', t.source, LEAD_SOURCES),
    oneOf('leads_stage_check', t.stage, LEAD_STAGES),
  ],
);

/**
 * Ratings of a city, zone or location (spec §7 rateLocation / rate-zone, city reviews). `subject` says which;
 * the subject's own id is required and the ids of the places containing it are filled too, so a city page can
 * also show what was said about its localities.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    subject: text('subject', { enum: REVIEW_SUBJECTS }).notNull(),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    ratingValue: smallint('rating_value').notNull(),
    comment: text('comment'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // spec §6: brokers sign in too, and may rate a place like a user.
    brokerId: integer('broker_id').references(() => brokers.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    approval: approval(),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_city_idx').on(t.cityId, t.subject, t.approval),
    // Issue 4: one rating per person per place (a second one replaces the first).
    uniqueIndex('reviews_user_location_uq').on(t.userId, t.locationId).where(sql`${t.subject} = 'location' and ${t.userId} is not null`),
    uniqueIndex('reviews_user_zone_uq').on(t.userId, t.zoneId).where(sql`${t.subject} = 'zone' and ${t.userId} is not null`),
    uniqueIndex('reviews_broker_location_uq').on(t.brokerId, t.locationId).where(sql`${t.subject} = 'location' and ${t.brokerId} is not null`),
    uniqueIndex('reviews_broker_zone_uq').on(t.brokerId, t.zoneId).where(sql`${t.subject} = 'zone' and ${t.brokerId} is not null`),
    check('reviews_one_rater_check', sql`${t.userId} is null or ${t.brokerId} is null`),
    index('reviews_zone_idx').on(t.zoneId, t.subject, t.approval),
    index('reviews_location_idx').on(t.locationId, t.subject, t.approval),
    oneOf('reviews_subject_check', t.subject, REVIEW_SUBJECTS),
    oneOf('reviews_approval_check', t.approval, APPROVALS),
    check('reviews_rating_value_check', sql`${t.ratingValue} between 1 and 5`),
    check(
      'reviews_subject_id_check',
      sql`(${t.subject} = 'city' and ${t.cityId} is not null) or (${t.subject} = 'zone' and ${t.zoneId} is not null) or (${t.subject} = 'location' and ${t.locationId} is not null)`,
    ),
  ],
);
