-- The one definition of these functions and triggers, applied at every start (db/sql-sources.ts).

-- Every instance's read cache (lib/read-cache) hears of each commit that changed what public
-- answers show: parts, reviews, categories, and orders entering or leaving paid or shipped.
--
-- A placement changes stock but does not signal: NOTIFY takes one lock for the whole database from
-- the commit's start to its end, WAL flush included, so a signal per placement would commit orders
-- one at a time, never in a group. A placement sets `store.parts_announced_later`, and its store
-- says `announce_parts_changed()` once for every burst of orders (decision 045).
CREATE OR REPLACE FUNCTION "notify_read_cache"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'parts' AND current_setting('store.parts_announced_later', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('store_read_cache', TG_TABLE_SCHEMA);
  PERFORM pg_notify('store_read_cache_tables', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "parts_notify_read_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_read_cache"();

CREATE OR REPLACE TRIGGER "reviews_notify_read_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_read_cache"();

-- Public answers show categories: the tree, the facets, a part's category.
CREATE OR REPLACE TRIGGER "categories_notify_read_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_read_cache"();

-- 'Verified buyer' is read from paid and shipped orders (decision 027): an order entering or
-- leaving those states changes the public reviews.
CREATE OR REPLACE TRIGGER "orders_paid_notify_read_cache" AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW
  WHEN ((OLD."status" IN ('paid', 'shipped')) IS DISTINCT FROM (NEW."status" IN ('paid', 'shipped')))
  EXECUTE FUNCTION "notify_read_cache"();

-- What the trigger on parts says, for the placements that deferred it: the schema of the store's
-- tables is the one its connections work in.
CREATE OR REPLACE FUNCTION "announce_parts_changed"() RETURNS void LANGUAGE sql VOLATILE AS $$
  SELECT pg_notify('store_read_cache', current_schema());
  SELECT pg_notify('store_read_cache_tables', current_schema() || '.parts');
$$;
