-- Placing orders in one round trip (decisions 045, 058): `place_order` judges, prices and places
-- one order in the call's own transaction; `place_orders` places a batch of plain ones together.
-- The rules come from the store as `rules` (caps, credit limit, the bulk discount's steps, lock
-- spaces, the name of a multi-line order); the bill's formula is `computeBill`
-- (packages/shared/src/bill.ts), twinned here and compared with it on random inputs.
--
-- The one definition of these functions and triggers, applied at every start (db/sql-sources.ts).

-- The one judgement of an order line: null when the line may be ordered as asked, else the first
-- rule it breaks, in the order the cart flags them: 'unavailable' (delisted, or so little stock
-- that no whole number of packs reaches the minimum), 'over-stock', 'below-minimum',
-- 'not-multiple' (not whole packs). Both placements judge every line with it; the store words
-- each code (features/orders/refusals.ts). Its twin for the cart's hints is `lineVerdict`
-- (packages/shared/src/cart-rules.ts), compared with it on random inputs
-- (test/orders/line-verdict.test.ts). Plain SQL, so the planner inlines it into the queries.
CREATE OR REPLACE FUNCTION "line_verdict"(listed boolean, quantity integer, minimum integer, multiple integer, available integer)
RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN NOT listed THEN 'unavailable'
    -- The most whole packs the stock holds is fewer than the fewest packs the minimum needs.
    WHEN available / greatest(multiple, 1)
         < (greatest(minimum, 1) + greatest(multiple, 1) - 1) / greatest(multiple, 1) THEN 'unavailable'
    WHEN quantity > available THEN 'over-stock'
    WHEN quantity < minimum THEN 'below-minimum'
    WHEN quantity % greatest(multiple, 1) <> 0 THEN 'not-multiple'
  END
$$;

-- Every amount of a line's bill is rounded half up to the currency's smallest amount, which the
-- store hands over in the tax rule (`minorUnitCents`: 100 hundredths for a yen, 1 for the rest).
-- (Hundredths of a yen, ¥123.40 of tax on ¥1,234, are an amount no card can be charged.) The
-- TypeScript twin is `computeBill` (packages/shared bill.ts).
CREATE OR REPLACE FUNCTION "line_bill"(price integer, quantity integer, eligible boolean, bulk jsonb, tax jsonb)
RETURNS TABLE (discount_percent integer, discount_cents bigint, tax_cents bigint, total_cents bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT d.pct, d.discount, t.tax,
    CASE WHEN t.inclusive THEN d.amount ELSE d.amount + t.tax END
  FROM (
    SELECT pct, discount, price::bigint * quantity - discount AS amount, unit
    FROM (
      -- Half up to the unit, in integers: (s*p + 50u) / 100u, times u.
      SELECT pct, unit, (price::bigint * quantity * pct + 50 * unit) / (100 * unit) * unit AS discount
      FROM (
        SELECT CASE WHEN eligible
          THEN least((quantity / (bulk->>'unitsPerStep')::int) * (bulk->>'percentPerStep')::int, (bulk->>'maxPercent')::int)
          ELSE 0 END AS pct,
          greatest(coalesce((tax->>'minorUnitCents')::bigint, 1), 1) AS unit
      ) p
    ) q
  ) d
  CROSS JOIN LATERAL (
    SELECT r.inclusive, CASE WHEN r.inclusive
      -- amount - round(amount x 10,000 / (10,000 + rate)) in units, half up: (2a*10^4 + du) / 2du, times u.
      THEN d.amount - (2 * d.amount * 10000 + (10000 + r.rate) * d.unit) / (2 * (10000 + r.rate) * d.unit) * d.unit
      ELSE (d.amount * r.rate + 5000 * d.unit) / (10000 * d.unit) * d.unit END AS tax
    FROM (
      SELECT coalesce((tax->>'rateBasisPoints')::bigint, 0) AS rate,
        coalesce((tax->>'pricesIncludeTax')::boolean, false) AS inclusive
    ) r
  ) t
$$;

-- The `order-event` jobs of new history entries (`event_ids`, a JSON array), written as pg-boss's
-- own `send` writes a job (its queue's retry, expiry and retention settings), in the caller's
-- transaction: a job exists exactly when its order does. test/orders/placement.test.ts compares one with
-- a job sent through pg-boss. `job` is {schema, name}; absent (no job queue), nothing is written.
CREATE OR REPLACE FUNCTION "order_event_jobs"(job jsonb, event_ids jsonb) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_jobs integer;
BEGIN
  IF job IS NULL OR jsonb_typeof(job) <> 'object' THEN
    RETURN;
  END IF;
  EXECUTE format(
    'INSERT INTO %I.job (name, data, priority, start_after, singleton_key, singleton_on,'
    ' dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)'
    ' SELECT q.name, jsonb_build_object(''eventId'', e.id), 0, now(), NULL, NULL, q.dead_letter,'
    '   coalesce(q.expire_seconds * interval ''1s'', interval ''15 minutes''),'
    '   now() + CAST(coalesce((q.retention_minutes * 60)::text, ''14 days'') AS interval),'
    '   coalesce(q.retry_limit, 2),'
    '   CASE WHEN coalesce(q.retry_backoff, false) THEN greatest(coalesce(q.retry_delay, 0), 1)'
    '        ELSE coalesce(q.retry_delay, 0) END,'
    '   coalesce(q.retry_backoff, false), q.policy'
    ' FROM %I.queue q CROSS JOIN jsonb_array_elements_text($1) AS e(id) WHERE q.name = $2',
    job->>'schema', job->>'schema')
  USING event_ids, job->>'name';
  GET DIAGNOSTICS v_jobs = ROW_COUNT;
  IF v_jobs <> jsonb_array_length(event_ids) THEN
    RAISE EXCEPTION 'The job queue % does not exist', job->>'name';
  END IF;
END
$$;

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
  v_refused jsonb;
  v_priced jsonb;
  v_total bigint;
  v_count integer;
  v_order orders;
  v_lines jsonb;
  v_event_id uuid := gen_random_uuid();
  v_lock_first boolean := coalesce((rules->>'lockFirst')::boolean, false);
  v_taken integer;
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

  -- Asked to lock first (the retry after a part changed under an optimistic try, below): every
  -- part a line may name, locked in order of id before it is read, as the other writers of stock
  -- lock them (no deadlock); the judgement below then reads the locked rows and the stock taken at
  -- the end cannot have moved.
  IF v_lock_first THEN
    PERFORM 1 FROM parts p
    WHERE p.id IN (SELECT (a->>'partId')::uuid FROM jsonb_array_elements(v_asked) a WHERE a ? 'partId')
       OR lower(p.sku) IN (SELECT lower(a->>'sku') FROM jsonb_array_elements(v_asked) a WHERE a ? 'sku')
    ORDER BY p.id FOR NO KEY UPDATE OF p;
  END IF;

  -- Each line's part (by id, or by SKU whatever its case), the lines of one part merged (first
  -- place kept), then judged (line_verdict) and priced from the parts as read. Nothing is written
  -- yet, and no part is locked: the stock is taken last (below), so a part every customer wants
  -- is held only from its update to the commit.
  WITH asked AS (
    SELECT a.ord, (a.line->>'partId')::uuid AS part_id, a.line->>'sku' AS sku,
      (a.line->>'quantity')::int AS quantity
    FROM jsonb_array_elements(v_asked) WITH ORDINALITY AS a(line, ord)
  ),
  resolved AS (
    SELECT a.ord, a.part_id, a.sku, a.quantity,
      CASE WHEN a.part_id IS NOT NULL THEN (SELECT p.id FROM parts p WHERE p.id = a.part_id)
           ELSE (SELECT p.id FROM parts p WHERE lower(p.sku) = lower(a.sku)) END AS id
    FROM asked a
  ),
  merged AS (
    SELECT r.id, min(r.ord) AS first, sum(r.quantity)::int AS quantity
    FROM resolved r WHERE r.id IS NOT NULL GROUP BY r.id
  ),
  judged AS MATERIALIZED (
    SELECT m.first, m.quantity, p.id, p.sku, p.name, p.price_cents, p.bulk_discount,
      p.min_order_quantity, p.order_multiple, p.available_quantity, p.deleted_at IS NULL AS listed,
      line_verdict(p.deleted_at IS NULL, m.quantity, p.min_order_quantity, p.order_multiple,
                   p.available_quantity) AS verdict
    FROM merged m JOIN parts p ON p.id = m.id
  )
  SELECT
    -- Every refused line, in the order asked, with its verdict and the figures it was judged on:
    -- a line naming no part is 'unknown', as the customer named it.
    (SELECT jsonb_agg(v.line ORDER BY v.ord) FROM (
       SELECT r.ord, jsonb_build_object('partId', r.part_id, 'sku', r.sku, 'quantity', r.quantity,
         'verdict', 'unknown') AS line
       FROM resolved r WHERE r.id IS NULL
       UNION ALL
       SELECT j.first, jsonb_build_object('partId', j.id, 'sku', j.sku, 'quantity', j.quantity,
         'verdict', j.verdict, 'listed', j.listed, 'minOrderQuantity', j.min_order_quantity,
         'orderMultiple', j.order_multiple, 'availableQuantity', j.available_quantity)
       FROM judged j WHERE j.verdict IS NOT NULL) v),
    (SELECT jsonb_agg(jsonb_build_object('partId', j.id, 'sku', j.sku, 'productName', j.name,
       'unitPriceCents', j.price_cents, 'quantity', j.quantity, 'discountPercent', b.discount_percent,
       'discountCents', b.discount_cents, 'taxCents', b.tax_cents, 'totalCents', b.total_cents,
       -- What else the line was judged and priced on: the stock is taken only if it still holds.
       'bulkDiscount', j.bulk_discount, 'minOrderQuantity', j.min_order_quantity,
       'orderMultiple', j.order_multiple)
       ORDER BY j.first)
     FROM judged j
     CROSS JOIN LATERAL line_bill(j.price_cents, j.quantity, j.bulk_discount, rules->'bulk', rules->'tax') b)
  INTO v_refused, v_priced;
  IF v_refused IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', 'refused', 'lines', v_refused);
  END IF;

  SELECT sum((l->>'totalCents')::bigint), count(*) INTO v_total, v_count
  FROM jsonb_array_elements(v_priced) l;
  SELECT coalesce((SELECT u.credit_limit_cents FROM users u WHERE u.email = v_email),
                  (rules->>'defaultLimitCents')::bigint)
  INTO v_limit;
  IF v_held + v_total > v_limit THEN
    RETURN jsonb_build_object('outcome', 'over-limit', 'totalCents', v_held + v_total, 'limitCents', v_limit);
  END IF;

  -- Every rule holds: the writes, the stock last. A key past its lifetime is spent: freed for
  -- this order. The stock's change is announced to the read caches by the store, after the commit.
  PERFORM set_config('store.parts_announced_later', 'on', true);
  IF v_earlier_id IS NOT NULL THEN
    UPDATE orders SET idempotency_key = NULL WHERE id = v_earlier_id;
  END IF;
  IF v_from_cart THEN
    DELETE FROM cart_lines WHERE email = v_email;
  END IF;

  INSERT INTO orders (discount_cents, tax_cents, total_cents, tax_rate_basis_points,
    prices_include_tax, line_count, po_reference, user_name, email, phone, address, company_name,
    vat_number, status, idempotency_key, idempotency_hash)
  SELECT (SELECT sum((l->>'discountCents')::bigint) FROM jsonb_array_elements(v_priced) l),
    -- The order's tax is its lines', never rounded again (decision 053).
    (SELECT sum((l->>'taxCents')::bigint) FROM jsonb_array_elements(v_priced) l),
    v_total, coalesce((rules->'tax'->>'rateBasisPoints')::int, 0),
    coalesce((rules->'tax'->>'pricesIncludeTax')::boolean, false), v_count, request->>'poReference',
    request->>'userName', v_email, request->>'phone', request->>'address',
    -- The buyer's company and VAT number as My Profile has them now: the invoice keeps them.
    u.company_name, u.vat_number, 'unpaid', v_key,
    CASE WHEN v_key IS NOT NULL THEN request->>'idempotencyHash' END
  FROM (SELECT 1) one
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

  -- The job that sends the order's e-mails, in this transaction: it exists exactly when the
  -- order does (order_event_jobs, below).
  PERFORM order_event_jobs(rules->'job', jsonb_build_array(v_event_id));

  -- The stock, last: each line's part locked in order of id (as every writer of stock locks
  -- them: no deadlock), then taken only where the part is still what the line was judged and
  -- priced on. Under the lock for the rest of the transaction: these two statements and the
  -- commit. A part that changed meanwhile (its stock ran short, its price or rules moved, it was
  -- delisted) fails the whole call, which undoes every write above; the store tries once more
  -- with lockFirst (db/batched-calls.ts), which judges the locked rows instead.
  PERFORM 1 FROM parts p
  WHERE p.id IN (SELECT (l->>'partId')::uuid FROM jsonb_array_elements(v_priced) l)
  ORDER BY p.id FOR NO KEY UPDATE OF p;
  UPDATE parts p SET available_quantity = p.available_quantity - (l->>'quantity')::int
  FROM jsonb_array_elements(v_priced) l
  WHERE p.id = (l->>'partId')::uuid AND p.deleted_at IS NULL
    AND p.available_quantity >= (l->>'quantity')::int
    AND p.price_cents = (l->>'unitPriceCents')::int AND p.bulk_discount = (l->>'bulkDiscount')::boolean
    AND p.min_order_quantity = (l->>'minOrderQuantity')::int
    AND p.order_multiple = (l->>'orderMultiple')::int
    AND p.name = l->>'productName' AND p.sku = l->>'sku';
  GET DIAGNOSTICS v_taken = ROW_COUNT;
  IF v_taken <> v_count THEN
    RAISE EXCEPTION 'a part changed while the order was placed' USING ERRCODE = 'SR409';
  END IF;

  RETURN jsonb_build_object('outcome', 'placed', 'order', to_jsonb(v_order), 'lines', v_lines,
    'eventId', v_event_id);
END

$$;

-- Several customers' orders in one call and one transaction (decision 058): the store gathers the
-- orders that arrive while its earlier calls run (db/batched-calls.ts) and places
-- them together, so a rush costs one transaction, a few statements and one commit per batch
-- instead of per order. Only the plain case is placed here, set-based: lines in the request (not
-- a cart), one request per customer, a key never used, every line found and within its part's
-- rules, the caps and the credit limit kept, and every part's stock enough for all the batch's
-- orders of it together. Any other request is answered {outcome: 'single'}, and the store places
-- it with `place_order`, which says exactly why it is refused, or places it. Answers one element
-- per request, in their order: {outcome: 'placed', order, lines, eventId} or {outcome: 'single'}.
-- The stock is taken last, as in `place_order`: if a part changed meanwhile, SR409 undoes the
-- whole batch, and the store places each of its orders with `place_order`.
-- Without JIT: the planner cannot know how many requests and lines the JSON holds, guesses a
-- hundred of each, and the costs it then adds up would have each call compile its plan to machine
-- code, a quarter of a second, for a few milliseconds of work.
CREATE OR REPLACE FUNCTION "place_orders"(requests jsonb, rules jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE SET jit = off AS $$
DECLARE
  v_ok jsonb;
  v_orders jsonb;
  v_lines jsonb;
  v_parts integer;
  v_taken integer;
BEGIN
  -- Every customer's lock, in one order (of the lock's key) whoever takes several: no deadlock.
  PERFORM pg_advisory_xact_lock((rules->'locks'->>'openOrders')::int, c.h)
  FROM (SELECT DISTINCT hashtext(r->>'email') AS h FROM jsonb_array_elements(requests) r ORDER BY 1) c;

  -- Which requests are plain, with their lines judged and priced from the parts as read (unlocked:
  -- the stock is taken last). Written as place_order judges one request, for all at once.
  WITH req AS (
    SELECT r.n, r.q->>'email' AS email, r.q->>'idempotencyKey' AS key, r.q
    FROM jsonb_array_elements(requests) WITH ORDINALITY AS r(q, n)
  ),
  asked AS (
    SELECT req.n, a.ord, (a.line->>'partId')::uuid AS part_id, a.line->>'sku' AS sku,
      (a.line->>'quantity')::int AS quantity
    FROM req CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(req.q->'lines') = 'array' THEN req.q->'lines' ELSE '[]' END
    ) WITH ORDINALITY AS a(line, ord)
  ),
  resolved AS (
    SELECT a.n, a.ord, a.quantity,
      CASE WHEN a.part_id IS NOT NULL THEN (SELECT p.id FROM parts p WHERE p.id = a.part_id)
           ELSE (SELECT p.id FROM parts p WHERE lower(p.sku) = lower(a.sku)) END AS id
    FROM asked a
  ),
  merged AS (
    SELECT r.n, r.id, min(r.ord) AS first, sum(r.quantity)::int AS quantity
    FROM resolved r WHERE r.id IS NOT NULL GROUP BY r.n, r.id
  ),
  priced AS (
    SELECT m.n, m.first, m.quantity, p.id, p.sku, p.name, p.price_cents, p.bulk_discount,
      p.min_order_quantity, p.order_multiple, p.available_quantity,
      line_verdict(p.deleted_at IS NULL, m.quantity, p.min_order_quantity, p.order_multiple,
                   p.available_quantity) IS NULL AS fits,
      b.discount_percent, b.discount_cents, b.tax_cents, b.total_cents
    FROM merged m JOIN parts p ON p.id = m.id
    CROSS JOIN LATERAL line_bill(p.price_cents, m.quantity, p.bulk_discount, rules->'bulk', rules->'tax') b
  ),
  candidates AS (
    SELECT req.n FROM req
    CROSS JOIN LATERAL (
      SELECT count(*) AS open, coalesce(sum(o.total_cents), 0) AS held
      FROM orders o WHERE o.email = req.email AND o.status = 'unpaid'
    ) u
    WHERE jsonb_typeof(req.q->'lines') = 'array'
      AND (SELECT count(*) FROM req same WHERE same.email = req.email) = 1
      AND (SELECT count(*) FROM asked a WHERE a.n = req.n) BETWEEN 1 AND (rules->>'maxLines')::int
      AND NOT EXISTS (SELECT 1 FROM resolved r WHERE r.n = req.n AND r.id IS NULL)
      AND (SELECT bool_and(p.fits) FROM priced p WHERE p.n = req.n)
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.email = req.email AND o.idempotency_key = req.key)
      AND u.open < (rules->>'maxOpenOrders')::int
      AND u.held + (SELECT sum(p.total_cents) FROM priced p WHERE p.n = req.n)
        <= coalesce((SELECT usr.credit_limit_cents FROM users usr WHERE usr.email = req.email),
                    (rules->>'defaultLimitCents')::bigint)
  ),
  -- Parts the plain requests together want more of than there is: theirs are placed one by one.
  short AS (
    SELECT p.id FROM priced p WHERE p.n IN (SELECT c.n FROM candidates c)
    GROUP BY p.id HAVING sum(p.quantity) > min(p.available_quantity)
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'n', c.n, 'orderId', gen_random_uuid(), 'eventId', gen_random_uuid(),
      'lines', (SELECT jsonb_agg(jsonb_build_object('partId', p.id, 'sku', p.sku, 'productName', p.name,
          'unitPriceCents', p.price_cents, 'quantity', p.quantity, 'discountPercent', p.discount_percent,
          'discountCents', p.discount_cents, 'taxCents', p.tax_cents, 'totalCents', p.total_cents,
          'bulkDiscount', p.bulk_discount, 'minOrderQuantity', p.min_order_quantity,
          'orderMultiple', p.order_multiple) ORDER BY p.first)
        FROM priced p WHERE p.n = c.n)) ORDER BY c.n), '[]')
  INTO v_ok
  FROM candidates c
  WHERE NOT EXISTS (SELECT 1 FROM priced p WHERE p.n = c.n AND p.id IN (SELECT s.id FROM short s));

  IF jsonb_array_length(v_ok) > 0 THEN
    PERFORM set_config('store.parts_announced_later', 'on', true);
    -- The orders, their lines and their first history entries, as place_order writes one.
    WITH acc AS (
      SELECT (a->>'n')::int AS n, (a->>'orderId')::uuid AS order_id, (a->>'eventId')::uuid AS event_id,
        a->'lines' AS lines, requests->((a->>'n')::int - 1) AS q,
        jsonb_array_length(a->'lines') AS c
      FROM jsonb_array_elements(v_ok) a
    ),
    new_orders AS (
      INSERT INTO orders (id, discount_cents, tax_cents, total_cents, tax_rate_basis_points,
        prices_include_tax, line_count, po_reference, user_name, email, phone, address, company_name,
        vat_number, status, idempotency_key, idempotency_hash)
      SELECT acc.order_id, t.discount, t.tax, t.total,
        coalesce((rules->'tax'->>'rateBasisPoints')::int, 0),
        coalesce((rules->'tax'->>'pricesIncludeTax')::boolean, false), acc.c,
        acc.q->>'poReference', acc.q->>'userName', acc.q->>'email', acc.q->>'phone', acc.q->>'address',
        u.company_name, u.vat_number, 'unpaid', acc.q->>'idempotencyKey',
        CASE WHEN acc.q->>'idempotencyKey' IS NOT NULL THEN acc.q->>'idempotencyHash' END
      FROM acc
      CROSS JOIN LATERAL (
        SELECT sum((l->>'discountCents')::bigint) AS discount,
          sum((l->>'taxCents')::bigint) AS tax, sum((l->>'totalCents')::bigint) AS total
        FROM jsonb_array_elements(acc.lines) l
      ) t
      LEFT JOIN users u ON u.email = acc.q->>'email'
      ORDER BY acc.n
      RETURNING *
    ),
    new_lines AS (
      INSERT INTO order_lines (order_id, position, part_id, sku, product_name, unit_price_cents,
        quantity, discount_percent, discount_cents, tax_cents, total_cents)
      SELECT acc.order_id, l.ord, (l.line->>'partId')::uuid, l.line->>'sku', l.line->>'productName',
        (l.line->>'unitPriceCents')::int, (l.line->>'quantity')::int,
        (l.line->>'discountPercent')::int, (l.line->>'discountCents')::bigint,
        (l.line->>'taxCents')::bigint, (l.line->>'totalCents')::bigint
      FROM acc CROSS JOIN LATERAL jsonb_array_elements(acc.lines) WITH ORDINALITY AS l(line, ord)
      RETURNING *
    ),
    new_events AS (
      INSERT INTO order_events (id, order_id, status, by, at)
      SELECT acc.event_id, acc.order_id, 'unpaid', acc.q->>'email', now() FROM acc
      RETURNING id
    )
    SELECT (SELECT jsonb_object_agg(o.id, to_jsonb(o)) FROM new_orders o),
      (SELECT jsonb_object_agg(g.order_id, g.lines) FROM (
         SELECT l.order_id, jsonb_agg(to_jsonb(l) ORDER BY l.position) AS lines FROM new_lines l GROUP BY l.order_id) g)
    INTO v_orders, v_lines;

    -- Their e-mail jobs, in this transaction (order_event_jobs, below).
    PERFORM order_event_jobs(rules->'job', (SELECT jsonb_agg(a->'eventId') FROM jsonb_array_elements(v_ok) a));

    -- The stock, last: the parts locked in order of id, each taken once for the whole batch, where
    -- it is still what its lines were priced on (the same read for every request of the batch).
    PERFORM 1 FROM parts p
    WHERE p.id IN (SELECT (l->>'partId')::uuid FROM jsonb_array_elements(v_ok) a, jsonb_array_elements(a->'lines') l)
    ORDER BY p.id FOR NO KEY UPDATE OF p;
    WITH wanted AS (
      SELECT (l->>'partId')::uuid AS id, sum((l->>'quantity')::int) AS quantity,
        min((l->>'unitPriceCents')::int) AS price, bool_and((l->>'bulkDiscount')::boolean) AS bulk,
        min((l->>'minOrderQuantity')::int) AS minimum, min((l->>'orderMultiple')::int) AS multiple,
        min(l->>'productName') AS name, min(l->>'sku') AS sku
      FROM jsonb_array_elements(v_ok) a, jsonb_array_elements(a->'lines') l
      GROUP BY 1
    ),
    taken AS (
      UPDATE parts p SET available_quantity = p.available_quantity - w.quantity
      FROM wanted w
      WHERE p.id = w.id AND p.deleted_at IS NULL AND p.available_quantity >= w.quantity
        AND p.price_cents = w.price AND p.bulk_discount = w.bulk AND p.min_order_quantity = w.minimum
        AND p.order_multiple = w.multiple AND p.name = w.name AND p.sku = w.sku
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM wanted), (SELECT count(*) FROM taken) INTO v_parts, v_taken;
    IF v_taken <> v_parts THEN
      RAISE EXCEPTION 'a part changed while the orders were placed' USING ERRCODE = 'SR409';
    END IF;
  END IF;

  RETURN (
    SELECT jsonb_agg(CASE WHEN a.a IS NULL THEN jsonb_build_object('outcome', 'single')
      ELSE jsonb_build_object('outcome', 'placed', 'order', v_orders->(a.a->>'orderId'),
        'lines', v_lines->(a.a->>'orderId'), 'eventId', a.a->>'eventId') END ORDER BY r.n)
    FROM generate_series(1, jsonb_array_length(requests)) AS r(n)
    LEFT JOIN LATERAL (
      SELECT x AS a FROM jsonb_array_elements(v_ok) x WHERE (x->>'n')::int = r.n
    ) a ON true
  );
END
$$;
