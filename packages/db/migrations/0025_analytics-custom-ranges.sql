CREATE TABLE "tracking_locality_views" (
	"location_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" bigint NOT NULL,
	CONSTRAINT "tracking_locality_views_pk" PRIMARY KEY("day","location_id")
);
--> statement-breakpoint
CREATE TABLE "tracking_visitor_gaps" (
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "tracking_visitor_gaps_pk" PRIMARY KEY("dimension","key","day","prev_day"),
	CONSTRAINT "tracking_visitor_gaps_dimension_check" CHECK ("tracking_visitor_gaps"."dimension" in ('total', 'project', 'city', 'bhk', 'budget', 'locality'))
);
--> statement-breakpoint
-- Decision 039: unique visitors over any range from tracking_visitor_gaps, which statement triggers keep equal to
-- tracking_visitor_days grouped by each row's previous day of the same (dimension, key, visitor). A change touches
-- the changed visitors' rows from their first changed day on (an earlier day's previous day cannot change), so the
-- triggers read only those visitors' rows and add the difference: counted now minus counted before the statement.
-- Built here from the rows already there, before the triggers exist.
INSERT INTO "tracking_visitor_gaps" ("dimension", "key", "day", "prev_day", "visitors")
SELECT "dimension", "key", "day", coalesce("prev_day", '-infinity'::date), count(*)::int
FROM (
  SELECT "dimension", "key", "day", lag("day") OVER (PARTITION BY "dimension", "key", "visitor" ORDER BY "day") AS "prev_day"
  FROM "tracking_visitor_days"
) AS "rows"
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE FUNCTION nivaas_visitor_gaps_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tracking_visitor_gaps;
    RETURN NULL;
  END IF;
  -- `changed` is the statement's transition table: the inserted rows (INSERT) or the deleted ones (DELETE).
  WITH touched AS MATERIALIZED (
    SELECT c.dimension, c.key, c.visitor, min(c.day) AS first_day FROM changed c GROUP BY 1, 2, 3
  ),
  states AS (
    SELECT v.dimension, v.key, v.visitor, v.day, t.first_day, true AS now_in,
           (TG_OP = 'DELETE' OR NOT EXISTS (
              SELECT FROM changed c WHERE c.dimension = v.dimension AND c.key = v.key AND c.visitor = v.visitor AND c.day = v.day)) AS before_in
    FROM tracking_visitor_days v
    JOIN touched t ON t.visitor = v.visitor AND t.dimension = v.dimension AND t.key = v.key
    UNION ALL
    SELECT c.dimension, c.key, c.visitor, c.day, t.first_day, false, true
    FROM changed c JOIN touched t ON t.visitor = c.visitor AND t.dimension = c.dimension AND t.key = c.key
    WHERE TG_OP = 'DELETE'
  ),
  now_rows AS (
    SELECT dimension, key, day, first_day, lag(day) OVER (PARTITION BY dimension, key, visitor ORDER BY day) AS prev_day
    FROM states WHERE now_in
  ),
  before_rows AS (
    SELECT dimension, key, day, first_day, lag(day) OVER (PARTITION BY dimension, key, visitor ORDER BY day) AS prev_day
    FROM states WHERE before_in
  ),
  delta AS (
    SELECT dimension, key, day, coalesce(prev_day, '-infinity'::date) AS prev_day, 1 AS n FROM now_rows WHERE day >= first_day
    UNION ALL
    SELECT dimension, key, day, coalesce(prev_day, '-infinity'::date), -1 FROM before_rows WHERE day >= first_day
  )
  INSERT INTO tracking_visitor_gaps AS g (dimension, key, day, prev_day, visitors)
  SELECT dimension, key, day, prev_day, sum(n)::int FROM delta GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
  ON CONFLICT (dimension, key, day, prev_day) DO UPDATE SET visitors = g.visitors + excluded.visitors;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER tracking_visitor_days_gaps_insert AFTER INSERT ON tracking_visitor_days
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION nivaas_visitor_gaps_follow();--> statement-breakpoint
CREATE TRIGGER tracking_visitor_days_gaps_delete AFTER DELETE ON tracking_visitor_days
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION nivaas_visitor_gaps_follow();--> statement-breakpoint
CREATE TRIGGER tracking_visitor_days_gaps_truncate AFTER TRUNCATE ON tracking_visitor_days
  FOR EACH STATEMENT EXECUTE FUNCTION nivaas_visitor_gaps_follow();--> statement-breakpoint
-- The exact top `p_top` keys of one (dimension, event name) of the daily rollups over a range, by events, then key
-- (a listing's id as a number).
-- When the range lies in the kept 90-day window (decision 019), a key's 90-day count bounds its count over the range:
-- the range's counts of the window's first 2 x p_top keys give a floor that the range's p_top-th key reaches, and only
-- keys whose 90-day count reaches it are summed over the range. Otherwise every key of the range is summed.
CREATE FUNCTION nivaas_analytics_range_top(p_dimension text, p_event text, p_from date, p_to date, p_top integer)
RETURNS TABLE (key text, events bigint) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  floor_events bigint;
BEGIN
  IF EXISTS (SELECT FROM tracking_window_state s WHERE p_from >= s.end_day - 89 AND p_to <= s.end_day) THEN
    SELECT coalesce((
      SELECT c.n FROM (
        SELECT (SELECT sum(r.events) FROM tracking_daily_rollups r
                WHERE r.dimension = p_dimension AND r.key = w.key AND r.event_name = p_event AND r.day BETWEEN p_from AND p_to) AS n
        FROM tracking_window_counts w
        WHERE w.window_days = 90 AND w.dimension = p_dimension AND w.event_name = p_event AND w.events > 0
        ORDER BY w.events DESC NULLS LAST, w.key LIMIT 2 * p_top
      ) c WHERE c.n > 0 ORDER BY c.n DESC OFFSET p_top - 1 LIMIT 1), 1) INTO floor_events;
    RETURN QUERY
      SELECT w.key, x.n FROM tracking_window_counts w
      CROSS JOIN LATERAL (
        SELECT sum(r.events)::bigint AS n FROM tracking_daily_rollups r
        WHERE r.dimension = p_dimension AND r.key = w.key AND r.event_name = p_event AND r.day BETWEEN p_from AND p_to
      ) x
      WHERE w.window_days = 90 AND w.dimension = p_dimension AND w.event_name = p_event AND w.events >= floor_events AND x.n > 0
      ORDER BY x.n DESC, CASE WHEN p_dimension = 'project' AND w.key ~ '^[0-9]{1,9}$' THEN w.key::int END, w.key LIMIT p_top;
  ELSE
    RETURN QUERY
      SELECT r.key, sum(r.events)::bigint FROM tracking_daily_rollups r
      WHERE r.dimension = p_dimension AND r.event_name = p_event AND r.day BETWEEN p_from AND p_to
      GROUP BY r.key HAVING sum(r.events) > 0
      ORDER BY 2 DESC, CASE WHEN p_dimension = 'project' AND r.key ~ '^[0-9]{1,9}$' THEN r.key::int END, r.key LIMIT p_top;
  END IF;
END
$fn$;--> statement-breakpoint
-- Unique visitors of some keys of one dimension over a range (decision 039): a visitor's first day in the range is
-- the one row of theirs there whose previous day is before it.
CREATE FUNCTION nivaas_analytics_range_visitors(p_dimension text, p_keys text[], p_from date, p_to date)
RETURNS TABLE (key text, visitors bigint) LANGUAGE sql STABLE AS $fn$
  SELECT g.key, sum(g.visitors)::bigint FROM tracking_visitor_gaps g
  WHERE g.dimension = p_dimension AND g.key = any(p_keys) AND g.day BETWEEN p_from AND p_to AND g.prev_day < p_from
  GROUP BY g.key
$fn$;--> statement-breakpoint
-- The overview's ranked lists and unique visitors over a range that is not a kept window (decision 039), in the
-- shape nivaas_analytics_overview gives them for a window: the same lists the daily rows gave before (top listings
-- by views with their viewers, names and leads in the range; localities by their listings' views; cities by page
-- views with their visitors; searches with those that found nothing; searches that found nothing).
CREATE FUNCTION nivaas_analytics_ranked(p_from date, p_to date, p_since timestamptz, p_until timestamptz, p_top integer)
RETURNS text LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  localities json;
BEGIN
  -- Localities by the range's views of their listings (where each listing is now): every locality's days of the
  -- range in tracking_locality_views, one index range.
  WITH ranked AS (
    SELECT l.name, c.name AS city, t.views
    FROM (SELECT v.location_id, sum(v.views) AS views FROM tracking_locality_views v WHERE v.day BETWEEN p_from AND p_to
          GROUP BY v.location_id HAVING sum(v.views) > 0) t
    JOIN locations l ON l.id = t.location_id JOIN cities c ON c.id = l.city_id
    ORDER BY t.views DESC, l.name LIMIT p_top
  )
  SELECT coalesce(json_agg(json_build_array(name, city, views)), '[]'::json) INTO localities FROM ranked;

  RETURN (
    WITH projects_top AS (
      SELECT t.key, t.events FROM nivaas_analytics_range_top('project', 'PROJECT_VIEW', p_from, p_to, p_top) t WHERE t.key ~ '^[0-9]{1,9}$'
    ),
    cities_top AS (SELECT t.key, t.events FROM nivaas_analytics_range_top('city', 'PAGE_VIEW', p_from, p_to, p_top) t),
    searches_top AS (SELECT t.key, t.events FROM nivaas_analytics_range_top('search', 'SEARCH', p_from, p_to, p_top) t),
    zero_top AS (SELECT t.key, t.events FROM nivaas_analytics_range_top('search', '#zero-results', p_from, p_to, p_top) t),
    project_visitors AS (
      SELECT v.key, v.visitors FROM nivaas_analytics_range_visitors('project', array(SELECT key FROM projects_top), p_from, p_to) v
    ),
    city_visitors AS (
      SELECT v.key, v.visitors FROM nivaas_analytics_range_visitors('city', array(SELECT key FROM cities_top), p_from, p_to) v
    )
    SELECT json_build_object(
      'visitors', coalesce((SELECT v.visitors FROM nivaas_analytics_range_visitors('total', array[''], p_from, p_to) v), 0),
      'projects', coalesce((
        SELECT json_agg(json_build_array(t.key, t.events, coalesce(pv.visitors, 0), p.name,
                          (SELECT count(*) FROM leads ld WHERE ld.project_id = p.id AND ld.created_at >= p_since AND ld.created_at < p_until)))
        FROM projects_top t JOIN projects p ON p.id = t.key::int LEFT JOIN project_visitors pv ON pv.key = t.key), '[]'::json),
      'localities', localities,
      'cities', coalesce((
        SELECT json_agg(json_build_array(t.key, t.events, coalesce(cv.visitors, 0))) FROM cities_top t LEFT JOIN city_visitors cv ON cv.key = t.key), '[]'::json),
      'searches', coalesce((
        SELECT json_agg(json_build_array(t.key, t.events,
                          coalesce((SELECT sum(r.events) FROM tracking_daily_rollups r
                                    WHERE r.dimension = 'search' AND r.key = t.key AND r.event_name = '#zero-results' AND r.day BETWEEN p_from AND p_to), 0)))
        FROM searches_top t), '[]'::json),
      'zero', coalesce((SELECT json_agg(json_build_array(t.key, t.events)) FROM zero_top t), '[]'::json)
    )::text
  );
END
$fn$;
--> statement-breakpoint
-- Decision 039: the listings' daily views per locality (where each listing is now), built from the rollups already
-- there, then kept by statement triggers: on the rollups (a fold's upsert inserts and updates rows: the difference
-- of listings' PROJECT_VIEW rows goes to their locality's day) and on projects (a listing made, moved or deleted
-- carries its views with it), so the table stays the rollups joined to projects as they are now.
INSERT INTO "tracking_locality_views" ("location_id", "day", "views")
SELECT p."location_id", r."day", sum(r."events")
FROM "tracking_daily_rollups" r JOIN "projects" p ON p."id" = (CASE WHEN r."key" ~ '^[0-9]{1,9}$' THEN r."key"::int END)
WHERE r."dimension" = 'project' AND r."event_name" = 'PROJECT_VIEW' AND p."location_id" IS NOT NULL
GROUP BY 1, 2;--> statement-breakpoint
-- Adds views to localities' days (negative: takes them away); the one writer of tracking_locality_views.
CREATE FUNCTION nivaas_locality_views_add(p_locations integer[], p_days date[], p_views bigint[]) RETURNS void LANGUAGE sql AS $fn$
  INSERT INTO tracking_locality_views AS t (location_id, day, views)
  SELECT x.location_id, x.day, sum(x.views)
  FROM unnest(p_locations, p_days, p_views) AS x(location_id, day, views)
  WHERE x.location_id IS NOT NULL
  GROUP BY 1, 2 HAVING sum(x.views) <> 0
  ON CONFLICT (location_id, day) DO UPDATE SET views = t.views + excluded.views
$fn$;--> statement-breakpoint
CREATE FUNCTION nivaas_locality_views_follow_rollups() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  locations integer[];
  days date[];
  views bigint[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tracking_locality_views;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(p.location_id), array_agg(a.day), array_agg(a.events) INTO locations, days, views
    FROM added a JOIN projects p ON p.id = (CASE WHEN a.key ~ '^[0-9]{1,9}$' THEN a.key::int END)
    WHERE a.dimension = 'project' AND a.event_name = 'PROJECT_VIEW';
  ELSE
    -- An update of rollup rows (the fold's ON CONFLICT): the difference, each row matched to itself by its key.
    SELECT array_agg(p.location_id), array_agg(a.day), array_agg(a.events - r.events) INTO locations, days, views
    FROM added a
    JOIN removed r ON r.dimension = a.dimension AND r.day = a.day AND r.key = a.key AND r.event_name = a.event_name
    JOIN projects p ON p.id = (CASE WHEN a.key ~ '^[0-9]{1,9}$' THEN a.key::int END)
    WHERE a.dimension = 'project' AND a.event_name = 'PROJECT_VIEW';
  END IF;
  IF locations IS NOT NULL THEN
    PERFORM nivaas_locality_views_add(locations, days, views);
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER tracking_daily_rollups_locality_insert AFTER INSERT ON tracking_daily_rollups
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION nivaas_locality_views_follow_rollups();--> statement-breakpoint
CREATE TRIGGER tracking_daily_rollups_locality_update AFTER UPDATE ON tracking_daily_rollups
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION nivaas_locality_views_follow_rollups();--> statement-breakpoint
CREATE TRIGGER tracking_daily_rollups_locality_truncate AFTER TRUNCATE ON tracking_daily_rollups
  FOR EACH STATEMENT EXECUTE FUNCTION nivaas_locality_views_follow_rollups();--> statement-breakpoint
-- Moves listings' views between localities: each listing's daily PROJECT_VIEW rows taken from the locality it was in
-- (null: none) and added to the one it is in now (null: none).
CREATE FUNCTION nivaas_locality_views_move(p_ids integer[], p_was integer[], p_now integer[]) RETURNS void LANGUAGE sql AS $fn$
  SELECT nivaas_locality_views_add(array_agg(s.location_id), array_agg(v.day), array_agg(s.sign * v.events))
  FROM unnest(p_ids, p_was, p_now) AS m(id, was, now)
  CROSS JOIN LATERAL (VALUES (m.was, -1), (m.now, 1)) AS s(location_id, sign)
  JOIN tracking_daily_rollups v ON v.dimension = 'project' AND v.key = m.id::text AND v.event_name = 'PROJECT_VIEW'
  WHERE s.location_id IS NOT NULL
  HAVING count(*) > 0
$fn$;--> statement-breakpoint
CREATE FUNCTION nivaas_locality_views_follow_projects() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ids integer[];
  was integer[];
  now_in integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tracking_locality_views;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(a.id), array_agg(NULL::integer), array_agg(a.location_id) INTO ids, was, now_in
    FROM added a WHERE a.location_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r.id), array_agg(r.location_id), array_agg(NULL::integer) INTO ids, was, now_in
    FROM removed r WHERE r.location_id IS NOT NULL;
  ELSE
    SELECT array_agg(a.id), array_agg(r.location_id), array_agg(a.location_id) INTO ids, was, now_in
    FROM added a JOIN removed r ON r.id = a.id WHERE r.location_id IS DISTINCT FROM a.location_id;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM nivaas_locality_views_move(ids, was, now_in);
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER projects_locality_views_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION nivaas_locality_views_follow_projects();--> statement-breakpoint
CREATE TRIGGER projects_locality_views_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION nivaas_locality_views_follow_projects();--> statement-breakpoint
CREATE TRIGGER projects_locality_views_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION nivaas_locality_views_follow_projects();--> statement-breakpoint
CREATE TRIGGER projects_locality_views_truncate AFTER TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION nivaas_locality_views_follow_projects();
