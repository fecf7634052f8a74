-- One trigram index on companies instead of four (decision 0038). The filters of name, categories and
-- domains find their rows through the search text, which holds all three, and then test the column
-- itself; each trigram index had to be written for every imported company.
DROP INDEX "companies_record_trgm_idx";
--> statement-breakpoint
DROP INDEX "companies_categories_trgm_idx";
--> statement-breakpoint
DROP INDEX "companies_domains_trgm_idx";
