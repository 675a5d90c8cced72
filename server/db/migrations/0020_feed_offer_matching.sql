CREATE TABLE "feed_offer_prices" (
	"source" text NOT NULL,
	"internal_id" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"price_total" bigint NOT NULL,
	CONSTRAINT "feed_offer_prices_source_internal_id_observed_at_pk" PRIMARY KEY("source","internal_id","observed_at")
);
--> statement-breakpoint
ALTER TABLE "feed_offers" DROP CONSTRAINT "feed_offers_apartment_id_unique";--> statement-breakpoint
ALTER TABLE "feed_offers" ADD COLUMN "cadastral_number" text;--> statement-breakpoint
ALTER TABLE "feed_offers" ADD COLUMN "gone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feed_offers" ADD COLUMN "joined_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "feed_offers_apartment_idx" ON "feed_offers" USING btree ("apartment_id");--> statement-breakpoint
CREATE INDEX "feed_offers_cadastral_idx" ON "feed_offers" USING btree ("cadastral_number");--> statement-breakpoint
UPDATE "feed_offers" f SET "gone_at" = now() FROM "apartments" a WHERE a."id" = f."apartment_id" AND a."status" = 'SOLD';--> statement-breakpoint
INSERT INTO "feed_offer_prices" ("source", "internal_id", "observed_at", "price_total")
SELECT f."source", f."internal_id", h."observed_at", h."price_total" FROM "apartment_price_history" h JOIN "feed_offers" f ON f."apartment_id" = h."apartment_id";
