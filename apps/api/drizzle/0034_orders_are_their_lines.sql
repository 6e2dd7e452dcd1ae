-- An order is its lines: `orders` loses the first line's columns (part, name, unit price, the
-- units of all lines, the one-line discount rate), which the API computes from `order_lines`.
--
-- Every order placed by the store has its lines, and 0018 gave each earlier order its one line.
-- An order written without lines all the same (by an operator's SQL) gets its one line here,
-- from the columns about to go, so no order loses what was ordered.
INSERT INTO "order_lines" ("order_id", "position", "part_id", "sku", "product_name", "unit_price_cents",
  "quantity", "discount_percent", "discount_cents", "tax_cents", "total_cents")
SELECT o."id", 1, o."part_id", p."sku", o."product_name", o."unit_price_cents", o."product_quantity",
  o."discount_percent", o."discount_cents", o."tax_cents", o."total_cents"
FROM "orders" o JOIN "parts" p ON p."id" = o."part_id"
WHERE NOT EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = o."id");--> statement-breakpoint
-- Each column's constraint and index (orders_quantity_positive, the part's foreign key,
-- orders_part_idx) goes with it.
ALTER TABLE "orders" DROP COLUMN "part_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_price_cents";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_quantity";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "discount_percent";
