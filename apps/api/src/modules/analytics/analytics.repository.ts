import { type Db, schema } from '@nivaas/db';
import { sql, type SQL } from '@nivaas/db/orm';

const {
  trackingDailyRollups: rollups,
  trackingVisitorDays: visitorDays,
  trackingVisitorLastSeen: lastSeen,
  trackingWindowCounts: windowCounts,
  trackingWindowState: windowState,
  trackingViewerSearches: viewerSearches,
  leads,
  projects,
  auditLog,
  projectRemarks,
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

/** The overview's ranked lists and unique visitors over one of the kept windows (decision 019). */
export interface WindowOverview {
  visitors: number;
  projects: { key: string; views: number; visitors: number }[];
  localities: { name: string; city: string; views: number }[];
  cities: { key: string; views: number; visitors: number }[];
  searches: { key: string; count: number; zeroResults: number }[];
  zeroResultSearches: KeyCount[];
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
/** Pseudo event names of the rollups (tracking-rollups.repository.ts): all events together, searches that found nothing. */
const ALL = '*';
const ZERO_RESULTS = '#zero-results';
const keysOf = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::text[]`;
const idsOf = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

function toNumber(value: string | number | null | undefined): number {
  return Number(value ?? 0);
}

export function createAnalyticsRepository(db: Db) {
  async function rows<T>(query: SQL): Promise<T[]> {
    return (await db.execute<T & Record<string, unknown>>(query)).rows as T[];
  }

  return {
    /** The day the kept 7/30/90-day windows end on (decision 019), or null before the rollup job has built them. */
    async windowEnd(): Promise<string | null> {
      const found = await rows<{ end_day: string }>(sql`select to_char(end_day, 'YYYY-MM-DD') as end_day from ${windowState}`);
      return found[0]?.end_day ?? null;
    },

    /**
     * Everything the overview ranks or counts uniquely, over a kept window, in one statement: each top-N (listings,
     * localities, cities, searches, searches that found nothing) is the first rows of tracking_window_counts_top_idx,
     * and the unique visitors are single rows.
     */
    async windowOverview(days: number, limit: number): Promise<WindowOverview> {
      const top = (dimension: string, eventName: string) => sql`
        select key, events from ${windowCounts}
        where window_days = ${days} and dimension = ${dimension} and event_name = ${eventName} and events > 0
        order by events desc nulls last, key limit ${limit}`;
      const found = await rows<{ kind: string; key: string; city: string | null; events: string; visitors: string }>(sql`
        with projects_top as (${top('project', 'PROJECT_VIEW')}),
        cities_top as (${top('city', 'PAGE_VIEW')}),
        searches_top as (${top('search', 'SEARCH')}),
        zero_top as (${top('search', ZERO_RESULTS)}),
        localities_top as (
          select l.name as key, c.name as city, t.events
          from (${top('locality', 'PROJECT_VIEW')}) t
          join ${schema.locations} l on l.id = (case when t.key ~ '^[0-9]{1,9}$' then t.key::int end)
          join ${schema.cities} c on c.id = l.city_id
        )
        select 'visitors' as kind, '' as key, null::text as city, '0' as events, coalesce((
          select visitors from ${windowCounts} where window_days = ${days} and dimension = 'total' and event_name = ${ALL} and key = ''), 0)::text as visitors
        union all
        select 'project', t.key, null, t.events::text, coalesce(v.visitors, 0)::text
        from projects_top t left join ${windowCounts} v on v.window_days = ${days} and v.dimension = 'project' and v.event_name = 'PROJECT_VIEW' and v.key = t.key
        union all
        select 'city', t.key, null, t.events::text, coalesce(v.visitors, 0)::text
        from cities_top t left join ${windowCounts} v on v.window_days = ${days} and v.dimension = 'city' and v.event_name = ${ALL} and v.key = t.key
        union all
        select 'search', t.key, null, t.events::text, coalesce(z.events, 0)::text
        from searches_top t left join ${windowCounts} z on z.window_days = ${days} and z.dimension = 'search' and z.event_name = ${ZERO_RESULTS} and z.key = t.key
        union all
        select 'zero', key, null, events::text, '0' from zero_top
        union all
        select 'locality', key, city, events::text, '0' from localities_top`);
      const of = (kind: string) => found.filter((row) => row.kind === kind);
      const byCount = <T extends { key: string }>(value: (item: T) => number) => (a: T, b: T) => value(b) - value(a) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
      return {
        visitors: toNumber(of('visitors')[0]?.visitors),
        projects: of('project').map((row) => ({ key: row.key, views: toNumber(row.events), visitors: toNumber(row.visitors) })).sort(byCount((row) => row.views)),
        localities: of('locality')
          .map((row) => ({ name: row.key, city: row.city ?? '', views: toNumber(row.events) }))
          .sort((a, b) => b.views - a.views || a.name.localeCompare(b.name)),
        cities: of('city').map((row) => ({ key: row.key, views: toNumber(row.events), visitors: toNumber(row.visitors) })).sort(byCount((row) => row.views)),
        searches: of('search').map((row) => ({ key: row.key, count: toNumber(row.events), zeroResults: toNumber(row.visitors) })).sort(byCount((row) => row.count)),
        zeroResultSearches: of('zero').map((row) => ({ key: row.key, value: toNumber(row.events) })).sort(byCount((row) => row.value)),
      };
    },

    /** Unique viewers of each of some listings over a kept window (decision 019). */
    async windowListingVisitors(days: number, keys: readonly string[]): Promise<KeyCount[]> {
      if (keys.length === 0) return [];
      const found = await rows<{ key: string; value: string }>(sql`
        select key, visitors::text as value from ${windowCounts}
        where window_days = ${days} and dimension = 'project' and event_name = 'PROJECT_VIEW' and key = any(${textArray(keys)})`);
      return found.map((row) => ({ key: row.key, value: toNumber(row.value) }));
    },

    /**
     * Distinct people who viewed any of some listings from `since` to the latest day: those last seen by one of them
     * since then (an index range per listing over tracking_visitor_last_seen). Exact for a range ending today only.
     */
    async viewersSince(keys: readonly string[], since: string): Promise<number> {
      if (keys.length === 0) return 0;
      const found = await rows<{ n: string }>(sql`
        select count(distinct visitor)::text as n from ${lastSeen}
        where dimension = 'project' and key = any(${textArray(keys)}) and last_day >= ${since}::date`);
      return toNumber(found[0]?.n);
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
     * The keys of one dimension with the most events of one name over the range (or, with `measure: 'visitors'`,
     * the largest sum of the rows' visitors column: for '#sessions' rows that is sessions).
     */
    async topKeys(dimension: string, eventName: string, range: DayRange, limit: number, measure: 'events' | 'visitors' = 'events'): Promise<KeyCount[]> {
      const column = measure === 'events' ? sql`events` : sql`visitors`;
      const found = await rows<{ key: string; value: string }>(sql`
        select key, sum(${column})::text as value
        from ${rollups}
        where dimension = ${dimension} and event_name = ${eventName} and day between ${range.from}::date and ${range.to}::date
        group by key
        order by sum(${column}) desc, key
        limit ${limit}`);
      return found.map((row) => ({ key: row.key, value: toNumber(row.value) }));
    },

    /** Distinct visitors seen in the range by one dimension (over all its keys, or some), per key or in all. */
    async uniqueVisitors(dimension: string, range: DayRange, keys?: readonly string[]): Promise<number> {
      const found = await rows<{ n: string }>(sql`
        select count(distinct visitor)::text as n from ${visitorDays}
        where dimension = ${dimension} and day between ${range.from}::date and ${range.to}::date
          ${keys === undefined ? sql`` : sql`and key = any(${textArray(keys)})`}`);
      return toNumber(found[0]?.n);
    },

    async uniqueVisitorsByKey(dimension: string, range: DayRange, keys: readonly string[]): Promise<KeyCount[]> {
      if (keys.length === 0) return [];
      const found = await rows<{ key: string; value: string }>(sql`
        select key, count(distinct visitor)::text as value from ${visitorDays}
        where dimension = ${dimension} and key = any(${textArray(keys)})
          and day between ${range.from}::date and ${range.to}::date
        group by key`);
      return found.map((row) => ({ key: row.key, value: toNumber(row.value) }));
    },

    /** Distinct viewers of some listings per day (a person who viewed two of them that day counts once). */
    async listingViewersByDay(ids: readonly number[], range: DayRange): Promise<KeyCount[]> {
      if (ids.length === 0) return [];
      const found = await rows<{ key: string; value: string }>(sql`
        select to_char(day, 'YYYY-MM-DD') as key, count(distinct visitor)::text as value from ${visitorDays}
        where dimension = 'project' and key = any(${keysOf(ids)}) and day between ${range.from}::date and ${range.to}::date
        group by day`);
      return found.map((row) => ({ key: row.key, value: toNumber(row.value) }));
    },

    /**
     * What the viewers of some listings had searched for (decision 030), from the searches made in the range that a
     * view of one of them followed, in one statement over tracking_viewer_searches: per listing (its `perListing`
     * most common whole searches), over them all (the `top` most common whole searches, and each filter alone), and
     * each listing's and the overall count. Rows of a grouping set the others leave empty are told apart by `kind`.
     */
    async viewerSearches(ids: readonly number[], range: DayRange, top: number, perListing: number): Promise<ViewerSearchRow[]> {
      if (ids.length === 0) return [];
      const found = await rows<{
        kind: ViewerSearchRow['kind'];
        project_id: number | null;
        bhk: string;
        budget_band: number;
        city_id: number;
        city: string | null;
        location_id: number;
        locality: string | null;
        searches: string;
      }>(sql`
        with grouped as (
          select case
                   when grouping(project_id) = 0 and grouping(bhk) = 0 then 'listing'
                   when grouping(project_id) = 0 then 'listing-total'
                   when grouping(bhk) = 0 and grouping(budget_band) = 0 then 'top'
                   when grouping(bhk) = 0 then 'bhk'
                   when grouping(budget_band) = 0 then 'budget'
                   when grouping(location_id) = 0 then 'place'
                   else 'total' end as kind,
                 project_id, coalesce(bhk, '') as bhk, coalesce(budget_band, 0) as budget_band,
                 coalesce(city_id, 0) as city_id, coalesce(location_id, 0) as location_id, sum(searches) as searches
          from ${viewerSearches}
          where project_id = any(${idsOf(ids)}) and day between ${range.from}::date and ${range.to}::date
          group by grouping sets (
            (project_id, bhk, budget_band, city_id, location_id), (project_id),
            (bhk, budget_band, city_id, location_id), (bhk), (budget_band), (city_id, location_id), ()
          )
        ),
        ranked as (
          select *, row_number() over (partition by kind, project_id order by searches desc, bhk, budget_band, city_id, location_id) as n
          from grouped
          -- A filter alone: the searches that set it (any BHK, any budget, anywhere is not a BHK, a budget or a place).
          where not ((kind = 'bhk' and bhk = '') or (kind = 'budget' and budget_band = 0) or (kind = 'place' and city_id = 0 and location_id = 0))
        )
        select r.kind, r.project_id, r.bhk, r.budget_band, r.city_id, c.name as city, r.location_id, l.name as locality, r.searches::text as searches
        from ranked r
        left join ${schema.cities} c on c.id = r.city_id
        left join ${schema.locations} l on l.id = r.location_id
        where r.kind in ('listing-total', 'total') or r.n <= case when r.kind = 'listing' then ${perListing}::int else ${top}::int end
        order by r.kind, r.project_id, r.n`);
      return found.map((row) => ({
        kind: row.kind,
        projectId: row.project_id === null ? null : Number(row.project_id),
        bhk: row.bhk,
        budgetBand: Number(row.budget_band),
        city: row.city === null ? null : { id: Number(row.city_id), name: row.city },
        locality: row.locality === null ? null : { id: Number(row.location_id), name: row.locality },
        searches: toNumber(row.searches),
      }));
    },

    /** A broker's listings, by id and name. */
    async listingNames(brokerId: number): Promise<{ id: number; name: string }[]> {
      const found = await rows<{ id: number; name: string }>(sql`select id, name from ${projects} where broker_id = ${brokerId} order by id`);
      return found.map((row) => ({ id: Number(row.id), name: row.name }));
    },

    /** Leads received in the range (project-linked or not). */
    async leadCount(range: DayRange): Promise<number> {
      const found = await rows<{ n: string }>(sql`
        select count(*)::text as n from ${leads} where created_at >= ${range.since.toISOString()}::timestamptz and created_at < ${range.until.toISOString()}::timestamptz`);
      return toNumber(found[0]?.n);
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

    /**
     * The most viewed listings (PROJECT_VIEW) and the localities whose listings were viewed most, over the range, from
     * one pass over the project rollups (the overview's heaviest read; done once for both lists).
     */
    async topViewed(range: DayRange, limit: number): Promise<{ projects: KeyCount[]; localities: { name: string; city: string; views: number }[] }> {
      const found = await rows<{ kind: 'project' | 'locality'; key: string; city: string | null; views: string }>(sql`
        with viewed as materialized (
          select key::int as project_id, sum(events) as views from ${rollups}
          where dimension = 'project' and event_name = 'PROJECT_VIEW' and day between ${range.from}::date and ${range.to}::date
            and key ~ '^[0-9]{1,9}$'
          group by key
        ),
        top_projects as (
          select 'project' as kind, project_id::text as key, null::text as city, views from viewed order by views desc, project_id limit ${limit}
        ),
        top_localities as (
          select 'locality' as kind, l.name as key, c.name as city, sum(v.views) as views
          from viewed v
          join ${projects} p on p.id = v.project_id
          join ${schema.locations} l on l.id = p.location_id
          join ${schema.cities} c on c.id = l.city_id
          group by l.id, l.name, c.name
          order by sum(v.views) desc, l.name
          limit ${limit}
        )
        select kind, key, city, views::text as views from top_projects
        union all
        select kind, key, city, views::text as views from top_localities`);
      const views = (row: { views: string }) => toNumber(row.views);
      return {
        projects: found.filter((row) => row.kind === 'project').map((row) => ({ key: row.key, value: views(row) })).sort((a, b) => b.value - a.value || Number(a.key) - Number(b.key)),
        localities: found
          .filter((row) => row.kind === 'locality')
          .map((row) => ({ name: row.key, city: row.city ?? '', views: views(row) }))
          .sort((a, b) => b.views - a.views || a.name.localeCompare(b.name)),
      };
    },

    /** Names of listings by id (those that still exist). */
    async projectNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const found = await rows<{ id: number; name: string }>(sql`select id, name from ${projects} where id = any(${idsOf(ids)})`);
      return new Map(found.map((row) => [Number(row.id), row.name]));
    },

    async brokerName(id: number): Promise<string | null> {
      const found = await rows<{ name: string }>(sql`select name from ${schema.brokers} where id = ${id}`);
      return found[0]?.name ?? null;
    },

    /**
     * Listings with what their page and moderation need: the latest submission (upload or resubmission, else when
     * the row was made) and the first decision after it. Either one listing by id, or every listing of a broker.
     */
    async listings(where: { brokerId: number } | { id: number }): Promise<ListingRow[]> {
      const filter = 'brokerId' in where ? sql`p.broker_id = ${where.brokerId}` : sql`p.id = ${where.id}`;
      const found = await rows<{
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
      }>(sql`
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
        where ${filter}
        order by p.id`);
      return found.map((row) => ({
        id: Number(row.id),
        name: row.name,
        item: row.item,
        type: row.type,
        tags: row.tags,
        status: row.status,
        approval: row.approval,
        ownerId: row.owner_id,
        brokerId: row.broker_id,
        city: row.city,
        zone: row.zone,
        location: row.location,
        unitType: row.unit_type,
        submittedAt: new Date(row.submitted_at),
        decidedAt: row.decided_at === null ? null : new Date(row.decided_at),
      }));
    },

    /** The provider's remarks on some listings, oldest first. */
    async remarks(ids: readonly number[]): Promise<{ projectId: number; remark: string; at: Date }[]> {
      if (ids.length === 0) return [];
      const found = await rows<{ project_id: number; message: string; created_at: string }>(sql`
        select project_id, message, created_at::text as created_at from ${projectRemarks}
        where project_id = any(${idsOf(ids)}) order by created_at, id`);
      return found.map((row) => ({ projectId: Number(row.project_id), remark: row.message, at: new Date(row.created_at) }));
    },

    /** When each listing waiting for a decision now was submitted (its latest upload or resubmission). */
    async pendingSubmissions(): Promise<Date[]> {
      const found = await rows<{ at: string }>(sql`
        select coalesce(
          (select max(a.created_at) from ${auditLog} a where a.entity_kind = 'project' and a.entity_id = p.id and a.action in ('submit', 'resubmit')),
          p.updated_at)::text as at
        from ${projects} p where p.approval = 'pending'`);
      return found.map((row) => new Date(row.at));
    },

    /** Listing approvals and rejections per India day in the range. */
    async decisionsByDay(range: DayRange): Promise<{ day: string; action: string; n: number }[]> {
      const found = await rows<{ day: string; action: string; n: string }>(sql`
        select ${dayOf(sql`created_at`)} as day, action, count(*)::text as n from ${auditLog}
        where entity_kind = 'project' and action in ('approve', 'reject')
          and created_at >= ${range.since.toISOString()}::timestamptz and created_at < ${range.until.toISOString()}::timestamptz
        group by 1, 2`);
      return found.map((row) => ({ day: row.day, action: row.action, n: toNumber(row.n) }));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
