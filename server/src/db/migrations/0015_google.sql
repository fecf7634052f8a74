CREATE TABLE "google_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"google_subject" text NOT NULL,
	"google_email" text NOT NULL,
	"refresh_token_encrypted" text NOT NULL,
	"scopes" text NOT NULL,
	"contacts_sync_token" text,
	"contacts_synced_at" timestamp with time zone,
	"contacts_sync_started_at" timestamp with time zone,
	"contacts_last_error" text,
	"calendar_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_contact_links" (
	"user_id" integer NOT NULL,
	"resource_name" text NOT NULL,
	"contact_id" integer NOT NULL,
	"etag" text NOT NULL,
	"source_etag" text,
	"source_id" text,
	"synced" jsonb NOT NULL,
	"locally_edited" boolean DEFAULT false NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_contact_links_user_id_resource_name_pk" PRIMARY KEY("user_id","resource_name")
);
--> statement-breakpoint
CREATE TABLE "google_contact_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"resource_name" text NOT NULL,
	"kind" text NOT NULL,
	"etag" text NOT NULL,
	"source_etag" text,
	"source_id" text,
	"values" jsonb NOT NULL,
	"contact_id" integer,
	"match_reason" text,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" integer,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google_subject" text;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD CONSTRAINT "google_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_contact_links" ADD CONSTRAINT "google_contact_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_contact_links" ADD CONSTRAINT "google_contact_links_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_contact_reviews" ADD CONSTRAINT "google_contact_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_contact_reviews" ADD CONSTRAINT "google_contact_reviews_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_oauth_states" ADD CONSTRAINT "google_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "google_contact_links_contact_key" ON "google_contact_links" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "google_contact_reviews_user_resource_key" ON "google_contact_reviews" USING btree ("user_id","resource_name");--> statement-breakpoint
CREATE INDEX "google_contact_reviews_user_idx" ON "google_contact_reviews" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_subject_key" ON "users" USING btree ("google_subject");