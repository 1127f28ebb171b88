import { VIEWER_BUDGET_BANDS } from '@nivaas/contracts/analytics.schema';
import { type Db, schema } from '@nivaas/db';
import { sql, type PgTable } from '@nivaas/db/orm';

const {
  trackingEvents,
  trackingSessions,
  trackingDailyRollups,
  trackingRollupVisitors,
  trackingRollupState,
  trackingVisitorDays,
  trackingVisitorLastSeen,
  trackingWindowCounts,
  trackingWindowState,
  trackingViewerSearches,
  trackingSearchContexts,
} = schema;

/** The watermark row of the daily rollups (tracking_rollup_state.name). */
const DAILY = 'daily';
/** The watermark row of the viewers' searches (decision 030), folded behind its own so an old install catches up. */
const VIEWER_SEARCHES = 'viewer-searches';
/** How long before a view a search may be credited with it: the longest kept window (decision 019). */
const SEARCH_LOOKBACK_DAYS = 90;
/** Listings remembered per search as already credited; a visitor who views more is a crawler more than a buyer. */
const CREDITED_CAP = 200;
/** A search's budget band (VIEWER_BUDGET_BANDS): the top of the budget, its maximum (inclusive), else its minimum. */
const VIEWER_BUDGET_BAND = (max: unknown, min: unknown) => sql`case
  when ${max} is not null then case ${sql.join(
    VIEWER_BUDGET_BANDS.map((band) => (band.max === null ? sql`else ${sql.raw(String(band.band))}` : sql`when ${max} <= ${sql.raw(String(band.max))} then ${sql.raw(String(band.band))}`)),
    sql` `,
  )} end
  when ${min} is not null then case ${sql.join(
    VIEWER_BUDGET_BANDS.map((band) => (band.max === null ? sql`else ${sql.raw(String(band.band))}` : sql`when ${min} < ${sql.raw(String(band.max))} then ${sql.raw(String(band.band))}`)),
    sql` `,
  )} end
  else 0 end`;
/** The event name of the rows that count every event of a (day, dimension, key) together. */
export const ALL_EVENTS = '*';
/**
 * Pseudo event names (never a tracked name, which are upper-case words) of rows the analytics read (issue 13):
 * SESSIONS rows count distinct sessions per day in their `visitors` column (total, city, source, device);
 * ZERO_RESULTS rows count the searches that found nothing (total, search).
 */
export const SESSIONS = '#sessions';
export const ZERO_RESULTS = '#zero-results';
/** A number from metadata text, or null when it is not one (metadata values are the client's). */
const NUMBER_OF = (text: unknown) => sql`case when ${text} ~ '^[0-9]{1,15}(\.[0-9]+)?$' then (${text})::numeric end`;
/**
 * Days are India's calendar days (the portal's visitors are in India): UTC+05:30 all year, no daylight saving, so a
 * fixed offset is exact and needs no time-zone data (PGlite and PostgreSQL agree).
 */
const DAY_OF = (column: unknown) => sql`((${column} at time zone 'UTC') + interval '330 minutes')::date`;
/**
 * What tracking_window_counts keeps (decision 019): the events the overview ranks by, and whose visitors it counts
 * ('*' for the site and a city, PROJECT_VIEW for a listing; the same facts tracking_visitor_last_seen records).
 */
const WINDOW_EVENTS = sql`(dimension, event_name) in (('project', 'PROJECT_VIEW'), ('city', 'PAGE_VIEW'), ('search', 'SEARCH'), ('search', ${ZERO_RESULTS}))`;
const WINDOW_VISITORS = sql`((dimension in ('total', 'city') and event_name = ${ALL_EVENTS}) or (dimension = 'project' and event_name = 'PROJECT_VIEW'))`;
const WINDOWS = sql`(values (7), (30), (90)) as w(days)`;
/** A listing's id from a 'project' rollup key (page keys are the client's: anything not a whole number is none). */
const LISTING_ID = (key: unknown) => sql`case when ${key} ~ '^[0-9]{1,9}$' then (${key})::int end`;
/**
 * The windows' views per locality (dimension 'locality', key the location id): the listings' views of the same rows
 * grouped by where each listing is, so the overview's top localities is an index read like the other top lists.
 */
const LOCALITY_VIEWS = (rows: unknown, alias: string) => sql`
  select w.days, 'locality' as dimension, p.location_id::text as key, ${sql.raw(alias)}.event_name, sum(${sql.raw(alias)}.events) as events
  from ${rows}
  join ${schema.projects} p on p.id = ${LISTING_ID(sql.raw(`${alias}.key`))}
  where ${sql.raw(alias)}.dimension = 'project' and ${sql.raw(alias)}.event_name = 'PROJECT_VIEW' and p.location_id is not null
  group by 1, 2, 3, 4`;

/**
 * The prefix of a window row's event name while a rebuild in pieces stages it (never a tracked name, upper-case
 * words, nor a pseudo name, '#...'): every reader asks for an exact event name, so staged rows are never read.
 */
const STAGING = '~staging:';

/** Where a rebuild in pieces stands in tracking_visitor_last_seen (its primary key order). */
export interface LastSeenCursor {
  dimension: string;
  key: string;
  visitor: string;
}

export interface RollupBatch {
  /** Events folded into the rollups by this batch. */
  events: number;
  /** The watermark after the batch: every event with an id up to this one is counted. */
  lastEventId: number;
}

export interface DailyCount {
  day: string;
  key: string;
  eventName: string;
  events: number;
  visitors: number;
}

/** SQL only: the rules (when, how much, how long to keep) are in tracking-rollups.service.ts. */
export function createTrackingRollupsRepository(db: Db) {
  /** Deletes at most `limit` rows of a table whose day column is before `beforeDay` (small batches: see the service). */
  async function deleteDaysBefore(table: PgTable, dayColumn: 'day' | 'last_day', beforeDay: string, limit: number): Promise<number> {
    const result = await db.execute<{ n: string }>(sql`
      with gone as (
        delete from ${table} where ctid in (select ctid from ${table} where ${sql.identifier(dayColumn)} < ${beforeDay}::date limit ${limit})
        returning 1
      )
      select count(*)::text as n from gone`);
    return Number(result.rows[0]?.n ?? 0);
  }

  return {
    /**
     * The highest event id below which no insert is still in flight. Identity values are taken when a row is
     * inserted but become visible when its transaction commits, so a batch may commit id 101 before id 100: a
     * watermark moved to 101 would skip 100 for ever. A SHARE lock waits for every transaction inserting into the
     * table to end (and holds new ones back for that moment), so afterwards every id up to max(id) is final.
     * The lock is held for one index lookup; lock_timeout keeps a stuck writer from holding the ingest queue behind us.
     */
    async settledEventId(): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await tx.execute(sql`lock table ${trackingEvents} in share mode`);
        const result = await tx.execute<{ id: string | null }>(sql`select max(${trackingEvents.id})::text as id from ${trackingEvents}`);
        return Number(result.rows[0]?.id ?? 0);
      });
    },

    /** Where the rollups stand: every event with an id up to this one is counted. */
    async watermark(): Promise<number> {
      const result = await db.execute<{ id: string }>(sql`select ${trackingRollupState.lastEventId}::text as id from ${trackingRollupState} where ${trackingRollupState.name} = ${DAILY}`);
      return Number(result.rows[0]?.id ?? 0);
    },

    /**
     * Folds the next events after the watermark (at most `limit`, none above `upTo`) into the daily counts and moves
     * the watermark, in one transaction: a crash leaves both as they were, so nothing is counted twice or missed.
     * The watermark row is taken FOR UPDATE SKIP LOCKED: when another process is folding, this one answers 'busy'
     * at once instead of waiting to redo the same work.
     */
    async foldNext(upTo: number, limit: number): Promise<RollupBatch | 'busy'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${trackingRollupState} (name, last_event_id) values (${DAILY}, 0) on conflict do nothing`);
        const state = await tx.execute<{ id: string }>(
          sql`select last_event_id::text as id from ${trackingRollupState} where name = ${DAILY} for update skip locked`,
        );
        const from = state.rows[0]?.id;
        if (from === undefined) return 'busy';
        if (Number(from) >= upTo) return { events: 0, lastEventId: Number(from) };

        // Each event counts once per dimension it has a key for (the total always), under its own name and under
        // ALL_EVENTS. A visitor is the consented identity, else the session; their set per (day, dimension, key,
        // event) makes unique visitors exact across batches: only a first sighting adds one. Stored as a 64-bit
        // digest, never the key itself.
        const result = await tx.execute<{ events: string; last_id: string | null }>(sql`
          -- The batch is the id range of LIMIT ids from the first unfolded event, not ORDER BY id LIMIT: for that
          -- the planner (which cannot see how many rows lie past the watermark) chose a bitmap scan of every unfolded
          -- event and a sort, so each batch cost as much as the whole backlog (15 ms of a 38 ms fold of 20 events with
          -- 4,900 waiting, on PGlite). Ids taken and rolled back (or skipped by ON CONFLICT) only make a batch smaller.
          with first_id as (select min(id) as id from ${trackingEvents} where id > ${from} and id <= ${upTo}),
          raw as (
            select id, ${DAY_OF(sql`occurred_at`)} as day, event_name, page_path, project_id, city, device_type,
                   traffic_source, nullif(lower(left(btrim(metadata->>'query'), 100)), '') as query,
                   case when event_name = 'SEARCH' then metadata end as search,
                   coalesce(visitor_key, 'session:' || session_id) as visitor, 'session:' || session_id as session
            from ${trackingEvents}
            where id >= (select id from first_id) and id <= least(${upTo}::bigint, (select id from first_id) + ${limit}::int - 1)
          ),
          batch as (
            select id, day, event_name, page_path, project_id, city, device_type, traffic_source, query, search,
                   case when visitor is null then null else ('x' || substr(md5(visitor), 1, 16))::bit(64)::bigint end as visitor,
                   case when session is null then null else ('x' || substr(md5(session), 1, 16))::bit(64)::bigint end as session,
                   search is not null and search->>'resultCount' = '0' as found_nothing
            from raw
          ),
          facts as (
            select b.day, d.dimension, d.key, e.event_name, e.visitor
            from batch b
            cross join lateral (values
              ('total', ''), ('page', b.page_path), ('project', b.project_id::text), ('city', b.city),
              ('source', b.traffic_source), ('device', b.device_type), ('search', b.query)
            ) as d(dimension, key)
            cross join lateral (values
              (b.event_name, b.visitor), (${ALL_EVENTS}, b.visitor),
              (case when d.dimension in ('total', 'city', 'source', 'device') then ${SESSIONS} end, b.session),
              (case when b.found_nothing and d.dimension in ('total', 'search') then ${ZERO_RESULTS} end, b.visitor)
            ) as e(event_name, visitor)
            where d.key is not null and e.event_name is not null
          ),
          seen as (
            select distinct dimension, key, event_name, day, visitor from facts where visitor is not null and ${WINDOW_VISITORS}
          ),
          -- Who was seen by the whole site, a city and a listing (its viewers): unique visitors over any range are
          -- counted from these (issue 13). What the viewers searched for has its own fold (decision 030).
          visitor_days as (
            insert into ${trackingVisitorDays} (dimension, key, day, visitor)
            select dimension, key, day, visitor from seen
            on conflict do nothing
            returning 1
          ),
          first_sightings as (
            insert into ${trackingRollupVisitors} (day, dimension, key, event_name, visitor)
            select distinct day, dimension, key, event_name, visitor from facts where visitor is not null
            on conflict do nothing
            returning day, dimension, key, event_name
          ),
          new_visitors as (
            select day, dimension, key, event_name, count(*) as visitors from first_sightings group by 1, 2, 3, 4
          ),
          counted as (
            select day, dimension, key, event_name, count(*) as events from facts group by 1, 2, 3, 4
          ),
          upserted as (
            insert into ${trackingDailyRollups} as r (day, dimension, key, event_name, events, visitors)
            select c.day, c.dimension, c.key, c.event_name, c.events, coalesce(v.visitors, 0)
            from counted c left join new_visitors v using (day, dimension, key, event_name)
            on conflict (dimension, day, key, event_name) do update
              set events = r.events + excluded.events, visitors = r.visitors + excluded.visitors
            returning 1
          ),
          -- Decision 019: the batch's share of the last 7/30/90 days ending on the windows' day (none before the job
          -- has built them; an event of a later day waits for the rebuild that day brings). A visitor adds one to a
          -- window when seen in it and last seen (before this batch: every CTE reads the statement's snapshot) before it.
          windows as (
            select w.days, s.end_day, s.end_day - (w.days - 1) as start_day from ${trackingWindowState} s cross join ${WINDOWS}
          ),
          window_events as (
            select w.days, c.dimension, c.key, c.event_name, sum(c.events) as events
            from counted c join windows w on c.day between w.start_day and w.end_day
            where ${WINDOW_EVENTS}
            group by 1, 2, 3, 4
            union all
            ${LOCALITY_VIEWS(sql`counted c join windows w on c.day between w.start_day and w.end_day`, 'c')}
          ),
          window_visitors as (
            select w.days, s.dimension, s.key, s.event_name, count(distinct s.visitor) as visitors
            from seen s
            join windows w on s.day between w.start_day and w.end_day
            left join ${trackingVisitorLastSeen} l on l.dimension = s.dimension and l.key = s.key and l.visitor = s.visitor
            where l.last_day is null or l.last_day < w.start_day
            group by 1, 2, 3, 4
          ),
          windowed as (
            insert into ${trackingWindowCounts} as t (window_days, dimension, key, event_name, events, visitors)
            select coalesce(e.days, v.days), coalesce(e.dimension, v.dimension), coalesce(e.key, v.key), coalesce(e.event_name, v.event_name),
                   coalesce(e.events, 0), coalesce(v.visitors, 0)
            from window_events e full join window_visitors v using (days, dimension, key, event_name)
            on conflict (window_days, dimension, event_name, key) do update
              set events = t.events + excluded.events, visitors = t.visitors + excluded.visitors
            returning 1
          ),
          last_seen as (
            insert into ${trackingVisitorLastSeen} as l (dimension, key, visitor, last_day)
            select dimension, key, visitor, max(day) from seen group by 1, 2, 3
            on conflict (dimension, key, visitor) do update set last_day = excluded.last_day where excluded.last_day > l.last_day
            returning 1
          )
          select (select count(*) from batch)::text as events, (select max(id) from batch)::text as last_id
        `);
        const events = Number(result.rows[0]?.events ?? 0);
        const lastId = result.rows[0]?.last_id;
        // No event in (from, upTo]: ids that were taken and rolled back (or skipped by ON CONFLICT). Move past them.
        const lastEventId = lastId === null || lastId === undefined ? upTo : Number(lastId);
        await tx.execute(sql`update ${trackingRollupState} set last_event_id = ${lastEventId}, updated_at = now() where name = ${DAILY}`);
        return { events, lastEventId };
      });
    },

    /** Where the viewers' searches stand: every event with an id up to this one is folded into them. */
    async viewerSearchesWatermark(): Promise<number> {
      const result = await db.execute<{ id: string }>(sql`select last_event_id::text as id from ${trackingRollupState} where name = ${VIEWER_SEARCHES}`);
      return Number(result.rows[0]?.id ?? 0);
    },

    /**
     * Folds the next events after the viewers' searches' own watermark (at most `limit` ids, none above `upTo`) and
     * moves it, in one transaction, like foldNext (decision 030). Each PROJECT_VIEW is credited to the latest SEARCH
     * the same visitor made before it, at most 90 days earlier, from this batch or the visitor's remembered search
     * (tracking_search_contexts); a search counts once per listing (its context remembers the listings credited), on
     * the search's India day, by its filters. A search folded after a view it preceded (events sent out of order
     * across batches) is not credited with it.
     */
    async foldViewerSearchesNext(upTo: number, limit: number): Promise<RollupBatch | 'busy'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${trackingRollupState} (name, last_event_id) values (${VIEWER_SEARCHES}, 0) on conflict do nothing`);
        const state = await tx.execute<{ id: string }>(
          sql`select last_event_id::text as id from ${trackingRollupState} where name = ${VIEWER_SEARCHES} for update skip locked`,
        );
        const from = state.rows[0]?.id;
        if (from === undefined) return 'busy';
        if (Number(from) >= upTo) return { events: 0, lastEventId: Number(from) };
        const text = (key: string) => sql.raw(`nullif(btrim(r.metadata->>'${key}'), '')`);
        const result = await tx.execute<{ events: string; last_id: string | null }>(sql`
          with first_id as (select min(id) as id from ${trackingEvents} where id > ${from} and id <= ${upTo}),
          span as (
            select id, event_name from ${trackingEvents}
            where id >= (select id from first_id) and id <= least(${upTo}::bigint, (select id from first_id) + ${limit}::int - 1)
          ),
          raw as (
            select e.id, e.occurred_at as at, e.event_name, e.project_id, e.metadata,
                   ('x' || substr(md5(coalesce(e.visitor_key, 'session:' || e.session_id)), 1, 16))::bit(64)::bigint as visitor
            from ${trackingEvents} e join span using (id)
            where e.event_name in ('SEARCH', 'PROJECT_VIEW')
          ),
          searches as (
            select r.id as search_id, r.at, r.visitor, ${DAY_OF(sql`r.at`)} as day, coalesce(b.bhk, '') as bhk,
                   ${VIEWER_BUDGET_BAND(NUMBER_OF(text('budgetMax')), NUMBER_OF(text('budgetMin')))} as budget_band,
                   coalesce(place.city_id, city.id, 0) as city_id, coalesce(place.id, 0) as location_id, '{}'::int[] as credited
            from raw r
            cross join lateral (
              select string_agg(n::text, ',' order by n) as bhk
              from (select distinct btrim(v)::int as n from unnest(string_to_array(left(r.metadata->>'bhk', 40), ',')) as v where btrim(v) ~ '^[0-9]{1,2}$') as picked
            ) b
            -- Names as the client sent them, resolved to the catalogue's places (a name the site does not know is none):
            -- the locality in the named city first, as names repeat across cities.
            left join lateral (
              select l.id, l.city_id from ${schema.locations} l join ${schema.cities} c on c.id = l.city_id
              where lower(l.name) = lower(${text('locality')})
              order by (lower(c.name) = lower(coalesce(${text('city')}, ''))) desc, l.id limit 1
            ) place on true
            left join lateral (select c.id from ${schema.cities} c where lower(c.name) = lower(${text('city')}) order by c.id limit 1) city on true
            where r.event_name = 'SEARCH' and r.visitor is not null
          ),
          views as (
            select id, at, visitor, project_id from raw where event_name = 'PROJECT_VIEW' and project_id is not null and visitor is not null
          ),
          candidates as materialized (
            select search_id, at, visitor, day, bhk, budget_band, city_id, location_id, credited, true as fresh from searches
            union all
            select c.search_id, c.searched_at, c.visitor, c.day, c.bhk, c.budget_band, c.city_id, c.location_id, c.credited, false
            from ${trackingSearchContexts} c where c.visitor in (select visitor from views union select visitor from searches)
          ),
          -- Each view's search: the visitor's searches and views in order of time (then id: a search and a view of the
          -- same moment in the order they arrived), numbered by the searches so far; a view belongs to the search that
          -- opened its number. Sorts and hash joins, not a scan of the candidates per view.
          stream as (
            select visitor, at, search_id as id, null::int as project_id from candidates
            union all
            select visitor, at, id, project_id from views
          ),
          numbered as (
            select *, count(*) filter (where project_id is null) over (partition by visitor order by at, id) as n from stream
          ),
          credits as (
            select distinct c.search_id, c.visitor, v.project_id, c.day, c.bhk, c.budget_band, c.city_id, c.location_id
            from numbered v
            join numbered h on h.visitor = v.visitor and h.n = v.n and h.project_id is null
            join candidates c on c.search_id = h.id and c.visitor = h.visitor
            where v.project_id is not null and v.n > 0
              and c.at >= v.at - interval '${sql.raw(String(SEARCH_LOOKBACK_DAYS))} days'
              and not (v.project_id = any(c.credited))
          ),
          counted as (
            insert into ${trackingViewerSearches} as t (project_id, day, bhk, budget_band, city_id, location_id, searches)
            select project_id, day, bhk, budget_band, city_id, location_id, count(*) from credits group by 1, 2, 3, 4, 5, 6
            on conflict (project_id, day, bhk, budget_band, city_id, location_id) do update set searches = t.searches + excluded.searches
            returning 1
          ),
          newly as (
            select visitor, search_id, array_agg(distinct project_id) as projects from credits group by 1, 2
          ),
          latest as (
            select distinct on (visitor) * from candidates order by visitor, at desc, search_id desc
          ),
          remembered as (
            insert into ${trackingSearchContexts} as x (visitor, search_id, searched_at, day, bhk, budget_band, city_id, location_id, credited)
            select l.visitor, l.search_id, l.at, l.day, l.bhk, l.budget_band, l.city_id, l.location_id,
                   (l.credited || coalesce(k.projects, '{}'))[1:${sql.raw(String(CREDITED_CAP))}]
            from latest l
            left join newly k on k.visitor = l.visitor and k.search_id = l.search_id
            where l.fresh or k.projects is not null
            on conflict (visitor) do update
              set search_id = excluded.search_id, searched_at = excluded.searched_at, day = excluded.day, bhk = excluded.bhk,
                  budget_band = excluded.budget_band, city_id = excluded.city_id, location_id = excluded.location_id, credited = excluded.credited
              where (excluded.searched_at, excluded.search_id) >= (x.searched_at, x.search_id)
            returning 1
          )
          select (select count(*) from span)::text as events, (select max(id) from span)::text as last_id
        `);
        const events = Number(result.rows[0]?.events ?? 0);
        const lastId = result.rows[0]?.last_id;
        const lastEventId = lastId === null || lastId === undefined ? upTo : Number(lastId);
        await tx.execute(sql`update ${trackingRollupState} set last_event_id = ${lastEventId}, updated_at = now() where name = ${VIEWER_SEARCHES}`);
        return { events, lastEventId };
      });
    },

    /** Forgets visitors' latest searches made before `beforeDay`, at most `limit`: no view can be credited to them. */
    async forgetSearchContextsBefore(beforeDay: string, limit: number): Promise<number> {
      return deleteDaysBefore(trackingSearchContexts, 'day', beforeDay, limit);
    },

    /**
     * Forgets who was seen on days before `beforeDay` (YYYY-MM-DD), at most `limit` rows: no event can arrive for
     * those days any more (the server clamps an event's time to 7 days before it arrived), so their counts are final.
     */
    async forgetVisitorsBefore(beforeDay: string, limit: number): Promise<number> {
      return deleteDaysBefore(trackingRollupVisitors, 'day', beforeDay, limit);
    },

    /**
     * Rebuilds the last 7/30/90 days' counts to end on `endDay` (decision 019), when the India day has turned since
     * they were built. Holds the fold's watermark row, so no batch is half in the old windows and half in the new.
     * Answers false when they already end there or another process is folding (it rebuilds them).
     */
    async rollWindows(endDay: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${trackingRollupState} (name, last_event_id) values (${DAILY}, 0) on conflict do nothing`);
        const state = await tx.execute(sql`select 1 from ${trackingRollupState} where name = ${DAILY} for update skip locked`);
        if (state.rows.length === 0) return false;
        const current = await tx.execute<{ end_day: string }>(sql`select to_char(end_day, 'YYYY-MM-DD') as end_day from ${trackingWindowState}`);
        if (current.rows[0]?.end_day === endDay) return false;
        await tx.execute(sql`delete from ${trackingWindowCounts}`);
        await tx.execute(sql`
          with windows as (select w.days, ${endDay}::date - (w.days - 1) as start_day from ${WINDOWS}),
          events as (
            select w.days, r.dimension, r.key, r.event_name, sum(r.events) as events
            from windows w join ${trackingDailyRollups} r on r.day between w.start_day and ${endDay}::date
            where ${WINDOW_EVENTS} and r.dimension in ('project', 'city', 'search')
            group by 1, 2, 3, 4
            union all
            ${LOCALITY_VIEWS(sql`windows w join ${trackingDailyRollups} r on r.day between w.start_day and ${endDay}::date`, 'r')}
          ),
          visitors as (
            select w.days, l.dimension, l.key, case when l.dimension = 'project' then 'PROJECT_VIEW' else ${ALL_EVENTS} end as event_name, count(*) as visitors
            from windows w join ${trackingVisitorLastSeen} l on l.last_day between w.start_day and ${endDay}::date
            group by 1, 2, 3, 4
          )
          insert into ${trackingWindowCounts} (window_days, dimension, key, event_name, events, visitors)
          select days, dimension, key, event_name, coalesce(e.events, 0), coalesce(v.visitors, 0)
          from events e full join visitors v using (days, dimension, key, event_name)`);
        await tx.execute(sql`
          insert into ${trackingWindowState} (one, end_day) values (true, ${endDay}::date)
          on conflict (one) do update set end_day = excluded.end_day`);
        return true;
      });
    },

    /**
     * The embedded database's rebuild of the windows, in pieces (decision 019 amended): the one-transaction
     * rollWindows holds PGlite's only connection for seconds on a year's data, and every ingest call and page read
     * waits behind it. The new windows are summed into STAGING rows of tracking_window_counts (event names no reader
     * asks for) by short statements, then swapped in by one transaction. Starts a rebuild: under the watermark row,
     * drops what an interrupted one staged and answers the watermark the pieces are consistent with, or null when the
     * windows already end on `endDay` or another process is folding.
     */
    async beginWindowsRebuild(endDay: string): Promise<{ watermark: number } | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${trackingRollupState} (name, last_event_id) values (${DAILY}, 0) on conflict do nothing`);
        const state = await tx.execute<{ id: string }>(sql`select last_event_id::text as id from ${trackingRollupState} where name = ${DAILY} for update skip locked`);
        const watermark = state.rows[0]?.id;
        if (watermark === undefined) return null;
        const current = await tx.execute<{ end_day: string }>(sql`select to_char(end_day, 'YYYY-MM-DD') as end_day from ${trackingWindowState}`);
        if (current.rows[0]?.end_day === endDay) return null;
        await tx.execute(sql`delete from ${trackingWindowCounts} where starts_with(event_name, ${STAGING})`);
        return { watermark: Number(watermark) };
      });
    },

    /** Stages one day's events (of the days the windows ending on `endDay` cover): the rollups of `day` only. */
    async stageWindowEvents(endDay: string, day: string): Promise<void> {
      await db.execute(sql`
        with windows as (select w.days from ${WINDOWS} where ${day}::date between ${endDay}::date - (w.days - 1) and ${endDay}::date),
        events as (
          select w.days, r.dimension, r.key, r.event_name, sum(r.events) as events
          from windows w join ${trackingDailyRollups} r on r.day = ${day}::date and r.dimension in ('project', 'city', 'search')
          where ${WINDOW_EVENTS}
          group by 1, 2, 3, 4
          union all
          ${LOCALITY_VIEWS(sql`windows w join ${trackingDailyRollups} r on r.day = ${day}::date`, 'r')}
        )
        insert into ${trackingWindowCounts} as t (window_days, dimension, key, event_name, events, visitors)
        select days, dimension, key, ${STAGING} || event_name, events, 0 from events
        on conflict (window_days, dimension, event_name, key) do update set events = t.events + excluded.events`);
    },

    /**
     * Stages the unique visitors of at most `limit` rows of tracking_visitor_last_seen after `after` (its key order,
     * an index range), and answers where the next piece starts, or null after the last row.
     */
    async stageWindowVisitors(endDay: string, after: LastSeenCursor | null, limit: number): Promise<{ rows: number; next: LastSeenCursor | null }> {
      const result = await db.execute<{ dimension: string; key: string; visitor: string; n: string }>(sql`
        with chunk as (
          select dimension, key, visitor, last_day from ${trackingVisitorLastSeen}
          ${after === null ? sql`` : sql`where (dimension, key, visitor) > (${after.dimension}, ${after.key}, ${after.visitor}::bigint)`}
          order by dimension, key, visitor
          limit ${limit}
        ),
        staged as (
          insert into ${trackingWindowCounts} as t (window_days, dimension, key, event_name, events, visitors)
          select w.days, c.dimension, c.key, ${STAGING} || case when c.dimension = 'project' then 'PROJECT_VIEW' else ${ALL_EVENTS} end, 0, count(*)
          from ${WINDOWS} join chunk c on c.last_day between ${endDay}::date - (w.days - 1) and ${endDay}::date
          group by 1, 2, 3, 4
          on conflict (window_days, dimension, event_name, key) do update set visitors = t.visitors + excluded.visitors
          returning 1
        )
        select c.dimension, c.key, c.visitor::text as visitor, (select count(*) from chunk)::text as n
        from chunk c order by c.dimension desc, c.key desc, c.visitor desc limit 1`);
      const last = result.rows[0];
      if (last === undefined) return { rows: 0, next: null };
      const rows = Number(last.n);
      return { rows, next: rows < limit ? null : { dimension: last.dimension, key: last.key, visitor: last.visitor } };
    },

    /**
     * Swaps the staged windows in, under the watermark row, when no batch was folded since beginWindowsRebuild (the
     * staged sums are of the rollups as they were then). Otherwise drops them and answers false: the next run
     * rebuilds again.
     */
    async finishWindowsRebuild(endDay: string, watermark: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const state = await tx.execute<{ id: string }>(sql`select last_event_id::text as id from ${trackingRollupState} where name = ${DAILY} for update skip locked`);
        const now = state.rows[0]?.id;
        if (now === undefined || Number(now) !== watermark) {
          await tx.execute(sql`delete from ${trackingWindowCounts} where starts_with(event_name, ${STAGING})`);
          return false;
        }
        await tx.execute(sql`delete from ${trackingWindowCounts} where not starts_with(event_name, ${STAGING})`);
        await tx.execute(sql`update ${trackingWindowCounts} set event_name = substr(event_name, ${STAGING.length + 1}) where starts_with(event_name, ${STAGING})`);
        await tx.execute(sql`
          insert into ${trackingWindowState} (one, end_day) values (true, ${endDay}::date)
          on conflict (one) do update set end_day = excluded.end_day`);
        return true;
      });
    },

    /** Forgets when visitors were last seen, for those last seen before `beforeDay` (the retention), at most `limit`. */
    async forgetLastSeenBefore(beforeDay: string, limit: number): Promise<number> {
      return deleteDaysBefore(trackingVisitorLastSeen, 'last_day', beforeDay, limit);
    },

    /** Forgets who was seen on days before `beforeDay` (the retention), at most `limit` rows. */
    async forgetVisitorDaysBefore(beforeDay: string, limit: number): Promise<number> {
      return deleteDaysBefore(trackingVisitorDays, 'day', beforeDay, limit);
    },

    /** Deletes at most `limit` raw events received before `cutoff` that the rollups have already counted. */
    async deleteEventsBefore(cutoff: Date, countedUpTo: number, limit: number): Promise<number> {
      const result = await db.execute<{ n: string }>(sql`
        with gone as (
          delete from ${trackingEvents} where id in (
            select id from ${trackingEvents}
            where received_at < ${cutoff.toISOString()}::timestamptz and id <= ${countedUpTo}
            order by id
            limit ${limit}
          )
          returning 1
        )
        select count(*)::text as n from gone`);
      return Number(result.rows[0]?.n ?? 0);
    },

    /** Deletes at most `limit` sessions last seen before `cutoff` (they hold addresses and identities). */
    async deleteSessionsBefore(cutoff: Date, limit: number): Promise<number> {
      const result = await db.execute<{ n: string }>(sql`
        with gone as (
          delete from ${trackingSessions} where id in (
            select id from ${trackingSessions}
            where started_at < ${cutoff.toISOString()}::timestamptz and last_seen_at < ${cutoff.toISOString()}::timestamptz
            limit ${limit}
          )
          returning 1
        )
        select count(*)::text as n from gone`);
      return Number(result.rows[0]?.n ?? 0);
    },

    /** Daily counts of one dimension between two days (inclusive), optionally for one key and one event name. */
    async dailyCounts(query: { dimension: string; from: string; to: string; key?: string; eventName?: string }): Promise<DailyCount[]> {
      const result = await db.execute<{ day: string; key: string; event_name: string; events: string; visitors: string }>(sql`
        select to_char(day, 'YYYY-MM-DD') as day, key, event_name, events::text as events, visitors::text as visitors
        from ${trackingDailyRollups}
        where dimension = ${query.dimension} and day between ${query.from}::date and ${query.to}::date
          ${query.key === undefined ? sql`` : sql`and key = ${query.key}`}
          ${query.eventName === undefined ? sql`` : sql`and event_name = ${query.eventName}`}
        order by day, key, event_name`);
      return result.rows.map((row) => ({ day: row.day, key: row.key, eventName: row.event_name, events: Number(row.events), visitors: Number(row.visitors) }));
    },
  };
}

export type TrackingRollupsRepository = ReturnType<typeof createTrackingRollupsRepository>;
