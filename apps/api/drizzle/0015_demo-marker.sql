ALTER TABLE "polls" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clans" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "persons_is_demo_index" ON "persons" USING btree ("id") WHERE "persons"."is_demo";--> statement-breakpoint
-- Added by hand: a database that got the demonstration data before this marker existed gets
-- its demo rows marked. They are recognised by the demo tree's root (id 1, with the sample
-- note) and the timestamp of the one transaction that loaded everything (db/seed.ts), so a
-- database whose persons came from elsewhere has nothing marked.
UPDATE "persons" SET "is_demo" = true WHERE "id" BETWEEN 1 AND 1000 AND "created_at" = (SELECT "created_at" FROM "persons" WHERE "id" = 1 AND "name" = 'Багыш' AND "biography" = 'Үлгү маалымат: бул демонстрациялык дарак ойдон чыгарылган, чыныгы санжыра эмес.') AND EXISTS (SELECT 1 FROM "app_settings" WHERE "key" = 'demo_data_loaded');--> statement-breakpoint
UPDATE "clans" SET "is_demo" = true WHERE "founder_id" IN (SELECT "id" FROM "persons" WHERE "is_demo") AND "created_at" = (SELECT "created_at" FROM "persons" WHERE "id" = 1 AND "is_demo");--> statement-breakpoint
UPDATE "polls" SET "is_demo" = true WHERE "question" = 'Үлгү сурамжылоо: Уруунун кийинки жыйынын качан өткөрөбүз?' AND EXISTS (SELECT 1 FROM "app_settings" WHERE "key" = 'demo_data_loaded');--> statement-breakpoint
UPDATE "posts" SET "is_demo" = true WHERE "title" IN ('Үлгү: Уруунун белгилүү акыны', 'Үлгү: Эл аралык сыйлыктын ээси — илимпоз', 'Үлгү: Санжыра сайты ачылды', 'Үлгү: Уруунун жыйыны жайында өтөт') AND EXISTS (SELECT 1 FROM "app_settings" WHERE "key" = 'demo_data_loaded');