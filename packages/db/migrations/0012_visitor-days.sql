CREATE TABLE "tracking_visitor_days" (
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"visitor" bigint NOT NULL,
	CONSTRAINT "tracking_visitor_days_pk" PRIMARY KEY("dimension","key","day","visitor"),
	CONSTRAINT "tracking_visitor_days_dimension_check" CHECK ("tracking_visitor_days"."dimension" in ('total', 'project', 'city', 'bhk', 'budget', 'locality'))
);
--> statement-breakpoint
CREATE INDEX "tracking_visitor_days_visitor_idx" ON "tracking_visitor_days" USING btree ("visitor","dimension");--> statement-breakpoint
CREATE INDEX "tracking_visitor_days_day_brin" ON "tracking_visitor_days" USING brin ("day");--> statement-breakpoint
-- Issue 13: fold every stored event again so the new facts (visitor days, sessions per day, searches that found
-- nothing) cover them too. Safe: 0011 is only days old and no raw event has reached its retention yet, so the
-- rollups can be rebuilt whole from tracking_events.
DELETE FROM "tracking_daily_rollups";--> statement-breakpoint
DELETE FROM "tracking_rollup_visitors";--> statement-breakpoint
UPDATE "tracking_rollup_state" SET "last_event_id" = 0;
