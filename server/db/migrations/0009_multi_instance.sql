CREATE TABLE "rate_limit_hits" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"hit_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stand_in_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"text" text NOT NULL,
	"buttons" jsonb NOT NULL,
	"photo_url" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lira_profiles" ADD COLUMN "notify_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD COLUMN "sending_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_idx" ON "rate_limit_hits" USING btree ("scope","key","hit_at");--> statement-breakpoint
CREATE INDEX "stand_in_messages_chat_idx" ON "stand_in_messages" USING btree ("chat_id","id");