CREATE TABLE "blocked_emails" (
	"email" text PRIMARY KEY NOT NULL,
	"blocked_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_emails_lowercase" CHECK ("blocked_emails"."email" = lower("blocked_emails"."email"))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("email","idempotency_key") WHERE "orders"."idempotency_key" is not null;