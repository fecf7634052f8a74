CREATE TABLE "contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"full_name" text,
	"first_name" text,
	"last_name" text,
	"gender" text,
	"birthday" date,
	"email" text,
	"phone" text,
	"mobile" text,
	"address" text,
	"organization" text,
	"job_title" text,
	"job_status" text,
	"linkedin_url" text,
	"github_url" text,
	"facebook_url" text,
	"twitter_url" text,
	"website_url" text,
	"notes" text,
	"source" text,
	"tags" text,
	"last_contact_date" timestamp with time zone,
	"next_follow_up_date" timestamp with time zone,
	"status" text,
	"priority" text,
	"group" text,
	"avatar_url" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shared_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_user_id_idx" ON "contacts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "contacts_user_created_at_idx" ON "contacts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_user_full_name_idx" ON "contacts" USING btree ("user_id",lower("full_name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin (contact_search_text("full_name", "email", "phone", "mobile", "organization", "job_title", "tags", "notes") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_first_name_trgm_idx" ON "contacts" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_last_name_trgm_idx" ON "contacts" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_organization_trgm_idx" ON "contacts" USING gin ("organization" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_job_title_trgm_idx" ON "contacts" USING gin ("job_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_trgm_idx" ON "contacts" USING gin ("phone" gin_trgm_ops);