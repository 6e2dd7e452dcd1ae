-- The search lexicon forgets words no part or category has any more (decision 052). Triggers
-- only ever add words (0025), so without this a deleted or renamed part's words would stay: a
-- typo would be corrected to a word that finds nothing ('Did you mean' would offer it), and such
-- words would crowd the three close words a typo is searched for. The store calls this every 12
-- hours (jobs/lexicon-prune.ts); it says how many words went.
--
-- Words are added by triggers on parts and categories, in the writer's transaction. The prune
-- holds the lexicon against writes (EXCLUSIVE: searches still read it) and only then reads the
-- live words, so a part given a word meanwhile either committed first (its word is live to the
-- prune) or waits at its trigger and adds the word after the prune: never deleted under it.
-- Deleted parts are not searched (parts_search_idx), so their words are not live.
CREATE FUNCTION "prune_search_words"() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_deleted integer;
BEGIN
  LOCK TABLE search_words IN EXCLUSIVE MODE;
  WITH live AS (
    SELECT w FROM parts p, search_words_of(p.name || ' ' || p.sku || ' ' || coalesce(p.brand, '')) AS w
    WHERE p.deleted_at IS NULL
    UNION
    SELECT w FROM categories c, search_words_of(c.name) AS w
  )
  DELETE FROM search_words s WHERE NOT EXISTS (SELECT 1 FROM live WHERE live.w = s.word);
  GET DIAGNOSTICS v_deleted = ROW_COUNT;
  RETURN v_deleted;
END $$;
