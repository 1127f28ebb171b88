/**
 * Analytics: visit sessions and events (spec §3 tracking payloads; issue 12). Both tables hold only what the
 * visitor's consent allows: with 'essential' no identity (visitor_key null, type 'guest'), no address and no city.
 * docs/decisions/014-tracking-storage.md says why the events table looks the way it does.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ANALYTICS_WINDOWS, DEVICE_TYPES, LAST_SEEN_DIMENSIONS, ROLLUP_DIMENSIONS, TRACKING_CONSENTS, TRAFFIC_SOURCES, VISITOR_DAY_DIMENSIONS, VISITOR_TYPES } from '../enums';
import { oneOf } from './columns';

export const trackingSessions = pgTable(
  'tracking_sessions',
  {
    // Server-made (a UUID) at session start; the client keeps it in local storage ({product}_SESSIONID).
    id: text('id').primaryKey(),
    consent: text('consent', { enum: TRACKING_CONSENTS }).notNull().default('essential'),
    // 'user:<id>', 'broker:<id>' (from the bearer token) or 'guest:<device id>'; null without consent 'analytics'.
    visitorKey: text('visitor_key'),
    userType: text('user_type', { enum: VISITOR_TYPES }).notNull().default('guest'),
    // From the User-Agent (the client's hint settles tablet/laptop); kept whatever the consent.
    deviceType: text('device_type', { enum: DEVICE_TYPES }),
    os: text('os'),
    browser: text('browser'),
    browserVersion: text('browser_version'),
    // Coarse: the server's IP table, else the city the visitor picked or their browser reported. Never coordinates.
    city: text('city'),
    trafficSource: text('traffic_source', { enum: TRAFFIC_SOURCES }),
    referrerHost: text('referrer_host'),
    entryPage: text('entry_page'),
    exitPage: text('exit_page'),
    ipAddress: text('ip_address'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('tracking_sessions_started_idx').on(t.startedAt),
    oneOf('tracking_sessions_user_type_check', t.userType, VISITOR_TYPES),
    oneOf('tracking_sessions_consent_check', t.consent, TRACKING_CONSENTS),
    oneOf('tracking_sessions_device_type_check', t.deviceType, DEVICE_TYPES),
    oneOf('tracking_sessions_traffic_source_check', t.trafficSource, TRAFFIC_SOURCES),
  ],
);

/**
 * Append-only: rows are inserted (one multi-row INSERT ... ON CONFLICT (event_id) DO NOTHING per batch) and only
 * ever deleted by the retention job. Rows arrive in received_at order, so BRIN indexes on the two times cost almost
 * nothing to keep and still let a time range skip most of the table; rollups follow the id as their watermark.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    // Made by the client: the same event sent twice (a retry, a beacon after a failed flush) is stored once.
    eventId: uuid('event_id').notNull().unique('tracking_events_event_id_unique'),
    // No foreign key: spec §8 lets the client fall back to a local session id the server never saw.
    sessionId: text('session_id'),
    visitorKey: text('visitor_key'),
    visitorType: text('visitor_type', { enum: VISITOR_TYPES }).notNull().default('guest'),
    eventName: text('event_name').notNull(),
    pagePath: text('page_path').notNull(),
    // metadata.projectId when it is a whole number: the per-project rollups read it without parsing JSON.
    projectId: integer('project_id'),
    city: text('city'),
    deviceType: text('device_type', { enum: DEVICE_TYPES }),
    trafficSource: text('traffic_source', { enum: TRAFFIC_SOURCES }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    // The client's clock, clamped by the server to [received - 7 days, received + 5 minutes].
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('tracking_events_received_brin').using('brin', t.receivedAt),
    index('tracking_events_occurred_brin').using('brin', t.occurredAt),
    oneOf('tracking_events_visitor_type_check', t.visitorType, VISITOR_TYPES),
  ],
);

/**
 * Daily counts the analytics read instead of raw events (issue 12): per India calendar day, dimension, key (a page
 * path, project id, city, traffic source, device type, search words; '' for the total) and event name ('*' for all
 * events together), the events and the unique visitors. Folded in from tracking_events by the rollup job
 * (apps/api/src/modules/tracking/tracking-rollups.*) and kept when raw events are deleted.
 */
export const trackingDailyRollups = pgTable(
  'tracking_daily_rollups',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: ROLLUP_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    eventName: text('event_name').notNull(),
    events: bigint('events', { mode: 'number' }).notNull().default(0),
    visitors: bigint('visitors', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // A screen asks for one dimension over a range of days (top pages this month) ...
    primaryKey({ name: 'tracking_daily_rollups_pk', columns: [t.dimension, t.day, t.key, t.eventName] }),
    // ... or for some keys and event names over days (a broker's listings' views). Migration 0018 adds INCLUDE
    // (events, visitors), which drizzle-kit cannot express, so the read is index-only (decision 019: a PGlite read of
    // 90 days of 28 listings visited 1,009 table pages).
    index('tracking_daily_rollups_key_idx').on(t.dimension, t.key, t.eventName, t.day),
    oneOf('tracking_daily_rollups_dimension_check', t.dimension, ROLLUP_DIMENSIONS),
  ],
);

/**
 * Who has been counted for each rollup row of days that can still receive events (an event may arrive up to 7 days
 * late), so unique visitors stay exact across incremental runs. A visitor is a 64-bit digest of the visitor key or
 * session, never the key itself; rows of finished days are deleted.
 */
export const trackingRollupVisitors = pgTable(
  'tracking_rollup_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: ROLLUP_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    eventName: text('event_name').notNull(),
    visitor: bigint('visitor', { mode: 'bigint' }).notNull(),
  },
  // Day first: finished days are deleted as a range.
  (t) => [primaryKey({ name: 'tracking_rollup_visitors_pk', columns: [t.day, t.dimension, t.key, t.eventName, t.visitor] })],
);

/**
 * Who was seen on which day (issue 13), kept as long as raw events: unique visitors over 7, 30, 90 or 366 days cannot
 * be summed from daily uniques. One row per (dimension, key, India day, visitor digest): a listing's viewers
 * ('project', PROJECT_VIEW only), the whole site ('total'), a visitor's city. Folded with the daily rollups; the
 * visitor is the same 64-bit digest, never the key itself. (The 'bhk', 'budget' and 'locality' rows of SEARCH facets
 * are no longer written: decision 030's tracking_viewer_searches answers what the viewers searched for.)
 */
export const trackingVisitorDays = pgTable(
  'tracking_visitor_days',
  {
    dimension: text('dimension', { enum: VISITOR_DAY_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: bigint('visitor', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    // A range of days of some keys (a broker's listings, the whole site) ...
    primaryKey({ name: 'tracking_visitor_days_pk', columns: [t.dimension, t.key, t.day, t.visitor] }),
    // ... joined by visitor (the listings' viewers to what they searched), and deleted by day past retention.
    // Day and key in the index too: the viewers' searches read only the index (decision 019).
    index('tracking_visitor_days_visitor_idx').on(t.visitor, t.dimension, t.day, t.key),
    index('tracking_visitor_days_day_brin').using('brin', t.day),
    oneOf('tracking_visitor_days_dimension_check', t.dimension, VISITOR_DAY_DIMENSIONS),
  ],
);

/**
 * Unique visitors over any range of days without a distinct count (decision 039): tracking_visitor_days grouped by
 * each visitor-day's previous day of the same key (the visitor's latest earlier row, '-infinity' when there is none).
 * A visitor is in a range [from, to] once, on their first day in it, which is the one row whose previous day is
 * before `from`: unique visitors = sum(visitors) where day between from and to and prev_day < from. Kept equal to
 * tracking_visitor_days by statement triggers on it (migration 0025: insert, delete and truncate), so the fold, the
 * seed, the bench and the retention keep it without knowing it. Rows whose count went back to 0 stay.
 */
export const trackingVisitorGaps = pgTable(
  'tracking_visitor_gaps',
  {
    dimension: text('dimension', { enum: VISITOR_DAY_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    prevDay: date('prev_day', { mode: 'string' }).notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [
    primaryKey({ name: 'tracking_visitor_gaps_pk', columns: [t.dimension, t.key, t.day, t.prevDay] }),
    oneOf('tracking_visitor_gaps_dimension_check', t.dimension, VISITOR_DAY_DIMENSIONS),
  ],
);

/**
 * The daily rollups' listing views (PROJECT_VIEW) summed per locality, by where each listing is now (decision 039):
 * the overview's top localities over a custom range read a locality's days instead of each of its listings' days.
 * Kept equal to tracking_daily_rollups joined to projects by statement triggers on both (migration 0025).
 */
export const trackingLocalityViews = pgTable(
  'tracking_locality_views',
  {
    locationId: integer('location_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: bigint('views', { mode: 'number' }).notNull(),
  },
  // Day first: the overview sums every locality's days of a range.
  (t) => [primaryKey({ name: 'tracking_locality_views_pk', columns: [t.day, t.locationId] })],
);

/**
 * Which days of the rollups, visitor gaps and locality views changed, and by which transaction (decision 043):
 * statement triggers write each changed day with the writer's transaction id, so the API process can reload exactly
 * the days its kept counts missed. The day 'infinity' marks a truncation (reload everything).
 */
export const trackingDayMarks = pgTable('tracking_day_marks', {
  day: date('day', { mode: 'string' }).primaryKey().notNull(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The last India day each visitor was seen by the whole site, a city or a listing (PROJECT_VIEW), folded with the
 * rollups (decision 019). "Unique visitors in the last N days" is the count of rows whose last_day is in the window:
 * the rollup job uses it to rebuild tracking_window_counts when the day turns, and a broker's viewers over all their
 * listings are an index range over it. Deleted past the retention like the visitor days.
 */
export const trackingVisitorLastSeen = pgTable(
  'tracking_visitor_last_seen',
  {
    dimension: text('dimension', { enum: LAST_SEEN_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    visitor: bigint('visitor', { mode: 'bigint' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'tracking_visitor_last_seen_pk', columns: [t.dimension, t.key, t.visitor] }),
    // The visitor too, so a count of a listing's viewers since a day is an index-only scan (no visit to the table).
    index('tracking_visitor_last_seen_day_idx').on(t.dimension, t.key, t.lastDay, t.visitor),
    oneOf('tracking_visitor_last_seen_dimension_check', t.dimension, LAST_SEEN_DIMENSIONS),
  ],
);

/**
 * The last 7, 30 and 90 days ending on tracking_window_state.end_day, pre-summed (decision 019): events of the keys
 * the overview ranks (a listing's views, a city's page views, searches, searches that found nothing) and unique
 * visitors (the site's and a city's under '*', a listing's under PROJECT_VIEW). The fold adds each batch's share;
 * when the India day turns the job rebuilds them from the daily rollups and tracking_visitor_last_seen. A top-N is
 * the first rows of an index, not a sum and sort of every day's rows.
 */
export const trackingWindowCounts = pgTable(
  'tracking_window_counts',
  {
    windowDays: integer('window_days').notNull(),
    // The rollups' dimensions, and 'locality' (a location id: its listings' views), which the daily rows do not keep.
    dimension: text('dimension', { enum: [...ROLLUP_DIMENSIONS, 'locality'] }).notNull(),
    key: text('key').notNull(),
    eventName: text('event_name').notNull(),
    events: bigint('events', { mode: 'number' }).notNull().default(0),
    visitors: bigint('visitors', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'tracking_window_counts_pk', columns: [t.windowDays, t.dimension, t.eventName, t.key] }),
    index('tracking_window_counts_top_idx').on(t.windowDays, t.dimension, t.eventName, t.events.desc(), t.key),
    check('tracking_window_counts_window_check', sql`${t.windowDays} in (${sql.raw(ANALYTICS_WINDOWS.join(', '))})`),
  ],
);

/** The day tracking_window_counts' windows end on (one row): a read for another end falls back to the daily rows. */
export const trackingWindowState = pgTable(
  'tracking_window_state',
  {
    one: boolean('one').primaryKey().default(true),
    endDay: date('end_day', { mode: 'string' }).notNull(),
  },
  (t) => [check('tracking_window_state_one_check', sql`${t.one}`)],
);

/** The rollups' watermark: every tracking_events row with an id up to last_event_id is counted. One row, 'daily'. */
export const trackingRollupState = pgTable('tracking_rollup_state', {
  name: text('name').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the buyers who viewed a listing had searched for (issue 13, decision 030): per listing, India day of the
 * search and the search's filters (BHK set, budget band, locality and city), how many searches were followed by a
 * view of the listing by the same visitor (the consented identity, else the session). A search counts once per
 * listing however often the listing is viewed after it. Folded from SEARCH and PROJECT_VIEW events by the rollup job
 * behind its own watermark; the brokers' insights sum the days of a window for their own listings. Absent filters
 * are '' / 0, so the key has no nulls.
 */
export const trackingViewerSearches = pgTable(
  'tracking_viewer_searches',
  {
    projectId: integer('project_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    // Sorted distinct bedroom counts, comma-separated ('2,3'); '' for any.
    bhk: text('bhk').notNull().default(''),
    // The budget's band (contracts VIEWER_BUDGET_BANDS, 1-based); 0 for any budget.
    budgetBand: integer('budget_band').notNull().default(0),
    // locations.id / cities.id the search named (resolved by name when folded); 0 for none or an unknown name.
    cityId: integer('city_id').notNull().default(0),
    locationId: integer('location_id').notNull().default(0),
    searches: bigint('searches', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'tracking_viewer_searches_pk', columns: [t.projectId, t.day, t.bhk, t.budgetBand, t.cityId, t.locationId] })],
);

/**
 * Each visitor's latest search (decision 030), so a view folded in a later batch than the search it followed is
 * still credited to it; `credited` holds the listings already counted for that search (at most 200), so a listing
 * viewed again after the same search is not counted twice. Forgotten when the search is older than the longest
 * window (90 days). The visitor is the rollups' 64-bit digest, never the key itself.
 */
export const trackingSearchContexts = pgTable('tracking_search_contexts', {
  visitor: bigint('visitor', { mode: 'bigint' }).primaryKey(),
  searchId: bigint('search_id', { mode: 'number' }).notNull(),
  searchedAt: timestamp('searched_at', { withTimezone: true }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  bhk: text('bhk').notNull(),
  budgetBand: integer('budget_band').notNull(),
  cityId: integer('city_id').notNull(),
  locationId: integer('location_id').notNull(),
  credited: integer('credited').array().notNull().default(sql`'{}'::int[]`),
}, (t) => [
  // The retention forgets searches older than the longest window by a range of this index.
  index('tracking_search_contexts_day_idx').on(t.day),
]);
