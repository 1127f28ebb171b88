ALTER TABLE "reviews" ADD COLUMN "broker_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sign_in_channel" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One rating per person per place from now on. Earlier data may hold two by one user of one place (the seed picked
-- registered reviewers at random): the newest stays theirs, the older ones stay as anonymous reviews (their author
-- name kept), so no review disappears.
UPDATE "reviews" r SET "user_id" = NULL
WHERE r."user_id" IS NOT NULL AND r."subject" IN ('location', 'zone') AND EXISTS (
  SELECT 1 FROM "reviews" n
  WHERE n."user_id" = r."user_id" AND n."subject" = r."subject"
    AND ((r."subject" = 'location' AND n."location_id" = r."location_id") OR (r."subject" = 'zone' AND n."zone_id" = r."zone_id"))
    AND (n."created_at", n."id") > (r."created_at", r."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_location_uq" ON "reviews" USING btree ("user_id","location_id") WHERE "reviews"."subject" = 'location' and "reviews"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_zone_uq" ON "reviews" USING btree ("user_id","zone_id") WHERE "reviews"."subject" = 'zone' and "reviews"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_broker_location_uq" ON "reviews" USING btree ("broker_id","location_id") WHERE "reviews"."subject" = 'location' and "reviews"."broker_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_broker_zone_uq" ON "reviews" USING btree ("broker_id","zone_id") WHERE "reviews"."subject" = 'zone' and "reviews"."broker_id" is not null;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_one_rater_check" CHECK ("reviews"."user_id" is null or "reviews"."broker_id" is null);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sign_in_channel_check" CHECK ("users"."sign_in_channel" in ('phone', 'email'));