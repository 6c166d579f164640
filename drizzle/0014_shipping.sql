CREATE TYPE "public"."cod_confirmation_status" AS ENUM('awaiting', 'confirmed', 'checked_by_staff', 'declined');--> statement-breakpoint
CREATE TYPE "public"."shipment_status" AS ENUM('draft', 'awb_assigned', 'pickup_scheduled', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'delivered', 'rto_initiated', 'rto_delivered', 'returned', 'cancelled', 'lost');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'returned';--> statement-breakpoint
CREATE TABLE "cod_confirmations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"status" "cod_confirmation_status" DEFAULT 'awaiting' NOT NULL,
	"token_hash" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"flag_after" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"checked_by" text,
	CONSTRAINT "cod_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "delivery_estimates" (
	"pincode" text PRIMARY KEY NOT NULL,
	"serviceable" boolean NOT NULL,
	"cod_available" boolean NOT NULL,
	"min_days" integer,
	"max_days" integer,
	"checked_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"status" "shipment_status",
	"code" text,
	"activity" text NOT NULL,
	"location" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" "shipment_status" DEFAULT 'draft' NOT NULL,
	"reference" text NOT NULL,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"courier_id" text,
	"courier_name" text,
	"awb" text,
	"rate_paise" integer,
	"estimated_delivery" date,
	"weight_grams" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"breadth_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"cod_amount_paise" integer DEFAULT 0 NOT NULL,
	"pickup_scheduled_for" timestamp with time zone,
	"pickup_token" text,
	"manifested_at" timestamp with time zone,
	"last_scan_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"delivered_at" timestamp with time zone,
	"received_back_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"last_error" text,
	"created_by" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "shipments_package_positive" CHECK ("shipments"."weight_grams" > 0 AND "shipments"."length_cm" > 0 AND "shipments"."breadth_cm" > 0 AND "shipments"."height_cm" > 0 AND "shipments"."cod_amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_inbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "shipping_inbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_breadth_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_height_cm" integer;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "dispatch_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_confirm_above_paise" integer;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_confirm_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD CONSTRAINT "cod_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_confirmations_awaiting_idx" ON "cod_confirmations" USING btree ("flag_after") WHERE "cod_confirmations"."status" = 'awaiting';--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_dedupe" ON "shipment_events" USING btree ("shipment_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_live_per_order" ON "shipments" USING btree ("order_id") WHERE "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_provider_awb" ON "shipments" USING btree ("provider","awb");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_in_flight_idx" ON "shipments" USING btree ("last_checked_at") WHERE "shipments"."status" IN ('awb_assigned', 'pickup_scheduled', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'rto_initiated');--> statement-breakpoint
CREATE INDEX "shipping_inbox_pending_idx" ON "shipping_inbox" USING btree ("received_at") WHERE "shipping_inbox"."processed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_package_positive" CHECK (("products"."package_weight_grams" IS NULL OR "products"."package_weight_grams" BETWEEN 1 AND 100000) AND ("products"."package_length_cm" IS NULL OR "products"."package_length_cm" BETWEEN 1 AND 500) AND ("products"."package_breadth_cm" IS NULL OR "products"."package_breadth_cm" BETWEEN 1 AND 500) AND ("products"."package_height_cm" IS NULL OR "products"."package_height_cm" BETWEEN 1 AND 500));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_dispatch_days_range" CHECK ("store_settings"."dispatch_days" BETWEEN 0 AND 30);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_cod_confirm_range" CHECK (("store_settings"."cod_confirm_above_paise" IS NULL OR "store_settings"."cod_confirm_above_paise" >= 0) AND "store_settings"."cod_confirm_hours" BETWEEN 1 AND 168);