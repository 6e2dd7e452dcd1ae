-- The owner's overview (decision 046). Its figures are read from rollups the
-- database keeps in the same transactions as the orders, whichever code writes them (the API,
-- order expiry, a migration, an import, an operator's SQL), so no request reads every order.
--
-- Writers never wait for each other here: triggers only INSERT their change into
-- `overview_changes` (inserts never block one another, so the hottest rollup row, today's unpaid
-- orders, is never held across a transaction). The overview folds those changes into the
-- rollups before it reads (overview_fold), and reads rollups plus any changes not yet folded in
-- one snapshot, so its figures are exact either way.
--
-- Days are the store's calendar days (`TZ`, kept in `store_time_zone`): the API sets it at start
-- and the rollups are recounted when it changes (overview_use_time_zone).
CREATE TABLE "store_time_zone" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "store_time_zone_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "store_time_zone" ("id", "name") VALUES (1, 'UTC');--> statement-breakpoint
-- Orders by the day they were placed and their status: the revenue chart (paid and shipped).
CREATE TABLE "order_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"orders" bigint NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "order_days_pkey" PRIMARY KEY ("day", "status")
);--> statement-breakpoint
-- Orders by status, all time: the desk's to-do figures (awaiting payment, to ship).
CREATE TABLE "order_status_totals" (
	"status" text PRIMARY KEY NOT NULL,
	"orders" bigint NOT NULL,
	"cents" bigint NOT NULL
);--> statement-breakpoint
-- Units and revenue of each part by the day its orders were placed, paid and shipped orders only:
-- the top parts. Line totals (after the line's bulk discount), exact cents.
CREATE TABLE "part_days" (
	"day" date NOT NULL,
	"part_id" uuid NOT NULL,
	"units" bigint NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "part_days_pkey" PRIMARY KEY ("day", "part_id")
);--> statement-breakpoint
-- Changes written by the triggers and not yet folded into the rollups: a row either for orders
-- (a status) or for a part's lines (a part id).
CREATE TABLE "overview_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"day" date NOT NULL,
	"status" text,
	"part_id" uuid,
	"orders" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "overview_changes_one_kind" CHECK (("status" IS NULL) <> ("part_id" IS NULL))
);--> statement-breakpoint
-- Recounts every rollup from the orders and their lines in the store's time zone: at this
-- migration, and when the time zone changes.
CREATE FUNCTION "overview_recount"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT name FROM store_time_zone WHERE id = 1);
BEGIN
  DELETE FROM overview_changes;
  DELETE FROM order_days;
  DELETE FROM order_status_totals;
  DELETE FROM part_days;
  INSERT INTO order_days (day, status, orders, cents)
  SELECT (created_at AT TIME ZONE zone)::date, status, count(*), sum(total_cents) FROM orders GROUP BY 1, 2;
  INSERT INTO order_status_totals (status, orders, cents)
  SELECT status, count(*), sum(total_cents) FROM orders GROUP BY 1;
  INSERT INTO part_days (day, part_id, units, cents)
  SELECT (o.created_at AT TIME ZONE zone)::date, l.part_id, sum(l.quantity), sum(l.total_cents)
  FROM order_lines l JOIN orders o ON o.id = l.order_id
  WHERE o.status IN ('paid', 'shipped') GROUP BY 1, 2;
END $$;--> statement-breakpoint
SELECT "overview_recount"();--> statement-breakpoint
-- Inserts and deletes of orders: one change per day and status of the statement's rows, so a
-- bulk insert of a year of orders is a few hundred rows here, not one per order.
CREATE FUNCTION "orders_overview_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT name FROM store_time_zone WHERE id = 1);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO overview_changes (day, status, orders, cents)
    SELECT (created_at AT TIME ZONE zone)::date, status, count(*), sum(total_cents) FROM new_rows GROUP BY 1, 2;
  ELSE
    INSERT INTO overview_changes (day, status, orders, cents)
    SELECT (created_at AT TIME ZONE zone)::date, status, -count(*), -sum(total_cents) FROM old_rows GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_overview_inserts" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_overview_changes"();--> statement-breakpoint
CREATE TRIGGER "orders_overview_deletes" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_overview_changes"();--> statement-breakpoint
-- A move (paid, shipped, cancelled, expired, a payment undone) takes the order out of its old
-- day and status and into the new. Its lines count for their parts while the order is paid or
-- shipped: they enter or leave the part rollup when the order starts or stops counting (or
-- changes day). Updates that change none of these (carrier, tracking, updated_at) never call it.
CREATE FUNCTION "orders_overview_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT name FROM store_time_zone WHERE id = 1);
  old_day date := (OLD.created_at AT TIME ZONE zone)::date;
  new_day date := (NEW.created_at AT TIME ZONE zone)::date;
  was_counted boolean := OLD.status IN ('paid', 'shipped');
  is_counted boolean := NEW.status IN ('paid', 'shipped');
  same_day boolean := old_day = new_day;
BEGIN
  INSERT INTO overview_changes (day, status, orders, cents)
  VALUES (old_day, OLD.status, -1, -OLD.total_cents), (new_day, NEW.status, 1, NEW.total_cents);
  IF was_counted AND NOT (is_counted AND same_day) THEN
    INSERT INTO overview_changes (day, part_id, units, cents)
    SELECT old_day, part_id, -sum(quantity), -sum(total_cents) FROM order_lines WHERE order_id = OLD.id GROUP BY part_id;
  END IF;
  IF is_counted AND NOT (was_counted AND same_day) THEN
    INSERT INTO overview_changes (day, part_id, units, cents)
    SELECT new_day, part_id, sum(quantity), sum(total_cents) FROM order_lines WHERE order_id = NEW.id GROUP BY part_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_overview_moves" AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION "orders_overview_move"();--> statement-breakpoint
-- Lines written, changed or removed while their order is paid or shipped (an order placed as
-- paid by an import, a correction by SQL). An order placed through the API is unpaid: its lines
-- enter the part rollup when it is paid (orders_overview_move). Old rows count negative, new rows
-- positive; a change that moves nothing stages nothing.
CREATE FUNCTION "order_lines_overview_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT name FROM store_time_zone WHERE id = 1);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO overview_changes (day, part_id, units, cents)
    SELECT (o.created_at AT TIME ZONE zone)::date, l.part_id, sum(l.quantity), sum(l.total_cents)
    FROM new_rows l JOIN orders o ON o.id = l.order_id
    WHERE o.status IN ('paid', 'shipped') GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO overview_changes (day, part_id, units, cents)
    SELECT (o.created_at AT TIME ZONE zone)::date, l.part_id, -sum(l.quantity), -sum(l.total_cents)
    FROM old_rows l JOIN orders o ON o.id = l.order_id
    WHERE o.status IN ('paid', 'shipped') GROUP BY 1, 2;
  ELSE
    INSERT INTO overview_changes (day, part_id, units, cents)
    SELECT day, part_id, sum(units), sum(cents) FROM (
      SELECT (o.created_at AT TIME ZONE zone)::date AS day, l.part_id, -l.quantity AS units, -l.total_cents AS cents
      FROM old_rows l JOIN orders o ON o.id = l.order_id WHERE o.status IN ('paid', 'shipped')
      UNION ALL
      SELECT (o.created_at AT TIME ZONE zone)::date, l.part_id, l.quantity, l.total_cents
      FROM new_rows l JOIN orders o ON o.id = l.order_id WHERE o.status IN ('paid', 'shipped')
    ) c GROUP BY 1, 2 HAVING sum(units) <> 0 OR sum(cents) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_lines_overview_inserts" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_overview_changes"();--> statement-breakpoint
CREATE TRIGGER "order_lines_overview_updates" AFTER UPDATE ON "order_lines"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_overview_changes"();--> statement-breakpoint
CREATE TRIGGER "order_lines_overview_deletes" AFTER DELETE ON "order_lines" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_overview_changes"();--> statement-breakpoint
-- TRUNCATE fires no row or statement trigger of the kinds above: it empties the figures with
-- the table (orders cannot be truncated without their lines).
CREATE FUNCTION "overview_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    DELETE FROM overview_changes;
    DELETE FROM order_days;
    DELETE FROM order_status_totals;
  ELSE
    DELETE FROM overview_changes WHERE part_id IS NOT NULL;
  END IF;
  DELETE FROM part_days;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_overview_truncated" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "overview_truncated"();--> statement-breakpoint
CREATE TRIGGER "order_lines_overview_truncated" AFTER TRUNCATE ON "order_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "overview_truncated"();--> statement-breakpoint
-- Moves the staged changes into the rollups, one fold at a time per store (the others skip: the
-- reader counts what is still staged anyway). Each rollup row is written once, in key order.
CREATE FUNCTION "overview_fold"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(7215020, hashtext(current_schema())) THEN
    RETURN;
  END IF;
  WITH moved AS (
    DELETE FROM overview_changes RETURNING day, status, part_id, orders, units, cents
  ), days AS (
    INSERT INTO order_days AS d (day, status, orders, cents)
    SELECT day, status, sum(orders), sum(cents) FROM moved WHERE status IS NOT NULL
    GROUP BY day, status ORDER BY day, status
    ON CONFLICT (day, status) DO UPDATE SET orders = d.orders + excluded.orders, cents = d.cents + excluded.cents
  ), totals AS (
    INSERT INTO order_status_totals AS t (status, orders, cents)
    SELECT status, sum(orders), sum(cents) FROM moved WHERE status IS NOT NULL
    GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET orders = t.orders + excluded.orders, cents = t.cents + excluded.cents
  )
  INSERT INTO part_days AS p (day, part_id, units, cents)
  SELECT day, part_id, sum(units), sum(cents) FROM moved WHERE part_id IS NOT NULL
  GROUP BY day, part_id ORDER BY day, part_id
  ON CONFLICT (day, part_id) DO UPDATE SET units = p.units + excluded.units, cents = p.cents + excluded.cents;
END $$;--> statement-breakpoint
-- The store's time zone, set by the API at start from `TZ`: a new zone moves orders between
-- days, so the rollups are recounted, with writers held off meanwhile (SHARE lets readers in).
CREATE FUNCTION "overview_use_time_zone"(zone text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM now() AT TIME ZONE zone; -- an unknown zone fails here, before anything changes
  IF (SELECT name FROM store_time_zone WHERE id = 1) = zone THEN
    RETURN false;
  END IF;
  LOCK TABLE orders, order_lines IN SHARE MODE;
  PERFORM pg_advisory_xact_lock(7215020, hashtext(current_schema()));
  UPDATE store_time_zone SET name = zone WHERE id = 1;
  PERFORM overview_recount();
  RETURN true;
END $$;--> statement-breakpoint
-- Low stock: parts listed with fewer units than LOW_STOCK_THRESHOLD (a range of the first index,
-- whatever the setting) or than their minimum order (the second, fewest first).
CREATE INDEX "parts_listed_stock_idx" ON "parts" ("available_quantity", "id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "parts_below_minimum_idx" ON "parts" ("available_quantity", "id")
  WHERE "deleted_at" IS NULL AND "available_quantity" < "min_order_quantity";--> statement-breakpoint
-- New customers: a range of the last 30 days of sign-ups.
CREATE INDEX "users_customers_newest_idx" ON "users" ("created_at") WHERE "role" = 'customer';
