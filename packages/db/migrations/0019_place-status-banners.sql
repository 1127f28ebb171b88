ALTER TABLE "cities" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "banner_url" text;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "banner_url" text;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_status_check" CHECK ("cities"."status" in ('active', 'inactive'));--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_status_check" CHECK ("locations"."status" in ('active', 'inactive'));--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_status_check" CHECK ("zones"."status" in ('active', 'inactive'));