-- A part's specifications are searchable words (decision 052): its text attribute values (socket
-- 'AM5', memory type 'DDR5', form factor 'Micro-ATX', …) join its search_vector and the lexicon,
-- so 'am5' or 'lga1700' finds the parts that have the value, and is a known word, never taken
-- for a typo of another ('am4'). Numbers and yes/no values are left out: they are filtered by
-- range or by the facet, and a bare number or 'true' says nothing as a word.
--
-- The text values of a part's attributes, space-separated (the enum values: numbers and booleans
-- are JSON numbers and booleans). IMMUTABLE, so the generated column can use it.
CREATE OR REPLACE FUNCTION "attribute_values_text"(attributes jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(v, ' '), '')
  FROM jsonb_path_query(coalesce(attributes, '{}'::jsonb), 'strict $.* ? (@.type() == "string")') AS j,
    LATERAL (SELECT j #>> '{}' AS v) AS t
$$;--> statement-breakpoint
-- The words a part gives the lexicon: its name, SKU, brand and text attribute values.
CREATE OR REPLACE FUNCTION "part_lexicon_text"(name text, sku text, brand text, attributes jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT name || ' ' || sku || ' ' || coalesce(brand, '') || ' ' || attribute_values_text(attributes)
$$;--> statement-breakpoint
-- Attribute values weigh C: a specification says less of what a part is than its name or brand,
-- more than a word of its description. Re-adding the column rebuilds every row's vector.
ALTER TABLE "parts" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', translate("name", '-/', '  ')), 'A') ||
  setweight(to_tsvector('simple', translate("sku", '-/', '  ')), 'A') ||
  setweight(to_tsvector('simple', translate(coalesce("brand", ''), '-/', '  ')), 'B') ||
  setweight(to_tsvector('simple', translate(attribute_values_text("attributes"), '-/', '  ')), 'C') ||
  setweight(to_tsvector('simple', translate("description", '-/', '  ')), 'D')
) STORED;--> statement-breakpoint
CREATE INDEX "parts_search_idx" ON "parts" USING gin ("search_vector") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_words_add_parts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows, search_words_of(part_lexicon_text(name, sku, brand, attributes)) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_words_add_part"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT w FROM search_words_of(part_lexicon_text(NEW.name, NEW.sku, NEW.brand, NEW.attributes)) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An edit of a part's specifications can bring new words too (an order taking stock still does not).
DROP TRIGGER "parts_search_words_updates" ON "parts";--> statement-breakpoint
CREATE TRIGGER "parts_search_words_updates" AFTER UPDATE ON "parts" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.sku IS DISTINCT FROM NEW.sku OR OLD.brand IS DISTINCT FROM NEW.brand
    OR OLD.attributes IS DISTINCT FROM NEW.attributes)
  EXECUTE FUNCTION "search_words_add_part"();--> statement-breakpoint
-- The prune keeps a word while a listed part has it as a specification too (see 0029 for the lock).
CREATE OR REPLACE FUNCTION "prune_search_words"() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_deleted integer;
BEGIN
  LOCK TABLE search_words IN EXCLUSIVE MODE;
  WITH live AS (
    SELECT w FROM parts p, search_words_of(part_lexicon_text(p.name, p.sku, p.brand, p.attributes)) AS w
    WHERE p.deleted_at IS NULL
    UNION
    SELECT w FROM categories c, search_words_of(c.name) AS w
  )
  DELETE FROM search_words s WHERE NOT EXISTS (SELECT 1 FROM live WHERE live.w = s.word);
  GET DIAGNOSTICS v_deleted = ROW_COUNT;
  RETURN v_deleted;
END $$;--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT w FROM "parts", search_words_of(attribute_values_text("attributes")) AS w
ON CONFLICT DO NOTHING;
