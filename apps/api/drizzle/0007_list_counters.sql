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
CREATE FUNCTION "parts_count_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listed_delta integer := 0;
  in_stock_delta integer := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    listed_delta := listed_delta - 1;
    IF OLD.available_quantity >= OLD.min_order_quantity THEN in_stock_delta := in_stock_delta - 1; END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN
    listed_delta := listed_delta + 1;
    IF NEW.available_quantity >= NEW.min_order_quantity THEN in_stock_delta := in_stock_delta + 1; END IF;
  END IF;
  -- Most writes (an order taking stock that stays buyable) change no count and lock no counter.
  IF listed_delta <> 0 THEN
    UPDATE counters SET value = value + listed_delta WHERE name = 'parts_listed';
  END IF;
  IF in_stock_delta <> 0 THEN
    UPDATE counters SET value = value + in_stock_delta WHERE name = 'parts_in_stock';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "parts_counters" AFTER INSERT OR DELETE OR UPDATE OF "deleted_at", "available_quantity", "min_order_quantity" ON "parts"
  FOR EACH ROW EXECUTE FUNCTION "parts_count_changes"();--> statement-breakpoint
CREATE FUNCTION "reviews_count_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE counters SET value = value + (CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END) WHERE name = 'reviews';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reviews_counters" AFTER INSERT OR DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "reviews_count_changes"();--> statement-breakpoint
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
