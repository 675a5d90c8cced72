ALTER TABLE "payment_charges" ADD COLUMN "payer_telegram_id" bigint;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD COLUMN "refund_queued_at" timestamp with time zone;