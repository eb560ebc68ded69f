CREATE TABLE "follows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_scope_check" CHECK ("follows"."scope" in ('person', 'branch'))
);
--> statement-breakpoint
CREATE TABLE "notice_mail_opt_outs" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_mail_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notice_mail_opt_outs_kind_check" CHECK ("notice_mail_opt_outs"."kind" in ('reviews', 'follows', 'moderation'))
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text,
	"link" text,
	"read_at" timestamp with time zone,
	"mail_state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_kind_check" CHECK ("notices"."kind" in ('reviews', 'follows', 'moderation')),
	CONSTRAINT "notices_mail_state_check" CHECK ("notices"."mail_state" in ('pending', 'sent', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_mail_opt_outs" ADD CONSTRAINT "notice_mail_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_person_unique" ON "follows" USING btree ("user_id","person_id");--> statement-breakpoint
CREATE INDEX "follows_person_id_index" ON "follows" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "notices_user_id_id_index" ON "notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notices_unread_index" ON "notices" USING btree ("user_id") WHERE "notices"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notices_mail_pending_index" ON "notices" USING btree ("id") WHERE "notices"."mail_state" = 'pending';