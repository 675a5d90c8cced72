CREATE TABLE "callback_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"phone" text NOT NULL,
	"city_name" text NOT NULL,
	"referer_url" text NOT NULL,
	"extra_field" text NOT NULL,
	"user_id" integer,
	"client_ip" text,
	"consent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered" boolean DEFAULT false NOT NULL,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "callback_requests_undelivered_idx" ON "callback_requests" USING btree ("created_at") WHERE "callback_requests"."delivered" = false;