-- Parts get the part number customers quote and a pack size; orders become lines; each
-- customer gets a cart on the server.
--
-- A part without a SKU of its own (every part before this migration, and any inserted by an
-- operator's SQL without one) gets `PD-` and six digits from a sequence, so the column is never
-- empty and the numbers never repeat. SKUs are unique case-insensitively: `gpu-1` and `GPU-1`
-- are the same part number to a person reading it off an invoice.
CREATE SEQUENCE "part_sku_seq" START WITH 1;--> statement-breakpoint
-- Six digits at least, more past 999,999 (lpad alone would cut PD-1000000 back to PD-100000).
CREATE FUNCTION "part_default_sku"() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'PD-' || lpad(n::text, greatest(6, length(n::text)), '0') FROM nextval('part_sku_seq') AS n
$$;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "sku" text DEFAULT "part_default_sku"() NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_sku_format" CHECK ("sku" ~ '^[A-Za-z0-9._-]{1,40}$');--> statement-breakpoint
CREATE UNIQUE INDEX "parts_sku_idx" ON "parts" (lower("sku"));--> statement-breakpoint
-- Quantities are whole packs; the minimum order is itself a whole number of packs.
ALTER TABLE "parts" ADD COLUMN "order_multiple" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_order_multiple_positive" CHECK ("order_multiple" >= 1);--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_min_order_whole_packs" CHECK ("min_order_quantity" % "order_multiple" = 0);--> statement-breakpoint
-- An order's lines: each part with its SKU, name and unit price as they were when ordered, the
-- quantity, the line's bulk discount and its total. `orders` keeps the order and its totals; its
-- part_id, product_name and unit_price_cents are the first line's (the spec's single-part
-- fields), product_quantity the units of all lines.
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL REFERENCES "orders"("id"),
	"position" integer NOT NULL,
	"part_id" uuid NOT NULL REFERENCES "parts"("id"),
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "order_lines_pkey" PRIMARY KEY ("order_id", "position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("quantity" > 0),
	CONSTRAINT "order_lines_position_positive" CHECK ("position" >= 1),
	CONSTRAINT "order_lines_total_nonnegative" CHECK ("total_cents" >= 0)
);--> statement-breakpoint
CREATE INDEX "order_lines_part_idx" ON "order_lines" ("part_id");--> statement-breakpoint
-- Every order so far is a one-line order.
INSERT INTO "order_lines" ("order_id", "position", "part_id", "sku", "product_name", "unit_price_cents", "quantity", "discount_percent", "discount_cents", "total_cents")
SELECT o."id", 1, o."part_id", p."sku", o."product_name", o."unit_price_cents", o."product_quantity", o."discount_percent", o."discount_cents", o."total_cents"
FROM "orders" o JOIN "parts" p ON p."id" = o."part_id";--> statement-breakpoint
-- How many lines the order has (the desk's list shows it without reading the lines), and the
-- buyer's own purchase-order number, printed on the order, invoice, e-mails and CSV.
ALTER TABLE "orders" ADD COLUMN "line_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_line_count_positive" CHECK ("line_count" >= 1);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_reference" text;--> statement-breakpoint
-- The cart: one line per customer and part, kept across sign-outs and devices. Prices are not
-- stored: the cart is priced from today's parts on every read.
CREATE TABLE "cart_lines" (
	"email" text NOT NULL,
	"part_id" uuid NOT NULL REFERENCES "parts"("id"),
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_pkey" PRIMARY KEY ("email", "part_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("quantity" > 0),
	CONSTRAINT "cart_lines_email_lowercase" CHECK ("email" = lower("email"))
);
