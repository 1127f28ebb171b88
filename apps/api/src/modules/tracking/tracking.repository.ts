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
     * Stores a batch in ONE statement, so it commits (or fails) whole before the caller answers: one multi-row
     * INSERT ... ON CONFLICT (event_id) DO NOTHING, which makes a re-sent event (a retry, the exit beacon after a
     * failed flush, two tabs sending the same unsent list) a no-op, even when both copies arrive at once. The rows
     * travel as one JSON parameter (jsonb_to_recordset), so a batch of 50 is one bind value, not 500.
     * When both the batch and its session have consent 'analytics', an event takes the session's identity (a beacon
     * has no bearer but belongs to the visitor who started the session), city and traffic source; with or without,
     * its device type. The same statement moves the sending session's last_seen_at.
     * Answers how many events were new.
     */
    async insertEvents({ events, analytics, receivedAt, currentSessionId }: EventBatchWrite): Promise<number> {
      if (events.length === 0) return 0;
      const rows = JSON.stringify(
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
        })),
      );
      const received = receivedAt.toISOString();
      const result = await db.execute<{ stored: number | string }>(sql`
        with incoming as (
          select * from jsonb_to_recordset(${rows}::jsonb) as v(
            event_id uuid, session_id text, visitor_key text, visitor_type text, event_name text, page_path text,
            project_id integer, device_type text, metadata jsonb, occurred_at timestamptz
          )
        ),
        stored as (
          insert into tracking_events (
            event_id, session_id, visitor_key, visitor_type, event_name, page_path, project_id, city, device_type,
            traffic_source, metadata, occurred_at, received_at
          )
          select
            v.event_id, v.session_id,
            case when v.visitor_key is not null then v.visitor_key when s.allowed then s.visitor_key end,
            case when v.visitor_key is not null then v.visitor_type when s.allowed and s.visitor_key is not null then s.user_type else 'guest' end,
            v.event_name, v.page_path, v.project_id,
            case when s.allowed then s.city end,
            -- The session's type had the client's hint (a laptop, an iPad that calls itself a Mac); this request's
            -- agent alone cannot tell those.
            coalesce(s.device_type, v.device_type),
            case when s.allowed then s.traffic_source end,
            v.metadata, v.occurred_at, ${received}::timestamptz
          from incoming v
          left join (
            select id, visitor_key, user_type, city, device_type, traffic_source, ${analytics} and consent = 'analytics' as allowed
            from tracking_sessions
          ) s on s.id = v.session_id
          on conflict (event_id) do nothing
          returning 1
        ),
        touched as (
          update tracking_sessions set last_seen_at = ${received}::timestamptz
          where id = ${currentSessionId}
            and last_seen_at < ${received}::timestamptz - interval '${sql.raw(LAST_SEEN_STEP)}'
          returning 1
        )
        select (select count(*) from stored) as stored`);
      return Number(result.rows[0]?.stored ?? 0);
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
