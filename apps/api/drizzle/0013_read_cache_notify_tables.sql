-- Decision 024: the read cache forgets only the answers a change may alter (a review leaves the
-- catalog kept), so every instance must hear which table changed. The triggers of 0009 stay;
-- their function now also signals `<schema>.<table>` on a channel of its own. The schema alone
-- is still signalled on 0009's channel, for instances of the release before that run beside
-- this one during a rolling deploy.
CREATE OR REPLACE FUNCTION "notify_read_cache"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_read_cache', TG_TABLE_SCHEMA);
  PERFORM pg_notify('store_read_cache_tables', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;
