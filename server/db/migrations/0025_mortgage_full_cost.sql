ALTER TABLE "mortgage_programs" ADD COLUMN "full_cost_min" double precision;--> statement-breakpoint
ALTER TABLE "mortgage_programs" ADD COLUMN "full_cost_max" double precision;--> statement-breakpoint
-- The demo's example programmes (illustrative figures, like their rates): without a full cost they would no longer show.
UPDATE "mortgage_programs" SET "full_cost_min" = "rate" + 0.4, "full_cost_max" = "rate" + 3.8 WHERE "is_example" AND "full_cost_min" IS NULL;
