CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "parts_in_stock_newest_idx" ON "parts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "parts"."deleted_at" is null and "parts"."available_quantity" >= "parts"."min_order_quantity";--> statement-breakpoint
CREATE INDEX "parts_in_stock_price_idx" ON "parts" USING btree ("price_cents","id") WHERE "parts"."deleted_at" is null and "parts"."available_quantity" >= "parts"."min_order_quantity";--> statement-breakpoint
-- Lists read their totals here instead of counting their table on every request (decision 012).
-- Triggers keep them exact in the transaction of every write, whichever code makes it (the
-- repositories, orders moving stock, the seed, the admin CLI, a test inserting rows).
INSERT INTO "counters" ("name", "value") VALUES
  ('parts_listed', (SELECT count(*) FROM "parts" WHERE "deleted_at" IS NULL)),
  ('parts_in_stock', (SELECT count(*) FROM "parts" WHERE "deleted_at" IS NULL AND "available_quantity" >= "min_order_quantity")),
  ('reviews', (SELECT count(*) FROM "reviews"));--> statement-breakpoint
-- One trigger per statement, over its transition tables: a bulk insert adds its rows to a count
-- once, and an update that changes no count (an order taking stock that stays buyable) writes
-- no counter, so it takes no counter lock.
CREATE FUNCTION "parts_count_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listed_delta bigint := 0;
  in_stock_delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT listed_delta + count(*), in_stock_delta + count(*) FILTER (WHERE available_quantity >= min_order_quantity)
      INTO listed_delta, in_stock_delta FROM new_rows WHERE deleted_at IS NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT listed_delta - count(*), in_stock_delta - count(*) FILTER (WHERE available_quantity >= min_order_quantity)
      INTO listed_delta, in_stock_delta FROM old_rows WHERE deleted_at IS NULL;
  END IF;
  IF listed_delta <> 0 THEN
    UPDATE counters SET value = value + listed_delta WHERE name = 'parts_listed';
  END IF;
  IF in_stock_delta <> 0 THEN
    UPDATE counters SET value = value + in_stock_delta WHERE name = 'parts_in_stock';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "parts_counted_inserts" AFTER INSERT ON "parts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_count_changes"();--> statement-breakpoint
CREATE TRIGGER "parts_counted_updates" AFTER UPDATE ON "parts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_count_changes"();--> statement-breakpoint
CREATE TRIGGER "parts_counted_deletes" AFTER DELETE ON "parts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "parts_count_changes"();--> statement-breakpoint
CREATE FUNCTION "reviews_count_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    UPDATE counters SET value = value + delta WHERE name = 'reviews';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reviews_counted_inserts" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "reviews_count_changes"();--> statement-breakpoint
CREATE TRIGGER "reviews_counted_deletes" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "reviews_count_changes"();--> statement-breakpoint
-- TRUNCATE fires no row trigger: it empties the counts with the table.
CREATE FUNCTION "counters_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'parts' THEN
    UPDATE counters SET value = 0 WHERE name IN ('parts_listed', 'parts_in_stock');
  ELSE
    UPDATE counters SET value = 0 WHERE name = 'reviews';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "parts_counters_truncated" AFTER TRUNCATE ON "parts"
  FOR EACH STATEMENT EXECUTE FUNCTION "counters_truncated"();--> statement-breakpoint
CREATE TRIGGER "reviews_counters_truncated" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "counters_truncated"();
