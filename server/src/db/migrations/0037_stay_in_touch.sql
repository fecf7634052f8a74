CREATE TABLE "reminders_sent" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "follow_up_every" smallint;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "follow_up_unit" text;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_user_next_follow_up_idx" ON "contacts" USING btree ("user_id","next_follow_up_date") WHERE "contacts"."next_follow_up_date" is not null;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_follow_up_cadence_check" CHECK (("contacts"."follow_up_every" is null) = ("contacts"."follow_up_unit" is null) and coalesce("contacts"."follow_up_every", 1) between 1 and 366);