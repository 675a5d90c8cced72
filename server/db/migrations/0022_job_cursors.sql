CREATE TABLE "job_cursors" (
	"job" text PRIMARY KEY NOT NULL,
	"after_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
