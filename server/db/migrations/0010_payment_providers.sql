CREATE TABLE "provider_events" (
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stand_in_invoices" (
	"slug" text PRIMARY KEY NOT NULL,
	"payload" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"subscription_period" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "currency" text DEFAULT 'RUB' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" text DEFAULT 'first' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_transaction_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "telegram_user_id" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_email" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan_days" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan_amount" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan_currency" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_user_id" bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reminded_for" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_key" ON "provider_events" USING btree ("provider","kind","event_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_provider_idx" ON "subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
-- Periods paid on the sandbox page left no card or Star subscription behind: nothing can renew them.
UPDATE "subscriptions" SET "auto_renewal" = false WHERE "method" IS NULL;
