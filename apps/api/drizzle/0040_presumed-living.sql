ALTER TABLE "persons" ADD COLUMN "recent_birth" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "presumed_living" boolean DEFAULT false NOT NULL;--> statement-breakpoint
DROP INDEX "persons_unknown_birth_year_index";--> statement-breakpoint
ALTER TABLE "persons" DROP COLUMN "is_private";--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "is_private" boolean GENERATED ALWAYS AS (is_living or resn is not null or presumed_living) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "persons_unknown_birth_year_index" ON "persons" USING btree ("id") WHERE "persons"."birth_year" is null or "persons"."is_private" or ("persons"."death_year" is null and "persons"."death_date" is null);
