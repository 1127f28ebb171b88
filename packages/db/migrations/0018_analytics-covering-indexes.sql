DROP INDEX "tracking_daily_rollups_key_idx";--> statement-breakpoint
DROP INDEX "tracking_visitor_days_visitor_idx";--> statement-breakpoint
-- INCLUDE by hand (drizzle-kit has no way to say it): the counts ride in the index, so a listing's views over days are
-- read from the index alone (decision 019).
CREATE INDEX "tracking_daily_rollups_key_idx" ON "tracking_daily_rollups" USING btree ("dimension","key","event_name","day") INCLUDE ("events","visitors");--> statement-breakpoint
CREATE INDEX "tracking_visitor_days_visitor_idx" ON "tracking_visitor_days" USING btree ("visitor","dimension","day","key");