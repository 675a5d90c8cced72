ALTER TABLE "payments" ADD COLUMN "payer_key_hash" text;--> statement-breakpoint
-- The codes 0003 seeded everywhere are short and guessable: retired (not deleted: redemptions and
-- pending payments keep their history). Demo codes are now seeded outside production only (server/subscription/demo-promocodes.ts).
UPDATE "promocodes" SET "active" = false WHERE "code" IN ('KVARTA20', 'NEDELYA7');
