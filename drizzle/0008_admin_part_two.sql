CREATE TYPE "public"."refund_status" AS ENUM('pending', 'processed', 'failed');--> statement-breakpoint
CREATE TABLE "staff_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"amount_paise" integer NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"error_description" text,
	"requested_by" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "category_tax" (
	"category_slug" text NOT NULL,
	"effective_from" date NOT NULL,
	"hsn_code" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"upper_rate_bp" integer,
	"threshold_paise" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_tax_category_slug_effective_from_pk" PRIMARY KEY("category_slug","effective_from"),
	CONSTRAINT "category_tax_hsn_format" CHECK ("category_tax"."hsn_code" ~ '^[0-9]{4}([0-9]{2}){0,2}$'),
	CONSTRAINT "category_tax_rate_range" CHECK ("category_tax"."rate_bp" BETWEEN 0 AND 2800 AND ("category_tax"."upper_rate_bp" IS NULL OR "category_tax"."upper_rate_bp" BETWEEN 0 AND 2800)),
	CONSTRAINT "category_tax_threshold_pair" CHECK (("category_tax"."upper_rate_bp" IS NULL) = ("category_tax"."threshold_paise" IS NULL) AND ("category_tax"."threshold_paise" IS NULL OR "category_tax"."threshold_paise" > 0))
);
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_paise" integer NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "invoices_sequence_positive" CHECK ("invoices"."sequence" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "gstin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "shop_state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_tax" ADD CONSTRAINT "category_tax_category_slug_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."categories"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_key" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_key" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_key" ON "invoices" USING btree ("financial_year","sequence");--> statement-breakpoint
CREATE INDEX "products_inactive_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id") WHERE NOT "products"."is_active";--> statement-breakpoint
CREATE INDEX "orders_search_trgm" ON "orders" USING gin ((lower("order_number" || ' ' || "customer_name" || ' ' || "customer_email" || ' ' || "customer_phone")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_payment_method_created_idx" ON "orders" USING btree ("payment_method","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_coupon_code_idx" ON "orders" USING btree ("coupon_code","created_at" DESC NULLS LAST) WHERE "orders"."coupon_code" IS NOT NULL;--> statement-breakpoint
-- Staff made before owners existed were all made by `npm run admin:create`: they are owners.
INSERT INTO "staff_members" ("user_id", "is_owner") SELECT "id", true FROM "user" WHERE "role" = 'admin' ON CONFLICT DO NOTHING;--> statement-breakpoint
-- GST for the categories a shop already has (the seed writes the same for new shops; a chartered
-- accountant should confirm them). Apparel (chapters 61/62): 5 % up to Rs 1,000 a piece and 12 %
-- above from 1 July 2017; 5 % up to Rs 2,500 and 18 % above from 22 September 2025. Sarees and dress
-- materials (fabrics) 5 %; imitation jewellery 3 %.
INSERT INTO "category_tax" ("category_slug", "effective_from", "hsn_code", "rate_bp", "upper_rate_bp", "threshold_paise")
SELECT c."slug", v."effective_from",
  CASE c."slug" WHEN 'sarees' THEN '5407' WHEN 'unstitched' THEN '5208' WHEN 'accessories' THEN '7117'
    WHEN 'short-kurtis' THEN '6206' WHEN 'shirts' THEN '6206' WHEN 'loungewear' THEN '6208' ELSE '6204' END,
  CASE c."slug" WHEN 'accessories' THEN 300 ELSE 500 END,
  CASE WHEN c."slug" IN ('sarees', 'unstitched', 'accessories') THEN NULL ELSE v."upper_rate_bp" END,
  CASE WHEN c."slug" IN ('sarees', 'unstitched', 'accessories') THEN NULL ELSE v."threshold_paise" END
FROM "categories" c
CROSS JOIN (VALUES ('2017-07-01'::date, 1200, 100000), ('2025-09-22'::date, 1800, 250000)) AS v("effective_from", "upper_rate_bp", "threshold_paise")
WHERE c."slug" NOT IN ('sarees', 'unstitched', 'accessories') OR v."effective_from" = '2017-07-01'
ON CONFLICT DO NOTHING;
