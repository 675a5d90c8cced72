CREATE TABLE "preference_models" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"model" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"user_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"action" text NOT NULL,
	"notices" jsonb NOT NULL,
	"selection_type" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reactions_user_id_apartment_id_pk" PRIMARY KEY("user_id","apartment_id")
);
--> statement-breakpoint
CREATE TABLE "top_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
