CREATE TABLE "redemption_marks" (
	"person_hmac" text NOT NULL,
	"code" text NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "redemption_marks_person_hmac_code_pk" PRIMARY KEY("person_hmac","code")
);
--> statement-breakpoint
CREATE INDEX "redemption_marks_redeemed_idx" ON "redemption_marks" USING btree ("redeemed_at");