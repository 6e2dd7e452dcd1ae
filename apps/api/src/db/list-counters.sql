-- The one definition of these functions and triggers, applied at every start (db/sql-sources.ts).

-- Lists read their totals from the one row of `counters` instead of counting their table on every
-- request (decision 012). These triggers keep it exact in the transaction of every write, whichever
-- code makes it (the repositories, orders moving stock, order expiry, the seed, the admin CLI, a
-- test inserting rows).

-- Inserts and deletes: one trigger per statement, over its transition tables, so a bulk insert
-- is one change.
CREATE OR REPLACE FUNCTION "parts_count_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listed_delta bigint := 0;
  in_stock_delta bigint := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT listed_delta + count(*), in_stock_delta + count(*) FILTER (WHERE available_quantity >= min_order_quantity)
      INTO listed_delta, in_stock_delta FROM new_rows WHERE deleted_at IS NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT listed_delta - count(*), in_stock_delta - count(*) FILTER (WHERE available_quantity >= min_order_quantity)
      INTO listed_delta, in_stock_delta FROM old_rows WHERE deleted_at IS NULL;
  END IF;
  IF listed_delta <> 0 OR in_stock_delta <> 0 THEN
    INSERT INTO counter_changes (parts_listed, parts_in_stock) VALUES (listed_delta, in_stock_delta);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "parts_counted_inserts" AFTER INSERT ON "parts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_count_changes"();

-- Updates are counted row by row, and only the rows whose listing or buyability changes: the
-- WHEN clause is checked without calling the function, so an order taking stock that stays
-- buyable (nearly every write to parts) costs nothing here.
CREATE OR REPLACE FUNCTION "parts_count_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_listed boolean := OLD.deleted_at IS NULL;
  is_listed boolean := NEW.deleted_at IS NULL;
  was_in_stock boolean := was_listed AND OLD.available_quantity >= OLD.min_order_quantity;
  is_in_stock boolean := is_listed AND NEW.available_quantity >= NEW.min_order_quantity;
BEGIN
  INSERT INTO counter_changes (parts_listed, parts_in_stock)
  VALUES (is_listed::int - was_listed::int, is_in_stock::int - was_in_stock::int);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "parts_counted_updates" AFTER UPDATE ON "parts" FOR EACH ROW
  WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL)
    OR (OLD.available_quantity >= OLD.min_order_quantity) IS DISTINCT FROM (NEW.available_quantity >= NEW.min_order_quantity))
  EXECUTE FUNCTION "parts_count_update"();

CREATE OR REPLACE TRIGGER "parts_counted_deletes" AFTER DELETE ON "parts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_count_changes"();

CREATE OR REPLACE FUNCTION "reviews_count_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO counter_changes (reviews) VALUES (delta);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "reviews_counted_inserts" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "reviews_count_changes"();

CREATE OR REPLACE TRIGGER "reviews_counted_deletes" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "reviews_count_changes"();

-- At commit, after every lock the transaction's own statements took: the one counters row is
-- never held while waiting for a part (an order expiry restoring stock of several parts while
-- an order sells one of them out would otherwise deadlock on it).
CREATE OR REPLACE FUNCTION "counters_apply_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE counters SET
    parts_listed = parts_listed + NEW.parts_listed,
    parts_in_stock = parts_in_stock + NEW.parts_in_stock,
    reviews = reviews + NEW.reviews
  WHERE id = 1;
  DELETE FROM counter_changes WHERE id = NEW.id;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS "counters_applied_at_commit" ON "counter_changes";
CREATE CONSTRAINT TRIGGER "counters_applied_at_commit" AFTER INSERT ON "counter_changes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "counters_apply_change"();

-- TRUNCATE fires no row trigger: it empties the counts with the table.
CREATE OR REPLACE FUNCTION "counters_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'parts' THEN
    UPDATE counters SET parts_listed = 0, parts_in_stock = 0 WHERE id = 1;
  ELSE
    UPDATE counters SET reviews = 0 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "parts_counters_truncated" AFTER TRUNCATE ON "parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "counters_truncated"();

CREATE OR REPLACE TRIGGER "reviews_counters_truncated" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "counters_truncated"();
