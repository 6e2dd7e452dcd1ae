-- The owner's overview (decision 055): orders and their lines roll up by day, status and part as
-- they are written, so the overview reads a few rows, never the orders.
--
-- The one definition of these functions and triggers, applied at every start (db/sql-sources.ts).

-- The store's time zone, set by the API at start from `TZ`: a new zone moves orders between
-- days, so the rollups are recounted, with writers held off meanwhile (SHARE lets readers in).
CREATE OR REPLACE FUNCTION "overview_use_time_zone"(zone text) RETURNS boolean LANGUAGE plpgsql AS $$
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
END $$;

-- Inserts and deletes of orders: one change per day and status of the statement's rows, so a
-- bulk insert of a year of orders is a few hundred rows here, not one per order.
CREATE OR REPLACE FUNCTION "orders_overview_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;

CREATE OR REPLACE TRIGGER "orders_overview_inserts" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_overview_changes"();

CREATE OR REPLACE TRIGGER "orders_overview_deletes" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_overview_changes"();

-- A move (paid, shipped, cancelled, expired, a payment undone) takes the order out of its old
-- day and status and into the new. Its lines count for their parts while the order is paid or
-- shipped: they enter or leave the part rollup when the order starts or stops counting (or
-- changes day). Updates that change none of these (carrier, tracking, updated_at) never call it.
CREATE OR REPLACE FUNCTION "orders_overview_move"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;

CREATE OR REPLACE TRIGGER "orders_overview_moves" AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
    OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION "orders_overview_move"();

-- Lines written, changed or removed while their order is paid or shipped (an order placed as
-- paid by an import, a correction by SQL). An order placed through the API is unpaid: its lines
-- enter the part rollup when it is paid (orders_overview_move). Old rows count negative, new rows
-- positive; a change that moves nothing stages nothing.
CREATE OR REPLACE FUNCTION "order_lines_overview_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;

CREATE OR REPLACE TRIGGER "order_lines_overview_inserts" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_overview_changes"();

CREATE OR REPLACE TRIGGER "order_lines_overview_updates" AFTER UPDATE ON "order_lines"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_overview_changes"();

CREATE OR REPLACE TRIGGER "order_lines_overview_deletes" AFTER DELETE ON "order_lines" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_overview_changes"();

-- TRUNCATE fires no row trigger: the rollups go with the table, and so does the window's sum.
CREATE OR REPLACE FUNCTION "overview_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    DELETE FROM overview_changes;
    DELETE FROM order_days;
    DELETE FROM order_status_totals;
  ELSE
    DELETE FROM overview_changes WHERE part_id IS NOT NULL;
  END IF;
  DELETE FROM part_days;
  DELETE FROM part_window;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "orders_overview_truncated" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "overview_truncated"();

CREATE OR REPLACE TRIGGER "order_lines_overview_truncated" AFTER TRUNCATE ON "order_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "overview_truncated"();

-- Moves the window to the 30 days ending `to_day` (OVERVIEW_DAYS; the reader is exact with any
-- window, this only decides how much it corrects): takes out the days that leave, adds the days
-- that enter, each a range of part_days' key. A window far away is rebuilt from its 30 days.
-- Callers hold the fold's lock, so the window and part_days move together.
CREATE OR REPLACE FUNCTION "overview_move_window"(to_day date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  from_day date := to_day - 29;
  w overview_window%ROWTYPE;
BEGIN
  SELECT * INTO w FROM overview_window WHERE id = 1;
  IF NOT FOUND OR from_day > w.last_day OR to_day < w.first_day THEN
    DELETE FROM part_window;
    INSERT INTO part_window (part_id, units, cents)
    SELECT part_id, sum(units), sum(cents) FROM part_days WHERE day BETWEEN from_day AND to_day
    GROUP BY part_id ORDER BY part_id;
  ELSIF w.first_day <> from_day OR w.last_day <> to_day THEN
    INSERT INTO part_window AS p (part_id, units, cents)
    SELECT part_id, sum(units), sum(cents) FROM (
      SELECT part_id, -units AS units, -cents AS cents FROM part_days WHERE day BETWEEN w.first_day AND least(w.last_day, from_day - 1)
      UNION ALL
      SELECT part_id, -units, -cents FROM part_days WHERE day BETWEEN greatest(w.first_day, to_day + 1) AND w.last_day
      UNION ALL
      SELECT part_id, units, cents FROM part_days WHERE day BETWEEN from_day AND least(to_day, w.first_day - 1)
      UNION ALL
      SELECT part_id, units, cents FROM part_days WHERE day BETWEEN greatest(from_day, w.last_day + 1) AND to_day
    ) moved GROUP BY part_id ORDER BY part_id
    ON CONFLICT (part_id) DO UPDATE SET units = p.units + excluded.units, cents = p.cents + excluded.cents;
    -- Parts no longer sold in the window: once a day, so the table stays the parts of 30 days.
    DELETE FROM part_window WHERE units = 0 AND cents = 0;
  ELSE
    RETURN;
  END IF;
  INSERT INTO overview_window (id, first_day, last_day) VALUES (1, from_day, to_day)
  ON CONFLICT (id) DO UPDATE SET first_day = excluded.first_day, last_day = excluded.last_day;
END $$;

-- Folds the staged changes into the day rollups, moves the window to today and keeps part_window
-- with part_days (the staged part changes of the window's days, in the same statement).
CREATE OR REPLACE FUNCTION "overview_fold"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(7215020, hashtext(current_schema())) THEN
    RETURN;
  END IF;
  PERFORM overview_move_window((now() AT TIME ZONE (SELECT name FROM store_time_zone WHERE id = 1))::date);
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
  ), window_parts AS (
    INSERT INTO part_window AS w (part_id, units, cents)
    SELECT m.part_id, sum(m.units), sum(m.cents) FROM moved m, overview_window v
    WHERE m.part_id IS NOT NULL AND v.id = 1 AND m.day BETWEEN v.first_day AND v.last_day
    GROUP BY m.part_id ORDER BY m.part_id
    ON CONFLICT (part_id) DO UPDATE SET units = w.units + excluded.units, cents = w.cents + excluded.cents
  )
  INSERT INTO part_days AS p (day, part_id, units, cents)
  SELECT day, part_id, sum(units), sum(cents) FROM moved WHERE part_id IS NOT NULL
  GROUP BY day, part_id ORDER BY day, part_id
  ON CONFLICT (day, part_id) DO UPDATE SET units = p.units + excluded.units, cents = p.cents + excluded.cents;
END $$;

-- Recounts the rollups from the orders (a new time zone moves orders between days); the window is
-- rebuilt from the recounted days.
CREATE OR REPLACE FUNCTION "overview_recount"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT name FROM store_time_zone WHERE id = 1);
BEGIN
  DELETE FROM overview_changes;
  DELETE FROM order_days;
  DELETE FROM order_status_totals;
  DELETE FROM part_days;
  DELETE FROM overview_window;
  INSERT INTO order_days (day, status, orders, cents)
  SELECT (created_at AT TIME ZONE zone)::date, status, count(*), sum(total_cents) FROM orders GROUP BY 1, 2;
  INSERT INTO order_status_totals (status, orders, cents)
  SELECT status, count(*), sum(total_cents) FROM orders GROUP BY 1;
  INSERT INTO part_days (day, part_id, units, cents)
  SELECT (o.created_at AT TIME ZONE zone)::date, l.part_id, sum(l.quantity), sum(l.total_cents)
  FROM order_lines l JOIN orders o ON o.id = l.order_id
  WHERE o.status IN ('paid', 'shipped') GROUP BY 1, 2;
  PERFORM overview_move_window((now() AT TIME ZONE zone)::date);
END $$;
