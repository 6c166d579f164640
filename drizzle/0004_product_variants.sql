CREATE TABLE "back_in_stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "back_in_stock_status" CHECK ("back_in_stock_requests"."status" IN ('open', 'sent', 'expired')),
	CONSTRAINT "back_in_stock_phone_format" CHECK ("back_in_stock_requests"."phone" ~ '^\+91[6-9][0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"size" text NOT NULL,
	"colour" text NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_not_negative" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text DEFAULT 'sms' NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_channel" CHECK ("outbox_messages"."channel" IN ('sms'))
);
--> statement-breakpoint
DROP INDEX "products_sizes_gin";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sizes_in_stock" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_open_variant_phone_key" ON "back_in_stock_requests" USING btree ("variant_id","phone") WHERE "back_in_stock_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "back_in_stock_open_phone_idx" ON "back_in_stock_requests" USING btree ("phone") WHERE "back_in_stock_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "back_in_stock_open_created_idx" ON "back_in_stock_requests" USING btree ("created_at") WHERE "back_in_stock_requests"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_size_colour_key" ON "product_variants" USING btree ("product_id","size","colour");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_dedupe_key" ON "outbox_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."sent_at" IS NULL AND "outbox_messages"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_active_in_stock_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "products"."is_active" AND "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_active_sold_out_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "products"."is_active" AND NOT "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_sizes_in_stock_gin" ON "products" USING gin ("sizes_in_stock");
--> statement-breakpoint
-- Data (decision 015): every product's sizes x colours become variants ('One Size' / 'Default' when it
-- has none; blank and repeated entries are skipped). A variant's SKU is the product's SKU, a size code
-- (OS, FS, else the first 4 letters or digits) and a colour code (the first 3), upper case; a code that
-- repeats within the product gets its position appended. The old product stock is spread over the
-- variants in colour-then-size order: each gets stock / n, the first (stock mod n) one more, so the sum
-- is exactly the old stock. `products.stock` keeps that sum (now derived); `in_stock` and
-- `sizes_in_stock` are filled. The same rules are `variantAxes`, `variantSkus` and `spreadStock` in app/modules/catalog/variants.ts.
WITH sizes AS (
	SELECT p.id AS product_id, s.size, min(s.pos) AS pos
	FROM "products" p, unnest(p.sizes) WITH ORDINALITY AS s(size, pos)
	WHERE s.size IS NOT NULL AND btrim(s.size) <> ''
	GROUP BY p.id, s.size
	UNION ALL
	SELECT p.id, 'One Size', 1 FROM "products" p
	WHERE NOT EXISTS (SELECT 1 FROM unnest(p.sizes) AS s(size) WHERE s.size IS NOT NULL AND btrim(s.size) <> '')
), colours AS (
	SELECT p.id AS product_id, c.colour, min(c.pos) AS pos
	FROM "products" p, unnest(p.color_names) WITH ORDINALITY AS c(colour, pos)
	WHERE c.colour IS NOT NULL AND btrim(c.colour) <> ''
	GROUP BY p.id, c.colour
	UNION ALL
	SELECT p.id, 'Default', 1 FROM "products" p
	WHERE NOT EXISTS (SELECT 1 FROM unnest(p.color_names) AS c(colour) WHERE c.colour IS NOT NULL AND btrim(c.colour) <> '')
), size_codes AS (
	SELECT product_id, size, row_number() OVER (PARTITION BY product_id ORDER BY pos) AS n,
		CASE WHEN size = 'One Size' THEN 'OS' WHEN size = 'Free Size' THEN 'FS'
			ELSE coalesce(nullif(upper(left(regexp_replace(size, '[^A-Za-z0-9]', '', 'g'), 4)), ''), 'X') END AS base
	FROM sizes
), colour_codes AS (
	SELECT product_id, colour, row_number() OVER (PARTITION BY product_id ORDER BY pos) AS n,
		coalesce(nullif(upper(left(regexp_replace(colour, '[^A-Za-z0-9]', '', 'g'), 3)), ''), 'X') AS base
	FROM colours
), size_final AS (
	SELECT product_id, size, n, CASE WHEN count(*) OVER (PARTITION BY product_id, base) > 1 THEN base || n ELSE base END AS code FROM size_codes
), colour_final AS (
	SELECT product_id, colour, n, CASE WHEN count(*) OVER (PARTITION BY product_id, base) > 1 THEN base || n ELSE base END AS code FROM colour_codes
), combos AS (
	SELECT p.id AS product_id, p.stock AS total, s.size, c.colour,
		p.sku || '-' || s.code || '-' || c.code AS sku,
		row_number() OVER (PARTITION BY p.id ORDER BY c.n, s.n) - 1 AS k,
		count(*) OVER (PARTITION BY p.id) AS variants
	FROM "products" p
	JOIN size_final s ON s.product_id = p.id
	JOIN colour_final c ON c.product_id = p.id
)
INSERT INTO "product_variants" ("product_id", "sku", "size", "colour", "stock")
SELECT product_id,
	-- two products whose SKUs and codes happen to spell the same variant SKU: the later ones get -2, -3
	CASE WHEN row_number() OVER (PARTITION BY sku ORDER BY product_id, k) > 1
		THEN sku || '-' || row_number() OVER (PARTITION BY sku ORDER BY product_id, k) ELSE sku END,
	size, colour,
	(total / variants + CASE WHEN k < total % variants THEN 1 ELSE 0 END)::integer
FROM combos;--> statement-breakpoint
UPDATE "products" p SET "in_stock" = p.stock > 0, "sizes_in_stock" = coalesce((
	SELECT array_agg(DISTINCT v.size) FROM "product_variants" v
	WHERE v.product_id = p.id AND v.stock > 0 AND v.size = ANY(p.sizes)
), '{}'::text[]);
