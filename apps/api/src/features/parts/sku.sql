-- The one definition of these functions and triggers, applied at every start (db/sql-sources.ts).

-- Six digits at least, more past 999,999 (lpad alone would cut PD-1000000 back to PD-100000).
CREATE OR REPLACE FUNCTION "part_default_sku"() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'PD-' || lpad(n::text, greatest(6, length(n::text)), '0') FROM nextval('part_sku_seq') AS n
$$;
