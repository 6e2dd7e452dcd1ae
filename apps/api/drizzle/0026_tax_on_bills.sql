-- Tax on every bill (decision 053). Every order and order line stores its tax
-- and its gross amount (`total_cents`, what the customer pays, as before); the net amount is
-- stored too, as the difference, so the three always agree. Orders placed before keep their
-- totals with no tax: the new columns' defaults (no row is rewritten by an UPDATE, so no trigger
-- on orders fires for them).
ALTER TABLE "orders"
  ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL,
  ADD COLUMN "net_cents" bigint GENERATED ALWAYS AS ("total_cents" - "tax_cents") STORED,
  -- The rule the order was taxed under, for its invoice.
  ADD COLUMN "tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
  ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL,
  ADD CONSTRAINT "orders_tax_within_total" CHECK ("tax_cents" >= 0 AND "tax_cents" <= "total_cents"),
  ADD CONSTRAINT "orders_tax_rate_known" CHECK ("tax_rate_basis_points" BETWEEN 0 AND 10000);--> statement-breakpoint
ALTER TABLE "order_lines"
  ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL,
  ADD COLUMN "net_cents" bigint GENERATED ALWAYS AS ("total_cents" - "tax_cents") STORED,
  ADD CONSTRAINT "order_lines_tax_within_total" CHECK ("tax_cents" >= 0 AND "tax_cents" <= "total_cents");--> statement-breakpoint

-- One line's bill, now with its tax: the bulk discount rounded half up to the cent, then the tax
-- on what is left, rounded half up to the cent (prices before tax: tax = amount x rate; prices
-- with tax: net = amount / (1 + rate), tax = amount - net), as `computeBill` and `applyTax`
-- (packages/shared) and compared with them on random inputs (test/orders/placement.test.ts). `tax` is
-- {rateBasisPoints, pricesIncludeTax}; the rate in hundredths of a percent. `total_cents` is the
-- gross amount.
DROP FUNCTION "line_bill"(integer, integer, boolean, jsonb);--> statement-breakpoint
CREATE FUNCTION "line_bill"(price integer, quantity integer, eligible boolean, bulk jsonb, tax jsonb)
RETURNS TABLE (discount_percent integer, discount_cents bigint, tax_cents bigint, total_cents bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT d.pct, d.discount, t.tax,
    CASE WHEN t.inclusive THEN d.amount ELSE d.amount + t.tax END
  FROM (
    SELECT pct, discount, price::bigint * quantity - discount AS amount
    FROM (
      SELECT pct, (price::bigint * quantity * pct + 50) / 100 AS discount
      FROM (
        SELECT CASE WHEN eligible
          THEN least((quantity / (bulk->>'unitsPerStep')::int) * (bulk->>'percentPerStep')::int, (bulk->>'maxPercent')::int)
          ELSE 0 END AS pct
      ) p
    ) q
  ) d
  CROSS JOIN LATERAL (
    SELECT r.inclusive, CASE WHEN r.inclusive
      -- amount - round(amount x 10,000 / (10,000 + rate)), half up in integers: (2a*10^4 + d) / 2d.
      THEN d.amount - (2 * d.amount * 10000 + (10000 + r.rate)) / (2 * (10000 + r.rate))
      ELSE (d.amount * r.rate + 5000) / 10000 END AS tax
    FROM (
      SELECT coalesce((tax->>'rateBasisPoints')::bigint, 0) AS rate,
        coalesce((tax->>'pricesIncludeTax')::boolean, false) AS inclusive
    ) r
  ) t
$$;--> statement-breakpoint

-- `request`: email, userName, phone, address, poReference, idempotencyKey, idempotencyHash, and
-- `lines` ([{partId | sku, quantity}], or absent: the customer's cart, emptied by the order).
-- `rules`: maxOpenOrders, defaultLimitCents, keyLifetimeSeconds, maxLines, bulk, tax, moreName
-- (`{first} and {more} more`), locks {openOrders, cart} (db/locks.ts), job {schema, name} (absent:
-- no job queue). Answers {outcome, ...}: placed or replayed (with the order and its lines), or
-- what refused it, having changed nothing.
CREATE OR REPLACE FUNCTION "place_order"(request jsonb, rules jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_email text := request->>'email';
  v_key text := request->>'idempotencyKey';
  v_from_cart boolean := jsonb_typeof(request->'lines') IS DISTINCT FROM 'array';
  v_earlier_id uuid;
  v_earlier_age numeric;
  v_open bigint;
  v_held bigint;
  v_limit bigint;
  v_asked jsonb;
  v_unresolved bigint;
  v_parts jsonb;
  v_short jsonb;
  v_priced jsonb;
  v_total bigint;
  v_count integer;
  v_order orders;
  v_lines jsonb;
  v_event_id uuid := gen_random_uuid();
  v_jobs integer;
BEGIN
  -- The customer's lock first (db/locks.ts), then the key: a retry that waited here for its
  -- first request finds that request's order. Each statement below reads anew, after the lock.
  PERFORM pg_advisory_xact_lock((rules->'locks'->>'openOrders')::int, hashtext(v_email));
  IF v_key IS NOT NULL THEN
    SELECT o.id, extract(epoch FROM now() - o.created_at) INTO v_earlier_id, v_earlier_age
    FROM orders o WHERE o.email = v_email AND o.idempotency_key = v_key;
    IF v_earlier_id IS NOT NULL AND v_earlier_age <= (rules->>'keyLifetimeSeconds')::numeric THEN
      RETURN jsonb_build_object(
        'outcome', 'replayed',
        'order', (SELECT to_jsonb(o) FROM orders o WHERE o.id = v_earlier_id),
        'lines', (SELECT coalesce(jsonb_agg(to_jsonb(l) ORDER BY l.position), '[]')
                  FROM order_lines l WHERE l.order_id = v_earlier_id));
    END IF;
  END IF;

  SELECT count(*), coalesce(sum(o.total_cents), 0) INTO v_open, v_held
  FROM orders o WHERE o.email = v_email AND o.status = 'unpaid';
  IF v_open >= (rules->>'maxOpenOrders')::int THEN
    RETURN jsonb_build_object('outcome', 'too-many-open');
  END IF;

  IF v_from_cart THEN
    -- The cart's lock, always after the customer's; its lines oldest first are the order's.
    PERFORM pg_advisory_xact_lock((rules->'locks'->>'cart')::int, hashtext(v_email));
    SELECT coalesce(jsonb_agg(jsonb_build_object('partId', c.part_id, 'quantity', c.quantity)
                              ORDER BY c.added_at, c.part_id), '[]')
    INTO v_asked
    FROM (SELECT part_id, quantity, added_at FROM cart_lines WHERE email = v_email FOR UPDATE) c;
  ELSE
    v_asked := request->'lines';
  END IF;
  IF jsonb_array_length(v_asked) = 0 THEN
    RETURN jsonb_build_object('outcome', 'empty');
  END IF;
  IF jsonb_array_length(v_asked) > (rules->>'maxLines')::int THEN
    RETURN jsonb_build_object('outcome', 'too-many-lines');
  END IF;

  -- Each line's part (by id, or by SKU whatever its case), the lines of one part merged (first
  -- place kept), the parts' rows locked in order of id (every writer of stock locks them in that
  -- order: no deadlock), then judged and priced from the locked rows. Nothing is written yet.
  WITH asked AS (
    SELECT a.ord, (a.line->>'partId')::uuid AS part_id, a.line->>'sku' AS sku,
      (a.line->>'quantity')::int AS quantity
    FROM jsonb_array_elements(v_asked) WITH ORDINALITY AS a(line, ord)
  ),
  resolved AS (
    SELECT a.ord, a.quantity,
      CASE WHEN a.part_id IS NOT NULL THEN (SELECT p.id FROM parts p WHERE p.id = a.part_id)
           ELSE (SELECT p.id FROM parts p WHERE lower(p.sku) = lower(a.sku)) END AS id
    FROM asked a
  ),
  merged AS (
    SELECT r.id, min(r.ord) AS first, sum(r.quantity)::int AS quantity
    FROM resolved r WHERE r.id IS NOT NULL GROUP BY r.id
  ),
  locked AS MATERIALIZED (
    SELECT p.id, p.sku, p.name, p.price_cents, p.bulk_discount, p.min_order_quantity,
      p.order_multiple, p.available_quantity, p.deleted_at IS NULL AS listed
    FROM parts p WHERE p.id IN (SELECT m.id FROM merged m)
    ORDER BY p.id FOR NO KEY UPDATE OF p
  )
  SELECT
    (SELECT count(*) FROM resolved r WHERE r.id IS NULL),
    (SELECT jsonb_agg(jsonb_build_object('id', l.id, 'sku', l.sku, 'name', l.name,
       'minOrderQuantity', l.min_order_quantity, 'orderMultiple', l.order_multiple,
       'availableQuantity', l.available_quantity, 'listed', l.listed)) FROM locked l),
    (SELECT jsonb_agg(m.id) FROM merged m JOIN locked l ON l.id = m.id
     WHERE NOT (l.listed AND l.available_quantity >= m.quantity
                AND l.min_order_quantity <= m.quantity AND m.quantity % l.order_multiple = 0)),
    (SELECT jsonb_agg(jsonb_build_object('partId', l.id, 'sku', l.sku, 'productName', l.name,
       'unitPriceCents', l.price_cents, 'quantity', m.quantity, 'discountPercent', b.discount_percent,
       'discountCents', b.discount_cents, 'taxCents', b.tax_cents, 'totalCents', b.total_cents)
       ORDER BY m.first)
     FROM merged m JOIN locked l ON l.id = m.id
     CROSS JOIN LATERAL line_bill(l.price_cents, m.quantity, l.bulk_discount, rules->'bulk', rules->'tax') b)
  INTO v_unresolved, v_parts, v_short, v_priced;
  IF v_unresolved > 0 OR v_short IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', 'refused', 'asked', v_asked,
      'parts', coalesce(v_parts, '[]'), 'short', coalesce(v_short, '[]'));
  END IF;

  SELECT sum((l->>'totalCents')::bigint), count(*) INTO v_total, v_count
  FROM jsonb_array_elements(v_priced) l;
  SELECT coalesce((SELECT u.credit_limit_cents FROM users u WHERE u.email = v_email),
                  (rules->>'defaultLimitCents')::bigint)
  INTO v_limit;
  IF v_held + v_total > v_limit THEN
    RETURN jsonb_build_object('outcome', 'over-limit', 'totalCents', v_held + v_total, 'limitCents', v_limit);
  END IF;

  -- Every rule holds: the writes. A key past its lifetime is spent: freed for this order.
  -- The stock's change is announced to the read caches by the store, after the commit.
  PERFORM set_config('store.parts_announced_later', 'on', true);
  IF v_earlier_id IS NOT NULL THEN
    UPDATE orders SET idempotency_key = NULL WHERE id = v_earlier_id;
  END IF;
  UPDATE parts p SET available_quantity = p.available_quantity - (l->>'quantity')::int
  FROM jsonb_array_elements(v_priced) l WHERE p.id = (l->>'partId')::uuid;
  IF v_from_cart THEN
    DELETE FROM cart_lines WHERE email = v_email;
  END IF;

  INSERT INTO orders (part_id, product_name, unit_price_cents, product_quantity, discount_percent,
    discount_cents, tax_cents, total_cents, tax_rate_basis_points, prices_include_tax, line_count, po_reference, user_name, email, phone, address,
    company_name, vat_number, status, idempotency_key, idempotency_hash)
  SELECT (f->>'partId')::uuid,
    CASE WHEN v_count = 1 THEN f->>'productName'
         ELSE replace(replace(rules->>'moreName', '{more}', (v_count - 1)::text), '{first}', f->>'productName') END,
    (f->>'unitPriceCents')::int,
    (SELECT sum((l->>'quantity')::int) FROM jsonb_array_elements(v_priced) l),
    -- A one-line order keeps its line's discount rate; a multi-line order's rates are its lines'.
    CASE WHEN v_count = 1 THEN (f->>'discountPercent')::int ELSE 0 END,
    (SELECT sum((l->>'discountCents')::bigint) FROM jsonb_array_elements(v_priced) l),
    -- The order's tax is its lines', never rounded again (decision 053).
    (SELECT sum((l->>'taxCents')::bigint) FROM jsonb_array_elements(v_priced) l),
    v_total, coalesce((rules->'tax'->>'rateBasisPoints')::int, 0),
    coalesce((rules->'tax'->>'pricesIncludeTax')::boolean, false), v_count, request->>'poReference', request->>'userName', v_email,
    request->>'phone', request->>'address',
    -- The buyer's company and VAT number as My Profile has them now: the invoice keeps them.
    u.company_name, u.vat_number, 'unpaid', v_key,
    CASE WHEN v_key IS NOT NULL THEN request->>'idempotencyHash' END
  FROM (SELECT v_priced->0 AS f) first_line
  LEFT JOIN users u ON u.email = v_email
  RETURNING * INTO v_order;

  WITH inserted AS (
    INSERT INTO order_lines (order_id, position, part_id, sku, product_name, unit_price_cents,
      quantity, discount_percent, discount_cents, tax_cents, total_cents)
    SELECT v_order.id, l.ord, (l.line->>'partId')::uuid, l.line->>'sku', l.line->>'productName',
      (l.line->>'unitPriceCents')::int, (l.line->>'quantity')::int,
      (l.line->>'discountPercent')::int, (l.line->>'discountCents')::bigint,
      (l.line->>'taxCents')::bigint, (l.line->>'totalCents')::bigint
    FROM jsonb_array_elements(v_priced) WITH ORDINALITY AS l(line, ord)
    RETURNING *
  )
  SELECT jsonb_agg(to_jsonb(i) ORDER BY i.position) INTO v_lines FROM inserted i;

  -- The first history entry; its time, now(), is the transaction's start, as the order's.
  INSERT INTO order_events (id, order_id, status, by, at)
  VALUES (v_event_id, v_order.id, 'unpaid', v_email, now());

  -- The job that sends the order's e-mails, written as pg-boss's own `send` writes it (its
  -- queue's retry, expiry and retention settings), in this transaction: it exists exactly when
  -- the order does. test/placement-job.test.ts compares it with a job sent through pg-boss.
  IF rules->'job' IS NOT NULL AND jsonb_typeof(rules->'job') = 'object' THEN
    EXECUTE format(
      'INSERT INTO %I.job (name, data, priority, start_after, singleton_key, singleton_on,'
      ' dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)'
      ' SELECT q.name, $1, 0, now(), NULL, NULL, q.dead_letter,'
      '   coalesce(q.expire_seconds * interval ''1s'', interval ''15 minutes''),'
      '   now() + CAST(coalesce((q.retention_minutes * 60)::text, ''14 days'') AS interval),'
      '   coalesce(q.retry_limit, 2),'
      '   CASE WHEN coalesce(q.retry_backoff, false) THEN greatest(coalesce(q.retry_delay, 0), 1)'
      '        ELSE coalesce(q.retry_delay, 0) END,'
      '   coalesce(q.retry_backoff, false), q.policy'
      ' FROM %I.queue q WHERE q.name = $2',
      rules->'job'->>'schema', rules->'job'->>'schema')
    USING jsonb_build_object('eventId', v_event_id), rules->'job'->>'name';
    GET DIAGNOSTICS v_jobs = ROW_COUNT;
    IF v_jobs <> 1 THEN
      RAISE EXCEPTION 'The job queue % does not exist', rules->'job'->>'name';
    END IF;
  END IF;

  RETURN jsonb_build_object('outcome', 'placed', 'order', to_jsonb(v_order), 'lines', v_lines,
    'eventId', v_event_id);
END
$$;
