-- The one definition of these functions and triggers, applied at every start (db/sql-sources.ts).

-- Append-only: no route updates or deletes an entry, and the table itself refuses it, so neither
-- a bug nor an operator's slip rewrites history. (Its owner can still drop the trigger: this
-- guards against accidents, not against the database's superuser.)
CREATE OR REPLACE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries are append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE OR REPLACE TRIGGER "audit_entries_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();

CREATE OR REPLACE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
