CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"img" text NOT NULL,
	"price_cents" integer NOT NULL,
	"min_order_quantity" integer NOT NULL,
	"available_quantity" integer NOT NULL,
	"description" text NOT NULL,
	"bulk_discount" boolean DEFAULT false NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "parts_price_positive" CHECK ("parts"."price_cents" > 0),
	CONSTRAINT "parts_available_nonnegative" CHECK ("parts"."available_quantity" >= 0),
	CONSTRAINT "parts_min_order_positive" CHECK ("parts"."min_order_quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"ratings" numeric(3, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_ratings_range" CHECK ("reviews"."ratings" >= 0 and "reviews"."ratings" <= 5)
);
--> statement-breakpoint
CREATE INDEX "parts_listed_newest_idx" ON "parts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "parts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_newest_idx" ON "reviews" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_email_idx" ON "reviews" USING btree ("email");