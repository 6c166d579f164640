CREATE TYPE "public"."return_inspection" AS ENUM('pending', 'accepted', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."return_reason" AS ENUM('too_small', 'too_large', 'colour_not_as_shown', 'damaged', 'not_as_pictured', 'changed_mind', 'other');--> statement-breakpoint
CREATE TYPE "public"."return_resolution" AS ENUM('exchange', 'store_credit', 'refund');--> statement-breakpoint
CREATE TYPE "public"."return_status" AS ENUM('requested', 'approved', 'declined', 'pickup_scheduled', 'picked_up', 'received', 'resolved', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."store_credit_kind" AS ENUM('issued', 'spent', 'restored', 'expired', 'adjusted');--> statement-breakpoint
CREATE TABLE "return_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"from_status" "return_status",
	"to_status" "return_status" NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"exchange_variant_id" uuid,
	"exchange_size" text,
	"exchange_colour" text,
	"held_quantity" integer DEFAULT 0 NOT NULL,
	"inspection" "return_inspection" DEFAULT 'pending' NOT NULL,
	"accepted_quantity" integer DEFAULT 0 NOT NULL,
	"inspection_note" text,
	"inspection_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "return_lines_quantities" CHECK ("return_lines"."quantity" > 0 AND "return_lines"."held_quantity" BETWEEN 0 AND "return_lines"."quantity" AND "return_lines"."accepted_quantity" BETWEEN 0 AND "return_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" "return_status" DEFAULT 'requested' NOT NULL,
	"resolution" "return_resolution" NOT NULL,
	"reason" "return_reason" NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refund_to" jsonb,
	"refund_to_masked" text,
	"payout_reference" text,
	"decline_reason" text,
	"pickup_provider" text,
	"pickup_provider_order_id" text,
	"pickup_courier" text,
	"pickup_awb" text,
	"exchange_order_id" uuid,
	"refunded_paise" integer DEFAULT 0 NOT NULL,
	"credited_paise" integer DEFAULT 0 NOT NULL,
	"credit_note_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"pickup_scheduled_at" timestamp with time zone,
	"picked_up_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_return_number_unique" UNIQUE("return_number"),
	CONSTRAINT "return_requests_amounts" CHECK ("return_requests"."refunded_paise" >= 0 AND "return_requests"."credited_paise" >= 0),
	CONSTRAINT "return_requests_refund_to_masked" CHECK (("return_requests"."refund_to" IS NULL) = ("return_requests"."refund_to_masked" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "store_credit_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance_paise" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_accounts_balance_not_negative" CHECK ("store_credit_accounts"."balance_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" "store_credit_kind" NOT NULL,
	"amount_paise" integer NOT NULL,
	"balance_after_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"return_id" uuid,
	"order_id" uuid,
	"expires_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entries_amount_not_zero" CHECK ("store_credit_entries"."amount_paise" <> 0),
	CONSTRAINT "store_credit_entries_balance_not_negative" CHECK ("store_credit_entries"."balance_after_paise" >= 0)
);
--> statement-breakpoint
DROP INDEX "refunds_payment_key";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fit_advice_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_of_order_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "purpose" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "return_window_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "exchange_window_days" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "non_returnable_categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "refunds_only_for_faults" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "store_credit_validity_days" integer DEFAULT 365;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_exchange_variant_id_product_variants_id_fk" FOREIGN KEY ("exchange_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_exchange_order_id_orders_id_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_accounts" ADD CONSTRAINT "store_credit_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_user_id_store_credit_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."store_credit_accounts"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_return_line_key" ON "return_lines" USING btree ("return_id","order_line_id");--> statement-breakpoint
CREATE INDEX "return_lines_order_line_idx" ON "return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_user_idx" ON "return_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_credit_entries_user_idx" ON "store_credit_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_credit_entries_order_idx" ON "store_credit_entries" USING btree ("order_id") WHERE "store_credit_entries"."order_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_exchange_of_order_id_orders_id_fk" FOREIGN KEY ("exchange_of_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_exchange_of_idx" ON "orders" USING btree ("exchange_of_order_id") WHERE "orders"."exchange_of_order_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_purpose_key" ON "refunds" USING btree ("payment_id","purpose");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_credit_range" CHECK ("orders"."store_credit_paise" BETWEEN 0 AND "orders"."total_paise");--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_return_windows_range" CHECK ("store_settings"."return_window_days" BETWEEN 0 AND 90 AND "store_settings"."exchange_window_days" BETWEEN 0 AND 90 AND ("store_settings"."store_credit_validity_days" IS NULL OR "store_settings"."store_credit_validity_days" BETWEEN 30 AND 3650));