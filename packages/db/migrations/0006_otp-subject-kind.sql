DROP INDEX "otp_challenges_identity_idx";--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "subject_kind" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "brokers_phone_uq" ON "brokers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "otp_challenges_identity_idx" ON "otp_challenges" USING btree ("subject_kind","identity","created_at");--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_subject_kind_check" CHECK ("otp_challenges"."subject_kind" in ('user', 'broker', 'provider'));