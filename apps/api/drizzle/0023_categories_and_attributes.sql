-- A category tree whose categories define typed attributes, and parts that carry a
-- category, a brand and attribute values (decision 049).
--
-- A category's attribute definitions are a JSON array on its row (`[{ key, label, type, unit?,
-- compatibility? }]`): they are read whole, with the tree, and written whole by an admin. A
-- part's values are one JSON object, `{ "socket": "AM5", "cores": 16, "wifi": true }`, checked
-- against its category's definitions by the API on every write.
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid REFERENCES "categories"("id"),
	"position" integer DEFAULT 0 NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_format" CHECK ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length("slug") <= 60),
	CONSTRAINT "categories_not_own_parent" CHECK ("parent_id" <> "id"),
	CONSTRAINT "categories_attributes_array" CHECK (jsonb_typeof("attributes") = 'array')
);--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" ("parent_id");--> statement-breakpoint
-- No ON DELETE: a category is deleted only once no part names it (the API answers 409 while
-- listed parts remain, and unhooks deleted ones first).
ALTER TABLE "parts" ADD COLUMN "category_id" uuid REFERENCES "categories"("id");--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_attributes_object" CHECK (jsonb_typeof("attributes") = 'object');--> statement-breakpoint
-- A category's first pages in both orders, entered at the category (the same columns as the
-- catalog's own keyset indexes, behind the category), and the facet counts' scan of a category.
CREATE INDEX "parts_category_newest_idx" ON "parts" ("category_id", "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "parts_category_price_idx" ON "parts" ("category_id", "price_cents", "id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "parts_brand_idx" ON "parts" ("brand") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- Enum and boolean filters and compatibility are containment tests (`attributes @> '{"socket":"AM5"}'`).
CREATE INDEX "parts_attributes_idx" ON "parts" USING gin ("attributes" jsonb_path_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- Public answers show categories (the tree, the facets, a part's category): every instance's
-- read cache hears of a change, as for parts and reviews (migrations 0009, 0013).
CREATE TRIGGER "categories_notify_read_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_read_cache"();
