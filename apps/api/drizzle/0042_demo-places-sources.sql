ALTER TABLE "places" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "places_is_demo_index" ON "places" USING btree ("id") WHERE "places"."is_demo";--> statement-breakpoint
CREATE INDEX "sources_is_demo_index" ON "sources" USING btree ("id") WHERE "sources"."is_demo";