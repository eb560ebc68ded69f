CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"kind" text NOT NULL,
	"size" bigint NOT NULL,
	"checksum" text NOT NULL,
	"thumbnail_checksum" text,
	"thumbnail_size" integer,
	"width" integer,
	"height" integer,
	"owner_id" integer NOT NULL,
	"category_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'members' NOT NULL,
	"search_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_visibility_check" CHECK ("files"."visibility" in ('members', 'public')),
	CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('image', 'pdf', 'document', 'audio', 'video', 'text'))
);
--> statement-breakpoint
DROP INDEX "persons_name_key_father_name_key_index";--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_id_index" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "files_category_id_index" ON "files" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "files_checksum_index" ON "files" USING btree ("checksum");--> statement-breakpoint
CREATE INDEX "files_thumbnail_checksum_index" ON "files" USING btree ("thumbnail_checksum");--> statement-breakpoint
CREATE INDEX "files_created_at_index" ON "files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "files_search_key_trgm" ON "files" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "persons_name_key_father_name_key_id_index" ON "persons" USING btree ("name_key","father_name_key","id");