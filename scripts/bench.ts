/*
 * `npm run bench`: the catalogue's speed at a size far beyond the demo.
 *
 * 1. Creates a scratch database with 10,000 products and their variants (PGlite under
 *    tmp/bench-data, or a scratch database on the server of DATABASE_URL when it is set, named by
 *    BENCH_DATABASE, default `shop_bench`; the database named in DATABASE_URL itself is never touched).
 * 2. Starts the production server on 127.0.0.1 (BENCH_PORT, default 3622), bounded in time, twice:
 *    as shipped (shared page cache on) and with PAGE_CACHE_MB=0, so every request runs its queries
 *    and renders (docs/decisions/013).
 * 3. Measures each route with autocannon at 10 and 50 connections for 15 s each and prints req/s
 *    and p50/p99 latency, then writes the table into docs/performance.md (with the core count,
 *    the load average before and after, and the database).
 *
 * The admin dashboard (`/admin`) is measured too, as a signed-in staff member, over 100,000 orders
 * (BENCH_ORDERS) of 5,000 shoppers spread over the last 90 days with 1-3 lines each, made in bulk by SQL;
 * a staff account is created with `npm run admin:create` before the server starts and signs in
 * through POST /api/auth/sign-in/email. The admin is never in the page cache, so it is measured once,
 * and its rows go to a section of their own in docs/performance.md.
 *
 * BENCH_ROUTES picks the rows: `storefront`, `dashboard` or `storefront,dashboard` (the default).
 * `BENCH_ROUTES=dashboard npm run bench` measures the dashboard alone (one server start, a few
 * minutes) and writes only its own section.
 *
 * BENCH_DURATION (seconds, default 15), BENCH_PRODUCTS (default 10000) and BENCH_ORDERS (default
 * 100000) shorten a trial run; BENCH_DATA_ONLY=1 only creates the scratch data and leaves it (for EXPLAIN).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gt, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Db } from "../app/db/client.server";
import { auditLog } from "../app/modules/admin/schema.server";
import { CATALOGUE } from "../app/db/seed/catalogue";
import { spreadWithGaps } from "../app/db/seed/variant-stock";
import { ensureCategories } from "../app/modules/catalog/products.server";
import { productImages, products } from "../app/modules/catalog/schema.server";
import { createVariants } from "../app/modules/catalog/stock.server";
import { ensureStoreSettings } from "../app/modules/content/settings.server";

// build.mjs is plain JavaScript shared with `npm start`; typed here by hand.
const BUILD_MODULE = "./build.mjs";
const { build } = (await import(BUILD_MODULE)) as { build: (options: { quiet: boolean }) => Promise<number> };

const PORT = Number(process.env.BENCH_PORT ?? 3622);
/** The scratch database's name on PostgreSQL (two people benchmarking on one server pick two names). */
const BENCH_DATABASE = process.env.BENCH_DATABASE ?? "shop_bench";
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DATABASE)) throw new Error("BENCH_DATABASE must be a plain lower-case database name");
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const PRODUCT_COUNT = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 100_000);
const SHOPPER_COUNT = 5_000;
const GROUPS = ["storefront", "dashboard"] as const;
type Group = (typeof GROUPS)[number];
const ROUTE_GROUPS: ReadonlySet<Group> = (() => {
  const asked = (process.env.BENCH_ROUTES ?? GROUPS.join(",")).split(",").map((g) => g.trim()).filter(Boolean);
  const unknown = asked.filter((g) => !(GROUPS as readonly string[]).includes(g));
  if (unknown.length > 0 || asked.length === 0) throw new Error(`BENCH_ROUTES takes ${GROUPS.join(", ")} (comma-separated); got ${process.env.BENCH_ROUTES}`);
  return new Set(asked as Group[]);
})();
/** The staff member the dashboard is measured as (a scratch account in the scratch database). */
const BENCH_STAFF = { name: "Bench Staff", email: "bench-staff@example.com", password: "kesar-bench-2026" };
const CONNECTIONS = [10, 50];
const PASSES = [
  { label: "on", pageCacheMb: "64" },
  { label: "off", pageCacheMb: "0" },
];
const DATA_DIR = path.resolve("tmp/bench-data");
const SERVER_TIME_LIMIT_MS = 20 * 60_000;
const BASE = `http://127.0.0.1:${PORT}`;

/** A small deterministic random source, so every run benchmarks the same catalogue. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = ["Noor", "Gulnaar", "Meher", "Zoya", "Aarohi", "Inaya", "Rangoli", "Chandni", "Kesar", "Mogra", "Parijat", "Tara", "Saanvi", "Heer", "Roop", "Naaz"];

async function scratchDatabase(): Promise<{ url?: string; label: string }> {
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

async function fillCatalogue(db: Db): Promise<void> {
  await ensureStoreSettings(db);
  await ensureCategories(db);
  const random = mulberry32(20_261_121);
  const now = Date.now();
  const BATCH = 500;
  for (let start = 0; start < PRODUCT_COUNT; start += BATCH) {
    const rows: Array<typeof products.$inferInsert> = [];
    const totals: number[] = [];
    for (let i = start; i < Math.min(PRODUCT_COUNT, start + BATCH); i++) {
      const t = CATALOGUE[i % CATALOGUE.length]!;
      const price = Math.max(199, Math.round((t.price * (0.6 + random() * 0.9)) / 10) * 10 - 1);
      const original = random() < 0.5 ? Math.round(price * (1.15 + random() * 0.4)) : null;
      const colours = t.colours;
      rows.push({
        slug: `bench-${i}`,
        sku: `BENCH-${i}`,
        name: `${ADJECTIVES[Math.floor(random() * ADJECTIVES.length)]} ${t.name} ${i}`,
        brand: t.brand,
        category: t.category,
        description: t.description,
        details: t.details,
        pricePaise: price * 100,
        originalPricePaise: original ? original * 100 : null,
        sizes: t.sizes,
        colors: colours,
        colorNames: colours.map((c) => c.name),
        // the variants' sum, filled in by createVariants below
        stock: 0,
        fabric: t.fabric,
        material: t.material,
        fit: t.fit,
        care: t.care,
        occasions: t.occasions,
        type: t.type,
        badge: t.badge ?? null,
        rating: Math.round((3 + random() * 2) * 10) / 10,
        reviewsCount: Math.floor(random() * 300),
        popularity: Math.floor(random() * 1000),
        orderCount: Math.floor(random() * 500),
        createdAt: new Date(now - Math.floor(random() * 400 * 86_400_000)),
      });
      totals.push(random() < 0.1 ? 0 : Math.floor(random() * 60) + 1);
    }
    // products and their variants (some sizes sold out, a few low: decision 015) in one transaction
    const indexOf = new Map(rows.map((r, k) => [r.slug, k]));
    const inserted = await db.transaction(async (tx) => {
      const made = await tx.insert(products).values(rows).returning({ id: products.id, slug: products.slug, sku: products.sku });
      await createVariants(
        tx,
        made.map((p) => {
          const k = indexOf.get(p.slug)!;
          const row = rows[k]!;
          const sizes = row.sizes ?? [];
          const colourNames = row.colorNames ?? [];
          return { productId: p.id, productSku: p.sku, sizes, colourNames, variantStock: spreadWithGaps(p.slug, { sizes, colourNames }, totals[k]!) };
        }),
      );
      return made;
    });
    await db.insert(productImages).values(
      inserted.flatMap((p) =>
        [0, 1, 2].map((position) => ({
          productId: p.id,
          position,
          key: `bench/${p.slug}-${position}`,
          url: `/media/bench/${p.slug}-${position}-w800.webp`,
          width: 800,
          height: 1067,
          alt: `${p.slug} view ${position + 1}`,
        })),
      ),
    );
  }
}

/**
 * ORDER_COUNT orders of SHOPPER_COUNT shoppers over the last 90 days, 1-3 lines (1-2 pieces each) of
 * the scratch catalogue, statuses by age (recent ones on their way, older ones mostly delivered or
 * completed, some cancelled), made in bulk by SQL in one transaction. Deterministic: every choice is
 * a hash of the order's number, so every run benchmarks the same orders (their dates move with today).
 */
async function fillOrders(db: Db): Promise<void> {
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
      INSERT INTO ${auditLog} (actor_name, entity, entity_id, action, summary, created_at)
      SELECT 'Bench Staff', 'product', p.id::text, 'update', 'Price and stock of ' || p.name || ' updated', now() - p.n * interval '37 minutes'
      FROM bench_products p WHERE p.n < 2000`);
  });
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      const r = await fetch(`${BASE}/healthz`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not answer /healthz within 3 minutes");
}

interface Result {
  route: string;
  cache: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function autocannon(url: string, connections: number, headers: Record<string, string> = {}): Omit<Result, "route" | "cache" | "connections"> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}:${value}`]);
  const run = spawnSync(
    process.execPath,
    ["node_modules/autocannon/autocannon.js", "-c", String(connections), "-d", String(DURATION), "-j", "-n", ...headerArgs, url],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`autocannon failed: ${run.stderr}`);
  const json = JSON.parse(run.stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return { rps: json.requests.average, p50: json.latency.p50, p99: json.latency.p99, non2xx: json.non2xx, errors: json.errors };
}

/** One GET on a fresh connection (a kept-alive socket may have been closed by the server after autocannon). */
async function get(url: string, headers: Record<string, string> = {}): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const r = await fetch(url, { headers: { ...headers, connection: "close" } });
      await r.arrayBuffer();
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function suggestionRoute(): Promise<string | null> {
  try {
    const r = await fetch(`${BASE}/api/search/suggest?q=kurta`, { redirect: "manual" });
    return r.status === 200 && (r.headers.get("content-type") ?? "").includes("json") ? "/api/search/suggest?q=kurta" : null;
  } catch {
    return null;
  }
}

function table(results: Result[], notMeasured: string[]): string {
  const lines = ["| Route | Page cache | Connections | req/s | p50 ms | p99 ms | non-2xx | errors |", "|---|---|---:|---:|---:|---:|---:|---:|"];
  for (const r of results) {
    lines.push(`| \`${r.route}\` | ${r.cache} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`);
  }
  for (const route of notMeasured) lines.push(`| \`${route}\` | - | - | not yet measured: the route is not on this branch | | | | |`);
  return lines.join("\n");
}

function writeDoc(sectionKey: string, body: string): void {
  const file = "docs/performance.md";
  const doc = readFileSync(file, "utf8");
  const start = `<!-- bench:${sectionKey}:start -->`;
  const end = `<!-- bench:${sectionKey}:end -->`;
  const block = `${start}\n${body}\n${end}`;
  let next: string;
  if (doc.includes(start) && doc.includes(end)) {
    next = doc.slice(0, doc.indexOf(start)) + block + doc.slice(doc.indexOf(end) + end.length);
  } else if (doc.includes("<!-- bench:end -->")) {
    next = doc.replace("<!-- bench:end -->", `${block}\n\n<!-- bench:end -->`);
  } else {
    next = `${doc.trimEnd()}\n\n## Catalogue benchmark (\`npm run bench\`)\n\n<!-- bench:start -->\n${block}\n\n<!-- bench:end -->\n`;
  }
  writeFileSync(file, next);
}

/** Creates the staff account the dashboard is measured as, with the shop's own command (before the server opens the database). */
function createBenchStaff(url: string | undefined): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR, LOG_LEVEL: "warn" };
  if (url) env.DATABASE_URL = url;
  else delete env.DATABASE_URL;
  const run = spawnSync(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "scripts/admin-create.ts", "--name", BENCH_STAFF.name, "--email", BENCH_STAFF.email, "--password", BENCH_STAFF.password],
    { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  if (run.status !== 0) throw new Error(`admin:create failed: ${run.stderr || run.stdout}`);
}

/** Signs the bench's staff member in as the footer's ADM modal does; returns the session cookie, checked against /admin. */
async function staffCookie(): Promise<string> {
  const response = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE, connection: "close" },
    body: JSON.stringify({ email: BENCH_STAFF.email, password: BENCH_STAFF.password }),
  });
  if (!response.ok) throw new Error(`staff sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const page = await fetch(`${BASE}/admin`, { headers: { cookie, connection: "close" } });
  const html = await page.text();
  if (page.status !== 200 || !html.includes("Total Orders")) throw new Error(`/admin as staff answered ${page.status} without the dashboard`);
  return cookie;
}

function environment(url: string | undefined, pageCacheMb: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR,
    LOG_LEVEL: "warn",
    BASE_URL: BASE,
    PAGE_CACHE_MB: pageCacheMb,
  };
  if (url) env.DATABASE_URL = url;
  else delete env.DATABASE_URL;
  return env;
}

/** Warms `route` with 20 requests, then measures it at each connection count. */
async function measure(route: string, label: string, cache: string, headers: Record<string, string>, into: Result[]): Promise<void> {
  for (let i = 0; i < 20; i++) await get(`${BASE}${route}`, headers);
  for (const connections of CONNECTIONS) {
    process.stdout.write(`  ${label} at ${connections} connections... `);
    const r = { route: label, cache, connections, ...autocannon(`${BASE}${route}`, connections, headers) };
    console.log(`${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
    into.push(r);
  }
}

async function main(): Promise<void> {
  const storefront = ROUTE_GROUPS.has("storefront");
  const dashboard = ROUTE_GROUPS.has("dashboard");
  const { url, label } = await scratchDatabase();
  console.log(`Scratch database: ${label}. Creating ${PRODUCT_COUNT} products...`);
  const started = Date.now();
  const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite", dataDir: path.join(DATA_DIR, "pglite") });
  await database.migrate();
  await fillCatalogue(database.db);
  if (dashboard) {
    console.log(`Creating ${ORDER_COUNT} orders of ${SHOPPER_COUNT} shoppers...`);
    await fillOrders(database.db);
  }
  // A live PostgreSQL would have auto-vacuumed and analysed the table by now (PGlite never does):
  // fresh statistics and a visibility map, as the plans in decision 007 assume.
  for (const table of ["products", "product_images", "product_variants", "orders", "order_lines", '"user"', "audit_log"]) {
    await database.db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  }
  const [anyProduct] = await database.db.select({ id: products.id }).from(products).where(gt(products.stock, 0)).limit(1);
  await database.close();
  console.log(`Scratch data ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  if (dashboard) createBenchStaff(url);
  if (process.env.BENCH_DATA_ONLY === "1") {
    // for EXPLAIN work on the scratch database (docs/decisions/007); nothing is measured
    console.log(url ? `Left in place: ${url.replace(/\/\/[^@]*@/, "//")}` : `Left in place: ${DATA_DIR}`);
    if (dashboard) console.log(`Staff account: ${BENCH_STAFF.email} / ${BENCH_STAFF.password}`);
    return;
  }

  if (!existsSync("build/server/index.js") || process.env.BENCH_BUILD !== "0") {
    console.log("Building the production bundle...");
    if ((await build({ quiet: true })) !== 0) throw new Error("the build failed");
  }

  const results: Result[] = [];
  const dashboardResults: Result[] = [];
  const notMeasured: string[] = [];
  const loadBefore = os.loadavg();
  // Twice: as shipped (signed-out pages answered from the shared page cache for up to 30 s), and
  // with the cache off, so every request runs its queries and renders (docs/decisions/013). The
  // admin is never cached: it is measured in the first pass only.
  for (const pass of storefront ? PASSES : PASSES.slice(0, 1)) {
    console.log(`\nPage cache ${pass.label}:`);
    const server = spawn(process.execPath, ["scripts/start.mjs"], { env: environment(url, pass.pageCacheMb), stdio: ["ignore", "inherit", "inherit"] });
    const guard = setTimeout(() => server.kill("SIGTERM"), SERVER_TIME_LIMIT_MS);
    const stopped = new Promise((resolve) => server.once("exit", resolve));
    try {
      await waitForHealth(server);
      if (storefront) {
        const routes = ["/products", "/products?category=kurtas&sortBy=price-low", "/products?search=silk", `/product/${anyProduct!.id}`];
        const suggest = await suggestionRoute();
        if (suggest) routes.push(suggest);
        else if (!notMeasured.length) notMeasured.push("/api/search/suggest?q=kurta");
        for (const route of routes) await measure(route, route.replace(anyProduct!.id, ":id"), pass.label, {}, results);
      }
      if (dashboard && pass === PASSES[0]) {
        const cookie = await staffCookie();
        await measure("/admin", "/admin", "never (signed-in staff)", { cookie }, dashboardResults);
      }
    } finally {
      clearTimeout(guard);
      server.kill("SIGTERM");
      await stopped;
    }
  }
  const loadAfter = os.loadavg();
  const cpus = os.cpus();
  const conditions =
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}, autocannon ${DURATION} s per row, ` +
    `server and autocannon on the same machine. Load average (1 min) ${loadBefore[0]!.toFixed(2)} before, ${loadAfter[0]!.toFixed(2)} after ` +
    "(the machine is shared with other work, so figures are noisy).";
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  const key = url ? "postgres" : "pglite";
  if (storefront) {
    const summary = [
      `### ${label}`,
      "",
      `Measured ${when} UTC: ${PRODUCT_COUNT.toLocaleString("en-US")} products (3 pictures each), ${conditions}`,
      "",
      table(results, notMeasured),
    ].join("\n");
    console.log(`\n${summary}\n`);
    writeDoc(key, summary);
  }
  if (dashboard) {
    const summary = [
      `### Admin dashboard, ${label}`,
      "",
      `Measured ${when} UTC as a signed-in staff member: ${PRODUCT_COUNT.toLocaleString("en-US")} products, ` +
        `${ORDER_COUNT.toLocaleString("en-US")} orders over 90 days with 1-3 lines each, ${SHOPPER_COUNT.toLocaleString("en-US")} shoppers, ${conditions}`,
      "",
      table(dashboardResults, []),
    ].join("\n");
    console.log(`\n${summary}\n`);
    writeDoc(`${key}-dashboard`, summary);
  }
  console.log("Saved to docs/performance.md");
  if (url) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
