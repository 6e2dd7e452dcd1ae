CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;--> statement-breakpoint
CREATE INDEX "parts_listed_price_idx" ON "parts" USING btree ("price_cents","id") WHERE "parts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "parts_name_trgm_idx" ON "parts" USING gin ("name" gin_trgm_ops) WHERE "parts"."deleted_at" is null;