import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { QUICK_ADD_SIZE } from "./quick-add";
import { categories, productImages, products, productVariants, type ProductColour } from "./schema.server";
import { afterCommit } from "../../db/transaction.server";
import { forgetFacets } from "./facet-cache.server";
import { createVariants } from "./stock.server";
import {
  CATEGORIES,
  type ProductCardView,
  type ProductDetailView,
  type ProductImageView,
  type ReviewSummary,
  type ShopperProduct,
} from "./types";
import { DEFAULT_COLOUR, DEFAULT_SIZE, type ProductVariantView, type VariantStock } from "./variants";
import { offeredVariants, variantsOf, variantsOfOuterProduct } from "./variants.server";
import { isUuid } from "../../lib/ids";

export type ProductRow = typeof products.$inferSelect;

export interface NewProductInput {
  slug: string;
  sku: string;
  name: string;
  brand: string;
  category: string;
  description?: string;
  details?: string;
  pricePaise: number;
  originalPricePaise?: number | null;
  sizes?: string[];
  colors?: ProductColour[];
  /** the starting stock, spread over the variants (`spreadStock`); or give `variantStock` */
  stock?: number;
  /** each variant's starting stock; sizes x colours left out start at 0 */
  variantStock?: VariantStock[];
  fabric?: string | null;
  material?: string | null;
  fit?: string | null;
  care?: string | null;
  occasions?: string[];
  type?: string | null;
  badge?: string | null;
  // no rating: a product's stars come only from its published reviews (storeReviewSummary)
  popularity?: number;
  orderCount?: number;
  isActive?: boolean;
  createdAt?: Date;
}

export interface NewProductImage {
  key: string;
  url: string;
  width: number;
  height: number;
  alt?: string;
}

/** Makes sure every category of the shop exists (idempotent). */
export async function ensureCategories(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORIES.map((c, position) => ({ ...c, position })))
    .onConflictDoNothing({ target: categories.slug });
}

/** The shop's categories in their order (as the back office lists them). */
export async function listCategories(db: Db | Tx): Promise<Array<{ slug: string; name: string }>> {
  return db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}

/** A product by its SKU (any case) or its slug, as the stock command line names it. */
export async function findProductBySkuOrSlug(
  db: Db,
  name: string,
): Promise<{ id: string; name: string; sku: string } | null> {
  const [product] = await db
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(or(eq(products.sku, name.toUpperCase()), eq(products.slug, name)))
    .limit(1);
  return product ?? null;
}

/** Inserts a product, its variants (every size x colour, with their stock) and its pictures in one transaction. Returns the new id. */
export async function createProduct(db: Db, input: NewProductInput, images: NewProductImage[] = []): Promise<string> {
  return db.transaction(async (tx) => {
    const { stock, variantStock, ...fields } = input;
    const colors = fields.colors ?? [];
    const [row] = await tx
      .insert(products)
      .values({
        ...fields,
        colors,
        colorNames: colors.map((c) => c.name),
        updatedAt: fields.createdAt,
      })
      .returning({ id: products.id });
    if (!row) throw new Error("product insert returned nothing");
    await createVariants(tx, [
      {
        productId: row.id,
        productSku: fields.sku,
        sizes: fields.sizes ?? [],
        colourNames: colors.map((c) => c.name),
        stock,
        variantStock,
      },
    ]);
    if (images.length > 0) {
      await tx.insert(productImages).values(
        images.map((image, position) => ({
          productId: row.id,
          position,
          ...image,
          alt: image.alt ?? input.name,
        })),
      );
    }
    return row.id;
  });
}

export async function findProductIdBySlug(db: Db, slug: string): Promise<string | null> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug)).limit(1);
  return row?.id ?? null;
}

export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  return row?.n ?? 0;
}

/** The products table's own name, for columns of the outer product inside a subquery (drizzle leaves them unqualified). */
const outer = (column: string) => sql`${sql.identifier("products")}.${sql.identifier(column)}`;

/**
 * The stock of the variant a card's quick add would put in the bag (`quickAddLine`: size M when
 * offered, else the first size or One Size; the first colour or Default), one index lookup per card.
 */
const quickAddStock = sql<number>`coalesce((
  SELECT v.stock FROM ${productVariants} v
  WHERE v.product_id = ${outer("id")}
    AND v.size = CASE WHEN ${QUICK_ADD_SIZE} = ANY(${outer("sizes")}) THEN ${QUICK_ADD_SIZE} ELSE coalesce(${outer("sizes")}[1], ${DEFAULT_SIZE}) END
    AND v.colour = coalesce(${outer("color_names")}[1], ${DEFAULT_COLOUR})
), 0)`.mapWith(Number);

export const cardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  brand: products.brand,
  category: products.category,
  pricePaise: products.pricePaise,
  originalPricePaise: products.originalPricePaise,
  badge: products.badge,
  stock: products.stock,
  sizes: products.sizes,
  colors: products.colors,
  rating: products.rating,
  reviewsCount: products.reviewsCount,
  quickAddStock,
};

/** The product's id, qualified: drizzle leaves columns unqualified in a one-table select, and inside a pictures subquery a bare "id" would be the picture's. */
export const outerProductId = sql`${sql.identifier("products")}.${sql.identifier("id")}`;

/** A product's first `count` pictures as JSON, in the same statement as the product (no second round trip). */
function picturesOf(count: number) {
  return sql<ProductImageView[]>`coalesce((
  SELECT json_agg(json_build_object('url', i.url, 'width', i.width, 'height', i.height, 'alt', i.alt) ORDER BY i.position)
  FROM ${productImages} i WHERE i.product_id = ${outerProductId} AND i.position < ${sql.raw(String(count))}
), '[]'::json)`;
}

/** A product page shows every picture a product has; this bounds the statement all the same. */
const PRODUCT_PICTURES_MAX = 100;

/** The card's first two pictures. */
export const cardImages = picturesOf(2);

// The sort indexes were generated as `DESC NULLS LAST` (drizzle-kit's default for .desc() in an index);
// PostgreSQL's plain DESC means NULLS FIRST and would not match them, turning a 24-row index scan
// into a scan of the catalogue.
export const newest = sql`${products.createdAt} DESC NULLS LAST`;

/** The home page's New Arrivals: the newest active products. */
export async function listNewArrivals(db: Db, limit = 4): Promise<ProductCardView[]> {
  return db
    .select({ ...cardColumns, images: cardImages })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(newest, asc(products.id))
    .limit(limit);
}

export function isProductId(value: string): boolean {
  return isUuid(value);
}

/** One active product with all its pictures, or null. */
export async function getProduct(db: Db, id: string): Promise<ProductDetailView | null> {
  if (!isProductId(id)) return null;
  // the product with its pictures, and its variants beside it: one round trip
  const [[row], variants] = await Promise.all([
    db
      .select({
        ...cardColumns,
        sku: products.sku,
        description: products.description,
        details: products.details,
        fabric: products.fabric,
        material: products.material,
        fit: products.fit,
        care: products.care,
        occasions: products.occasions,
        type: products.type,
        createdAt: products.createdAt,
        reviewSummary: products.reviewSummary,
        images: picturesOf(PRODUCT_PICTURES_MAX),
      })
      .from(products)
      .where(and(eq(products.id, id), eq(products.isActive, true)))
      .limit(1),
    variantsOf(db, [id]),
  ]);
  if (!row) return null;
  return { ...row, createdAt: row.createdAt.toISOString(), variants: variants.get(row.id) ?? [] };
}

/**
 * Whether staff let the product page show fit advice drawn from returns (the editor's 'Show fit advice
 * from returns'), as a condition for the returns module's statement: one primary-key probe, evaluated
 * once, inside the same round trip.
 */
export function fitAdviceAllowed(productId: string): SQL {
  return sql`exists (select 1 from ${products} where ${products.id} = ${productId} and ${products.fitAdviceEnabled})`;
}

/** What the reviews module keeps with a product when its published reviews change (decision 043). */
export interface StoredReviewSummary {
  /** the average of the published reviews' stars, to one decimal; null without reviews */
  rating: number | null;
  count: number;
  /** what the Rating sort orders by; null without reviews */
  score: number | null;
  summary: ReviewSummary | null;
}

/**
 * Keeps a product's review summary (the reviews module calls this inside the transaction that
 * published, edited or hid a review, after taking the product's review lock). Pages read it with the
 * product; the caller empties the page cache after the commit.
 */
export async function storeReviewSummary(tx: Tx, productId: string, s: StoredReviewSummary): Promise<void> {
  await tx
    .update(products)
    .set({ rating: s.rating, reviewsCount: s.count, ratingScore: s.score, reviewSummary: s.summary })
    .where(eq(products.id, productId));
  // the lists' counts know how many products are rated (the Rating sort is offered only then)
  afterCommit(tx, forgetFacets);
}

/** Every active product id with its last change, for the sitemap. */
export async function listActiveProductIds(db: Db): Promise<Array<{ id: string; updatedAt: Date }>> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(desc(products.updatedAt));
}

/**
 * The products in a cart or wishlist, active or not (the cart flags the ones that cannot be bought),
 * with their first picture. Ids that are not products are left out.
 */
export async function getShopperProducts(db: Db, ids: readonly string[]): Promise<ShopperProduct[]> {
  return (await getShopperProductsWithVariantIds(db, ids)).map(shopperProductShown);
}

/** A piece read with its variant ids, as the cart and wishlist show it: the variants' ids and SKUs left out. */
export function shopperProductShown({
  variants,
  ...product
}: Omit<ShopperProduct, "variants"> & { variants: ProductVariantView[] }): ShopperProduct {
  return { ...product, variants: variants.map(({ size, colour, stock }) => ({ size, colour, stock })) };
}

/**
 * `getShopperProducts` with each variant's id and SKU (what an order line records), for the server's
 * own use: the product, its first picture and its variants in one statement.
 */
export async function getShopperProductsWithVariantIds(
  db: Db,
  ids: readonly string[],
): Promise<Array<Omit<ShopperProduct, "variants"> & { variants: ProductVariantView[] }>> {
  const wanted = [...new Set(ids.filter(isProductId))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      pricePaise: products.pricePaise,
      originalPricePaise: products.originalPricePaise,
      stock: products.stock,
      isActive: products.isActive,
      sizes: products.sizes,
      colourNames: products.colorNames,
      colors: products.colors,
      images: picturesOf(1),
      variants: variantsOfOuterProduct,
    })
    .from(products)
    .where(inArray(products.id, wanted));
  return rows.map(({ colourNames, images, variants, ...r }) => ({
    ...r,
    image: images[0] ?? null,
    variants: offeredVariants({ sizes: r.sizes, colourNames }, variants),
  }));
}

/** Which of these ids are products (any, active or not). */
/** The category of each of these products that still exists (an invoice's GST rate goes by it). */
export async function productCategories(db: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id) => isProductId(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, category: products.category })
    .from(products)
    .where(inArray(products.id, wanted));
  return new Map(rows.map((r) => [r.id, r.category]));
}

export async function existingProductIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}
