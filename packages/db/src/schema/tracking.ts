/** Analytics: visit sessions and events (spec §3 tracking payloads). */
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { VISITOR_TYPES } from '../enums';
import { createdAt, oneOf } from './columns';

export const trackingSessions = pgTable(
  'tracking_sessions',
  {
    // Client- or server-made opaque id (a UUID); the client keeps it in local storage.
    id: text('id').primaryKey(),
    // A user id, broker id or generated guest id, as the client's tracking identity says (spec §6).
    userId: text('user_id'),
    userType: text('user_type', { enum: VISITOR_TYPES }).notNull().default('guest'),
    device: jsonb('device').$type<Record<string, unknown>>(),
    entryPage: text('entry_page'),
    exitPage: text('exit_page'),
    ipAddress: text('ip_address'),
    location: jsonb('location').$type<Record<string, unknown>>(),
    trafficSource: jsonb('traffic_source').$type<Record<string, unknown>>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('tracking_sessions_started_idx').on(t.startedAt),
    index('tracking_sessions_user_type_idx').on(t.userType, t.startedAt),
    oneOf('tracking_sessions_user_type_check', t.userType, VISITOR_TYPES),
  ],
);

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    // No foreign key: spec §8 lets the client fall back to a local session id the server never saw.
    sessionId: text('session_id'),
    eventName: text('event_name').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('tracking_events_session_idx').on(t.sessionId),
    index('tracking_events_name_created_idx').on(t.eventName, t.createdAt),
    index('tracking_events_created_idx').on(t.createdAt),
  ],
);
