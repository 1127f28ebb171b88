import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import type { DeviceTypeValue, TrackingConsentValue, TrafficSourceValue, VisitorType } from '@nivaas/db';
import { eq, sql } from '@nivaas/db/orm';

const { trackingSessions } = schema;

export interface NewTrackingSession {
  id: string;
  consent: TrackingConsentValue;
  visitorKey: string | null;
  userType: VisitorType;
  deviceType: DeviceTypeValue;
  os: string | null;
  browser: string | null;
  browserVersion: string | null;
  city: string | null;
  trafficSource: TrafficSourceValue | null;
  referrerHost: string | null;
  entryPage: string;
  ipAddress: string | null;
  startedAt: Date;
}

/** One event as the service has checked and enriched it; the visitor's city and source come from its session. */
export interface NewTrackedEvent {
  eventId: string;
  sessionId: string | null;
  /** From the bearer token of this request; null for a guest (the session's key may still apply, see insertEvents). */
  visitorKey: string | null;
  visitorType: VisitorType;
  eventName: string;
  pagePath: string;
  projectId: number | null;
  deviceType: DeviceTypeValue;
  metadata: Record<string, unknown> | null;
  occurredAt: Date;
}

export interface EventBatchWrite {
  events: readonly NewTrackedEvent[];
  /** Consent 'analytics': the events take the identity, city and source their session recorded. */
  analytics: boolean;
  receivedAt: Date;
  /**
   * The session sending the batch, whose last_seen_at moves. Only this one: events carrying older sessions' ids
   * (the unsent list) say nothing about those visits now, and locking one row per statement cannot deadlock.
   */
  currentSessionId: string | null;
}

/** A session's last_seen_at moves at most this often, so a busy session is not rewritten on every batch. */
const LAST_SEEN_STEP = '30 seconds';

/** SQL for visits and events; no HTTP. tracking_events is only ever inserted into here. */
export function createTrackingRepository(db: Db) {
  return {
    async insertSession(session: NewTrackingSession): Promise<void> {
      await db.insert(trackingSessions).values({ ...session, lastSeenAt: session.startedAt });
    },

    /** Sets the exit page and end time; a session the server never saw (spec §8's local id) changes nothing. */
    async endSession(id: string, exitPage: string, endedAt: Date): Promise<boolean> {
      const ended = await db
        .update(trackingSessions)
        .set({ exitPage, endedAt, lastSeenAt: endedAt })
        .where(eq(trackingSessions.id, id))
        .returning({ id: trackingSessions.id });
      return ended.length > 0;
    },

    /**
     * Stores one or more batches in ONE statement, so they commit (or fail) together before any caller answers:
     * one multi-row INSERT ... ON CONFLICT (event_id) DO NOTHING, which makes a re-sent event (a retry, the exit
     * beacon after a failed flush, two tabs sending the same unsent list) a no-op, even when both copies arrive at
     * once or in the same statement. The rows travel as one JSON parameter (jsonb_to_recordset), so 500 rows are one
     * bind value and one plan. When both a batch and its session have consent 'analytics', an event takes the
     * session's identity (a beacon has no bearer but belongs to the visitor who started the session), city and
     * traffic source; with or without, its device type. The same statement moves the sending sessions' last_seen_at.
     * Answers, per batch in order, how many of its events were new (an id in two batches counts for the first).
     */
    async insertEventBatches(batches: readonly EventBatchWrite[]): Promise<number[]> {
      const rows = batches.flatMap(({ events, analytics, receivedAt }) =>
        events.map((event) => ({
          event_id: event.eventId,
          session_id: event.sessionId,
          visitor_key: event.visitorKey,
          visitor_type: event.visitorType,
          event_name: event.eventName,
          page_path: event.pagePath,
          project_id: event.projectId,
          device_type: event.deviceType,
          metadata: event.metadata,
          occurred_at: event.occurredAt.toISOString(),
          received_at: receivedAt.toISOString(),
          analytics,
        })),
      );
      if (rows.length === 0) return batches.map(() => 0);
      const received = new Date(Math.max(...batches.map((batch) => batch.receivedAt.getTime()))).toISOString();
      const sessionIds = [...new Set(batches.flatMap((batch) => (batch.currentSessionId ? [batch.currentSessionId] : [])))];
      const result = await db.execute<{ event_id: string }>(sql`
        with incoming as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
            event_id uuid, session_id text, visitor_key text, visitor_type text, event_name text, page_path text,
            project_id integer, device_type text, metadata jsonb, occurred_at timestamptz, received_at timestamptz,
            analytics boolean
          )
        ),
        stored as (
          insert into tracking_events (
            event_id, session_id, visitor_key, visitor_type, event_name, page_path, project_id, city, device_type,
            traffic_source, metadata, occurred_at, received_at
          )
          select
            v.event_id, v.session_id,
            case when v.visitor_key is not null then v.visitor_key when allowed then s.visitor_key end,
            case when v.visitor_key is not null then v.visitor_type when allowed and s.visitor_key is not null then s.user_type else 'guest' end,
            v.event_name, v.page_path, v.project_id,
            case when allowed then s.city end,
            -- The session's type had the client's hint (a laptop, an iPad that calls itself a Mac); this request's
            -- agent alone cannot tell those.
            coalesce(s.device_type, v.device_type),
            case when allowed then s.traffic_source end,
            v.metadata, v.occurred_at, v.received_at
          from incoming v
          left join tracking_sessions s on s.id = v.session_id
          cross join lateral (select coalesce(v.analytics and s.consent = 'analytics', false) as allowed) a
          on conflict (event_id) do nothing
          returning event_id
        ),
        touched as (
          -- SKIP LOCKED: a session another statement is touching right now is being moved anyway, and rows locked in
          -- no particular order by two writers could otherwise deadlock.
          update tracking_sessions set last_seen_at = ${received}::timestamptz
          where id in (
            select id from tracking_sessions
            where id in (select jsonb_array_elements_text(${JSON.stringify(sessionIds)}::jsonb))
              and last_seen_at < ${received}::timestamptz - interval '${sql.raw(LAST_SEEN_STEP)}'
            for update skip locked
          )
          returning 1
        )
        select event_id::text as event_id from stored`);
      const fresh = new Set(result.rows.map((row) => row.event_id));
      // PostgreSQL prints a uuid in lower case, whatever case the client sent it in.
      return batches.map(({ events }) => events.filter((event) => fresh.delete(event.eventId.toLowerCase())).length);
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
