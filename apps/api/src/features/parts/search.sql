-- Search (decision 052): the lexicon of known words a typo is corrected to, kept by triggers.
--
-- The one definition of these functions and triggers, applied at every start (db/sql-sources.ts).

-- A text's words as the lexicon keeps them and the API splits a search: lower-cased runs of
-- letters and digits, dots inside a word kept ('m.2', '3.5'), 2 to 40 long, with a letter: a
-- number is never taken for a typo, and every part's SKU number would make the lexicon as long
-- as the catalog.
CREATE OR REPLACE FUNCTION "search_words_of"(body text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM (
    SELECT trim(BOTH '.' FROM part) AS w
    FROM regexp_split_to_table(lower(translate(body, '-/', '  ')), '[^[:alnum:].]+') AS part
  ) AS words
  WHERE length(w) BETWEEN 2 AND 40 AND w ~ '[[:alpha:]]'
$$;

-- A part's specifications are searchable words (decision 052): its text attribute values (socket
-- 'AM5', memory type 'DDR5', form factor 'Micro-ATX', …) join its search_vector and the lexicon,
-- so 'am5' or 'lga1700' finds the parts that have the value, and is a known word, never taken
-- for a typo of another ('am4'). Numbers and yes/no values are left out: they are filtered by
-- range or by the facet, and a bare number or 'true' says nothing as a word.

-- The text values of a part's attributes, space-separated (the enum values: numbers and booleans
-- are JSON numbers and booleans). IMMUTABLE, so the generated column can use it.
CREATE OR REPLACE FUNCTION "attribute_values_text"(attributes jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(v, ' '), '')
  FROM jsonb_path_query(coalesce(attributes, '{}'::jsonb), 'strict $.* ? (@.type() == "string")') AS j,
    LATERAL (SELECT j #>> '{}' AS v) AS t
$$;

-- The words a part gives the lexicon: its name, SKU, brand and text attribute values.
CREATE OR REPLACE FUNCTION "part_lexicon_text"(name text, sku text, brand text, attributes jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT name || ' ' || sku || ' ' || coalesce(brand, '') || ' ' || attribute_values_text(attributes)
$$;

CREATE OR REPLACE FUNCTION "search_words_add_parts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows, search_words_of(part_lexicon_text(name, sku, brand, attributes)) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "search_words_add_part"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT w FROM search_words_of(part_lexicon_text(NEW.name, NEW.sku, NEW.brand, NEW.attributes)) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "search_words_add_category"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT w FROM search_words_of(NEW.name) AS w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- A bulk insert (the seed, an import) is one statement's words; an edit only when its words
-- changed (an order taking stock never calls the function).
CREATE OR REPLACE TRIGGER "parts_search_words_inserts" AFTER INSERT ON "parts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "search_words_add_parts"();

CREATE OR REPLACE TRIGGER "parts_search_words_updates" AFTER UPDATE ON "parts" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.sku IS DISTINCT FROM NEW.sku OR OLD.brand IS DISTINCT FROM NEW.brand
    OR OLD.attributes IS DISTINCT FROM NEW.attributes)
  EXECUTE FUNCTION "search_words_add_part"();

CREATE OR REPLACE TRIGGER "categories_search_words" AFTER INSERT OR UPDATE OF "name" ON "categories" FOR EACH ROW
  EXECUTE FUNCTION "search_words_add_category"();

-- The lexicon forgets words no listed part (name, SKU, brand, specifications) or category has any
-- more, so a typo is never corrected to a word that finds nothing. The store calls this every 12
-- hours (jobs/lexicon-prune.ts); it says how many words went.
--
-- Words are added by the triggers above, in the writer's transaction. The prune holds the lexicon
-- against writes (EXCLUSIVE: searches still read it) and only then reads the live words, so a part
-- given a word meanwhile either committed first (its word is live to the prune) or waits at its
-- trigger and adds the word after the prune: never deleted under it. Deleted parts are not
-- searched (parts_search_idx), so their words are not live.
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
END $$;
