-- The overview's top parts read a few rows, whatever the orders or the parts sold (decision 055).
-- Summing part_days (one row per part and day sold: up to 30,000 rows at 1,000 parts a day) on
-- every read would not, so the 30-day sums are kept per part in `part_window`, for the days
-- `overview_window` names:
--
--   part_window[p] = sum of part_days[d, p] for d from first_day to last_day   (the invariant)
--
-- The fold keeps it: a staged change of a day inside the window goes to part_days and to
-- part_window in the same statement. At midnight (the store's, `store_time_zone`) the window
-- moves by the day that leaves and the day that enters, read from part_days (one day's rows,
-- once a day: no job recounts the 30 days). A reader whose window has not moved yet (the fold is
-- skipped while another runs) corrects it by those same days in its statement, so the figures
-- are exact either way; the index below gives the first rows by revenue without a sort.
CREATE TABLE "overview_window" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "overview_window_one_row" CHECK ("id" = 1),
	CONSTRAINT "overview_window_days" CHECK ("first_day" <= "last_day")
);--> statement-breakpoint
CREATE TABLE "part_window" (
	"part_id" uuid PRIMARY KEY NOT NULL,
	"units" bigint NOT NULL,
	"cents" bigint NOT NULL
);--> statement-breakpoint
-- The overview's order (revenue, then units, then id), parts with units sold only, as its list.
CREATE INDEX "part_window_top_idx" ON "part_window" ("cents" DESC, "units" DESC, "part_id") WHERE "units" > 0;--> statement-breakpoint
-- Moves the window to the 30 days ending `to_day` (OVERVIEW_DAYS; the reader is exact with any
-- window, this only decides how much it corrects): takes out the days that leave, adds the days
-- that enter, each a range of part_days' key. A window far away is rebuilt from its 30 days.
-- Callers hold the fold's lock, so the window and part_days move together.
CREATE FUNCTION "overview_move_window"(to_day date) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
SELECT "overview_move_window"((now() AT TIME ZONE (SELECT name FROM store_time_zone WHERE id = 1))::date);--> statement-breakpoint
-- Migration 0020's fold, which now also moves the window to today and keeps part_window with
-- part_days (the staged part changes of the window's days, in the same statement).
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
END $$;--> statement-breakpoint
-- Migration 0020's recount (a new time zone): the window is rebuilt from the recounted days.
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
END $$;--> statement-breakpoint
-- Migration 0020's TRUNCATE trigger: the part rollups go, so does their window's sum.
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
