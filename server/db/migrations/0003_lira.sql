CREATE TABLE "lira_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_batch_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lira_suggestions" (
	"user_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"suggested_at" timestamp with time zone NOT NULL,
	"suggestion_type" text NOT NULL,
	"relevance_percent" integer NOT NULL,
	"batch" integer NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "lira_suggestions_user_id_apartment_id_pk" PRIMARY KEY("user_id","apartment_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"service_type" text NOT NULL,
	"provider" text NOT NULL,
	"days" integer NOT NULL,
	"amount" integer NOT NULL,
	"promocode" text,
	"status" text NOT NULL,
	"return_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promocode_redemptions" (
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promocode_redemptions_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE TABLE "promocodes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" integer NOT NULL,
	"service_type" text NOT NULL,
	"status" text NOT NULL,
	"expired_at" timestamp with time zone NOT NULL,
	"auto_renewal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_user_id_service_type_pk" PRIMARY KEY("user_id","service_type")
);
--> statement-breakpoint
CREATE INDEX "lira_profiles_status_idx" ON "lira_profiles" USING btree ("status");
--> statement-breakpoint
-- Seed promocodes (issue 6): 20 % off a paid period, and a week for free.
INSERT INTO "promocodes" ("code", "kind", "value") VALUES ('KVARTA20', 'PERCENT', 20), ('NEDELYA7', 'DAYS', 7) ON CONFLICT DO NOTHING;
