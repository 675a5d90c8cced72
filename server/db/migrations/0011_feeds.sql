CREATE SEQUENCE "public"."feed_ids" INCREMENT BY 1 MINVALUE 1000000000 MAXVALUE 2147483647 START WITH 1000000000 CACHE 1;--> statement-breakpoint
CREATE TABLE "apartment_price_history" (
	"apartment_id" integer NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"price_total" bigint NOT NULL,
	CONSTRAINT "apartment_price_history_apartment_id_observed_at_pk" PRIMARY KEY("apartment_id","observed_at")
);
--> statement-breakpoint
CREATE TABLE "feed_images" (
	"apartment_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"url" text NOT NULL,
	"tag" text,
	"status" text NOT NULL,
	"content_key" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "feed_images_apartment_id_position_pk" PRIMARY KEY("apartment_id","position")
);
--> statement-breakpoint
CREATE TABLE "feed_imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"location" text NOT NULL,
	"status" text NOT NULL,
	"is_full" boolean NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"counts" jsonb NOT NULL,
	"skipped" jsonb NOT NULL,
	"rejected" jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "feed_offers" (
	"source" text NOT NULL,
	"internal_id" text NOT NULL,
	"apartment_id" integer NOT NULL,
	"content_hash" text NOT NULL,
	"price_total" bigint NOT NULL,
	"last_import_id" bigint NOT NULL,
	"url" text,
	"agent" text,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_offers_source_internal_id_pk" PRIMARY KEY("source","internal_id"),
	CONSTRAINT "feed_offers_apartment_id_unique" UNIQUE("apartment_id")
);
--> statement-breakpoint
CREATE TABLE "feed_places" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"id" integer NOT NULL,
	CONSTRAINT "feed_places_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE INDEX "feed_images_status_idx" ON "feed_images" USING btree ("status");--> statement-breakpoint
CREATE INDEX "feed_imports_started_idx" ON "feed_imports" USING btree ("started_at");