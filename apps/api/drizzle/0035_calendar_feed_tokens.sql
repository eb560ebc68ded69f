CREATE TABLE "calendar_feed_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_feed_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_user_unique" ON "calendar_feed_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_token_hash_unique" ON "calendar_feed_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "persons_birth_month_day_index" ON "persons" USING btree (upper(substring("birth_date" from '^\s*(?:[Ii][Nn][Tt]\s+)?(?:@#DGREGORIAN@\s+)?\d{1,2}\s+([A-Za-z]{3})\s+\d')),((substring("birth_date" from '^\s*(?:[Ii][Nn][Tt]\s+)?(?:@#DGREGORIAN@\s+)?(\d{1,2})\s+[A-Za-z]{3}\s+\d'))::int),"id") WHERE "persons"."birth_date" is not null and "persons"."birth_year_source" is null;--> statement-breakpoint
CREATE INDEX "persons_death_month_day_index" ON "persons" USING btree (upper(substring("death_date" from '^\s*(?:[Ii][Nn][Tt]\s+)?(?:@#DGREGORIAN@\s+)?\d{1,2}\s+([A-Za-z]{3})\s+\d')),((substring("death_date" from '^\s*(?:[Ii][Nn][Tt]\s+)?(?:@#DGREGORIAN@\s+)?(\d{1,2})\s+[A-Za-z]{3}\s+\d'))::int),"id") WHERE "persons"."death_date" is not null and "persons"."death_year_source" is null;