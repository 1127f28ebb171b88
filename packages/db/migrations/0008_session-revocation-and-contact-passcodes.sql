CREATE TABLE "revoked_session_families" (
	"family_id" text PRIMARY KEY NOT NULL,
	"revoked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_challenges" DROP CONSTRAINT "otp_challenges_subject_kind_check";--> statement-breakpoint
CREATE INDEX "revoked_session_families_revoked_at_idx" ON "revoked_session_families" USING btree ("revoked_at");--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_subject_kind_check" CHECK ("otp_challenges"."subject_kind" in ('user', 'broker', 'provider', 'user-contact'));