-- Every store instance keeps public answers (catalog, parts, reviews) in memory (decision 020).
-- These triggers tell every instance when a committed write may have changed one: NOTIFY is
-- delivered at commit (never for a rollback), once per transaction for the same payload, to every
-- session LISTENing on the channel, whichever code made the write (the API, orders moving stock,
-- order expiry, the seed, the admin CLI). The payload is the table's schema: stores that share a
-- database in schemas of their own (the test suite does) hear only their own changes.
CREATE FUNCTION "notify_read_cache"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_read_cache', TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "parts_notify_read_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_read_cache"();--> statement-breakpoint
CREATE TRIGGER "reviews_notify_read_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_read_cache"();
