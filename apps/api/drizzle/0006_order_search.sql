-- The order desk searches e-mails by prefix (`like 'abc%'`). With the default operator class a
-- btree serves that only under the C collation; text_pattern_ops serves it under any, and still
-- serves equality, so this one index keeps answering a customer's own orders, newest first.
DROP INDEX "orders_email_newest_idx";--> statement-breakpoint
CREATE INDEX "orders_email_newest_idx" ON "orders" USING btree ("email" text_pattern_ops,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
