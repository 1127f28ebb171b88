CREATE TABLE "tracking_visitor_last_seen" (
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"visitor" bigint NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "tracking_visitor_last_seen_pk" PRIMARY KEY("dimension","key","visitor"),
	CONSTRAINT "tracking_visitor_last_seen_dimension_check" CHECK ("tracking_visitor_last_seen"."dimension" in ('total', 'project', 'city'))
);
--> statement-breakpoint
CREATE TABLE "tracking_window_counts" (
	"window_days" integer NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"event_name" text NOT NULL,
	"events" bigint DEFAULT 0 NOT NULL,
	"visitors" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tracking_window_counts_pk" PRIMARY KEY("window_days","dimension","event_name","key"),
	CONSTRAINT "tracking_window_counts_window_check" CHECK ("tracking_window_counts"."window_days" in (7, 30, 90))
);
--> statement-breakpoint
CREATE TABLE "tracking_window_state" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"end_day" date NOT NULL,
	CONSTRAINT "tracking_window_state_one_check" CHECK ("tracking_window_state"."one")
);
--> statement-breakpoint
CREATE INDEX "tracking_visitor_last_seen_day_idx" ON "tracking_visitor_last_seen" USING btree ("dimension","key","last_day");--> statement-breakpoint
CREATE INDEX "tracking_window_counts_top_idx" ON "tracking_window_counts" USING btree ("window_days","dimension","event_name","events" DESC NULLS LAST,"key");--> statement-breakpoint
-- Decision 019: who was last seen when, from the visitor days 0012 already holds (the fold keeps it from now on). The
-- window counts need no backfill: the rollup job rebuilds them on its first run, as on every new India day.
INSERT INTO "tracking_visitor_last_seen" ("dimension", "key", "visitor", "last_day")
SELECT "dimension", "key", "visitor", max("day") FROM "tracking_visitor_days"
WHERE "dimension" IN ('total', 'city', 'project')
GROUP BY "dimension", "key", "visitor";
