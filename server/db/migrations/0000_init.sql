CREATE TABLE "apartments" (
	"id" integer PRIMARY KEY NOT NULL,
	"house_id" integer NOT NULL,
	"complex_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"rooms_cnt" smallint NOT NULL,
	"area_total" real NOT NULL,
	"area_kitchen" real NOT NULL,
	"area_residential" real NOT NULL,
	"floor" smallint NOT NULL,
	"floors" smallint NOT NULL,
	"layout_code" text NOT NULL,
	"price_total" bigint NOT NULL,
	"price_per_meter" integer NOT NULL,
	"realty_type" text NOT NULL,
	"is_apart_hotel" boolean NOT NULL,
	"renovation" text NOT NULL,
	"deadline" integer NOT NULL,
	"stage_is_put" boolean NOT NULL,
	"status" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"group_name" text NOT NULL,
	"is_region" boolean NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kladr" integer NOT NULL,
	"has_metro" boolean NOT NULL,
	"city_ids" jsonb NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"prepositional" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	CONSTRAINT "cities_kladr_unique" UNIQUE("kladr"),
	CONSTRAINT "cities_link_unique" UNIQUE("link")
);
--> statement-breakpoint
CREATE TABLE "complex_price_history" (
	"complex_id" integer NOT NULL,
	"month" text NOT NULL,
	"price_per_meter" integer NOT NULL,
	CONSTRAINT "complex_price_history_complex_id_month_pk" PRIMARY KEY("complex_id","month")
);
--> statement-breakpoint
CREATE TABLE "complexes" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"developer_id" integer,
	"name" text NOT NULL,
	"realty_type" text NOT NULL,
	"complex_class" text NOT NULL,
	"house_type" text NOT NULL,
	"floors_max" integer NOT NULL,
	"ceiling_height" real NOT NULL,
	"parking" boolean NOT NULL,
	"closed_yard" boolean NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"centre_distance_m" integer NOT NULL,
	"metro" jsonb NOT NULL,
	"infra_distance" jsonb NOT NULL,
	"image_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "developers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "houses" (
	"id" integer PRIMARY KEY NOT NULL,
	"complex_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"floors" integer NOT NULL,
	"deadline" integer NOT NULL,
	"stage_is_put" boolean NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "infrastructure" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metro_stations" (
	"id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"line_id" text NOT NULL,
	"line_name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"telegram_id" text,
	"name" text,
	"city_id" integer,
	"is_anonymous" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_telegram_id_unique" UNIQUE("telegram_id")
);
--> statement-breakpoint
CREATE TABLE "texts" (
	"category" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"title" text,
	"url" text,
	CONSTRAINT "texts_category_key_pk" PRIMARY KEY("category","key")
);
--> statement-breakpoint
CREATE INDEX "apartments_city_idx" ON "apartments" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "apartments_complex_idx" ON "apartments" USING btree ("complex_id");--> statement-breakpoint
CREATE INDEX "areas_city_idx" ON "areas" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "complexes_city_idx" ON "complexes" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "infrastructure_city_idx" ON "infrastructure" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "metro_city_idx" ON "metro_stations" USING btree ("city_id");