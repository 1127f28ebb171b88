-- A broker's "what the viewers searched for" (decision 030) in one call, like the overview and the insights
-- (migration 0022, decision 033; decision 037): the broker's listings and the GROUPING SETS read of
-- tracking_viewer_searches that analytics.repository.ts sent as two statements, unchanged. PL/pgSQL keeps the plan
-- for the connection's life (generic): the grouping sets, window and joins of this statement cost about as much to
-- plan as to run on PGlite, and the route no longer sends the listings' names as a statement of its own.
-- Returns {"listings": [[id, name], ...] in id order, "rows": [[kind, project_id, bhk, budget_band, city_id, city,
-- location_id, locality, searches], ...]} as text.
CREATE OR REPLACE FUNCTION nivaas_analytics_viewer_searches(p_broker integer, p_from date, p_to date, p_top integer, p_per_listing integer)
RETURNS text LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  ids integer[];
  names json;
BEGIN
  SELECT coalesce(array_agg(p.id ORDER BY p.id), '{}'), coalesce(json_agg(json_build_array(p.id, p.name) ORDER BY p.id), '[]'::json)
    INTO ids, names
    FROM projects p WHERE p.broker_id = p_broker;
  IF cardinality(ids) = 0 THEN
    RETURN json_build_object('listings', names, 'rows', '[]'::json)::text;
  END IF;
  RETURN json_build_object('listings', names, 'rows', coalesce((
    WITH grouped AS (
      SELECT CASE
               WHEN grouping(s.project_id) = 0 AND grouping(s.bhk) = 0 THEN 'listing'
               WHEN grouping(s.project_id) = 0 THEN 'listing-total'
               WHEN grouping(s.bhk) = 0 AND grouping(s.budget_band) = 0 THEN 'top'
               WHEN grouping(s.bhk) = 0 THEN 'bhk'
               WHEN grouping(s.budget_band) = 0 THEN 'budget'
               WHEN grouping(s.location_id) = 0 THEN 'place'
               ELSE 'total' END AS kind,
             s.project_id, coalesce(s.bhk, '') AS bhk, coalesce(s.budget_band, 0) AS budget_band,
             coalesce(s.city_id, 0) AS city_id, coalesce(s.location_id, 0) AS location_id, sum(s.searches) AS searches
      FROM tracking_viewer_searches s
      WHERE s.project_id = any(ids) AND s.day BETWEEN p_from AND p_to
      GROUP BY GROUPING SETS (
        (s.project_id, s.bhk, s.budget_band, s.city_id, s.location_id), (s.project_id),
        (s.bhk, s.budget_band, s.city_id, s.location_id), (s.bhk), (s.budget_band), (s.city_id, s.location_id), ()
      )
    ),
    ranked AS (
      SELECT g.*, row_number() OVER (PARTITION BY g.kind, g.project_id ORDER BY g.searches DESC, g.bhk, g.budget_band, g.city_id, g.location_id) AS n
      FROM grouped g
      -- A filter alone: the searches that set it (any BHK, any budget, anywhere is not a BHK, a budget or a place).
      WHERE NOT ((g.kind = 'bhk' AND g.bhk = '') OR (g.kind = 'budget' AND g.budget_band = 0) OR (g.kind = 'place' AND g.city_id = 0 AND g.location_id = 0))
    )
    SELECT json_agg(json_build_array(r.kind, r.project_id, r.bhk, r.budget_band, r.city_id, c.name, r.location_id, l.name, r.searches)
                    ORDER BY r.kind, r.project_id, r.n)
    FROM ranked r
    LEFT JOIN cities c ON c.id = r.city_id
    LEFT JOIN locations l ON l.id = r.location_id
    WHERE r.kind IN ('listing-total', 'total') OR r.n <= CASE WHEN r.kind = 'listing' THEN p_per_listing ELSE p_top END
  ), '[]'::json))::text;
END
$fn$;
