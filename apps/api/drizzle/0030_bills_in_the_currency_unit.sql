-- Every amount of a line's bill is rounded half up to the currency's smallest amount, which the
-- store hands over in the tax rule (`minorUnitCents`: 100 hundredths for a yen, 1 for the rest).
-- Rounded to hundredths only, a yen store's 10% on ¥1,234 was ¥123.40 and its total ¥1,357.40,
-- which no card can be charged. The TypeScript twin is `computeBill` (packages/shared bill.ts).
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
