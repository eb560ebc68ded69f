-- Added by hand: rows left by an import that a crash interrupted are of no use (the job failed).
DELETE FROM "gedcom_staging";--> statement-breakpoint
ALTER TABLE "gedcom_staging" ADD COLUMN "descendant_count" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "descendant_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Added by hand: count the descendants of the persons already there.
UPDATE "persons" SET "descendant_count" = "counts"."n" FROM (SELECT unnest("path") AS "id", count(*)::integer AS "n" FROM "persons" GROUP BY 1) AS "counts" WHERE "persons"."id" = "counts"."id";
