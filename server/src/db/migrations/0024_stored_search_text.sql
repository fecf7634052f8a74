-- The search text of contacts and companies becomes a stored column, lower-cased (decision 0028). A trigram
-- index on an expression rechecks every candidate row by computing the expression again: about 2 µs a
-- row for contact_search_text (a SQL function over concat_ws, which PostgreSQL cannot inline), plus an
-- ILIKE that lower-cases the whole text again. The stored column is read instead, and searches compare
-- it with LIKE against the lower-cased pattern (what ILIKE does internally), about 4 times cheaper a row.
-- Writes compute the text once, as they did for the expression index.
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(contact_search_text("full_name", "first_name", "last_name", "email", "phone", "mobile", "organization", "job_title", "tags", "notes"))) STORED;--> statement-breakpoint
DROP INDEX "contacts_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_search_text_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(company_search_text("record", "categories", "description", "twitter", "tags", "domains"))) STORED;--> statement-breakpoint
DROP INDEX "companies_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);
