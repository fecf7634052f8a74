ALTER TABLE "google_contact_links" DROP CONSTRAINT "google_contact_links_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "google_contact_links" ALTER COLUMN "contact_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "contact_deletes" text;--> statement-breakpoint
ALTER TABLE "google_contact_links" ADD COLUMN "kept_at_google" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "rerun" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "google_contact_links" ADD CONSTRAINT "google_contact_links_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;