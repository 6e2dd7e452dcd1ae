-- A customer's credit limit: the most their unpaid orders may total, in
-- cents. NULL: the store's default (MAX_UNPAID_TOTAL). Set by an admin on the Users page.
ALTER TABLE "users" ADD COLUMN "credit_limit_cents" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credit_limit_nonnegative" CHECK ("users"."credit_limit_cents" >= 0);--> statement-breakpoint
-- The SHA-256 of the order request a key was first used with: a repeat of
-- the key with any other body is refused. NULL for orders placed before this column existed.
ALTER TABLE "orders" ADD COLUMN "idempotency_hash" text;--> statement-breakpoint
-- 'Verified buyer' is read from paid and shipped orders (decision 027): an order entering or
-- leaving those states changes the public reviews, so the read cache is told, like 0009's.
CREATE TRIGGER "orders_paid_notify_read_cache" AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW
  WHEN ((OLD."status" IN ('paid', 'shipped')) IS DISTINCT FROM (NEW."status" IN ('paid', 'shipped')))
  EXECUTE FUNCTION "notify_read_cache"();
