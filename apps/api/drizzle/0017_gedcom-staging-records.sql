CREATE TABLE "gedcom_staging_citations" (
	"job_id" uuid NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gedcom_staging_events" (
	"job_id" uuid NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gedcom_staging_names" (
	"job_id" uuid NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gedcom_staging_note_links" (
	"job_id" uuid NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gedcom_staging_notes" (
	"job_id" uuid NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gedcom_staging_parent_families" (
	"job_id" uuid NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gedcom_staging_sources" (
	"job_id" uuid NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gedcom_staging_unions" (
	"job_id" uuid NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gedcom_staging" ADD COLUMN "birth_year_source" text;--> statement-breakpoint
ALTER TABLE "gedcom_staging" ADD COLUMN "death_year_source" text;--> statement-breakpoint
ALTER TABLE "gedcom_staging" ADD COLUMN "extra" jsonb;--> statement-breakpoint
-- Added by hand (drizzle-kit cannot express UNLOGGED): the staging tables are scratch space
-- that an import fills and empties; a crash loses nothing that is not redone.
ALTER TABLE "gedcom_staging_citations" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "gedcom_staging_events" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "gedcom_staging_names" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "gedcom_staging_note_links" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "gedcom_staging_notes" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "gedcom_staging_parent_families" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "gedcom_staging_sources" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "gedcom_staging_unions" SET UNLOGGED;
