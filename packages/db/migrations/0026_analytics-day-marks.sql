-- Decision 043: the overview's ranked lists over a custom range are counted in the API process from per-day counts it
-- keeps (the listings', cities' and searches' daily rollups, the localities' daily views, the visitor gaps of the site,
-- the listings and the cities). tracking_day_marks says which days of those tables changed: statement triggers write
-- each changed day with the writing transaction's id. A reader that loaded at a snapshot whose xmin was W reloads
-- the days whose mark has a version >= W that it has not loaded (a transaction not visible to that snapshot has an id
-- >= its xmin; a later writer of the same day replaces the version). 'infinity' marks a truncation: reload all.
-- Writers upsert by key and never change a row's day, so an update's new rows name its days.
CREATE TABLE "tracking_day_marks" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION nivaas_day_marks_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO tracking_day_marks AS m (day, version) VALUES ('infinity', pg_current_xact_id()::text::bigint)
    ON CONFLICT (day) DO UPDATE SET version = excluded.version;
  ELSE
    -- `changed`: the statement's inserted, updated (new) or deleted rows. A day already marked by this transaction is
    -- not written again (the fold's statements mostly touch today).
    INSERT INTO tracking_day_marks AS m (day, version)
    SELECT d.day, pg_current_xact_id()::text::bigint FROM (SELECT DISTINCT c.day FROM changed c) d
    ON CONFLICT (day) DO UPDATE SET version = excluded.version WHERE m.version <> excluded.version;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- The same four triggers on each of the three tables (named <table>_marks_<operation>).
DO $do$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY array['tracking_daily_rollups', 'tracking_visitor_gaps', 'tracking_locality_views'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION nivaas_day_marks_follow()', t || '_marks_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION nivaas_day_marks_follow()', t || '_marks_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION nivaas_day_marks_follow()', t || '_marks_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION nivaas_day_marks_follow()', t || '_marks_truncate', t);
  END LOOP;
END
$do$;--> statement-breakpoint
-- The ranked lists' document of nivaas_analytics_ranked (decision 039) from counts made in the API process
-- (decision 043): each list's candidates (every key whose count reaches the p_top-th largest, ties included) with
-- their counts over the range; here they are ordered and cut exactly as nivaas_analytics_range_top and the
-- localities' read order them (same ORDER BY, same collation), and given names and leads.
CREATE FUNCTION nivaas_analytics_ranked_named(p_since timestamptz, p_until timestamptz, p_top integer, p_visitors bigint,
  p_project_keys text[], p_project_views bigint[], p_project_visitors bigint[],
  p_locations integer[], p_location_views bigint[],
  p_city_keys text[], p_city_views bigint[], p_city_visitors bigint[],
  p_search_keys text[], p_search_counts bigint[], p_search_zero bigint[],
  p_zero_keys text[], p_zero_counts bigint[])
RETURNS text LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
BEGIN
  RETURN json_build_object(
    'visitors', p_visitors,
    'projects', coalesce((
      SELECT json_agg(json_build_array(t.key, t.n, t.visitors, p.name,
                        (SELECT count(*) FROM leads ld WHERE ld.project_id = p.id AND ld.created_at >= p_since AND ld.created_at < p_until)))
      FROM (SELECT x.key, x.n, x.visitors FROM unnest(p_project_keys, p_project_views, p_project_visitors) AS x(key, n, visitors)
            ORDER BY x.n DESC, CASE WHEN x.key ~ '^[0-9]{1,9}$' THEN x.key::int END, x.key LIMIT p_top) t
      JOIN projects p ON p.id = (CASE WHEN t.key ~ '^[0-9]{1,9}$' THEN t.key::int END)), '[]'::json),
    'localities', coalesce((
      SELECT json_agg(json_build_array(r.name, r.city, r.views)) FROM (
        SELECT l.name, c.name AS city, x.views
        FROM unnest(p_locations, p_location_views) AS x(location_id, views)
        JOIN locations l ON l.id = x.location_id JOIN cities c ON c.id = l.city_id
        ORDER BY x.views DESC, l.name LIMIT p_top) r), '[]'::json),
    'cities', coalesce((
      SELECT json_agg(json_build_array(t.key, t.n, t.visitors)) FROM (
        SELECT x.key, x.n, x.visitors FROM unnest(p_city_keys, p_city_views, p_city_visitors) AS x(key, n, visitors)
        ORDER BY x.n DESC, x.key LIMIT p_top) t), '[]'::json),
    'searches', coalesce((
      SELECT json_agg(json_build_array(t.key, t.n, t.zero)) FROM (
        SELECT x.key, x.n, x.zero FROM unnest(p_search_keys, p_search_counts, p_search_zero) AS x(key, n, zero)
        ORDER BY x.n DESC, x.key LIMIT p_top) t), '[]'::json),
    'zero', coalesce((
      SELECT json_agg(json_build_array(t.key, t.n)) FROM (
        SELECT x.key, x.n FROM unnest(p_zero_keys, p_zero_counts) AS x(key, n)
        ORDER BY x.n DESC, x.key LIMIT p_top) t), '[]'::json)
  )::text;
END
$fn$;
