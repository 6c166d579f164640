import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.server";
import { ADMIN_PER_PAGE, type AdminListParams, type AdminProductPage } from "../product-form";
import { productImages, products } from "../schema.server";
import { findVariantBySku } from "../variants.server";

/* The admin's product list: search and paging in SQL. */

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every product, active or not, newest first (`products_newest_idx`), one page at a time. The search
 * matches name, brand or product SKU as a case-insensitive substring (the trigram indexes
 * `products_name_trgm`, `products_brand_trgm`, `products_sku_trgm`), or a variant's exact SKU.
 */
export async function listAdminProducts(
  db: Db,
  params: AdminListParams,
  perPage = ADMIN_PER_PAGE,
): Promise<AdminProductPage> {
  const conditions: SQL[] = [];
  if (params.search) {
    const like = likePattern(params.search);
    const branches = [
      sql`${products.name} ILIKE ${like}`,
      sql`${products.brand} ILIKE ${like}`,
      sql`${products.sku} ILIKE ${like}`,
    ];
    // a variant's SKU ('KUR-1001-M-IND') finds its product through the variants' unique index
    if (/^[A-Za-z0-9-]{3,60}$/.test(params.search)) {
      const variant = await findVariantBySku(db, params.search);
      if (variant) branches.push(sql`${products.id} = ${variant.productId}`);
    }
    conditions.push(sql`(${sql.join(branches, sql` OR `)})`);
  }
  if (params.category) conditions.push(eq(products.category, params.category));
  if (params.status === "active") conditions.push(eq(products.isActive, true));
  if (params.status === "inactive") conditions.push(eq(products.isActive, false));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  // The page's ids first, from the index alone (a deep page would otherwise make PostgreSQL read and
  // sort every row it skips), then those rows.
  const newestFirst = [sql`${products.createdAt} DESC NULLS LAST`, asc(products.id)] as const;
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...newestFirst)
    .limit(perPage)
    .offset((params.page - 1) * perPage);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        description: sql<string>`left(${products.description}, 180)`,
        sku: products.sku,
        brand: products.brand,
        category: products.category,
        pricePaise: products.pricePaise,
        originalPricePaise: products.originalPricePaise,
        stock: products.stock,
        isActive: products.isActive,
      })
      .from(products)
      .where(inArray(products.id, pageIds))
      .orderBy(...newestFirst),
    db.select({ n: count() }).from(products).where(where),
  ]);
  // The cover of each product on the page, in a second statement: inside the first, PostgreSQL would
  // also look it up for every row OFFSET skips.
  const covers = new Map<string, { url: string; alt: string }>();
  if (rows.length > 0) {
    const found = await db
      .selectDistinctOn([productImages.productId], {
        productId: productImages.productId,
        url: productImages.url,
        alt: productImages.alt,
      })
      .from(productImages)
      .where(
        inArray(
          productImages.productId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(productImages.productId, asc(productImages.position));
    for (const c of found) covers.set(c.productId, { url: c.url, alt: c.alt });
  }
  const total = counted?.n ?? 0;
  return {
    items: rows.map((r) => ({ ...r, image: covers.get(r.id) ?? null })),
    total,
    page: params.page,
    perPage,
    pageCount: Math.max(1, Math.ceil(total / perPage)),
  };
}
