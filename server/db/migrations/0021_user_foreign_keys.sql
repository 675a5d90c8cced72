ALTER TABLE "payments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
-- Rows of users deleted before these keys existed (the account deletion kept payments and call-back requests with
-- the old id; anything else a deletion or cleanup missed): what ON DELETE would have done to them is done first, so
-- adding the keys cannot fail on such a database.
DELETE FROM "telegram_bindings" WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "telegram_bindings"."requester_id");
--> statement-breakpoint
DELETE FROM "reactions" WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "reactions"."user_id");
--> statement-breakpoint
DELETE FROM "top_profiles" WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "top_profiles"."user_id");
--> statement-breakpoint
DELETE FROM "lira_profiles" WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "lira_profiles"."user_id");
--> statement-breakpoint
DELETE FROM "lira_suggestions" WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "lira_suggestions"."user_id");
--> statement-breakpoint
DELETE FROM "promocode_redemptions" WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "promocode_redemptions"."user_id");
--> statement-breakpoint
DELETE FROM "subscriptions" WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "subscriptions"."user_id");
--> statement-breakpoint
DELETE FROM "favourite_alert_settings" WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "favourite_alert_settings"."user_id");
--> statement-breakpoint
DELETE FROM "favourite_marks" WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "favourite_marks"."user_id");
--> statement-breakpoint
UPDATE "payments" SET "user_id" = NULL WHERE "user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "payments"."user_id");
--> statement-breakpoint
UPDATE "callback_requests" SET "user_id" = NULL WHERE "user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "callback_requests"."user_id");
--> statement-breakpoint
ALTER TABLE "telegram_bindings" ADD CONSTRAINT "telegram_bindings_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_profiles" ADD CONSTRAINT "top_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lira_profiles" ADD CONSTRAINT "lira_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lira_suggestions" ADD CONSTRAINT "lira_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocode_redemptions" ADD CONSTRAINT "promocode_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_alert_settings" ADD CONSTRAINT "favourite_alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_marks" ADD CONSTRAINT "favourite_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;