import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.server";
import { csvDownloadStream } from "../../../lib/csv-stream.server";
import {
  CSV_COLUMNS,
  OCCASION_SEPARATOR,
  PICTURE_SEPARATOR,
  type CsvColumnKey,
  type ExportFilters,
} from "../product-csv";
import { packageText, paiseToRupeesText, slugify } from "../product-form";
import { productImages, products, productVariants } from "../schema.server";
import { variantAxes, variantKey, variantMatrix } from "../variants";
import { findVariantBySku } from "../variants.server";
import { absoluteUrl } from "./addresses.server";
import { guardCell } from "./cells.server";

/*
 * The products CSV export: the admin list's filtered products a page at a time (keyset on the list's
 * own order), so the catalogue is never in memory. One row per variant the product is sold in.
 */

export interface ExportDeps {
  /** the shop's public address: picture addresses are written absolute */
  baseUrl: string;
  /** products per query */
  pageSize?: number;
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The list's filters as SQL: the same as `listAdminProducts` (name, brand or product SKU as a
 * substring, or a variant's exact SKU; category; active or inactive). The integration test checks
 * that both lists name the same products.
 */
async function filterConditions(db: Db, filters: ExportFilters): Promise<SQL[]> {
  const conditions: SQL[] = [];
  if (filters.search) {
    const like = likePattern(filters.search);
    const branches = [
      sql`${products.name} ILIKE ${like}`,
      sql`${products.brand} ILIKE ${like}`,
      sql`${products.sku} ILIKE ${like}`,
    ];
    if (/^[A-Za-z0-9-]{3,60}$/.test(filters.search)) {
      const variant = await findVariantBySku(db, filters.search);
      if (variant) branches.push(sql`${products.id} = ${variant.productId}`);
    }
    conditions.push(sql`(${sql.join(branches, sql` OR `)})`);
  }
  if (filters.category) conditions.push(eq(products.category, filters.category));
  if (filters.status === "active") conditions.push(eq(products.isActive, true));
  if (filters.status === "inactive") conditions.push(eq(products.isActive, false));
  return conditions;
}

type ExportedProduct = Pick<
  typeof products.$inferSelect,
  | "sku"
  | "name"
  | "brand"
  | "category"
  | "pricePaise"
  | "originalPricePaise"
  | "description"
  | "details"
  | "badge"
  | "material"
  | "fabric"
  | "fit"
  | "care"
  | "type"
  | "occasions"
  | "isActive"
  | "packageWeightGrams"
  | "packageLengthCm"
  | "packageBreadthCm"
  | "packageHeightCm"
  | "fitAdviceEnabled"
>;

/** A product's own cells, the same on each of its rows (`pictures` already joined). */
function productCells(
  p: ExportedProduct,
  pictures: string,
): Omit<Record<CsvColumnKey, string>, "size" | "colour" | "colourHex" | "variantSku" | "stock"> {
  return {
    productSku: p.sku,
    name: p.name,
    brand: p.brand,
    category: p.category,
    price: paiseToRupeesText(p.pricePaise),
    originalPrice: paiseToRupeesText(p.originalPricePaise),
    description: p.description,
    details: p.details,
    badge: p.badge ?? "",
    material: p.material ?? "",
    fabric: p.fabric ?? "",
    fit: p.fit ?? "",
    care: p.care ?? "",
    type: p.type ?? "",
    occasions: p.occasions.join(OCCASION_SEPARATOR),
    active: p.isActive ? "yes" : "no",
    packageWeight: packageText(p.packageWeightGrams),
    packageLength: packageText(p.packageLengthCm),
    packageBreadth: packageText(p.packageBreadthCm),
    packageHeight: packageText(p.packageHeightCm),
    fitAdvice: p.fitAdviceEnabled ? "yes" : "no",
    pictures,
  };
}

/** The header row and then one record per variant of every product the filters match, newest first. */
export async function* exportRecords(db: Db, filters: ExportFilters, deps: ExportDeps): AsyncGenerator<string[]> {
  yield CSV_COLUMNS.map((c) => c.header);
  const pageSize = deps.pageSize ?? 200;
  const where = await filterConditions(db, filters);
  let cursor: { createdAt: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${products.createdAt} < ${cursor.createdAt}::timestamptz OR (${products.createdAt} = ${cursor.createdAt}::timestamptz AND ${products.id} > ${cursor.id}::uuid))`
      : undefined;
    const page = await db
      .select({
        id: products.id,
        // as text: a JavaScript Date would drop the microseconds and the cursor would skip or repeat rows
        createdAt: sql<string>`${products.createdAt}::text`,
        sku: products.sku,
        name: products.name,
        brand: products.brand,
        category: products.category,
        pricePaise: products.pricePaise,
        originalPricePaise: products.originalPricePaise,
        description: products.description,
        details: products.details,
        badge: products.badge,
        material: products.material,
        fabric: products.fabric,
        fit: products.fit,
        care: products.care,
        type: products.type,
        occasions: products.occasions,
        isActive: products.isActive,
        sizes: products.sizes,
        colors: products.colors,
        colorNames: products.colorNames,
        packageWeightGrams: products.packageWeightGrams,
        packageLengthCm: products.packageLengthCm,
        packageBreadthCm: products.packageBreadthCm,
        packageHeightCm: products.packageHeightCm,
        fitAdviceEnabled: products.fitAdviceEnabled,
      })
      .from(products)
      .where(and(...where, after))
      .orderBy(sql`${products.createdAt} DESC`, asc(products.id))
      .limit(pageSize);
    if (page.length === 0) return;
    const ids = page.map((p) => p.id);
    const [variants, images] = await Promise.all([
      db
        .select({
          productId: productVariants.productId,
          sku: productVariants.sku,
          size: productVariants.size,
          colour: productVariants.colour,
          stock: productVariants.stock,
        })
        .from(productVariants)
        .where(inArray(productVariants.productId, ids)),
      db
        .select({ productId: productImages.productId, url: productImages.url })
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.productId), asc(productImages.position)),
    ]);
    const variantsOf = new Map<string, Map<string, (typeof variants)[number]>>();
    for (const v of variants) {
      const map = variantsOf.get(v.productId) ?? new Map();
      map.set(variantKey(v.size, v.colour), v);
      variantsOf.set(v.productId, map);
    }
    const picturesOf = new Map<string, string[]>();
    for (const i of images)
      picturesOf.set(i.productId, [...(picturesOf.get(i.productId) ?? []), absoluteUrl(i.url, deps.baseUrl)]);

    for (const p of page) {
      const own = productCells(p, (picturesOf.get(p.id) ?? []).join(PICTURE_SEPARATOR));
      const hexOf = new Map(p.colors.map((c) => [c.name, c.hex]));
      // Only the sizes x colours the product is sold in: a variant kept for an old order is not for sale.
      for (const { size, colour } of variantMatrix(variantAxes({ sizes: p.sizes, colourNames: p.colorNames }))) {
        const v = variantsOf.get(p.id)?.get(variantKey(size, colour));
        if (!v) continue;
        const record: Record<CsvColumnKey, string> = {
          ...own,
          size,
          colour,
          colourHex: hexOf.get(colour) ?? "",
          variantSku: v.sku,
          stock: String(v.stock),
        };
        yield CSV_COLUMNS.map((c) => guardCell(record[c.key]));
      }
    }
    const last: { createdAt: string; id: string } = page[page.length - 1]!;
    cursor = { createdAt: last.createdAt, id: last.id };
    if (page.length < pageSize) return;
  }
}

/** The export as a CSV download's byte stream (app/lib/csv-stream.server.ts). */
export function exportProductsCsv(db: Db, filters: ExportFilters, deps: ExportDeps): ReadableStream<Uint8Array> {
  return csvDownloadStream(exportRecords(db, filters, deps), "products CSV export");
}

/** 'saanjh-products-sarees-active-2026-11-24.csv' */
export function exportFileName(filters: ExportFilters, now = new Date()): string {
  // the search only when it has letters or digits a file name can keep
  const search = /[a-z0-9]/i.test(filters.search) ? slugify(filters.search).slice(0, 30) : "";
  const parts = ["products", filters.category, filters.status, search].filter(Boolean);
  return `${parts.join("-")}-${now.toISOString().slice(0, 10)}.csv`;
}
