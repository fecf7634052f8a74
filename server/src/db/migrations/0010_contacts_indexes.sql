DROP INDEX "contacts_email_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_organization_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_job_title_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_phone_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_user_first_name_idx" ON "contacts" USING btree ("user_id",lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_user_last_name_idx" ON "contacts" USING btree ("user_id",lower("last_name"),"id");