import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps, tsvector } from "../../db/columns";
import { user } from "../accounts/auth-schema.server";
import type { ReviewSummary } from "./types";

export interface ProductColour {
  name: string;
  /** #rrggbb */
  hex: string;
}

export const categories = pgTable(
  "categories",
  {
    slug: text("slug").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    position: smallint("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [check("categories_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    category: text("category")
      .notNull()
      .references(() => categories.slug, { onUpdate: "cascade", onDelete: "restrict" }),
    description: text("description").notNull().default(""),
    details: text("details").notNull().default(""),
    pricePaise: integer("price_paise").notNull(),
    originalPricePaise: integer("original_price_paise"),
    sizes: text("sizes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: jsonb("colors")
      .$type<ProductColour[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** the colour names of `colors`, kept beside them so facets and filters can use a GIN index */
    colorNames: text("color_names")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Derived: the sum of the variants' stock. Written only by `stock.server.ts`, in the transaction
     * that changes the variants, so the list's sort and filter indexes can read it (decision 015).
     */
    stock: integer("stock").notNull().default(0),
    /** Derived like `stock`: the sizes of `sizes` that have stock in at least one colour (size facet and filter). */
    sizesInStock: text("sizes_in_stock")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Derived like `stock`: `stock > 0`. The Availability filter's indexes key on this flag rather than
     * on `stock`, so they change only when a product sells out or comes back, not on every sale.
     */
    inStock: boolean("in_stock").notNull().default(false),
    fabric: text("fabric"),
    material: text("material"),
    fit: text("fit"),
    care: text("care"),
    occasions: text("occasions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    type: text("type"),
    badge: text("badge"),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }),
    reviewsCount: integer("reviews_count").notNull().default(0),
    /**
     * The rating the 'Rating' sort orders by: published reviews' stars pulled towards a prior
     * (decision 043), so one 5-star review does not beat a hundred 4.6s. Null without reviews.
     */
    ratingScore: doublePrecision("rating_score"),
    /** the rest of the published reviews' summary (histogram, fit, photos, a few for search engines) */
    reviewSummary: jsonb("review_summary").$type<ReviewSummary>(),
    popularity: integer("popularity").notNull().default(0),
    orderCount: integer("order_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * The packed parcel of one piece, for couriers' rates and labels: grams and centimetres. Null: the
     * category's default (packageDefaults in catalog/package.ts).
     */
    packageWeightGrams: integer("package_weight_grams"),
    packageLengthCm: integer("package_length_cm"),
    packageBreadthCm: integer("package_breadth_cm"),
    packageHeightCm: integer("package_height_cm"),
    /** staff may turn off the fit advice drawn from exchanges ('Runs small: …') for this product */
    fitAdviceEnabled: boolean("fit_advice_enabled").notNull().default(true),
    /** raised by every change from the admin: a save based on an older version is refused, not merged */
    version: integer("version").notNull().default(1),
    ...timestamps,
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(brand, '') || ' ' || coalesce(category, '') || ' ' || coalesce(type, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("products_slug_key").on(t.slug),
    uniqueIndex("products_sku_key").on(t.sku),
    check("products_stock_not_negative", sql`${t.stock} >= 0`),
    check("products_price_positive", sql`${t.pricePaise} > 0`),
    check(
      "products_original_price_above_price",
      sql`${t.originalPricePaise} IS NULL OR ${t.originalPricePaise} > ${t.pricePaise}`,
    ),
    check("products_rating_range", sql`${t.rating} IS NULL OR (${t.rating} >= 0 AND ${t.rating} <= 5)`),
    check("products_counts_not_negative", sql`${t.reviewsCount} >= 0 AND ${t.orderCount} >= 0`),
    check(
      "products_package_positive",
      sql`(${t.packageWeightGrams} IS NULL OR ${t.packageWeightGrams} BETWEEN 1 AND 100000) AND (${t.packageLengthCm} IS NULL OR ${t.packageLengthCm} BETWEEN 1 AND 500) AND (${t.packageBreadthCm} IS NULL OR ${t.packageBreadthCm} BETWEEN 1 AND 500) AND (${t.packageHeightCm} IS NULL OR ${t.packageHeightCm} BETWEEN 1 AND 500)`,
    ),
    // Sort keys of the list page, only over the active catalogue.
    index("products_active_newest_idx")
      .on(t.createdAt.desc(), t.id)
      .where(sql`${t.isActive}`),
    index("products_active_price_idx")
      .on(t.pricePaise, t.id)
      .where(sql`${t.isActive}`),
    index("products_active_orders_idx")
      .on(t.orderCount.desc(), t.id)
      .where(sql`${t.isActive}`),
    index("products_active_popularity_idx")
      .on(t.popularity.desc(), t.id)
      .where(sql`${t.isActive}`),
    index("products_active_rating_idx")
      .on(t.ratingScore.desc(), t.id)
      .where(sql`${t.isActive}`),
    // the products with published reviews, by their average: the dashboard's lowest and best rated
    index("products_rated_idx")
      .on(t.rating, t.reviewsCount.desc(), t.id)
      .where(sql`${t.reviewsCount} > 0`),
    index("products_active_name_idx")
      .on(t.name, t.id)
      .where(sql`${t.isActive}`),
    index("products_category_newest_idx")
      .on(t.category, t.createdAt.desc())
      .where(sql`${t.isActive}`),
    index("products_category_price_idx")
      .on(t.category, t.pricePaise)
      .where(sql`${t.isActive}`),
    // The Availability filter: its count and its newest-first page (decision 015).
    index("products_active_in_stock_newest_idx")
      .on(t.createdAt.desc(), t.id)
      .where(sql`${t.isActive} AND ${t.inStock}`),
    index("products_active_sold_out_newest_idx")
      .on(t.createdAt.desc(), t.id)
      .where(sql`${t.isActive} AND NOT ${t.inStock}`),
    // Facets and filters over arrays.
    index("products_sizes_in_stock_gin").using("gin", t.sizesInStock),
    index("products_color_names_gin").using("gin", t.colorNames),
    index("products_occasions_gin").using("gin", t.occasions),
    // Search: full text plus trigram similarity for misspellings such as 'kurtha'.
    index("products_search_gin").using("gin", t.searchVector),
    index("products_name_trgm").using("gin", sql`${t.name} gin_trgm_ops`),
    index("products_brand_trgm").using("gin", sql`${t.brand} gin_trgm_ops`),
    // The admin's product search (name, SKU, brand) and its newest-first list over every product.
    index("products_sku_trgm").using("gin", sql`${t.sku} gin_trgm_ops`),
    index("products_newest_idx").on(t.createdAt.desc(), t.id),
    // the admin's 'Inactive' filter (archived and hidden products)
    index("products_inactive_newest_idx")
      .on(t.createdAt.desc(), t.id)
      .where(sql`NOT ${t.isActive}`),
  ],
);

/** Text compared byte by byte (collation "C"), so a prefix's words are one range of a btree. */
const byteText = customType<{ data: string }>({
  dataType: () => 'text COLLATE "C"',
});

/**
 * The search's words (decision 046): one row per word of an active product's `search_vector` (its
 * lexemes: stemmed, 'kurtas' -> kurta), with the best part of the product it comes from (tier 1 the
 * name, 2 the brand, category or type, 3 the description; the vector's weights A, B, C) and the
 * product's `created_at`. The btree on (word, tier, created_at DESC, product_id) hands the
 * suggestions the first products of each word in the search's order, so they stop after eight
 * instead of ranking every match. Written only by PostgreSQL, from the product row itself (the
 * trigger `products_search_words_sync` of migration 0018): every writer of products, SQL in bulk
 * included, keeps it in step in the same transaction, as it does the GIN index on the vector.
 */
export const productSearchWords = pgTable(
  "product_search_words",
  {
    word: byteText("word").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    tier: smallint("tier").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("product_search_words_order_idx").on(t.word, t.tier, t.createdAt.desc(), t.productId),
    // the trigger's delete before it writes a product's words again
    index("product_search_words_product_idx").on(t.productId),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** storage key of the original; the resized variants derive their names from it */
    key: text("key").notNull(),
    /** public URL of the default (800 px wide) variant */
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: smallint("position").notNull().default(0),
    alt: text("alt").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("product_images_product_position_key").on(t.productId, t.position),
    uniqueIndex("product_images_key_key").on(t.key),
    check("product_images_size_positive", sql`${t.width} > 0 AND ${t.height} > 0`),
  ],
);

/**
 * One product in one size and one colour (`One Size` / `Default` when it has none): the unit stock is
 * counted in. Its stock is written only by `stock.server.ts` (decision 015).
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** the product's SKU plus size and colour codes, e.g. KUR-1001-M-IND */
    sku: text("sku").notNull(),
    size: text("size").notNull(),
    colour: text("colour").notNull(),
    stock: integer("stock").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("product_variants_product_size_colour_key").on(t.productId, t.size, t.colour),
    uniqueIndex("product_variants_sku_key").on(t.sku),
    // The admin dashboard's low-stock (1-5) and sold-out lists, lowest first and then most recently
    // changed, read in index order however many variants qualify (stock 5 is LOW_STOCK in variants.ts).
    index("product_variants_low_stock_idx")
      .on(t.stock, t.updatedAt.desc(), t.id)
      .where(sql`${t.stock} <= 5`),
    check("product_variants_stock_not_negative", sql`${t.stock} >= 0`),
  ],
);

/**
 * 'Notify me when it is back': one phone waiting for one sold-out variant. `open` until the variant
 * is restocked (`sent`: its text message is in the outbox) or 90 days pass (`expired`).
 */
export const backInStockRequests = pgTable(
  "back_in_stock_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    /** +91XXXXXXXXXX */
    phone: text("phone").notNull(),
    /** the signed-in shopper who asked, if any */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    // one open request per phone and variant
    uniqueIndex("back_in_stock_open_variant_phone_key")
      .on(t.variantId, t.phone)
      .where(sql`${t.status} = 'open'`),
    index("back_in_stock_open_phone_idx")
      .on(t.phone)
      .where(sql`${t.status} = 'open'`),
    index("back_in_stock_open_created_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    check("back_in_stock_status", sql`${t.status} IN ('open', 'sent', 'expired')`),
    check("back_in_stock_phone_format", sql`${t.phone} ~ '^\\+91[6-9][0-9]{9}$'`),
  ],
);
