-- Added by hand: references written before these foreign keys existed may name a file or
-- category that is gone; clear them so that the constraints can be added.
UPDATE "users" SET "avatar_file_id" = NULL WHERE "avatar_file_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "files" WHERE "files"."id" = "users"."avatar_file_id");--> statement-breakpoint
UPDATE "posts" SET "cover_file_id" = NULL WHERE "cover_file_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "files" WHERE "files"."id" = "posts"."cover_file_id");--> statement-breakpoint
UPDATE "persons" SET "photo_file_id" = NULL WHERE "photo_file_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "files" WHERE "files"."id" = "persons"."photo_file_id");--> statement-breakpoint
UPDATE "files" SET "category_id" = NULL WHERE "category_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "categories" WHERE "categories"."id" = "files"."category_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_file_id_files_id_fk" FOREIGN KEY ("avatar_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_avatar_file_id_index" ON "users" USING btree ("avatar_file_id") WHERE "users"."avatar_file_id" is not null;--> statement-breakpoint
CREATE INDEX "persons_photo_file_id_index" ON "persons" USING btree ("photo_file_id") WHERE "persons"."photo_file_id" is not null;