-- The search text gains first and last name, so that their column filters narrow through its trigram
-- index and their own trigram indexes can go; two btree indexes no query needed go too (each index
-- slowed every insert and import).
CREATE OR REPLACE FUNCTION contact_search_text(
  full_name text, first_name text, last_name text, email text, phone text, mobile text, organization text,
  job_title text, tags text, notes text
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT concat_ws(E'\n', full_name, first_name, last_name, email, phone, mobile, organization, job_title, tags, notes) $$;
--> statement-breakpoint
DROP INDEX "contacts_user_id_idx";--> statement-breakpoint
DROP INDEX "contacts_user_full_name_idx";--> statement-breakpoint
DROP INDEX "contacts_search_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_last_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_search_text_trgm_idx" ON "contacts" USING gin (contact_search_text("full_name", "first_name", "last_name", "email", "phone", "mobile", "organization", "job_title", "tags", "notes") gin_trgm_ops);--> statement-breakpoint
DROP FUNCTION contact_search_text(text, text, text, text, text, text, text, text);
