CREATE TABLE "favourite_alert_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "favourite_marks" (
	"user_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"seen_price" bigint,
	"change" text,
	"old_price" bigint,
	"new_price" bigint,
	"changed_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "favourite_marks_user_id_apartment_id_pk" PRIMARY KEY("user_id","apartment_id")
);
