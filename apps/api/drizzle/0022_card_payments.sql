-- Card payments through Stripe Checkout (decision 048). The order exists before any
-- payment; payments are rows of their own, and every provider event is processed once.
--
-- Each 'Pay by card' that needs a new Checkout session reserves an attempt first (the order and
-- a number), then asks Stripe with an idempotency key made of both: a retry of the same attempt
-- never makes a second session, and a session still open is handed out again instead.
CREATE TABLE "checkout_sessions" (
	"order_id" uuid NOT NULL REFERENCES "orders"("id"),
	"attempt" integer NOT NULL,
	"provider" text DEFAULT 'stripe' NOT NULL,
	"session_id" text,
	"url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_pkey" PRIMARY KEY ("order_id", "attempt"),
	CONSTRAINT "checkout_sessions_attempt_positive" CHECK ("attempt" >= 1)
);--> statement-breakpoint
-- Every event a provider sent, by its id: a repeat delivery, concurrent or later, meets this key
-- and does nothing. Kept whether or not it named an order (an account shared with other software).
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_pkey" PRIMARY KEY ("provider", "event_id")
);--> statement-breakpoint
-- One row per payment taken (a Checkout session paid): what was charged, and where it stands.
-- Amounts are the currency's minor units, as the provider writes them.
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id"),
	"provider" text DEFAULT 'stripe' NOT NULL,
	"session_id" text NOT NULL,
	"payment_intent" text,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"refund_id" text,
	"refund_requested_by" text,
	"refund_error" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_known" CHECK ("status" in ('paid', 'needs-review', 'refund-pending', 'refund-failed', 'refunded')),
	CONSTRAINT "payments_amount_nonnegative" CHECK ("amount_minor" >= 0)
);--> statement-breakpoint
-- A session is paid once: two events about it (completed, then async_payment_succeeded) make one row.
CREATE UNIQUE INDEX "payments_session_idx" ON "payments" ("provider", "session_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" ("order_id");
