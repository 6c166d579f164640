CREATE TABLE "product_search_words" (
	"word" text COLLATE "C" NOT NULL,
	"product_id" uuid NOT NULL,
	"tier" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search_words" ADD CONSTRAINT "product_search_words_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_words_order_idx" ON "product_search_words" USING btree ("word","tier","created_at" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "product_search_words_product_idx" ON "product_search_words" USING btree ("product_id");--> statement-breakpoint
-- A product's words, written again from its search vector whenever the vector, the active flag or the
-- creation date changes (decision 046): tier 1-3 from the best weight of the word (A name; B brand,
-- category, type; C description; D counts as C). Only active products have words.
CREATE FUNCTION "products_search_words_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "product_search_words" WHERE "product_id" = OLD."id";
  END IF;
  IF NEW."is_active" THEN
    INSERT INTO "product_search_words" ("word", "product_id", "tier", "created_at")
    SELECT v.lexeme, NEW."id", least(coalesce(ascii((SELECT min(w) FROM unnest(v.weights) AS w)) - 64, 3), 3), NEW."created_at"
    FROM unnest(NEW."search_vector") AS v;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_search_words_sync"();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE OF "name", "brand", "category", "type", "description", "is_active", "created_at" ON "products"
  FOR EACH ROW
  WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector" OR OLD."is_active" IS DISTINCT FROM NEW."is_active" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "products_search_words_sync"();
--> statement-breakpoint
INSERT INTO "product_search_words" ("word", "product_id", "tier", "created_at")
SELECT v.lexeme, p."id", least(coalesce(ascii((SELECT min(w) FROM unnest(v.weights) AS w)) - 64, 3), 3), p."created_at"
FROM "products" AS p, unnest(p."search_vector") AS v
WHERE p."is_active";
--> statement-breakpoint
ANALYZE "product_search_words";
