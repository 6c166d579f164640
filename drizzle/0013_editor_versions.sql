ALTER TABLE "coupons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;