ALTER TABLE "gedcom_staging" DROP CONSTRAINT "gedcom_staging_job_id_gedcom_jobs_id_fk";
--> statement-breakpoint
DROP INDEX "persons_created_by_id_index";--> statement-breakpoint
DROP INDEX "persons_updated_by_id_index";--> statement-breakpoint
ALTER TABLE "gedcom_staging" DROP CONSTRAINT "gedcom_staging_job_id_id_pk";--> statement-breakpoint
CREATE INDEX "persons_created_by_id_index" ON "persons" USING btree ("created_by_id") WHERE "persons"."created_by_id" is not null;--> statement-breakpoint
CREATE INDEX "persons_updated_by_id_index" ON "persons" USING btree ("updated_by_id") WHERE "persons"."updated_by_id" is not null;--> statement-breakpoint
-- Added by hand (drizzle-kit cannot express UNLOGGED): the GEDCOM staging table is scratch
-- space that a crash may lose without harm, and skipping the WAL halves the cost of staging.
ALTER TABLE "gedcom_staging" SET UNLOGGED;
