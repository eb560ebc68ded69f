DROP INDEX "person_names_name_key_index";--> statement-breakpoint
ALTER TABLE "person_names" ADD COLUMN "alternative" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "person_names" SET "alternative" = false FROM "persons" WHERE "persons"."id" = "person_names"."person_id" AND "persons"."name_key" = "person_names"."name_key";--> statement-breakpoint
CREATE INDEX "persons_unknown_birth_year_index" ON "persons" USING btree ("id") WHERE "persons"."birth_year" is null or "persons"."is_living" or ("persons"."death_year" is null and "persons"."death_date" is null);--> statement-breakpoint
CREATE INDEX "person_names_alternative_key_index" ON "person_names" USING btree ("name_key") WHERE "person_names"."alternative";