CREATE TABLE "password_sign_in_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "password_sign_in_failures_email_idx" ON "password_sign_in_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "password_sign_in_failures_created_idx" ON "password_sign_in_failures" USING btree ("created_at");--> statement-breakpoint
-- Passwords are for staff only (decision 014): a password that the phone plugin's reset endpoint let
-- anyone set on a shopper's account is removed, and every session it may have opened ends.
DELETE FROM "session" WHERE "user_id" IN (
	SELECT "a"."user_id" FROM "account" "a" JOIN "user" "u" ON "u"."id" = "a"."user_id"
	WHERE "a"."provider_id" = 'credential' AND "u"."role" IS DISTINCT FROM 'admin'
);--> statement-breakpoint
DELETE FROM "account" "a" USING "user" "u"
	WHERE "u"."id" = "a"."user_id" AND "a"."provider_id" = 'credential' AND "u"."role" IS DISTINCT FROM 'admin';
