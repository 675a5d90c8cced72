CREATE TABLE "telegram_bindings" (
	"token" text PRIMARY KEY NOT NULL,
	"event_emitter_id" text NOT NULL,
	"type" text NOT NULL,
	"requester_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_bindings_event_emitter_id_unique" UNIQUE("event_emitter_id")
);
