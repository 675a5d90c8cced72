CREATE TABLE "consents" (
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"given" boolean NOT NULL,
	"version" integer NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"given_at" timestamp with time zone,
	"channel" text NOT NULL,
	CONSTRAINT "consents_user_id_purpose_pk" PRIMARY KEY("user_id","purpose")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "personalised" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD COLUMN "consent_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;