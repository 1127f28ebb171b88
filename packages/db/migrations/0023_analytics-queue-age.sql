-- nivaas_analytics_overview (migration 0022, decision 033) with the moderation queue's age read without a sub-plan per
-- pending listing: their latest submissions are one read of audit_log joined back. Same answers; on the bench's
-- PGlite (219 pending listings) the overview call took 3.1-3.3 ms instead of 3.6-3.9 (fastest of 40, load 8-11).
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
    pending AS MATERIALIZED (SELECT p.id, p.updated_at FROM projects p WHERE p.approval = 'pending'),
    -- The pending listings' latest submissions in one read of audit_log (not a sub-plan per listing).
    submitted AS (
      SELECT a.entity_id, max(a.created_at) AS at FROM audit_log a
      WHERE a.entity_kind = 'project' AND a.entity_id = any(array(SELECT id FROM pending)) AND a.action IN ('submit', 'resubmit')
      GROUP BY a.entity_id
    ),
    waits AS (
      SELECT greatest(0, extract(epoch FROM p_now - coalesce(s.at, p.updated_at)) / 3600)::float8 AS hours
      FROM pending p LEFT JOIN submitted s ON s.entity_id = p.id
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
