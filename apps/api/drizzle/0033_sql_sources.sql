-- Which text of each functions-and-triggers file the database last applied (db/sql-sources.ts).
CREATE TABLE "sql_sources" (
	"file" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
