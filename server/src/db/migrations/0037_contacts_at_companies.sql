-- People belong to companies (issue 35, decision 48). The key two company names match by: the same steps
-- as companyNameKey in contracts/src/company-names.ts (company-name-key.test.ts holds them equal), spelled
-- without the server's locale: a fixed table folds case and accents, a fixed list of separators.
CREATE FUNCTION company_name_key(name text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    select nullif(regexp_replace(btrim(regexp_replace(regexp_replace(
      translate(name,
        'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿ',
        'abcdefghijklmnopqrstuvwxyzaaaaaaceeeeiiiinoooooouuuuyaaaaaaceeeeiiiinoooooouuuuyy'),
      '[.''‘’]', '', 'g'),
      '[\t\n\r !"#$%&()*+,\-/:;<=>?@[\\\]^_`{|}~\u00a0–—“”„«»·•…®©™‚‹›]+', ' ', 'g'), ' '),
      '( (ag|as|bv|co|corp|corporation|gmbh|inc|incorporated|kg|kk|limited|llc|llp|lp|ltd|nv|oy|plc|pty|pvt|sa|sarl|sas|spa|srl))+$', ''), '')
  $$;--> statement-breakpoint
DROP INDEX "companies_user_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "companies_user_id_idx" ON "companies" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "companies_user_name_key_idx" ON "companies" USING btree ("user_id",company_name_key("record"),"id");--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "company_id" integer;--> statement-breakpoint
-- Only company_id is cleared when the company goes (Drizzle would write SET NULL for both columns).
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."companies"("user_id","id") ON DELETE SET NULL ("company_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_company_id_idx" ON "contacts" USING btree ("company_id") WHERE "contacts"."company_id" is not null;--> statement-breakpoint
-- Links every contact whose organization matches one of its owner's companies (the lowest id of those
-- sharing a key), and gives it the company's name. updated_at stays: nobody edited the contact. What
-- stays unmatched is listed per user by GET /api/companies/unlinked-organizations.
UPDATE "contacts" SET "company_id" = "named"."id", "organization" = "named"."record"
  FROM (
    SELECT DISTINCT ON ("user_id", company_name_key("record")) "user_id", company_name_key("record") AS "key", "id", "record"
    FROM "companies" WHERE company_name_key("record") IS NOT NULL
    ORDER BY "user_id", company_name_key("record"), "id"
  ) AS "named"
  WHERE "contacts"."user_id" = "named"."user_id" AND company_name_key("contacts"."organization") = "named"."key";
