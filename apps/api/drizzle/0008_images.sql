CREATE TABLE "images" (
	"sha256" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"thumbnail_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_sha256_hex" CHECK ("images"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "images_size_matches" CHECK ("images"."size" = octet_length("images"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_thumbnail_sha256_images_sha256_fk" FOREIGN KEY ("thumbnail_sha256") REFERENCES "images"("sha256") ON DELETE no action ON UPDATE no action;