CREATE TABLE "payment_charges" (
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"payment_id" text,
	"amount" double precision NOT NULL,
	"outcome" text NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_charges_provider_transaction_id_pk" PRIMARY KEY("provider","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "state" text;--> statement-breakpoint
UPDATE "payments" SET "state" = CASE "status" WHEN 'PENDING' THEN 'PENDING' WHEN 'SUCCEEDED' THEN 'PAID' WHEN 'REFUNDED' THEN 'REFUNDED' ELSE 'CLOSED' END WHERE "kind" = 'first';
