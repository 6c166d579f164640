/*
 * `npm run bench`: the catalogue's speed at a size far beyond the demo.
 *
 * 1. Creates a scratch database with 10,000 products and their variants (PGlite under
 *    tmp/bench-data, or a scratch database on the server of DATABASE_URL when it is set, named by
 *    BENCH_DATABASE, default `shop_bench`; the database named in DATABASE_URL itself is never touched).
 * 2. Starts the production server (`node build/server/main.js`, as `npm start` does, without its supervisor) on 127.0.0.1
 *    (BENCH_PORT, default 3622), bounded in time, once per pass: page cache as shipped and with
 *    PAGE_CACHE_MB=0 (every request runs its queries and renders, docs/decisions/013), each with
 *    WEB_CONCURRENCY=1 and, on PostgreSQL, 2 (BENCH_WEB_CONCURRENCY, default "1,2"; the second
 *    concurrency measures only the rows that say what a second process buys).
 * 3. Measures each row with wrk (autocannon when wrk is not installed, or with BENCH_TOOL=autocannon)
 *    at 10 and 50 connections for 15 s each: req/s, p50/p99,
 *    the server's and the load generator's CPU, and each page row's throughput as a percentage of
 *    the static row (`/favicon.svg` from the same server's express.static, same pass). Rows as a
 *    guest and as a shopper signed in by phone code (demo mode, console SMS provider) with three
 *    cart lines (scripts/bench/shopper.ts). Then the page weight (HTML raw and gzip, the JS and
 *    CSS each page loads) and, with the page cache on, the static file and a cached list page again
 *    with the other load generators (autocannon with one thread and with a worker per core, or wrk;
 *    BENCH_CLIENT_CHECK=0 skips it), to tell a client limit from a server limit.
 * 4. With BENCH_SOAK=1 (or BENCH_ROUTES=soak), the soak: mixed guest and signed-in traffic at 50
 *    connections for BENCH_SOAK_SECONDS (default 600) with the server's RSS sampled every 5 s
 *    (scripts/bench/soak.ts), checked against issue 14's bar.
 * 5. Writes every table into docs/performance.md (with the date, the core count, the load average
 *    before and after, and the database), each in its own `<!-- bench:KEY -->` section.
 *
 * The admin dashboard (`/admin`) is measured too, as a signed-in staff member, over 100,000 orders
 * (BENCH_ORDERS) of 5,000 shoppers spread over the last 90 days with 1-3 lines each, made in bulk by SQL;
 * a staff account is created with `npm run admin:create` before the server starts and signs in
 * through POST /api/auth/sign-in/email. The admin is never in the page cache, so it is measured once,
 * and its rows go to a section of their own in docs/performance.md.
 *
 * BENCH_ROUTES picks the groups: `storefront`, `dashboard`, `soak`, comma-separated (default
 * `storefront,dashboard`, plus `soak` with BENCH_SOAK=1). `BENCH_ROUTES=dashboard npm run bench`
 * measures the dashboard alone (one server start, a few minutes) and writes only its own section.
 *
 * BENCH_DURATION (seconds, default 15), BENCH_PRODUCTS (default 10000), BENCH_ORDERS (default
 * 100000) and BENCH_SOAK_SECONDS shorten a trial run; BENCH_DATA_ONLY=1 only creates the scratch
 * data and leaves it (for EXPLAIN, or to start a server on it by hand). BENCH_GZIP=1 sends
 * `accept-encoding: gzip` on every row; BENCH_NODE_OPTIONS passes flags to the server's node
 * (e.g. `--max-semi-space-size=32`); BENCH_SERVER_ENTRY=tsx runs server/index.ts through tsx instead of the bundled entry.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gt, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Db } from "../app/db/client.server";
import { auditLog } from "../app/modules/audit/schema.server";
import { CATALOGUE } from "../app/db/seed/catalogue";
import { spreadWithGaps } from "../app/db/seed/variant-stock";
import { ensureCategories } from "../app/modules/catalog/index.server";
import { categories, productImages, products, productVariants } from "../app/modules/catalog/schema.server";
import { createVariants } from "../app/modules/catalog/index.server";
import { ensureStoreSettings } from "../app/modules/content/index.server";
import { runLoad, wrkAvailable, type Tool } from "./bench/load";
import { pageWeight, weightTable, type PageWeight } from "./bench/page-weight";
import { treeRss } from "./bench/proc";
import { clientTable, loadTable, STATIC_ROUTE, targetsTable, writeDoc, type Row } from "./bench/report";
import { checkShopper, signedInShopperCookie, type CartLine } from "./bench/shopper";
import { mulberry32, soak, soakSummary, SOAK_DRIFT, SOAK_LIMIT_MB, type SoakResult } from "./bench/soak";

// build.mjs is plain JavaScript shared with `npm start`; typed here by hand.
const BUILD_MODULE = "./build.mjs";
const { build, SERVER_NODE_FLAGS } = (await import(BUILD_MODULE)) as {
  build: (options: { quiet: boolean }) => Promise<number>;
  SERVER_NODE_FLAGS: string[];
};

const PORT = Number(process.env.BENCH_PORT ?? 3622);
/** The scratch database's name on PostgreSQL (two people benchmarking on one server pick two names). */
const BENCH_DATABASE = process.env.BENCH_DATABASE ?? "shop_bench";
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DATABASE))
  throw new Error("BENCH_DATABASE must be a plain lower-case database name");
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const PRODUCT_COUNT = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 100_000);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const SOAK_CONCURRENCY = Number(process.env.BENCH_SOAK_CONCURRENCY ?? 1);
const CONCURRENCIES = (process.env.BENCH_WEB_CONCURRENCY ?? "1,2")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n >= 1);
const CLIENT_CHECK = process.env.BENCH_CLIENT_CHECK !== "0";
const GZIP = process.env.BENCH_GZIP === "1";
/**
 * The load generator of every row: wrk when installed (`apt-get install -y wrk`), else autocannon.
 * autocannon is one JavaScript thread on the same two cores as the server: on a cached 150 KB page
 * it spent more CPU per response than the server did, and more still at 50 connections, so it,
 * not the server, set the ceiling (docs/performance.md, "Load generator check"). wrk spends about a
 * tenth of that. BENCH_TOOL=autocannon keeps the figures comparable with runs before issue 14.
 */
const MAIN_TOOL: Tool = (() => {
  const asked = process.env.BENCH_TOOL ?? (wrkAvailable() ? "wrk" : "autocannon");
  if (asked !== "wrk" && asked !== "autocannon") throw new Error(`BENCH_TOOL is wrk or autocannon; got ${asked}`);
  if (asked === "wrk" && !wrkAvailable())
    throw new Error("BENCH_TOOL=wrk but wrk is not installed (apt-get install -y wrk)");
  return asked;
})();
/** The bundled server entry `npm start` runs (scripts/build.mjs); BENCH_SERVER_ENTRY=tsx runs server/index.ts through tsx instead. */
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? "build/server/main.js";
const SHOPPER_COUNT = 5_000;
const GROUPS = ["storefront", "dashboard", "soak"] as const;
type Group = (typeof GROUPS)[number];
const ROUTE_GROUPS: ReadonlySet<Group> = (() => {
  const asked = (process.env.BENCH_ROUTES ?? "storefront,dashboard")
    .split(",")
    .map((g) => g.trim())
    .filter(Boolean);
  if (process.env.BENCH_SOAK === "1" && !asked.includes("soak")) asked.push("soak");
  const unknown = asked.filter((g) => !(GROUPS as readonly string[]).includes(g));
  if (unknown.length > 0 || asked.length === 0)
    throw new Error(`BENCH_ROUTES takes ${GROUPS.join(", ")} (comma-separated); got ${process.env.BENCH_ROUTES}`);
  return new Set(asked as Group[]);
})();
if (CONCURRENCIES.length === 0 || CONCURRENCIES[0] !== 1)
  throw new Error("BENCH_WEB_CONCURRENCY lists process counts starting with 1, e.g. 1,2");
/** The staff member the dashboard is measured as (a scratch account in the scratch database). */
const BENCH_STAFF = { name: "Bench Staff", email: "bench-staff@example.com", password: "kesar-bench-2026" };
const CONNECTIONS = [10, 50];
const DATA_DIR = path.resolve("tmp/bench-data");
const SERVER_TIME_LIMIT_MS = 20 * 60_000;
const BASE = `http://127.0.0.1:${PORT}`;

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
      const made = await tx
        .insert(products)
        .values(rows)
        .returning({ id: products.id, slug: products.slug, sku: products.sku });
      await createVariants(
        tx,
        made.map((p) => {
          const k = indexOf.get(p.slug)!;
          const row = rows[k]!;
          const sizes = row.sizes ?? [];
          const colourNames = row.colorNames ?? [];
          return {
            productId: p.id,
            productSku: p.sku,
            sizes,
            colourNames,
            variantStock: spreadWithGaps(p.slug, { sizes, colourNames }, totals[k]!),
          };
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

/** One GET on a fresh connection (a kept-alive socket may have been closed by the server after a load run). */
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
    return r.status === 200 && (r.headers.get("content-type") ?? "").includes("json")
      ? "/api/search/suggest?q=kurta"
      : null;
  } catch {
    return null;
  }
}

/** Creates the staff account the dashboard is measured as, with the shop's own command (before the server opens the database). */
function createBenchStaff(url: string | undefined): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR, LOG_LEVEL: "warn" };
  if (url) env.DATABASE_URL = url;
  else delete env.DATABASE_URL;
  const run = spawnSync(
    process.execPath,
    [
      "node_modules/tsx/dist/cli.mjs",
      "scripts/admin-create.ts",
      "--name",
      BENCH_STAFF.name,
      "--email",
      BENCH_STAFF.email,
      "--password",
      BENCH_STAFF.password,
    ],
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
  if (page.status !== 200 || !html.includes("Total Orders"))
    throw new Error(`/admin as staff answered ${page.status} without the dashboard`);
  return cookie;
}

function environment(url: string | undefined, pass: Pass): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR,
    LOG_LEVEL: "warn",
    BASE_URL: BASE,
    PAGE_CACHE_MB: pass.pageCacheMb,
    WEB_CONCURRENCY: String(pass.concurrency),
  };
  if (url) env.DATABASE_URL = url;
  else delete env.DATABASE_URL;
  return env;
}

interface Pass {
  /** "on" or "off" */
  cache: string;
  pageCacheMb: string;
  concurrency: number;
  /** which rows this pass measures */
  rows: "all" | "some" | "soak";
}

/**
 * The passes: every row with one process, page cache on and off; with WEB_CONCURRENCY=2 (PostgreSQL
 * only: PGlite is one process) the rows that say what a second process buys, so that a full run on
 * PostgreSQL stays under about 25 minutes at 15 s per row.
 */
function passes(postgres: boolean): Pass[] {
  const list: Pass[] = [];
  if (ROUTE_GROUPS.has("storefront") || ROUTE_GROUPS.has("dashboard")) {
    for (const concurrency of postgres ? CONCURRENCIES : [1]) {
      list.push({ cache: "on", pageCacheMb: "64", concurrency, rows: concurrency === 1 ? "all" : "some" });
      if (ROUTE_GROUPS.has("storefront"))
        list.push({ cache: "off", pageCacheMb: "0", concurrency, rows: concurrency === 1 ? "all" : "some" });
    }
  }
  if (ROUTE_GROUPS.has("soak"))
    list.push({ cache: "on", pageCacheMb: "64", concurrency: postgres ? SOAK_CONCURRENCY : 1, rows: "soak" });
  return list;
}

interface Server {
  child: ChildProcess;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the production server (no supervisor: a crash should end the bench, not be hidden by a restart). */
async function startServer(url: string | undefined, pass: Pass): Promise<Server> {
  const nodeOptions = (process.env.BENCH_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  // with an IPC channel the server stops by itself if the bench dies ("supervisor gone")
  // as `npm start` runs it (scripts/start.mjs); keep the two in step
  const entry = SERVER_ENTRY === "tsx" ? ["--import", "tsx", "server/index.ts"] : [SERVER_ENTRY];
  // npm start's flags first (scripts/build.mjs); BENCH_NODE_OPTIONS after them wins where they differ
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeOptions, ...entry], {
    env: environment(url, pass),
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const limit = pass.rows === "soak" ? (SOAK_SECONDS + 300) * 1000 : SERVER_TIME_LIMIT_MS;
  const guard = setTimeout(() => child.kill("SIGTERM"), limit);
  const stopped = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    clearTimeout(guard);
    if (child.exitCode === null) child.kill("SIGTERM");
    await stopped;
  };
  try {
    await waitForHealth(child);
  } catch (error) {
    await stop();
    throw error;
  }
  // With WEB_CONCURRENCY=N the primary (which serves nothing) starts one worker, which answers
  // /healthz, then the others: wait until N workers exist (up to a minute), then for them to boot.
  // A server without cluster support stays one process; the rows then say what ran.
  if (pass.concurrency > 1) {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (treeRss(child.pid!)?.processes ?? 1) < pass.concurrency + 1)
      await new Promise((r) => setTimeout(r, 500));
    await new Promise((r) => setTimeout(r, 5000));
  }
  return { child, pid: child.pid!, stop };
}

const SIGNED_OUT = "guest";
const SIGNED_IN = "signed in";

/** Warms `route` with 20 requests, then measures it at each connection count. */
async function measure(
  server: Server,
  pass: Pass,
  route: string,
  label: string,
  who: string,
  headers: Record<string, string>,
  into: Row[],
  options: { connections?: number[]; tool?: Tool; warmUp?: boolean } = {},
): Promise<void> {
  const { connections = CONNECTIONS, tool = MAIN_TOOL } = options;
  const allHeaders = GZIP ? { ...headers, "accept-encoding": "gzip" } : headers;
  for (let i = 0; i < 20; i++) await get(`${BASE}${route}`, allHeaders);
  // the first row of a pass meets a server fresh from start: a few seconds of load first, so the
  // static row (every other row's yardstick) is not measured on code still being compiled
  if (options.warmUp)
    runLoad({ url: `${BASE}${route}`, connections: 10, duration: 3, headers: allHeaders, tool: "autocannon" });
  for (const c of connections) {
    process.stdout.write(`  ${label} (${who}${tool === MAIN_TOOL ? "" : `, ${tool}`}) at ${c} connections... `);
    const processes = treeRss(server.pid)?.processes ?? 1;
    const result = runLoad({
      url: `${BASE}${route}`,
      connections: c,
      duration: DURATION,
      headers: allHeaders,
      tool,
      serverPid: server.pid,
    });
    const row: Row = {
      route: label,
      who,
      cache: pass.cache,
      concurrency: pass.concurrency,
      processes,
      connections: c,
      tool,
      ...result,
    };
    console.log(
      `${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, server CPU ${row.serverCpu ?? "-"} %, client CPU ${row.clientCpu ?? "-"} %` +
        (row.non2xx || row.errors ? `, ${row.non2xx} non-2xx, ${row.errors} errors` : ""),
    );
    into.push(row);
  }
}

interface Fixtures {
  productId: string;
  cartLines: CartLine[];
  productIds: string[];
  categories: string[];
}

/** What the rows need from the scratch data: a product in stock, three variants in stock for the cart, addresses for the soak. */
async function fixtures(db: Db): Promise<Fixtures> {
  const [anyProduct] = await db.select({ id: products.id }).from(products).where(gt(products.stock, 0)).limit(1);
  const variants = await db
    .selectDistinctOn([productVariants.productId], {
      productId: productVariants.productId,
      size: productVariants.size,
      colour: productVariants.colour,
    })
    .from(productVariants)
    .where(gt(productVariants.stock, 2))
    .orderBy(productVariants.productId, productVariants.sku)
    .limit(3);
  const some = await db.select({ id: products.id }).from(products).orderBy(products.slug).limit(500);
  const cats = await db.select({ slug: categories.slug }).from(categories);
  if (!anyProduct || variants.length < 3) throw new Error("the scratch catalogue has no products in stock");
  return {
    productId: anyProduct.id,
    cartLines: variants,
    productIds: some.map((p) => p.id),
    categories: cats.map((c) => c.slug),
  };
}

function conditionsLine(loadBefore: number[], loadAfter: number[], tool: string): string {
  const cpus = os.cpus();
  return (
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}, ${tool}, ` +
    `server and load generator on the same machine. Load average (1 min) ${loadBefore[0]!.toFixed(2)} before, ${loadAfter[0]!.toFixed(2)} after ` +
    "(if others share the machine, figures are noisy)."
  );
}

async function main(): Promise<void> {
  const storefront = ROUTE_GROUPS.has("storefront");
  const dashboard = ROUTE_GROUPS.has("dashboard");
  const { url, label } = await scratchDatabase();
  console.log(`Scratch database: ${label}. Creating ${PRODUCT_COUNT} products...`);
  const started = Date.now();
  const database = await openDatabase(
    url ? { kind: "postgres", url } : { kind: "pglite", dataDir: path.join(DATA_DIR, "pglite") },
  );
  await database.migrate();
  await fillCatalogue(database.db);
  if (dashboard) {
    console.log(`Creating ${ORDER_COUNT} orders of ${SHOPPER_COUNT} shoppers...`);
    await fillOrders(database.db);
  }
  // A live PostgreSQL would have auto-vacuumed and analysed the table by now (PGlite never does):
  // fresh statistics and a visibility map, as the plans in decision 007 assume.
  for (const table of [
    "products",
    "product_images",
    "product_variants",
    "orders",
    "order_lines",
    '"user"',
    "audit_log",
  ]) {
    await database.db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  }
  const data = await fixtures(database.db);
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

  const rows: Row[] = [];
  const clientRows: Row[] = [];
  const dashboardRows: Row[] = [];
  const weights: PageWeight[] = [];
  const notMeasured: string[] = [];
  let soakResult: SoakResult | null = null;
  let soakLoad: number[] = [];
  let shopperCookie: string | null = null;
  const productRoute = `/product/${data.productId}`;
  const loadBefore = os.loadavg();
  const postgres = Boolean(url);
  for (const pass of passes(postgres)) {
    console.log(
      pass.rows === "soak"
        ? `\nSoak (${SOAK_SECONDS} s, page cache on, WEB_CONCURRENCY=${pass.concurrency}):`
        : `\nPage cache ${pass.cache}, WEB_CONCURRENCY=${pass.concurrency}:`,
    );
    const server = await startServer(url, pass);
    try {
      // one real phone sign-in per run (decision 014's limits); the session outlives server restarts
      if (storefront || pass.rows === "soak") {
        if (shopperCookie) await checkShopper(BASE, shopperCookie);
        else shopperCookie = await signedInShopperCookie(BASE, data.cartLines);
      }
      const asShopper = { cookie: shopperCookie ?? "" };
      if (pass.rows === "soak") {
        const before = os.loadavg();
        soakResult = await soak({
          base: BASE,
          serverPid: server.pid,
          seconds: SOAK_SECONDS,
          cookie: asShopper.cookie,
          productIds: data.productIds,
          categories: data.categories,
        });
        soakLoad = [before[0]!, os.loadavg()[0]!];
        const s = soakSummary(soakResult);
        console.log(`  ${soakResult.requests} requests, ${soakResult.rps.toFixed(0)} req/s; ${s.verdict}`);
        continue;
      }
      if (storefront) {
        const all = pass.rows === "all";
        const suggest = await suggestionRoute();
        if (!suggest && !notMeasured.length) notMeasured.push("/api/search/suggest?q=kurta");
        await measure(server, pass, STATIC_ROUTE, STATIC_ROUTE, SIGNED_OUT, {}, rows, { warmUp: true });
        // signed out: the rows of issue 4 plus the home page
        const guestRoutes = all
          ? [
              "/",
              "/products",
              "/products?category=kurtas&sortBy=price-low",
              "/products?search=silk",
              productRoute,
              ...(suggest ? [suggest] : []),
            ]
          : pass.cache === "on"
            ? ["/products", productRoute]
            : ["/", "/products", productRoute, ...(suggest ? [suggest] : [])];
        for (const route of guestRoutes)
          await measure(server, pass, route, route.replace(data.productId, ":id"), SIGNED_OUT, {}, rows);
        // signed in, with a cart of three lines
        const shopperRoutes = all
          ? ["/", "/products", productRoute, ...(suggest ? [suggest] : []), "/cart"]
          : ["/products", "/cart"];
        for (const route of shopperRoutes)
          await measure(server, pass, route, route.replace(data.productId, ":id"), SIGNED_IN, asShopper, rows);
        if (all && pass.cache === "on") {
          // page weight, as a guest and (for the cart) as the shopper
          for (const [route, labelFor, headers] of [
            ["/", "`/`", {}],
            ["/products", "`/products`", {}],
            [productRoute, "`/product/:id`", {}],
            ["/cart", "`/cart` (signed in, 3 lines)", asShopper],
          ] as Array<[string, string, Record<string, string>]>) {
            weights.push(await pageWeight(BASE, route, labelFor, headers));
          }
          // is the load generator or the server the limit? the static file and a cached page with other generators
          if (CLIENT_CHECK) {
            const others: Tool[] =
              MAIN_TOOL === "wrk"
                ? ["autocannon", "autocannon-workers"]
                : ["autocannon-workers", ...(wrkAvailable() ? (["wrk"] as Tool[]) : [])];
            for (const tool of others) {
              await measure(server, pass, STATIC_ROUTE, STATIC_ROUTE, SIGNED_OUT, {}, clientRows, {
                tool,
                connections: tool === "autocannon-workers" ? [50] : CONNECTIONS,
              });
              await measure(server, pass, "/products", "/products", SIGNED_OUT, {}, clientRows, {
                tool,
                connections: tool === "autocannon-workers" ? [50] : CONNECTIONS,
              });
            }
          }
        }
      }
      if (dashboard && pass.cache === "on" && pass.concurrency === 1) {
        const cookie = await staffCookie();
        await measure(server, pass, "/admin", "/admin", "staff", { cookie }, dashboardRows);
      }
    } finally {
      await server.stop();
    }
  }
  const loadAfter = os.loadavg();
  const tool = `${MAIN_TOOL === "wrk" ? "wrk (2 threads)" : "autocannon (one thread)"} ${DURATION} s per row${GZIP ? " (accept-encoding: gzip)" : ""}${SERVER_ENTRY ? `, server run as \`node ${[...SERVER_NODE_FLAGS, SERVER_ENTRY].join(" ")}\`` : ""}`;
  const conditions = conditionsLine(loadBefore, loadAfter, tool);
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  const key = url ? "postgres" : "pglite";
  const written: string[] = [];
  if (storefront && rows.length > 0) {
    const summary = [
      `### ${label}`,
      "",
      `Measured ${when} UTC: ${PRODUCT_COUNT.toLocaleString("en-US")} products (3 pictures each), ${conditions} ` +
        `The static row is \`${STATIC_ROUTE}\` from the same server's express.static in the same pass; "% of static" compares each row with it ` +
        `at the same connections. "signed in" is a shopper signed in by phone code with 3 cart lines. Server CPU is the server's processes' ` +
        "CPU time over the row (100 % = one core), client CPU the load generator's.",
      "",
      loadTable(rows, notMeasured),
      "",
      targetsTable(rows, MAIN_TOOL),
    ].join("\n");
    console.log(`\n${summary}\n`);
    writeDoc(key, summary);
    written.push(key);
  }
  if (weights.length > 0) {
    const summary = [
      `### Page weight, ${label}`,
      "",
      `Measured ${when} UTC with ${PRODUCT_COUNT.toLocaleString("en-US")} products: the HTML as sent (and gzipped at level 6 by the bench), ` +
        "and the JavaScript and CSS each page makes the browser load at once (its modulepreload links, stylesheets and the inline module " +
        "script's imports, read from build/client; each file once). Load average (1 min) " +
        `${os.loadavg()[0]!.toFixed(2)}.`,
      "",
      weightTable(weights),
    ].join("\n");
    console.log(`\n${summary}\n`);
    writeDoc(`${key}-weight`, summary);
    written.push(`${key}-weight`);
  }
  if (clientRows.length > 0) {
    const base = rows.filter(
      (r) =>
        r.cache === "on" &&
        r.concurrency === 1 &&
        r.who === SIGNED_OUT &&
        (r.route === STATIC_ROUTE || r.route === "/products"),
    );
    const summary = [
      `### Load generator check, ${label}`,
      "",
      `Measured ${when} UTC, page cache on, 1 process: the static file and a cached list page with autocannon (one thread), ` +
        `autocannon with a worker thread per core, and wrk (2 threads). If the client's CPU nears 100 % (one core) while the server's stays below 200 %, ` +
        `or the client spends as much CPU per request as the server, the load generator is the limit, not the server. ${conditions}`,
      "",
      clientTable(
        [...base, ...clientRows].sort((a, b) => a.route.localeCompare(b.route) || a.connections - b.connections),
      ),
    ].join("\n");
    console.log(`\n${summary}\n`);
    writeDoc(`${key}-client`, summary);
    written.push(`${key}-client`);
  }
  if (soakResult) {
    const s = soakSummary(soakResult);
    const summary = [
      `### Soak, ${label}`,
      "",
      `Measured ${when} UTC: ${soakResult.seconds} s of mixed traffic at ${soakResult.connections} connections (half as a guest, half as the signed-in ` +
        "shopper with 3 cart lines; the home page, 385 list addresses, 500 product pages, 20 suggestion prefixes and the cart), page cache on, " +
        `${PRODUCT_COUNT.toLocaleString("en-US")} products; the server's resident memory (VmRSS of all its processes, summed) every 5 s. ` +
        `${soakResult.requests.toLocaleString("en-US")} requests, ${soakResult.rps.toFixed(0)} req/s, p50 ${soakResult.p50} ms, p99 ${soakResult.p99} ms, ` +
        `${soakResult.non2xx} non-2xx, ${soakResult.errors} errors. Load average (1 min) ${soakLoad[0]?.toFixed(2)} before, ${soakLoad[1]?.toFixed(2)} after.`,
      "",
      `Bar (issue 14): under ${SOAK_LIMIT_MB} MB throughout, and the end within ${SOAK_DRIFT * 100} % of the value after warm-up (the first minute). ${s.verdict}`,
      "",
      s.table,
    ].join("\n");
    console.log(`\n${summary}\n`);
    writeDoc(`${key}-soak`, summary);
    written.push(`${key}-soak`);
  }
  if (dashboard && dashboardRows.length > 0) {
    const summary = [
      `### Admin dashboard, ${label}`,
      "",
      `Measured ${when} UTC as a signed-in staff member: ${PRODUCT_COUNT.toLocaleString("en-US")} products, ` +
        `${ORDER_COUNT.toLocaleString("en-US")} orders over 90 days with 1-3 lines each, ${SHOPPER_COUNT.toLocaleString("en-US")} shoppers, ${conditions}`,
      "",
      loadTable(dashboardRows),
    ].join("\n");
    console.log(`\n${summary}\n`);
    writeDoc(`${key}-dashboard`, summary);
    written.push(`${key}-dashboard`);
  }
  console.log(`Saved to docs/performance.md (${written.map((k) => `bench:${k}`).join(", ")})`);
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
