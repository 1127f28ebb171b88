ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "construction_projects" ADD COLUMN "approval" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "construction_projects" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_status_check" CHECK ("banners"."status" in ('active', 'inactive'));--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_status_check" CHECK ("faqs"."status" in ('active', 'inactive'));--> statement-breakpoint
ALTER TABLE "construction_projects" ADD CONSTRAINT "construction_projects_approval_check" CHECK ("construction_projects"."approval" in ('approved', 'pending', 'rejected'));--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_status_check" CHECK ("contractors"."status" in ('active', 'inactive'));