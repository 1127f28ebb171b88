ALTER TABLE "audit_log" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "project_media" ADD COLUMN "card_url" text;--> statement-breakpoint
ALTER TABLE "project_media" ADD COLUMN "storage_key" text;--> statement-breakpoint
CREATE INDEX "projects_pending_queue_idx" ON "projects" USING btree ("updated_at","id") WHERE "projects"."approval" = 'pending';--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_kind_check" CHECK ("audit_log"."actor_kind" in ('user', 'broker', 'provider'));