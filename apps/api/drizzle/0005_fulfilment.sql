CREATE SEQUENCE "order_number_seq" INCREMENT BY 1 MINVALUE 100001 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_status_known" CHECK ("order_events"."status" in ('unpaid', 'paid', 'shipped', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sent_emails" (
	"key" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
-- Orders placed before numbers existed get theirs in the order they were placed.
UPDATE "orders" SET "number" = numbered.n FROM (
	SELECT "id", nextval('order_number_seq') AS n FROM (SELECT "id" FROM "orders" ORDER BY "created_at", "id") AS oldest_first
) AS numbered WHERE "orders"."id" = numbered."id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('order_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Earlier orders' history: placed by their customer; a later status is known, not who set it.
INSERT INTO "order_events" ("order_id", "status", "by", "at")
	SELECT "id", 'unpaid', "email", "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "status", "by", "at")
	SELECT "id", "status", 'system', "updated_at" FROM "orders" WHERE "status" <> 'unpaid';--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_unpaid_oldest_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'unpaid';
