-- The provider's analytics overview and a broker's insights, each in one call (issue 13's bench target; decision 033).
-- PL/pgSQL keeps each statement's plan for the connection's life (generic, as plan_cache_mode says), so a request
-- pays for executing its statement, not for planning it again: on PGlite, which serves one query at a time, the
-- planning of these statements cost about as much as running them. Both return one JSON document as text
-- (analytics.repository.ts reads it); tables are resolved through search_path like every other statement.
CREATE OR REPLACE FUNCTION nivaas_analytics_broker(p_broker integer, p_from date, p_to date, p_since timestamptz, p_until timestamptz)
RETURNS text LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
BEGIN
  RETURN (
    WITH mine AS MATERIALIZED (
      SELECT p.id, p.name, p.item, p.type, p.tags, p.status, p.approval, p.owner_id, p.broker_id,
             c.name AS city, z.name AS zone, l.name AS location,
             (SELECT u.type FROM units u WHERE u.project_id = p.id ORDER BY u.id LIMIT 1) AS unit_type,
             s.at::text AS submitted_at,
             (SELECT min(a.created_at) FROM audit_log a
               WHERE a.entity_kind = 'project' AND a.entity_id = p.id AND a.action IN ('approve', 'reject') AND a.created_at >= s.at)::text AS decided_at
      FROM projects p
      LEFT JOIN cities c ON c.id = p.city_id
      LEFT JOIN zones z ON z.id = p.zone_id
      LEFT JOIN locations l ON l.id = p.location_id
      CROSS JOIN LATERAL (
        SELECT coalesce(
          (SELECT max(a.created_at) FROM audit_log a WHERE a.entity_kind = 'project' AND a.entity_id = p.id AND a.action IN ('submit', 'resubmit')),
          p.created_at) AS at
      ) s
      WHERE p.broker_id = p_broker
    ),
    keys AS (SELECT array_agg(id::text) AS keys, array_agg(id) AS ids FROM mine),
    viewed AS (
      SELECT grouping(r.key) = 0 AS per_key, r.key, r.day, sum(r.events) AS n FROM tracking_daily_rollups r
      WHERE r.dimension = 'project' AND r.key = any((SELECT keys FROM keys)::text[]) AND r.event_name = 'PROJECT_VIEW' AND r.day BETWEEN p_from AND p_to
      GROUP BY GROUPING SETS ((r.key), (r.day))
    ),
    seen AS (
      SELECT grouping(v.key) = 0 AS per_key, grouping(v.day) = 0 AS per_day, v.key, v.day, count(DISTINCT v.visitor) AS n FROM tracking_visitor_days v
      WHERE v.dimension = 'project' AND v.key = any((SELECT keys FROM keys)::text[]) AND v.day BETWEEN p_from AND p_to
      GROUP BY GROUPING SETS ((v.key), (v.day), ())
    ),
    lead_rows AS (
      SELECT ld.project_id, to_char((ld.created_at AT TIME ZONE 'UTC') + interval '330 minutes', 'YYYY-MM-DD') AS day, ld.stage, count(*) AS n FROM leads ld
      WHERE ld.project_id = any((SELECT ids FROM keys)::int[]) AND ld.created_at >= p_since AND ld.created_at < p_until
      GROUP BY 1, 2, 3
    ),
    remark_rows AS (
      SELECT pr.project_id, json_agg(json_build_array(pr.message, pr.created_at::text) ORDER BY pr.created_at, pr.id) AS remarks FROM project_remarks pr
      WHERE pr.project_id = any((SELECT ids FROM keys)::int[])
      GROUP BY pr.project_id
    )
    SELECT json_build_object(
      'listings', coalesce((
        SELECT json_agg(json_build_array(row_to_json(m), coalesce(v.n, 0), coalesce(s.n, 0), coalesce(r.remarks, '[]'::json)) ORDER BY m.id)
        FROM mine m
        LEFT JOIN viewed v ON v.per_key AND v.key = m.id::text
        LEFT JOIN seen s ON s.per_key AND s.key = m.id::text
        LEFT JOIN remark_rows r ON r.project_id = m.id), '[]'::json),
      'views', coalesce((SELECT json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), n)) FROM viewed WHERE NOT per_key), '[]'::json),
      'viewers', coalesce((SELECT json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), n)) FROM seen WHERE per_day), '[]'::json),
      'visitors', coalesce((SELECT n FROM seen WHERE NOT per_key AND NOT per_day), 0),
      'leads', coalesce((SELECT json_agg(json_build_array(project_id, day, stage, n)) FROM lead_rows), '[]'::json)
    )::text
  );
END
$fn$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION nivaas_analytics_overview(p_from date, p_to date, p_since timestamptz, p_until timestamptz, p_window integer, p_top integer, p_now timestamptz)
RETURNS text LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  ranked json;
BEGIN
  IF p_window IS NOT NULL AND EXISTS (SELECT FROM tracking_window_state WHERE end_day = p_to) THEN
    ranked := json_build_object(
      'visitors', coalesce((SELECT w.visitors FROM tracking_window_counts w
                            WHERE w.window_days = p_window AND w.dimension = 'total' AND w.event_name = '*' AND w.key = ''), 0),
      'projects', coalesce((
        SELECT json_agg(json_build_array(t.key, t.events,
                          coalesce((SELECT w.visitors FROM tracking_window_counts w
                                    WHERE w.window_days = p_window AND w.dimension = 'project' AND w.event_name = 'PROJECT_VIEW' AND w.key = t.key), 0),
                          p.name,
                          (SELECT count(*) FROM leads ld WHERE ld.project_id = p.id AND ld.created_at >= p_since AND ld.created_at < p_until)))
        FROM (SELECT w.key, w.events FROM tracking_window_counts w
              WHERE w.window_days = p_window AND w.dimension = 'project' AND w.event_name = 'PROJECT_VIEW' AND w.events > 0
              ORDER BY w.events DESC NULLS LAST, w.key LIMIT p_top) t
        JOIN projects p ON p.id = (CASE WHEN t.key ~ '^[0-9]{1,9}$' THEN t.key::int END)), '[]'::json),
      'localities', coalesce((
        SELECT json_agg(json_build_array(l.name, c.name, t.events))
        FROM (SELECT w.key, w.events FROM tracking_window_counts w
              WHERE w.window_days = p_window AND w.dimension = 'locality' AND w.event_name = 'PROJECT_VIEW' AND w.events > 0
              ORDER BY w.events DESC NULLS LAST, w.key LIMIT p_top) t
        JOIN locations l ON l.id = (CASE WHEN t.key ~ '^[0-9]{1,9}$' THEN t.key::int END)
        JOIN cities c ON c.id = l.city_id), '[]'::json),
      'cities', coalesce((
        SELECT json_agg(json_build_array(t.key, t.events,
                          coalesce((SELECT w.visitors FROM tracking_window_counts w
                                    WHERE w.window_days = p_window AND w.dimension = 'city' AND w.event_name = '*' AND w.key = t.key), 0)))
        FROM (SELECT w.key, w.events FROM tracking_window_counts w
              WHERE w.window_days = p_window AND w.dimension = 'city' AND w.event_name = 'PAGE_VIEW' AND w.events > 0
              ORDER BY w.events DESC NULLS LAST, w.key LIMIT p_top) t), '[]'::json),
      'searches', coalesce((
        SELECT json_agg(json_build_array(t.key, t.events,
                          coalesce((SELECT w.events FROM tracking_window_counts w
                                    WHERE w.window_days = p_window AND w.dimension = 'search' AND w.event_name = '#zero-results' AND w.key = t.key), 0)))
        FROM (SELECT w.key, w.events FROM tracking_window_counts w
              WHERE w.window_days = p_window AND w.dimension = 'search' AND w.event_name = 'SEARCH' AND w.events > 0
              ORDER BY w.events DESC NULLS LAST, w.key LIMIT p_top) t), '[]'::json),
      'zero', coalesce((
        SELECT json_agg(json_build_array(t.key, t.events))
        FROM (SELECT w.key, w.events FROM tracking_window_counts w
              WHERE w.window_days = p_window AND w.dimension = 'search' AND w.event_name = '#zero-results' AND w.events > 0
              ORDER BY w.events DESC NULLS LAST, w.key LIMIT p_top) t), '[]'::json));
  END IF;
  RETURN (
    WITH daily AS (
      SELECT r.day,
             sum(r.events) FILTER (WHERE r.event_name = 'PAGE_VIEW') AS page_views,
             sum(r.visitors) FILTER (WHERE r.event_name = '#sessions') AS sessions,
             sum(r.visitors) FILTER (WHERE r.event_name = '*') AS visitors,
             sum(r.events) FILTER (WHERE r.event_name IN ('ENQUIRY_SENT', 'CONTACT_FORM_SENT')) AS enquiries,
             sum(r.events) FILTER (WHERE r.event_name IN ('USER_LOGIN', 'BROKER_LOGIN')) AS sign_ins,
             sum(r.events) FILTER (WHERE r.event_name = 'PROJECT_VIEW') AS project_views,
             sum(r.events) FILTER (WHERE r.event_name = 'ENQUIRY_SENT') AS enquiry_sent
      FROM tracking_daily_rollups r
      WHERE r.dimension = 'total' AND r.day BETWEEN p_from AND p_to AND r.key = ''
        AND r.event_name IN ('PAGE_VIEW', '#sessions', '*', 'ENQUIRY_SENT', 'CONTACT_FORM_SENT', 'USER_LOGIN', 'BROKER_LOGIN', 'PROJECT_VIEW')
      GROUP BY r.day
    ),
    sessions_by AS (
      SELECT dimension, key, n FROM (
        SELECT r.dimension, r.key, sum(r.visitors) AS n, row_number() OVER (PARTITION BY r.dimension ORDER BY sum(r.visitors) DESC, r.key) AS rank
        FROM tracking_daily_rollups r
        WHERE r.dimension IN ('source', 'device') AND r.day BETWEEN p_from AND p_to AND r.event_name = '#sessions'
        GROUP BY r.dimension, r.key
      ) top_keys WHERE rank <= p_top
    ),
    waits AS (
      SELECT greatest(0, extract(epoch FROM p_now - coalesce(
        (SELECT max(a.created_at) FROM audit_log a WHERE a.entity_kind = 'project' AND a.entity_id = p.id AND a.action IN ('submit', 'resubmit')),
        p.updated_at)) / 3600)::float8 AS hours
      FROM projects p WHERE p.approval = 'pending'
    ),
    decided AS (
      SELECT to_char((a.created_at AT TIME ZONE 'UTC') + interval '330 minutes', 'YYYY-MM-DD') AS day,
             count(*) FILTER (WHERE a.action = 'approve') AS approved, count(*) FILTER (WHERE a.action = 'reject') AS rejected
      FROM audit_log a
      WHERE a.entity_kind = 'project' AND a.action IN ('approve', 'reject') AND a.created_at >= p_since AND a.created_at < p_until
      GROUP BY 1
    )
    SELECT json_build_object(
      'daily', coalesce((SELECT json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), page_views, sessions, visitors, enquiries, sign_ins, project_views, enquiry_sent)) FROM daily), '[]'::json),
      'leads', (SELECT count(*) FROM leads ld WHERE ld.created_at >= p_since AND ld.created_at < p_until),
      'sessions', coalesce((SELECT json_agg(json_build_array(dimension, key, n) ORDER BY dimension, n DESC, key) FROM sessions_by), '[]'::json),
      'pending', (SELECT json_build_array(count(*), coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY hours), 0), coalesce(max(hours), 0)) FROM waits),
      'decisions', coalesce((SELECT json_agg(json_build_array(day, approved, rejected)) FROM decided), '[]'::json),
      'ranked', ranked
    )::text
  );
END
$fn$;
