CREATE TABLE "companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"record" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"categories" text,
	"linkedin_profile" text,
	"last_interaction" timestamp with time zone,
	"connection_strength" text,
	"twitter_follower_count" integer DEFAULT 0 NOT NULL,
	"twitter" text,
	"domains" text[] DEFAULT '{}' NOT NULL,
	"description" text,
	"notion_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_record_check" CHECK (btrim("companies"."record") <> ''),
	CONSTRAINT "companies_connection_strength_check" CHECK ("companies"."connection_strength" in ('weak', 'medium', 'strong')),
	CONSTRAINT "companies_twitter_follower_count_check" CHECK ("companies"."twitter_follower_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_user_id_idx" ON "companies" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "companies_user_record_idx" ON "companies" USING btree ("user_id",lower("record"),"id");--> statement-breakpoint
CREATE INDEX "companies_user_categories_idx" ON "companies" USING btree ("user_id",lower("categories") asc nulls last,"id");--> statement-breakpoint
CREATE INDEX "companies_user_categories_desc_idx" ON "companies" USING btree ("user_id",lower("categories") desc nulls last,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_user_last_interaction_idx" ON "companies" USING btree ("user_id","last_interaction","id");--> statement-breakpoint
CREATE INDEX "companies_user_last_interaction_desc_idx" ON "companies" USING btree ("user_id","last_interaction" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_user_strength_idx" ON "companies" USING btree ("user_id",(case "connection_strength" when 'weak' then 1 when 'medium' then 2 when 'strong' then 3 end) asc nulls last,"id");--> statement-breakpoint
CREATE INDEX "companies_user_strength_desc_idx" ON "companies" USING btree ("user_id",(case "connection_strength" when 'weak' then 1 when 'medium' then 2 when 'strong' then 3 end) desc nulls last,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_user_twitter_followers_idx" ON "companies" USING btree ("user_id","twitter_follower_count","id");--> statement-breakpoint
CREATE INDEX "companies_user_created_at_idx" ON "companies" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "companies_record_trgm_idx" ON "companies" USING gin ("record" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_categories_trgm_idx" ON "companies" USING gin ("categories" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_domains_trgm_idx" ON "companies" USING gin (text_array_join("domains") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin (company_search_text("record", "categories", "description", "twitter", "tags", "domains") gin_trgm_ops);