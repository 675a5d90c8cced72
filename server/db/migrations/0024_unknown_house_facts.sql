ALTER TABLE "apartments" ALTER COLUMN "renovation" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "complexes" ALTER COLUMN "house_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "complexes" ALTER COLUMN "ceiling_height" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "complexes" ALTER COLUMN "parking" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "complexes" ALTER COLUMN "closed_yard" DROP NOT NULL;