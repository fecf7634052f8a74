-- A contact's owner is checked once per statement instead of once per row (decision 0034). The foreign
-- key to users ran a lookup of the owner for every inserted row, which on PGlite took a third of a
-- 100,000-row import. The triggers below keep what it guaranteed: a statement that writes contacts locks
-- their owners' rows FOR KEY SHARE (as the key's check did) and fails with foreign_key_violation if one
-- is gone, and deleting users deletes their contacts.
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_user_id_users_id_fk";
--> statement-breakpoint
CREATE FUNCTION "contacts_check_owners"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"missing" integer;
BEGIN
	-- Locking first: a user deleted by a transaction still running is waited for, then seen as gone.
	PERFORM 1 FROM "users" WHERE "id" IN (SELECT DISTINCT "user_id" FROM "written") FOR KEY SHARE;
	SELECT "w"."user_id" INTO "missing" FROM (SELECT DISTINCT "user_id" FROM "written") AS "w"
		WHERE NOT EXISTS (SELECT 1 FROM "users" "u" WHERE "u"."id" = "w"."user_id") LIMIT 1;
	IF FOUND THEN
		RAISE foreign_key_violation USING
			MESSAGE = format('insert or update on table "contacts" violates its owner check: user %s does not exist', "missing"),
			TABLE = 'contacts', CONSTRAINT = 'contacts_user_id_users_id_fk';
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_owners_insert" AFTER INSERT ON "contacts"
	REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "contacts_check_owners"();
--> statement-breakpoint
CREATE TRIGGER "contacts_owners_update" AFTER UPDATE ON "contacts"
	REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "contacts_check_owners"();
--> statement-breakpoint
CREATE FUNCTION "users_delete_contacts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "contacts" WHERE "user_id" IN (SELECT "id" FROM "removed_users");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_delete_contacts" AFTER DELETE ON "users"
	REFERENCING OLD TABLE AS "removed_users" FOR EACH STATEMENT EXECUTE FUNCTION "users_delete_contacts"();
