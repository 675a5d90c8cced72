ALTER TABLE "users" ADD COLUMN "anonymous_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_anonymous_key_unique" UNIQUE("anonymous_key");