CREATE TABLE "tracking_search_contexts" (
	"visitor" bigint PRIMARY KEY NOT NULL,
	"search_id" bigint NOT NULL,
	"searched_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"bhk" text NOT NULL,
	"budget_band" integer NOT NULL,
	"city_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"credited" integer[] DEFAULT '{}'::int[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_viewer_searches" (
	"project_id" integer NOT NULL,
	"day" date NOT NULL,
	"bhk" text DEFAULT '' NOT NULL,
	"budget_band" integer DEFAULT 0 NOT NULL,
	"city_id" integer DEFAULT 0 NOT NULL,
	"location_id" integer DEFAULT 0 NOT NULL,
	"searches" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tracking_viewer_searches_pk" PRIMARY KEY("project_id","day","bhk","budget_band","city_id","location_id")
);
--> statement-breakpoint
CREATE INDEX "tracking_search_contexts_day_idx" ON "tracking_search_contexts" USING btree ("day");