/**
 * The rollup job's longest single transaction on the embedded database (issue 12: an ingest call or a page read that
 * arrives meanwhile waits for it), with fixed 500-event folds and one-transaction windows rebuild (the old way, and
 * still PostgreSQL's) against the paced folds and the rebuild in pieces PGlite now gets. One connection, in memory,
 * no server: `npx tsx bench/fold-pacing.ts [--events 60000]`. Prints the figures; writes no report.
 */
import { parseArgs } from 'node:util';
import { createDb } from '@nivaas/db';
import { sql } from '@nivaas/db/orm';
import { createTrackingRollupsRepository, type TrackingRollupsRepository } from '../apps/api/src/modules/tracking/tracking-rollups.repository';
import {
  createTrackingRollupsService,
  EMBEDDED_FOLD_PACING,
  EMBEDDED_WINDOWS_PACING,
} from '../apps/api/src/modules/tracking/tracking-rollups.service';

const { values } = parseArgs({ options: { events: { type: 'string', default: '60000' } } });
const eventCount = Number(values.events);
const database = await createDb({ inMemory: true });
const { db } = database;

// Sessions of six events over the last 90 days, visitors from a pool, the bench's mix of names (bench/analytics.ts).
await db.execute(sql`
  with g as (select n, n / 6 as s, random() as r, random() as p from generate_series(1, ${eventCount}::int) as n),
  named as (
    select n, s, p, (array['PAGE_VIEW','PROJECT_VIEW','SEARCH','PROPERTY_ADDED_IN_WISHLIST','ENQUIRY_SENT'])[
      case when r < 0.45 then 1 when r < 0.8 then 2 when r < 0.93 then 3 when r < 0.97 then 4 else 5 end] as name
    from g
  )
  insert into tracking_events (event_id, session_id, visitor_key, visitor_type, event_name, page_path, project_id, city, device_type,
                               traffic_source, metadata, occurred_at, received_at)
  select gen_random_uuid(), 'bench-' || s, 'guest:' || ((s * 7919) % 150000)::text, 'guest', name,
         case when name = 'PROJECT_VIEW' then '/properties/p/' || pid else '/' end,
         case when name <> 'PAGE_VIEW' and name <> 'SEARCH' then pid end,
         (array['Pune','Mumbai','Bengaluru','Hyderabad','Chennai'])[1 + (s * 31) % 5],
         (array['mobile','mobile','desktop','tablet'])[1 + (s * 13) % 4],
         (array['search','direct','social','referral'])[1 + (s * 17) % 4],
         case when name = 'SEARCH' then jsonb_build_object('query', 'locality ' || (s * 11) % 300, 'resultCount', (s % 9),
           'bhk', (1 + (s % 4))::text, 'budgetMax', (array[4000000, 8000000, 15000000, 30000000])[1 + (s * 3) % 4],
           'locality', 'locality ' || (s * 11) % 300) else '{}'::jsonb end,
         t, t
  from named, lateral (select 1 + floor(power(p, 3) * 1800)::int as pid) pick,
       lateral (select now() - ((s * 37) % 90) * interval '1 day' - (s % 1200) * interval '1 minute' + (n % 6) * interval '1 minute' as t) tm`);

/** The repository with every transaction the job runs timed. */
function timed(repository: TrackingRollupsRepository) {
  const times: Record<string, number[]> = {};
  const wrap =
    <A extends unknown[], R>(name: string, run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      try {
        return await run(...args);
      } finally {
        (times[name] ??= []).push(performance.now() - started);
      }
    };
  const wrapped: TrackingRollupsRepository = {
    ...repository,
    foldNext: wrap('fold', repository.foldNext),
    foldViewerSearchesNext: wrap("fold: viewers' searches (decision 030)", repository.foldViewerSearchesNext),
    rollWindows: wrap('rebuild (one transaction)', repository.rollWindows),
    beginWindowsRebuild: wrap('rebuild: begin', repository.beginWindowsRebuild),
    stageWindowEvents: wrap('rebuild: a day of events', repository.stageWindowEvents),
    stageWindowVisitors: wrap('rebuild: visitor rows', repository.stageWindowVisitors),
    finishWindowsRebuild: wrap('rebuild: swap', repository.finishWindowsRebuild),
  };
  return { wrapped, times };
}

const reset = () =>
  db.execute(sql`truncate tracking_daily_rollups, tracking_rollup_visitors, tracking_rollup_state, tracking_visitor_days,
                 tracking_visitor_last_seen, tracking_window_counts, tracking_window_state, tracking_viewer_searches, tracking_search_contexts`);
const quiet = { info: () => undefined, warn: () => undefined };

for (const paced of [false, true]) {
  await reset();
  const { wrapped, times } = timed(createTrackingRollupsRepository(db));
  const service = createTrackingRollupsService({
    repository: wrapped,
    clock: () => new Date(),
    retentionDays: 395,
    log: quiet,
    ...(paced ? { pacing: { fold: EMBEDDED_FOLD_PACING, windows: EMBEDDED_WINDOWS_PACING } } : {}),
  });
  const started = performance.now();
  await service.refresh();
  const folded = performance.now() - started;
  // The daily rebuild, on the folded data: as when the India day turns.
  await db.execute(sql`truncate tracking_window_state`);
  await service.refresh();
  console.log(`${paced ? 'paced (PGlite now)' : 'fixed 500 / one transaction (before)'}: ${eventCount} events folded in ${folded.toFixed(0)} ms`);
  for (const [name, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(1);
    const total = list.reduce((sum, ms) => sum + ms, 0);
    console.log(`  ${name}: ${list.length} transactions, median ${p(0.5)} ms, p99 ${p(0.99)} ms, longest ${p(1)} ms, total ${total.toFixed(0)} ms`);
  }
}
await database.close();
