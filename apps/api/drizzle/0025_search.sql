-- Search every word a buyer types, in any order, across name, brand, SKU and
-- description, with typo tolerance and ranking (decision 052).
--
-- `search_vector` is the part's words, weighted by where they stand: name and SKU (A), brand (B),
-- description (D). The 'simple' configuration keeps every word as typed (lower-cased, no
-- stemming, no stop words): part names are brands, model numbers and sizes ('7700X', '2TB'),
-- which an English stemmer would mangle. Hyphens and slashes part words ('DDR5-6000' is 'ddr5'
-- and '6000', not the parser's 'ddr5' and '-6000'), as the API splits what a buyer types. Generated, so no write path can forget it; GIN over the
-- listed parts serves `@@`. Categories are not in it: their names live on another table, and the
-- API matches a word against the category tree it already holds.
ALTER TABLE "parts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', translate("name", '-/', '  ')), 'A') ||
  setweight(to_tsvector('simple', translate("sku", '-/', '  ')), 'A') ||
  setweight(to_tsvector('simple', translate(coalesce("brand", ''), '-/', '  ')), 'B') ||
  setweight(to_tsvector('simple', translate("description", '-/', '  ')), 'D')
) STORED;--> statement-breakpoint
CREATE INDEX "parts_search_idx" ON "parts" USING gin ("search_vector") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- The lexicon: every word of the parts' names, brands and SKUs and of the categories' names, for
-- typo tolerance ('grafics' is close to 'graphics', by trigrams) and 'Did you mean'. Thousands of
-- rows where parts are hundreds of thousands, so a typo is looked up among words, not parts.
-- C collation: `word LIKE 'abc%'` (is this a known word's beginning?) is a range of the key.
-- Words are only added: one whose parts have gone stays, and matches nothing when used.
CREATE TABLE "search_words" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- A text's words as the lexicon keeps them and the API splits a search: lower-cased runs of
-- letters and digits, dots inside a word kept ('m.2', '3.5'), 2 to 40 long, with a letter: a
-- number is never taken for a typo, and every part's SKU number would make the lexicon as long
-- as the catalog.
CREATE FUNCTION "search_words_of"(body text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM (
    SELECT trim(BOTH '.' FROM part) AS w
    FROM regexp_split_to_table(lower(translate(body, '-/', '  ')), '[^[:alnum:].]+') AS part
  ) AS words
  WHERE length(w) BETWEEN 2 AND 40 AND w ~ '[[:alpha:]]'
$$;--> statement-breakpoint
CREATE FUNCTION "search_words_add_parts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows, search_words_of(name || ' ' || sku || ' ' || coalesce(brand, '')) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "search_words_add_part"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT w FROM search_words_of(NEW.name || ' ' || NEW.sku || ' ' || coalesce(NEW.brand, '')) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "search_words_add_category"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT w FROM search_words_of(NEW.name) AS w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A bulk insert (the seed, an import) is one statement's words; an edit only when its words
-- changed (an order taking stock never calls the function).
CREATE TRIGGER "parts_search_words_inserts" AFTER INSERT ON "parts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_add_parts"();--> statement-breakpoint
CREATE TRIGGER "parts_search_words_updates" AFTER UPDATE ON "parts" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.sku IS DISTINCT FROM NEW.sku OR OLD.brand IS DISTINCT FROM NEW.brand)
  EXECUTE FUNCTION "search_words_add_part"();--> statement-breakpoint
CREATE TRIGGER "categories_search_words" AFTER INSERT OR UPDATE OF "name" ON "categories" FOR EACH ROW
  EXECUTE FUNCTION "search_words_add_category"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT w FROM "parts", search_words_of("name" || ' ' || "sku" || ' ' || coalesce("brand", '')) AS w
  UNION SELECT w FROM "categories", search_words_of("name") AS w
ON CONFLICT DO NOTHING;
