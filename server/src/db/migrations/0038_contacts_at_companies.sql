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
ALTER TABLE "contacts" ADD COLUMN "company_id" integer;--> statement-breakpoint
CREATE INDEX "companies_user_name_key_idx" ON "companies" USING btree ("user_id",company_name_key("record"),"id");--> statement-breakpoint
CREATE INDEX "contacts_company_id_idx" ON "contacts" USING btree ("company_id") WHERE "contacts"."company_id" is not null;--> statement-breakpoint
-- A contact's company must be a company of the contact's owner. Not a foreign key (decision 48): a key is
-- checked row by row, and an import that links 100,000 rows took 2.5 to 5 times as long. These triggers
-- check once per statement, as contacts_require_owners does for the owner (decision 34): lock the named
-- companies FOR KEY SHARE (a company being deleted is waited for, then seen as gone), then raise
-- foreign_key_violation (23503) if one of them is not its contact's owner's.
CREATE FUNCTION "contacts_require_companies"("pairs" jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	"missing" record;
BEGIN
	IF jsonb_array_length("pairs") = 0 THEN
		RETURN;
	END IF;
	PERFORM 1 FROM "companies" "c"
		JOIN jsonb_to_recordset("pairs") AS "p"("user_id" integer, "company_id" integer)
			ON "c"."id" = "p"."company_id" AND "c"."user_id" = "p"."user_id"
		FOR KEY SHARE OF "c";
	SELECT "p"."user_id", "p"."company_id" INTO "missing"
		FROM jsonb_to_recordset("pairs") AS "p"("user_id" integer, "company_id" integer)
		WHERE NOT EXISTS (SELECT 1 FROM "companies" "c" WHERE "c"."id" = "p"."company_id" AND "c"."user_id" = "p"."user_id")
		LIMIT 1;
	IF FOUND THEN
		RAISE foreign_key_violation USING
			MESSAGE = format('insert or update on table "contacts" violates its company check: company %s is not a company of user %s', "missing"."company_id", "missing"."user_id"),
			TABLE = 'contacts', CONSTRAINT = 'contacts_company_fk';
	END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "contacts_check_companies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "contacts_require_companies"(coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('user_id', "user_id", 'company_id', "company_id"))
		FROM "written" WHERE "company_id" IS NOT NULL), '[]'));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- On update, only the rows whose company or owner changed.
CREATE FUNCTION "contacts_check_changed_companies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "contacts_require_companies"(coalesce((SELECT jsonb_agg(DISTINCT jsonb_build_object('user_id', "n"."user_id", 'company_id', "n"."company_id"))
		FROM "written" "n" JOIN "previous" "o" ON "o"."id" = "n"."id"
		WHERE "n"."company_id" IS NOT NULL
			AND ("n"."company_id" IS DISTINCT FROM "o"."company_id" OR "n"."user_id" <> "o"."user_id")), '[]'));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_companies_insert" AFTER INSERT ON "contacts"
	REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "contacts_check_companies"();
--> statement-breakpoint
CREATE TRIGGER "contacts_companies_update" AFTER UPDATE ON "contacts"
	REFERENCING OLD TABLE AS "previous" NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "contacts_check_changed_companies"();
--> statement-breakpoint
-- Deleting companies unlinks their people (what ON DELETE SET NULL (company_id) would do), through
-- contacts_company_id_idx; the people keep their organization text.
CREATE FUNCTION "companies_unlink_people"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "contacts" SET "company_id" = NULL WHERE "company_id" IN (SELECT "id" FROM "removed");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_unlink_people" AFTER DELETE ON "companies"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "companies_unlink_people"();
--> statement-breakpoint
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
