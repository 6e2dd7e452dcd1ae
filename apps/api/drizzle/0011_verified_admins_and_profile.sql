-- Admin powers need a verified e-mail (DESIGN §7.2): the store keeps the verification
-- the identity provider reported at the last sign-in exchange, and the admin guard reads it.
-- Rows that exist already start unverified (also admins: decision 030); the next sign-in of a
-- verified account sets it.
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- My Profile's defaults for checkout and invoices, all optional.
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_number" text;--> statement-breakpoint
-- An order keeps the buyer's company and VAT number as they were when it was placed, so its
-- invoice never changes when the profile does.
ALTER TABLE "orders" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_number" text;
