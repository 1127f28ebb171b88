import { type Db, schema } from '@nivaas/db';
import { sql, type SQL } from '@nivaas/db/orm';

const {
  trackingDailyRollups: rollups,
  leads,
  projects,
  auditLog,
} = schema;

/**
 * SQL only, over the read model of issue 13 (docs/decisions/017-analytics-read-model.md): the daily rollups, the
 * visitor-day facts, and the catalogue, leads and moderation tables. Never tracking_events. Days are India's
 * 'YYYY-MM-DD', both ends included; `since`/`until` are the instants the range's first day starts and the day after
 * its last starts (for tables keyed by time, so their indexes apply).
 */
export interface DayRange {
  from: string;
  to: string;
  since: Date;
  until: Date;
}

export interface RollupRow {
  day: string;
  key: string;
  eventName: string;
  events: number;
  visitors: number;
}

export interface KeyCount {
  key: string;
  value: number;
}

export interface ListingRow {
  id: number;
  name: string;
  item: string;
  type: string | null;
  tags: string[];
  status: 'active' | 'inactive';
  approval: 'approved' | 'pending' | 'rejected';
  ownerId: number | null;
  brokerId: number | null;
  city: string | null;
  zone: string | null;
  location: string | null;
  unitType: string | null;
  submittedAt: Date;
  decidedAt: Date | null;
}

/**
 * A row of the viewers' searches (decision 030). `kind`: 'listing' a whole search before a view of `projectId`,
 * 'listing-total' that listing's count; 'top' a whole search over all the listings, 'bhk' / 'budget' / 'place' one
 * filter alone, 'total' the overall count. Empty filters are '' / 0 / null.
 */
export interface ViewerSearchRow {
  kind: 'listing' | 'listing-total' | 'top' | 'bhk' | 'budget' | 'place' | 'total';
  projectId: number | null;
  bhk: string;
  budgetBand: number;
  city: { id: number; name: string } | null;
  locality: { id: number; name: string } | null;
  searches: number;
}

export interface LeadCountRow {
  projectId: number;
  day: string;
  stage: string;
  leads: number;
}

/** India's calendar day of a timestamp column (UTC+05:30 all year), as the rollups count days. */
const dayOf = (column: SQL | unknown) => sql`to_char((${column} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;
/** A text[] parameter: each element quoted, so a comma or brace in a key stays inside it. */
const textArray = (keys: readonly string[]) => sql`${`{${keys.map((key) => `"${key.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]`;
const idsOf = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
/** nivaas_analytics_ranked's call over a range (decision 039). */
const rankedCall = (range: DayRange, top: number) => sql`nivaas_analytics_ranked(${range.from}::date, ${range.to}::date,
  ${range.since.toISOString()}::timestamptz, ${range.until.toISOString()}::timestamptz, ${top}::int)`;

/** Candidates counted in process and the watermark of the counts they come from (decision 043). */
export interface Counted {
  candidates: RankedCandidates;
  watermark: string;
}
const bigints = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::bigint[]`;
/** nivaas_analytics_ranked_named's call (migration 0026). */
const namedCall = (range: DayRange, top: number, c: RankedCandidates) => sql`nivaas_analytics_ranked_named(
  ${range.since.toISOString()}::timestamptz, ${range.until.toISOString()}::timestamptz, ${top}::int, ${c.visitors}::bigint,
  ${textArray(c.projects.map((row) => row.key))}, ${bigints(c.projects.map((row) => row.views))}, ${bigints(c.projects.map((row) => row.visitors))},
  ${idsOf(c.localities.map((row) => row.locationId))}, ${bigints(c.localities.map((row) => row.views))},
  ${textArray(c.cities.map((row) => row.key))}, ${bigints(c.cities.map((row) => row.views))}, ${bigints(c.cities.map((row) => row.visitors))},
  ${textArray(c.searches.map((row) => row.key))}, ${bigints(c.searches.map((row) => row.count))}, ${bigints(c.searches.map((row) => row.zeroResults))},
  ${textArray(c.zeroResultSearches.map((row) => row.key))}, ${bigints(c.zeroResultSearches.map((row) => row.count))})`;
/** The marks of tracking_day_marks with a version >= the watermark, as one JSON text (null: none). */
const marksSince = (watermark: string) =>
  sql`(select json_agg(json_build_array(m.day::text, m.version::text))::text from tracking_day_marks m where m.version >= ${watermark}::bigint)`;
const marksOf = (text: string | null): DayMark[] => (text === null ? [] : (JSON.parse(text) as [string, string][]).map(([day, version]) => ({ day, version })));

function toNumber(value: string | number | null | undefined): number {
  return Number(value ?? 0);
}

/** A listing as listingsWhere selects it (snake_case, times as text). */
interface ListingRecord {
  id: number;
  name: string;
  item: string;
  type: string | null;
  tags: string[];
  status: 'active' | 'inactive';
  approval: 'approved' | 'pending' | 'rejected';
  owner_id: number | null;
  broker_id: number | null;
  city: string | null;
  zone: string | null;
  location: string | null;
  unit_type: string | null;
  submitted_at: string;
  decided_at: string | null;
}

function listingOf(row: ListingRecord): ListingRow {
  return {
    id: Number(row.id),
    name: row.name,
    item: row.item,
    type: row.type,
    tags: row.tags,
    status: row.status,
    approval: row.approval,
    ownerId: row.owner_id === null ? null : Number(row.owner_id),
    brokerId: row.broker_id === null ? null : Number(row.broker_id),
    city: row.city,
    zone: row.zone,
    location: row.location,
    unitType: row.unit_type,
    submittedAt: new Date(row.submitted_at),
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at),
  };
}

/**
 * Listings with what their page and moderation need: the latest submission (upload or resubmission, else when the
 * row was made) and the first decision after it, as a select of ListingRecord columns (one listing, or a broker's).
 */
const listingsWhere = (filter: SQL) => sql`
  select p.id, p.name, p.item, p.type, p.tags, p.status, p.approval, p.owner_id, p.broker_id,
         c.name as city, z.name as zone, l.name as location,
         (select u.type from ${schema.units} u where u.project_id = p.id order by u.id limit 1) as unit_type,
         s.at::text as submitted_at,
         (select min(a.created_at) from ${auditLog} a
           where a.entity_kind = 'project' and a.entity_id = p.id and a.action in ('approve', 'reject') and a.created_at >= s.at)::text as decided_at
  from ${projects} p
  left join ${schema.cities} c on c.id = p.city_id
  left join ${schema.zones} z on z.id = p.zone_id
  left join ${schema.locations} l on l.id = p.location_id
  cross join lateral (
    select coalesce(
      (select max(a.created_at) from ${auditLog} a where a.entity_kind = 'project' and a.entity_id = p.id and a.action in ('submit', 'resubmit')),
      p.created_at) as at
  ) s
  where ${filter}`;


/** A listing among the overview's most viewed, with its name and the leads it received in the range. */
export interface TopProject {
  projectId: number;
  name: string;
  views: number;
  visitors: number;
  enquiries: number;
}

/** The overview's ranked lists and unique visitors over a range. */
export interface RankedLists {
  visitors: number;
  projects: TopProject[];
  localities: { name: string; city: string; views: number }[];
  cities: { key: string; views: number; visitors: number }[];
  searches: { key: string; count: number; zeroResults: number }[];
  zeroResultSearches: KeyCount[];
}

/** The site's totals of one India day (days without any row are absent). */
export interface OverviewDayRow {
  day: string;
  pageViews: number;
  sessions: number;
  visitors: number;
  enquiries: number;
  signIns: number;
  projectViews: number;
  /** ENQUIRY_SENT alone (the view-to-enquiry rate's numerator). */
  enquirySent: number;
}

export interface OverviewFigures {
  daily: OverviewDayRow[];
  /** Leads received in the range (project-linked or not). */
  leads: number;
  sources: KeyCount[];
  devices: KeyCount[];
  /** Listings waiting for a decision now, and the median and longest of their waits in hours. */
  pending: { count: number; medianWaitHours: number; oldestWaitHours: number };
  decisions: { day: string; approved: number; rejected: number }[];
  /** From the kept windows, or null when the range is not one of them. */
  ranked: RankedLists | null;
}

export interface BrokerFigures {
  listings: (ListingRow & { views: number; visitors: number; remarks: { remark: string; at: Date }[] })[];
  /** Distinct viewers of any of the listings over the range. */
  visitors: number;
  /** Views of the listings per day, and distinct viewers of any of them per day (days without views are absent). */
  views: KeyCount[];
  viewers: KeyCount[];
  leads: LeadCountRow[];
}

/**
 * The candidates of the overview's ranked lists over a range, counted in the API process (decision 043): every key
 * whose count reaches the top-th largest (ties included), with the range's counts; nivaas_analytics_ranked_named
 * orders and cuts them as nivaas_analytics_ranked does, and names them.
 */
export interface RankedCandidates {
  visitors: number;
  projects: { key: string; views: number; visitors: number }[];
  localities: { locationId: number; views: number }[];
  cities: { key: string; views: number; visitors: number }[];
  searches: { key: string; count: number; zeroResults: number }[];
  zeroResultSearches: { key: string; count: number }[];
}

/** A mark of tracking_day_marks (migration 0026): a day ('YYYY-MM-DD' or 'infinity') and the id of its last writer. */
export interface DayMark {
  day: string;
  version: string;
}

/** The counts of some days as dayCounts reads them (days as numbers: days since 1970-01-01). */
export interface DayCountsDoc {
  /** xmin of the statement's snapshot (a later change has a mark with a version >= it). */
  xmin: string;
  /** Every mark with a version >= the watermark asked, as the statement saw them. */
  marks: DayMark[];
  /** The days read, each replacing the day kept: the days asked and the marks' days, from the floor on. */
  days: number[];
  /** [dimension ('project' | 'city' | 'search' | 'zero'), key, day, count] */
  rollups: [string, string, number, number][];
  /** [location id, day, views] */
  localities: [number, number, number][];
  /** [dimension ('total' | 'project' | 'city'), key, day, previous day (null: none), visitors] */
  gaps: [string, string, number, number | null, number][];
}

const EPOCH = sql`date '1970-01-01'`;

/** The ranked lists as nivaas_analytics_overview returns them: arrays in a fixed order, to keep the document small. */
interface WindowRankedDoc {
  visitors: number;
  projects: [string, number, number, string, number][];
  localities: [string, string, number][];
  cities: [string, number, number][];
  searches: [string, number, number][];
  zero: [string, number][];
}

const byCount =
  <T extends { key: string }>(value: (item: T) => number) =>
  (a: T, b: T) =>
    value(b) - value(a) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function rankedOf(doc: WindowRankedDoc): RankedLists {
  return {
    visitors: toNumber(doc.visitors),
    projects: doc.projects
      .map(([key, views, visitors, name, enquiries]) => ({ projectId: Number(key), name, views: toNumber(views), visitors: toNumber(visitors), enquiries: toNumber(enquiries) }))
      // Ties by the id as a number, as the daily rows' read always ordered them (decision 039).
      .sort((a, b) => b.views - a.views || a.projectId - b.projectId),
    localities: doc.localities.map(([name, city, views]) => ({ name, city, views: toNumber(views) })).sort((a, b) => b.views - a.views || a.name.localeCompare(b.name)),
    cities: doc.cities.map(([key, views, visitors]) => ({ key, views: toNumber(views), visitors: toNumber(visitors) })).sort(byCount((row) => row.views)),
    searches: doc.searches.map(([key, count, zeroResults]) => ({ key, count: toNumber(count), zeroResults: toNumber(zeroResults) })).sort(byCount((row) => row.count)),
    zeroResultSearches: doc.zero.map(([key, value]) => ({ key, value: toNumber(value) })).sort(byCount((row) => row.value)),
  };
}

export function createAnalyticsRepository(db: Db) {
  async function rows<T>(query: SQL): Promise<T[]> {
    return (await db.execute<T & Record<string, unknown>>(query)).rows as T[];
  }

  return {
    /**
     * A broker's listings with their figures over a range, in one call of nivaas_analytics_broker (migration 0022,
     * decision 033): each listing's views (the daily rollups' PROJECT_VIEW rows) and distinct viewers
     * (tracking_visitor_days), the distinct viewers of any of them over the range and per day, views per day, leads
     * per listing, day and stage, and the provider's remarks. Exact for any range: the viewers' rows of the range are
     * read once for all three unique counts, so the kept windows are not needed.
     */
    async brokerFigures(brokerId: number, range: DayRange): Promise<BrokerFigures> {
      const [found] = await rows<{ doc: string }>(sql`
        select nivaas_analytics_broker(${brokerId}::int, ${range.from}::date, ${range.to}::date,
                                       ${range.since.toISOString()}::timestamptz, ${range.until.toISOString()}::timestamptz) as doc`);
      const doc = JSON.parse(found?.doc ?? '{}') as {
        listings: [ListingRecord, number, number, [string, string][]][];
        views: [string, number][];
        viewers: [string, number][];
        visitors: number;
        leads: [number, string, string, number][];
      };
      return {
        listings: doc.listings.map(([record, views, visitors, remarks]) => ({
          ...listingOf(record),
          views: toNumber(views),
          visitors: toNumber(visitors),
          remarks: remarks.map(([remark, at]) => ({ remark, at: new Date(at) })),
        })),
        visitors: toNumber(doc.visitors),
        views: doc.views.map(([day, views]) => ({ key: day, value: toNumber(views) })),
        viewers: doc.viewers.map(([day, visitors]) => ({ key: day, value: toNumber(visitors) })),
        leads: doc.leads.map(([projectId, day, stage, n]) => ({ projectId: Number(projectId), day, stage, leads: toNumber(n) })),
      };
    },

    /**
     * Everything of the overview in one call of nivaas_analytics_overview (migration 0022, decision 033): the site's
     * daily totals, leads received, sessions by source and device, the moderation queue's age at `now` and decisions
     * per day; and, when `window` is 7, 30 or 90 and the kept windows end on the range's last day (decision 019), the
     * ranked lists and unique visitors from tracking_window_counts (each top N the first rows of
     * tracking_window_counts_top_idx), with the top listings' names and leads; for a range of any other length, the
     * same from nivaas_analytics_ranked in the same statement. `ranked` is null for a range of 7, 30 or 90 days that
     * the kept windows do not end on: the service asks rankedRange.
     */
    async overviewFigures(range: DayRange, window: number | null, top: number, now: Date, counted?: Counted): Promise<OverviewFigures & { marks: DayMark[] }> {
      // A range that cannot be a kept window has its ranked lists read in the same statement (decision 039), from the
      // candidates counted in process when given (decision 043), with the marks that say whether those counts are current.
      const ranked = counted === undefined ? sql`case when ${window}::int is null then ${rankedCall(range, top)} end` : namedCall(range, top, counted.candidates);
      const [found] = await rows<{ doc: string; ranked: string | null; marks: string | null }>(sql`
        select nivaas_analytics_overview(${range.from}::date, ${range.to}::date, ${range.since.toISOString()}::timestamptz,
                                         ${range.until.toISOString()}::timestamptz, ${window}::int, ${top}::int, ${now.toISOString()}::timestamptz) as doc,
               ${ranked} as ranked, ${counted === undefined ? sql`null` : marksSince(counted.watermark)} as marks`);
      type Counts = (number | null)[];
      const doc = JSON.parse(found?.doc ?? '{}') as {
        daily: [string, ...Counts][];
        leads: number;
        sessions: [string, string, number][];
        pending: [number, number, number];
        decisions: [string, number, number][];
        ranked: WindowRankedDoc | null;
      };
      const sessionsOf = (dimension: string) => doc.sessions.filter((row) => row[0] === dimension).map(([, key, n]) => ({ key, value: toNumber(n) }));
      return {
        daily: doc.daily.map(([day, pageViews, sessions, visitors, enquiries, signIns, projectViews, enquirySent]) => ({
          day,
          pageViews: toNumber(pageViews),
          sessions: toNumber(sessions),
          visitors: toNumber(visitors),
          enquiries: toNumber(enquiries),
          signIns: toNumber(signIns),
          projectViews: toNumber(projectViews),
          enquirySent: toNumber(enquirySent),
        })),
        leads: toNumber(doc.leads),
        sources: sessionsOf('source'),
        devices: sessionsOf('device'),
        pending: { count: toNumber(doc.pending[0]), medianWaitHours: toNumber(doc.pending[1]), oldestWaitHours: toNumber(doc.pending[2]) },
        decisions: doc.decisions.map(([day, approved, rejected]) => ({ day, approved: toNumber(approved), rejected: toNumber(rejected) })),
        ranked: doc.ranked === null ? (found?.ranked ? rankedOf(JSON.parse(found.ranked) as WindowRankedDoc) : null) : rankedOf(doc.ranked),
        marks: marksOf(found?.marks ?? null),
      };
    },

    /**
     * The ranked lists from candidates counted in process (decision 043), in one call of nivaas_analytics_ranked_named
     * (migration 0026), with the marks since `counted.watermark` that say whether those counts are current.
     */
    async rankedNamed(range: DayRange, top: number, counted: Counted): Promise<{ ranked: RankedLists; marks: DayMark[] }> {
      const [found] = await rows<{ ranked: string; marks: string | null }>(sql`
        select ${namedCall(range, top, counted.candidates)} as ranked, ${marksSince(counted.watermark)} as marks`);
      return { ranked: rankedOf(JSON.parse(found?.ranked ?? 'null') as WindowRankedDoc), marks: marksOf(found?.marks ?? null) };
    },

    /**
     * The per-day counts the overview's ranked lists are made of (decision 043), for some days from `floor` on: the
     * daily rollups of listings' views, cities' page views, searches and searches that found nothing; the localities'
     * daily views; the visitor gaps of the site, the listings and the cities. The days asked and (unless `onlyAsked`)
     * every day marked since `watermark`, with those marks and the snapshot's xmin: one snapshot.
     */
    async dayCounts(floor: string, days: readonly string[], watermark: string, onlyAsked = false): Promise<DayCountsDoc> {
      const [found] = await rows<{ doc: string }>(sql`
        with marks as (select day, version from tracking_day_marks where version >= ${watermark}::bigint),
        picked as (
          select coalesce(array_agg(w.day), '{}') as days from (
            select d.day from unnest(${`{${days.join(',')}}`}::date[]) d(day) where d.day >= ${floor}::date
            union select day from marks where not ${onlyAsked}::boolean and day >= ${floor}::date and day <> 'infinity') w)
        select json_build_object(
          'xmin', pg_snapshot_xmin(pg_current_snapshot())::text,
          'marks', coalesce((select json_agg(json_build_array(day::text, version::text)) from marks), '[]'::json),
          'days', (select to_json(array(select unnest(days) - ${EPOCH})) from picked),
          'rollups', coalesce((
            select json_agg(json_build_array(case when r.event_name = '#zero-results' then 'zero' else r.dimension end, r.key, r.day - ${EPOCH}, r.events))
            from tracking_daily_rollups r, picked
            where r.dimension in ('project', 'city', 'search') and r.day = any(picked.days) and r.events <> 0
              and ((r.dimension = 'project' and r.event_name = 'PROJECT_VIEW') or (r.dimension = 'city' and r.event_name = 'PAGE_VIEW')
                   or (r.dimension = 'search' and r.event_name in ('SEARCH', '#zero-results')))), '[]'::json),
          'localities', coalesce((
            select json_agg(json_build_array(v.location_id, v.day - ${EPOCH}, v.views))
            from tracking_locality_views v, picked where v.day = any(picked.days) and v.views <> 0), '[]'::json),
          'gaps', coalesce((
            select json_agg(json_build_array(g.dimension, g.key, g.day - ${EPOCH},
                                             case when g.prev_day = '-infinity' then null else g.prev_day - ${EPOCH} end, g.visitors))
            from tracking_visitor_gaps g, picked
            where g.dimension in ('total', 'project', 'city') and g.day = any(picked.days) and g.visitors <> 0), '[]'::json)
        )::text as doc`);
      return JSON.parse(found?.doc ?? 'null') as DayCountsDoc;
    },

    /**
     * The overview's ranked lists and unique visitors over any range, exact, in one call of nivaas_analytics_ranked
     * (migration 0025, decision 039): the top lists summed from the daily rollups (inside the kept 90 days only the
     * keys whose 90-day count can reach the top are summed), unique visitors from tracking_visitor_gaps.
     */
    async rankedRange(range: DayRange, top: number): Promise<RankedLists> {
      const [found] = await rows<{ doc: string }>(sql`select ${rankedCall(range, top)} as doc`);
      return rankedOf(JSON.parse(found?.doc ?? 'null') as WindowRankedDoc);
    },

    /** Rollup rows of one dimension over the range, for some event names and (optionally) some keys. */
    async rollups(dimension: string, range: DayRange, eventNames: readonly string[], keys?: readonly string[]): Promise<RollupRow[]> {
      const found = await rows<{ day: string; key: string; event_name: string; events: string; visitors: string }>(sql`
        select to_char(day, 'YYYY-MM-DD') as day, key, event_name, events::text as events, visitors::text as visitors
        from ${rollups}
        where dimension = ${dimension} and day between ${range.from}::date and ${range.to}::date
          and event_name = any(${`{${eventNames.join(',')}}`}::text[])
          ${keys === undefined ? sql`` : sql`and key = any(${textArray(keys)})`}`);
      return found.map((row) => ({ day: row.day, key: row.key, eventName: row.event_name, events: toNumber(row.events), visitors: toNumber(row.visitors) }));
    },

    /**
     * A broker's listings (id and name, in id order) and what their viewers had searched for (decision 030), in one
     * call of nivaas_analytics_viewer_searches (migration 0024, decision 037): the searches made in the range that a
     * view of one of the listings followed, from tracking_viewer_searches with GROUPING SETS: per listing (its
     * `perListing` most common whole searches), over them all (the `top` most common whole searches, and each filter
     * alone), and each listing's and the overall count. Rows of a grouping set the others leave empty are told apart
     * by `kind`.
     */
    async viewerSearches(brokerId: number, range: DayRange, top: number, perListing: number): Promise<{ listings: { id: number; name: string }[]; rows: ViewerSearchRow[] }> {
      const [found] = await rows<{ doc: string }>(sql`
        select nivaas_analytics_viewer_searches(${brokerId}::int, ${range.from}::date, ${range.to}::date, ${top}::int, ${perListing}::int) as doc`);
      const doc = JSON.parse(found?.doc ?? '{"listings":[],"rows":[]}') as {
        listings: [number, string][];
        rows: [ViewerSearchRow['kind'], number | null, string, number, number, string | null, number, string | null, number][];
      };
      return {
        listings: doc.listings.map(([id, name]) => ({ id: Number(id), name })),
        rows: doc.rows.map(([kind, projectId, bhk, budgetBand, cityId, city, locationId, locality, searches]) => ({
          kind,
          projectId: projectId === null ? null : Number(projectId),
          bhk,
          budgetBand: Number(budgetBand),
          city: city === null ? null : { id: Number(cityId), name: city },
          locality: locality === null ? null : { id: Number(locationId), name: locality },
          searches: toNumber(searches),
        })),
      };
    },

    /** Leads received in the range on some listings, per listing, India day and current stage. */
    async leadsOn(ids: readonly number[], range: DayRange): Promise<LeadCountRow[]> {
      if (ids.length === 0) return [];
      const found = await rows<{ project_id: number; day: string; stage: string; n: string }>(sql`
        select project_id, ${dayOf(sql`created_at`)} as day, stage, count(*)::text as n
        from ${leads}
        where project_id = any(${idsOf(ids)})
          and created_at >= ${range.since.toISOString()}::timestamptz and created_at < ${range.until.toISOString()}::timestamptz
        group by 1, 2, 3`);
      return found.map((row) => ({ projectId: Number(row.project_id), day: row.day, stage: row.stage, leads: toNumber(row.n) }));
    },

    async brokerName(id: number): Promise<string | null> {
      const found = await rows<{ name: string }>(sql`select name from ${schema.brokers} where id = ${id}`);
      return found[0]?.name ?? null;
    },

    /** One listing with what its page and moderation need (the project drill-down), or undefined. */
    async listing(id: number): Promise<ListingRow | undefined> {
      const found = await rows<ListingRecord>(sql`${listingsWhere(sql`p.id = ${id}`)}`);
      return found[0] === undefined ? undefined : listingOf(found[0]);
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
