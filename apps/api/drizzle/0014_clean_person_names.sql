-- A display name stored as the identity provider's client set it may hold line breaks (printed as
-- lines of their own on invoices), terminal escapes, bidirectional overrides (U+202E) or
-- thousands of characters (shown on reviews). The store takes every name through the rules My
-- Profile applies (providerDisplayName in packages/shared); this applies them to the names
-- already stored, in the accounts and in the copies orders and reviews keep: terminal escapes and
-- bidi controls go, other controls become spaces, runs of white space one space, trimmed, cut to
-- 120; the e-mail's local part when nothing is left. Names already clean are not touched. (A NUL
-- never reached the database. The cut counts characters where the schema counts UTF-16 units: a
-- long name of emoji may keep more.)
CREATE FUNCTION "clean_person_name"(name text, email text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    nullif(rtrim(left(btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(name,
      '\x1b\[[0-?]*[ -/]*[@-~]', '', 'g'),
      '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'),
      '[\x01-\x1f\x7f-\x9f]', ' ', 'g'),
      '\s+', ' ', 'g')), 120)), ''),
    left(split_part(email, '@', 1), 120)
  )
$$;--> statement-breakpoint
UPDATE "users" SET "name" = "clean_person_name"("name", "email")
  WHERE "name" IS DISTINCT FROM "clean_person_name"("name", "email") AND "name" <> '';--> statement-breakpoint
UPDATE "reviews" SET "name" = "clean_person_name"("name", "email")
  WHERE "name" IS DISTINCT FROM "clean_person_name"("name", "email");--> statement-breakpoint
UPDATE "orders" SET "user_name" = "clean_person_name"("user_name", "email")
  WHERE "user_name" IS DISTINCT FROM "clean_person_name"("user_name", "email");--> statement-breakpoint
DROP FUNCTION "clean_person_name"(text, text);
