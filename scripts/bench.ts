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
 *    the static row (`/favicon.svg` from the same server's in-memory static files, same pass). Rows as a
 *    guest and as a shopper signed in by phone code (demo mode, console SMS provider) with three
 *    cart lines (scripts/bench/shopper.ts). Then the page weight (HTML raw and gzip, the JS and
 *    CSS each page loads) and, with the page cache on, the static file and a cached list page again
 *    with the other load generators (autocannon with one thread and with a worker per core, or wrk;
 *    BENCH_CLIENT_CHECK=0 skips it), to tell a client limit from a server limit.
 * 4. With BENCH_SOAK=1 (or BENCH_ROUTES=soak), the soak: mixed guest and signed-in traffic at 50
 *    connections for BENCH_SOAK_SECONDS (default 600) with the server's RSS sampled every 5 s
 *    (scripts/bench/soak.ts), checked against the soak's memory bar.
 * 5. With BENCH_SALE=1 (or BENCH_ROUTES=sale; PostgreSQL only), the sale model (scripts/bench/sale/,
 *    decision 049), once per process count: shoppers arriving at a set rate (open loop) browse, search,
 *    sign in by phone code (each with its own X-Forwarded-For; the server runs with TRUST_PROXY=loopback),
 *    add to the bag and one in ten checks out, while staff edit prices; the highest arrival rate at which
 *    every sale-day target holds is searched for (doubling, then bisecting), then the hot piece: 200
 *    shoppers checking out the same variant with 150 units at once. BENCH_SALE_SECONDS (window per rate,
 *    default 30), BENCH_SALE_WARMUP (arrivals before it, default 20), BENCH_SALE_MINUTES (the whole sale
 *    part, default 12), BENCH_SALE_START_RATE (shoppers a second, default 2), BENCH_SALE_BISECTIONS
 *    (default 3), BENCH_SALE_STAFF_SECONDS (between staff edits, default 5; 0 for none), BENCH_SALE_ZIPF
 *    (default 1.1), BENCH_SALE_HOT=0 (no hot piece), BENCH_SALE_SOCKETS (the generator's, default 512).
 *    `npx tsx scripts/bench/sale/run.ts` runs the same shoppers against a shop already running (its header).
 * 6. Writes every table into docs/performance.md (with the date, the core count, the load average
 *    before and after, and the database), each in its own `<!-- bench:KEY -->` section.
 *
 * The admin dashboard (`/admin`) is measured too, as a signed-in staff member, over 100,000 orders
 * (BENCH_ORDERS) of 5,000 shoppers spread over the last 90 days with 1-3 lines each, made in bulk by SQL;
 * a staff account is created with `npm run admin:create` before the server starts and signs in
 * through POST /api/auth/sign-in/email. The admin is never in the page cache, so it is measured once,
 * and its rows go to a section of their own in docs/performance.md.
 *
 * BENCH_ROUTES picks the groups: `storefront`, `dashboard`, `soak`, `sale`, comma-separated (default
 * `storefront,dashboard`, plus `soak` with BENCH_SOAK=1 and `sale` with BENCH_SALE=1). `BENCH_ROUTES=dashboard npm run bench`
 * measures the dashboard alone (one server start, a few minutes) and writes only its own section.
 *
 * BENCH_DURATION (seconds, default 15), BENCH_PRODUCTS (default 10000), BENCH_ORDERS (default
 * 100000) and BENCH_SOAK_SECONDS shorten a trial run; BENCH_DATA_ONLY=1 only creates the scratch
 * data and leaves it (for EXPLAIN, or to start a server on it by hand). BENCH_GZIP=1 sends
 * `accept-encoding: gzip` on every row; BENCH_NODE_OPTIONS passes flags to the server's node
 * (e.g. `--max-semi-space-size=32`); BENCH_SERVER_ENTRY=tsx runs server/index.ts through tsx instead of the bundled entry.
 *
 * The parts are in scripts/bench/: settings.ts (the BENCH_* variables), scratch-data.ts, server.ts (a
 * server per pass), measure.ts (one row), staff.ts, shopper.ts, soak.ts, page-weight.ts, load.ts and
 * sections.ts (what goes into docs/performance.md); the sale model in scripts/bench/sale/.
 */
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { existsSync } from "node:fs";
import { openDatabase } from "../app/db/client.server";
import { build } from "./bench/build-script";
import { wrkAvailable, type Tool } from "./bench/load";
import { measure, SIGNED_IN, SIGNED_OUT, suggestionRoute } from "./bench/measure";
import { pageWeight } from "./bench/page-weight";
import { EMPTY_ROUTE, STATIC_ROUTE } from "./bench/report";
import { fillCatalogue, fillOrders, fixtures, scratchDatabase, type Fixtures } from "./bench/scratch-data";
import { writeSections, type Results } from "./bench/sections";
import { passes, startServer, type Pass, type Server } from "./bench/server";
import { checkShopper, signedInShopperCookie } from "./bench/shopper";
import { salePass } from "./bench/sale/index";
import { salePassSeconds } from "./bench/sale/options";
import { soak, soakSummary } from "./bench/soak";
import { createBenchStaff, staffCookie } from "./bench/staff";
import {
  BASE,
  BENCH_DATABASE,
  BENCH_STAFF,
  CLIENT_CHECK,
  CONCURRENCIES,
  CONNECTIONS,
  DATA_DIR,
  MAIN_TOOL,
  ORDER_COUNT,
  PRODUCT_COUNT,
  ROUTE_GROUPS,
  SHOPPER_COUNT,
  SOAK_SECONDS,
} from "./bench/settings";

/** The scratch database made and filled; null with BENCH_DATA_ONLY=1, which leaves it for work by hand. */
async function prepareData(
  dashboard: boolean,
  sale: boolean,
): Promise<{ url?: string; label: string; data: Fixtures } | null> {
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
  // the dashboard is measured as staff, and staff edit prices during the sale
  if (dashboard || sale) createBenchStaff(url);
  if (process.env.BENCH_DATA_ONLY === "1") {
    // for EXPLAIN work on the scratch database (docs/decisions/007); nothing is measured
    console.log(url ? `Left in place: ${url.replace(/\/\/[^@]*@/, "//")}` : `Left in place: ${DATA_DIR}`);
    if (dashboard) console.log(`Staff account: ${BENCH_STAFF.email} / ${BENCH_STAFF.password}`);
    return null;
  }
  return { url, label, data };
}

/** The storefront's rows of a pass, as a guest and as the shopper; with every row and the cache on, the page weight and the load generator check. */
async function measureStorefront(
  server: Server,
  pass: Pass,
  data: Fixtures,
  asShopper: { cookie: string },
  results: Results,
): Promise<void> {
  const { rows, clientRows, weights, notMeasured } = results;
  const productRoute = `/product/${data.productId}`;
  const all = pass.rows === "all";
  const suggest = await suggestionRoute();
  if (!suggest && !notMeasured.length) notMeasured.push("/api/search/suggest?q=kurta");
  await measure(server, pass, STATIC_ROUTE, STATIC_ROUTE, SIGNED_OUT, {}, rows, { warmUp: true });
  // signed out: the catalogue's pages and search suggestions, plus the home page
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
  // the shop's frame around a route that renders nothing: what the rendered rows' CPU is compared with
  if (pass.cache === "off" && pass.concurrency === 1) guestRoutes.push(EMPTY_ROUTE);
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

/** One pass on a server of its own: the soak, or the storefront's rows and the dashboard's. */
async function runPass(
  server: Server,
  pass: Pass,
  data: Fixtures,
  results: Results,
  session: { shopperCookie: string | null },
  url: string | undefined,
): Promise<void> {
  const storefront = ROUTE_GROUPS.has("storefront");
  const dashboard = ROUTE_GROUPS.has("dashboard");
  // one real phone sign-in per run (decision 014's limits); the session outlives server restarts
  if (storefront || pass.rows === "soak") {
    if (session.shopperCookie) await checkShopper(BASE, session.shopperCookie);
    else session.shopperCookie = await signedInShopperCookie(BASE, data.cartLines);
  }
  const asShopper = { cookie: session.shopperCookie ?? "" };
  if (pass.rows === "soak") {
    const before = os.loadavg();
    results.soakResult = await soak({
      base: BASE,
      serverPid: server.pid,
      seconds: SOAK_SECONDS,
      cookie: asShopper.cookie,
      productIds: data.productIds,
      categories: data.categories,
    });
    results.soakLoad = [before[0]!, os.loadavg()[0]!];
    const s = soakSummary(results.soakResult);
    console.log(`  ${results.soakResult.requests} requests, ${results.soakResult.rps.toFixed(0)} req/s; ${s.verdict}`);
    return;
  }
  if (pass.rows === "sale") {
    results.sale.push(
      await salePass({
        base: BASE,
        serverPid: server.pid,
        url: url!,
        concurrency: pass.concurrency,
        staffCookie: await staffCookie(),
        budgetSeconds: salePassSeconds(CONCURRENCIES.length),
      }),
    );
    return;
  }
  if (storefront) await measureStorefront(server, pass, data, asShopper, results);
  if (dashboard && pass.cache === "on" && pass.concurrency === 1) {
    const cookie = await staffCookie();
    await measure(server, pass, "/admin", "/admin", "staff", { cookie }, results.dashboardRows);
  }
}

async function main(): Promise<void> {
  const storefront = ROUTE_GROUPS.has("storefront");
  const dashboard = ROUTE_GROUPS.has("dashboard");
  const sale = ROUTE_GROUPS.has("sale");
  if (sale && !process.env.DATABASE_URL)
    console.log("The sale model runs on PostgreSQL only (set DATABASE_URL): it is skipped on PGlite.");
  const prepared = await prepareData(dashboard, sale);
  if (!prepared) return;
  const { url, label, data } = prepared;

  if (!existsSync("build/server/index.js") || process.env.BENCH_BUILD !== "0") {
    console.log("Building the production bundle...");
    if ((await build({ quiet: true })) !== 0) throw new Error("the build failed");
  }

  const results: Results = {
    rows: [],
    clientRows: [],
    dashboardRows: [],
    weights: [],
    notMeasured: [],
    soakResult: null,
    soakLoad: [],
    sale: [],
  };
  const session = { shopperCookie: null as string | null };
  const loadBefore = os.loadavg();
  const postgres = Boolean(url);
  for (const pass of passes(postgres)) {
    console.log(
      pass.rows === "soak"
        ? `\nSoak (${SOAK_SECONDS} s, page cache on, WEB_CONCURRENCY=${pass.concurrency}):`
        : pass.rows === "sale"
          ? `\nSale model (page cache on, WEB_CONCURRENCY=${pass.concurrency}):`
          : `\nPage cache ${pass.cache}, WEB_CONCURRENCY=${pass.concurrency}:`,
    );
    const server = await startServer(url, pass);
    try {
      await runPass(server, pass, data, results, session, url);
    } finally {
      await server.stop();
    }
  }
  writeSections(results, { label, postgres, loadBefore, storefront, dashboard });
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
