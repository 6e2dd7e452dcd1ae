-- The audit trail. Every admin action writes one entry in the transaction of the action
-- (a failed action leaves none): who (`actor`, an e-mail), what (`action`, e.g. `part.edit`), on
-- what (`target_type`, `target_id` and a `target_label` a person recognises, copied so the entry
-- still reads after the target is gone) and the fields that changed, `before` and `after`.
-- `at` is the transaction's start, as for `order_events`.
CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb
);--> statement-breakpoint
-- The log reads newest first by (at, id), a keyset; each filter has an index that starts with it
-- and ends with the same key, so a filtered page is one index range however long the log grows.
CREATE INDEX "audit_entries_newest_idx" ON "audit_entries" ("at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" ("actor", "at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_entries_action_idx" ON "audit_entries" ("action", "at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_entries_target_idx" ON "audit_entries" ("target_type", "target_id", "at" DESC, "id" DESC);--> statement-breakpoint
-- Append-only: no route updates or deletes an entry, and the table itself refuses it, so neither
-- a bug nor an operator's slip rewrites history. (Its owner can still drop the trigger: this
-- guards against accidents, not against the database's superuser.)
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries are append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
