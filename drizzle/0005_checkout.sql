CREATE TABLE "attempt_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_consistent";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_channel";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "error" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_max_order_paise" integer;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "payment_timeout_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "html" text;--> statement-breakpoint
CREATE INDEX "attempt_events_scope_key_idx" ON "attempt_events" USING btree ("scope","key","created_at");--> statement-breakpoint
CREATE INDEX "attempt_events_created_idx" ON "attempt_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "payments_flagged_idx" ON "payments" USING btree ("flagged_at") WHERE "payments"."flagged_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_consistent" CHECK ("orders"."subtotal_paise" >= 0 AND "orders"."shipping_paise" >= 0 AND "orders"."discount_paise" >= 0 AND "orders"."prepaid_discount_paise" >= 0 AND "orders"."cod_fee_paise" >= 0 AND "orders"."total_paise" = "orders"."subtotal_paise" + "orders"."shipping_paise" + "orders"."cod_fee_paise" - "orders"."discount_paise" - "orders"."prepaid_discount_paise" AND "orders"."total_paise" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_within_amount" CHECK ("payments"."amount_refunded_paise" BETWEEN 0 AND "payments"."amount_paise");--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_cod_amounts" CHECK ("store_settings"."cod_fee_paise" >= 0 AND ("store_settings"."cod_max_order_paise" IS NULL OR "store_settings"."cod_max_order_paise" > 0));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_payment_timeout_range" CHECK ("store_settings"."payment_timeout_minutes" BETWEEN 5 AND 1440);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_email_subject" CHECK ("outbox_messages"."channel" <> 'email' OR "outbox_messages"."subject" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_channel" CHECK ("outbox_messages"."channel" IN ('sms', 'email'));