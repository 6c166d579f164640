/*
 * The bench's scratch data: a scratch database (PGlite under tmp/bench-data, or a database of its own
 * on the server of DATABASE_URL), PRODUCT_COUNT products with variants and pictures, ORDER_COUNT orders
 * for the dashboard, and what the rows need from it.
 *
 * Two kinds of writing, each where it belongs. The products go in through the catalogue's face
 * (createProduct, the writer the seed and the back office use), so they are made the way the shop
 * makes them: one transaction each, about 70 s for 10,000 on PGlite where 500-row inserts took about
 * 20 s, a small price in a bench that runs for many minutes. The orders, their shoppers and
 * the back office's log are another matter: a hundred thousand orders in a few set-based statements,
 * which no module's functions are for (placing them through checkout would take hours). That part is
 * database-level work, like a migration: it names the tables in SQL and imports no module's schema,
 * and a migration that renames one of their columns must change it too (the bench stops at once if
 * it was missed).
 */
import { mkdirSync, rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../../app/db/client.server";
import { CATALOGUE } from "../../app/db/seed/catalogue";
import { spreadWithGaps } from "../../app/db/seed/variant-stock";
import {
  createProduct,
  ensureCategories,
  listActiveProductIds,
  listCategories,
  variantsOf,
} from "../../app/modules/catalog/index.server";
import { ensureStoreSettings } from "../../app/modules/content/index.server";
import { BENCH_DATABASE, DATA_DIR, ORDER_COUNT, PRODUCT_COUNT, SHOPPER_COUNT } from "./settings";
import type { CartLine } from "./shopper";
import { mulberry32 } from "./soak";

const ADJECTIVES = [
  "Noor",
  "Gulnaar",
  "Meher",
  "Zoya",
  "Aarohi",
  "Inaya",
  "Rangoli",
  "Chandni",
  "Kesar",
  "Mogra",
  "Parijat",
  "Tara",
  "Saanvi",
  "Heer",
  "Roop",
  "Naaz",
];

export async function scratchDatabase(): Promise<{ url?: string; label: string }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    rmSync(DATA_DIR, { recursive: true, force: true });
    mkdirSync(DATA_DIR, { recursive: true });
    return { label: "PGlite (embedded)" };
  }
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  const version = (await admin.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version ?? "";
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${BENCH_DATABASE}`;
  return { url: url.toString(), label: `PostgreSQL ${version.split(" ")[0]}` };
}

export async function fillCatalogue(db: Db): Promise<void> {
  await ensureStoreSettings(db);
  await ensureCategories(db);
  const random = mulberry32(20_261_121);
  const now = Date.now();
  for (let i = 0; i < PRODUCT_COUNT; i++) {
    const t = CATALOGUE[i % CATALOGUE.length]!;
    const price = Math.max(199, Math.round((t.price * (0.6 + random() * 0.9)) / 10) * 10 - 1);
    const original = random() < 0.5 ? Math.round(price * (1.15 + random() * 0.4)) : null;
    const slug = `bench-${i}`;
    const product = {
      slug,
      sku: `BENCH-${i}`,
      name: `${ADJECTIVES[Math.floor(random() * ADJECTIVES.length)]} ${t.name} ${i}`,
      brand: t.brand,
      category: t.category,
      description: t.description,
      details: t.details,
      pricePaise: price * 100,
      originalPricePaise: original ? original * 100 : null,
      sizes: t.sizes,
      colors: t.colours,
      fabric: t.fabric,
      material: t.material,
      fit: t.fit,
      care: t.care,
      occasions: t.occasions,
      type: t.type,
      badge: t.badge ?? null,
      popularity: Math.floor(random() * 1000),
      orderCount: Math.floor(random() * 500),
      createdAt: new Date(now - Math.floor(random() * 400 * 86_400_000)),
    };
    const total = random() < 0.1 ? 0 : Math.floor(random() * 60) + 1;
    // its stock on the variants, some sizes sold out and a few low (decision 015)
    const variantStock = spreadWithGaps(slug, { sizes: t.sizes, colourNames: t.colours.map((c) => c.name) }, total);
    const pictures = [0, 1, 2].map((position) => ({
      key: `bench/${slug}-${position}`,
      url: `/media/bench/${slug}-${position}-w800.webp`,
      width: 800,
      height: 1067,
      alt: `${slug} view ${position + 1}`,
    }));
    await createProduct(db, { ...product, variantStock }, pictures);
  }
}

/**
 * ORDER_COUNT orders of SHOPPER_COUNT shoppers over the last 90 days, 1-3 lines (1-2 pieces each) of
 * the scratch catalogue, statuses by age (recent ones on their way, older ones mostly delivered or
 * completed, some cancelled), made in bulk by SQL in one transaction. Deterministic: every choice is
 * a hash of the order's number, so every run benchmarks the same orders (their dates move with today).
 */
export async function fillOrders(db: Db): Promise<void> {
  const h = (salt: string, n: number) => sql.raw(`(abs(hashtext(g::text || '${salt}')) % ${n})`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO "user" (id, name, email, email_verified, phone_number, phone_number_verified, role, banned, created_at, updated_at)
      SELECT 'bench-shopper-' || s, 'Shopper ' || s, 'shopper' || s || '@bench.invalid', false,
             '+9190' || lpad(s::text, 8, '0'), true, 'customer', s % 50 = 0,
             now() - (s % 400) * interval '1 day', now() - (s % 400) * interval '1 day'
      FROM generate_series(0, ${SHOPPER_COUNT - 1}) AS s`);
    await tx.execute(sql`
      CREATE TEMP TABLE bench_products ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY p.slug) - 1 AS n, p.id, p.name, p.brand, p.price_paise, v.id AS variant_id, v.sku, v.size, v.colour
      FROM products p
      CROSS JOIN LATERAL (SELECT id, sku, size, colour FROM product_variants WHERE product_id = p.id ORDER BY sku LIMIT 1) v`);
    await tx.execute(sql`
      CREATE TEMP TABLE bench_lines ON COMMIT DROP AS
      SELECT g, k, (abs(hashtext(g::text || ':p' || k)) % ${PRODUCT_COUNT}) AS n, 1 + abs(hashtext(g::text || ':q' || k)) % 2 AS qty
      FROM generate_series(1, ${ORDER_COUNT}) AS g
      CROSS JOIN LATERAL generate_series(1, 1 + ${h(":k", 3)}) AS k`);
    const age = sql.raw("extract(epoch FROM now() - s.created_at) / 86400");
    const b = h(":s", 100);
    await tx.execute(sql`
      INSERT INTO orders (order_number, user_id, customer_name, customer_email, customer_phone, billing, status, payment_method,
                          subtotal_paise, shipping_paise, total_paise, checkout_key, confirmed_at, cancelled_at, cancellation_reason, created_at, updated_at)
      SELECT 'ORD-BENCH-' || lpad(g::text, 6, '0'), 'bench-shopper-' || (g % ${SHOPPER_COUNT}), 'Shopper ' || (g % ${SHOPPER_COUNT}),
             'shopper' || (g % ${SHOPPER_COUNT}) || '@bench.invalid', '+9190' || lpad((g % ${SHOPPER_COUNT})::text, 8, '0'),
             jsonb_build_object('firstName', 'Shopper', 'lastName', (g % ${SHOPPER_COUNT})::text, 'email', 'shopper' || (g % ${SHOPPER_COUNT}) || '@bench.invalid',
                                'phone', '+9190' || lpad((g % ${SHOPPER_COUNT})::text, 8, '0'), 'address', '12 MG Road', 'city', 'Pune',
                                'state', 'Maharashtra', 'pincode', '411001', 'country', 'India'),
             status::order_status, (CASE WHEN ${h(":m", 10)} < 3 THEN 'cod' ELSE 'online' END)::payment_method,
             subtotal, shipping, subtotal + shipping, 'bench-' || g,
             CASE WHEN status = 'pending_payment' THEN NULL ELSE created_at END,
             CASE WHEN status = 'cancelled' THEN created_at + interval '2 hours' END,
             CASE WHEN status = 'cancelled' THEN 'Cancelled at the shopper''s request' END,
             created_at, created_at
      FROM (
        SELECT s.g, s.subtotal, CASE WHEN s.subtotal > 49900 THEN 0 ELSE 4000 END AS shipping, s.created_at,
               CASE
                 WHEN ${age} < 1 THEN CASE WHEN ${b} < 8 THEN 'pending_payment' WHEN ${b} < 55 THEN 'confirmed' WHEN ${b} < 70 THEN 'pending' WHEN ${b} < 95 THEN 'processing' ELSE 'cancelled' END
                 WHEN ${age} < 4 THEN CASE WHEN ${b} < 10 THEN 'confirmed' WHEN ${b} < 45 THEN 'processing' WHEN ${b} < 93 THEN 'shipped' ELSE 'cancelled' END
                 WHEN ${age} < 10 THEN CASE WHEN ${b} < 45 THEN 'shipped' WHEN ${b} < 91 THEN 'delivered' ELSE 'cancelled' END
                 ELSE CASE WHEN ${b} < 2 THEN 'shipped' WHEN ${b} < 74 THEN 'delivered' WHEN ${b} < 91 THEN 'completed' ELSE 'cancelled' END
               END AS status
        FROM (
          SELECT l.g, sum(p.price_paise * l.qty)::int AS subtotal,
                 now() - (abs(hashtext(l.g::text || ':t')) % (90 * 86400)) * interval '1 second' AS created_at
          FROM bench_lines l JOIN bench_products p USING (n)
          GROUP BY l.g
        ) AS s
      ) AS o`);
    await tx.execute(sql`
      INSERT INTO order_lines (order_id, product_id, variant_id, name, brand, sku, size, colour, unit_price_paise, quantity, line_total_paise)
      SELECT o.id, p.id, p.variant_id, p.name, p.brand, p.sku, p.size, p.colour, p.price_paise, l.qty, p.price_paise * l.qty
      FROM bench_lines l
      JOIN bench_products p USING (n)
      JOIN orders o ON o.order_number = 'ORD-BENCH-' || lpad(l.g::text, 6, '0')`);
    // the back office's recent changes, as a shop that has been run for a while has them
    await tx.execute(sql`
      INSERT INTO audit_log (actor_name, entity, entity_id, action, summary, created_at)
      SELECT 'Bench Staff', 'product', p.id::text, 'update', 'Price and stock of ' || p.name || ' updated', now() - p.n * interval '37 minutes'
      FROM bench_products p WHERE p.n < 2000`);
  });
}

export interface Fixtures {
  productId: string;
  cartLines: CartLine[];
  productIds: string[];
  categories: string[];
}

/**
 * What the rows need from the scratch data: a product in stock, three variants in stock (of three
 * products) for the cart, products and categories for the soak.
 */
export async function fixtures(db: Db): Promise<Fixtures> {
  const productIds = (await listActiveProductIds(db)).map((p) => p.id);
  const variants = await variantsOf(db, productIds.slice(0, 100));
  const inStock = productIds.filter((id) => variants.get(id)?.some((v) => v.stock > 0));
  const cartLines = productIds.flatMap((productId) => {
    const variant = variants.get(productId)?.find((v) => v.stock > 2);
    return variant ? [{ productId, size: variant.size, colour: variant.colour }] : [];
  });
  if (inStock.length === 0 || cartLines.length < 3) throw new Error("the scratch catalogue has no products in stock");
  return {
    productId: inStock[0]!,
    cartLines: cartLines.slice(0, 3),
    productIds: productIds.slice(0, 500),
    categories: (await listCategories(db)).map((c) => c.slug),
  };
}
