import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.server";
import type { OrderHistory } from "../order-history";
import { packageText, paiseToRupeesText, type ProductForEdit } from "../product-form";
import { isProductId } from "../products.server";
import { products } from "../schema.server";
import { variantAxes, variantKey } from "../variants";
import { picturesAndVariants } from "./shared.server";

/* What the product editor starts from, and the number the next product's SKU takes. */

/** A product as the editor starts from it, or null. */
export async function loadProductForEdit(db: Db, id: string, orders: OrderHistory): Promise<ProductForEdit | null> {
  if (!isProductId(id)) return null;
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) return null;
  const [[images, variants], ordered] = await Promise.all([
    picturesAndVariants(db, id),
    orders.productEverOrdered(db, id),
  ]);
  const byKey = new Map(variants.map((v) => [variantKey(v.size, v.colour), v]));
  const axes = variantAxes({ sizes: row.sizes, colourNames: row.colorNames });
  const stock = axes.colours.flatMap((colour) =>
    axes.sizes.map((size) => {
      const v = byKey.get(variantKey(size, colour));
      return { size, colour, stock: String(v?.stock ?? 0), was: v?.stock ?? null };
    }),
  );
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    version: row.version,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    everOrdered: ordered,
    variants,
    values: {
      name: row.name,
      brand: row.brand,
      price: paiseToRupeesText(row.pricePaise),
      originalPrice: paiseToRupeesText(row.originalPricePaise),
      category: row.category,
      description: row.description,
      details: row.details,
      badge: row.badge ?? "",
      material: row.material ?? "",
      fabric: row.fabric ?? "",
      fit: row.fit ?? "",
      care: row.care ?? "",
      type: row.type ?? "",
      occasions: row.occasions,
      isActive: row.isActive,
      sizes: row.sizes,
      colours: row.colors.map((c) => ({ name: c.name, hex: c.hex })),
      stock,
      pictures: images.map((i) => ({ key: i.key, url: i.url, width: i.width, height: i.height, alt: i.alt })),
      packageWeight: packageText(row.packageWeightGrams),
      packageLength: packageText(row.packageLengthCm),
      packageBreadth: packageText(row.packageBreadthCm),
      packageHeight: packageText(row.packageHeightCm),
      fitAdviceEnabled: row.fitAdviceEnabled,
      version: row.version,
    },
  };
}

/** The number the next product's SKU would get ('SAR-1067'): one more than the highest in use. */
export async function nextSkuNumber(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`coalesce(max((substring(${products.sku} from '-([0-9]{1,9})$'))::int), 1000)`.mapWith(Number),
    })
    .from(products)
    .where(sql`${products.sku} ~ '^[A-Z]+-[0-9]{1,9}$'`);
  return (row?.n ?? 1000) + 1;
}
