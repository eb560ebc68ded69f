DROP INDEX "persons_unknown_birth_year_index";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
ALTER TABLE "gedcom_staging" ADD COLUMN "resn" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "resn" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "is_private" boolean GENERATED ALWAYS AS (is_living or resn is not null) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_username_skeleton_index" ON "users" USING btree ("username_skeleton");--> statement-breakpoint
CREATE INDEX "persons_unknown_birth_year_index" ON "persons" USING btree ("id") WHERE "persons"."birth_year" is null or "persons"."is_private" or ("persons"."death_year" is null and "persons"."death_date" is null);