ALTER TABLE "telegram_bindings" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "telegram_bindings" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "telegram_bindings" ADD COLUMN "telegram_user_id" text;--> statement-breakpoint
ALTER TABLE "telegram_bindings" ADD COLUMN "requester_token_hash" text;