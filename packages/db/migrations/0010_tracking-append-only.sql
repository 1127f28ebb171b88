-- Issue 12: tracking_events becomes append-only (client-made event_id, unique; BRIN on the two times) and the
-- sessions keep derived columns instead of the client's raw device, location and traffic objects. Rows written
-- before this (the seed's demo month: no route stored anything yet) are carried over, not dropped.
DROP INDEX "tracking_events_session_idx";--> statement-breakpoint
DROP INDEX "tracking_events_name_created_idx";--> statement-breakpoint
DROP INDEX "tracking_events_created_idx";--> statement-breakpoint
DROP INDEX "tracking_sessions_user_type_idx";--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "consent" text DEFAULT 'essential' NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "visitor_key" text;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "device_type" text;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "browser_version" text;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "tracking_sessions" SET
  "consent" = 'analytics',
  "visitor_key" = CASE WHEN "user_id" IS NULL THEN NULL ELSE "user_type" || ':' || "user_id" END,
  "device_type" = CASE WHEN "device"->>'type' IN ('mobile', 'tablet', 'desktop', 'laptop') THEN "device"->>'type' END,
  "os" = "device"->>'os',
  "browser" = "device"->>'browser',
  "browser_version" = "device"->>'version',
  "city" = "location"->>'city',
  "referrer_host" = nullif(substring("traffic_source"->>'referrer' from '^https?://([^/:?#]+)'), ''),
  "last_seen_at" = coalesce("ended_at", "started_at");--> statement-breakpoint
ALTER TABLE "tracking_sessions" ALTER COLUMN "traffic_source" SET DATA TYPE text USING (
  CASE
    WHEN "traffic_source" IS NULL THEN NULL
    WHEN "traffic_source"->>'trafficMedium' = 'organic' THEN 'search'
    WHEN "traffic_source"->>'trafficMedium' = 'social' THEN 'social'
    WHEN "traffic_source"->>'trafficMedium' IN ('email', 'cpc', 'campaign') THEN 'campaign'
    WHEN coalesce("traffic_source"->>'referrer', '') = '' THEN 'direct'
    ELSE 'referral'
  END
);--> statement-breakpoint
ALTER TABLE "tracking_sessions" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "tracking_sessions" DROP COLUMN "device";--> statement-breakpoint
ALTER TABLE "tracking_sessions" DROP COLUMN "location";--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "event_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ALTER COLUMN "event_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "visitor_key" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "visitor_type" text DEFAULT 'guest' NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "page_path" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "device_type" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "traffic_source" text;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The demo month's names become the contract's (PROPERTY_VIEWED -> PROJECT_VIEW, ENQUIRY_SUBMITTED -> ENQUIRY_SENT),
-- and its USER_LOGIN e-mails go: the server never keeps personal metadata.
UPDATE "tracking_events" e SET
  "event_name" = CASE e."event_name" WHEN 'PROPERTY_VIEWED' THEN 'PROJECT_VIEW' WHEN 'ENQUIRY_SUBMITTED' THEN 'ENQUIRY_SENT' ELSE e."event_name" END,
  "metadata" = e."metadata" - 'email' - 'phone' - 'mobile' - 'name',
  "page_path" = CASE WHEN left(e."metadata"->>'page', 1) = '/' THEN e."metadata"->>'page' ELSE '/' END,
  "project_id" = CASE WHEN e."metadata"->>'propertyId' ~ '^[0-9]{1,9}$' THEN (e."metadata"->>'propertyId')::integer END,
  "occurred_at" = e."created_at",
  "received_at" = e."created_at",
  "visitor_key" = s."visitor_key",
  "visitor_type" = coalesce(s."user_type", 'guest'),
  "city" = s."city",
  "device_type" = s."device_type",
  "traffic_source" = s."traffic_source"
FROM "tracking_events" e2 LEFT JOIN "tracking_sessions" s ON s."id" = e2."session_id"
WHERE e2."id" = e."id";--> statement-breakpoint
ALTER TABLE "tracking_events" ALTER COLUMN "page_path" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ALTER COLUMN "occurred_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" DROP COLUMN "created_at";--> statement-breakpoint
CREATE INDEX "tracking_events_received_brin" ON "tracking_events" USING brin ("received_at");--> statement-breakpoint
CREATE INDEX "tracking_events_occurred_brin" ON "tracking_events" USING brin ("occurred_at");--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_event_id_unique" UNIQUE("event_id");--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_visitor_type_check" CHECK ("tracking_events"."visitor_type" in ('user', 'broker', 'guest'));--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD CONSTRAINT "tracking_sessions_consent_check" CHECK ("tracking_sessions"."consent" in ('analytics', 'essential'));--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD CONSTRAINT "tracking_sessions_device_type_check" CHECK ("tracking_sessions"."device_type" in ('mobile', 'tablet', 'desktop', 'laptop'));--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD CONSTRAINT "tracking_sessions_traffic_source_check" CHECK ("tracking_sessions"."traffic_source" in ('direct', 'search', 'social', 'referral', 'campaign', 'internal'));
