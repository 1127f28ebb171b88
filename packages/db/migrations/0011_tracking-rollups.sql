-- Issue 12: daily rollups of tracking events (what the analytics read), the visitor sets that keep their unique
-- visitors exact across incremental runs, and the watermark. Events already stored are folded in by the first run.
CREATE TABLE "tracking_daily_rollups" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"event_name" text NOT NULL,
	"events" bigint DEFAULT 0 NOT NULL,
	"visitors" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tracking_daily_rollups_pk" PRIMARY KEY("dimension","day","key","event_name"),
	CONSTRAINT "tracking_daily_rollups_dimension_check" CHECK ("tracking_daily_rollups"."dimension" in ('total', 'page', 'project', 'city', 'source', 'device', 'search'))
);
--> statement-breakpoint
CREATE TABLE "tracking_rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_rollup_visitors" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"event_name" text NOT NULL,
	"visitor" bigint NOT NULL,
	CONSTRAINT "tracking_rollup_visitors_pk" PRIMARY KEY("day","dimension","key","event_name","visitor")
);
--> statement-breakpoint
CREATE INDEX "tracking_daily_rollups_key_idx" ON "tracking_daily_rollups" USING btree ("dimension","key","day");--> statement-breakpoint
INSERT INTO "tracking_rollup_state" ("name", "last_event_id") VALUES ('daily', 0);
