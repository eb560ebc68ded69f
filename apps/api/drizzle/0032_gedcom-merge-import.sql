ALTER TABLE "gedcom_jobs" ADD COLUMN "merge" jsonb;--> statement-breakpoint
ALTER TABLE "gedcom_previews" ADD COLUMN "matches" jsonb;