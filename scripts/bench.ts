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
 * BENCH_DURATION (seconds, default 15) and BENCH_PRODUCTS (default 10000) shorten a trial run;
 * BENCH_DATA_ONLY=1 only creates the scratch catalogue and leaves it (for EXPLAIN).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gt, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Db } from "../app/db/client.server";
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

function autocannon(url: string, connections: number): Omit<Result, "route" | "cache" | "connections"> {
  const run = spawnSync(
    process.execPath,
    ["node_modules/autocannon/autocannon.js", "-c", String(connections), "-d", String(DURATION), "-j", "-n", url],
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
async function get(url: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const r = await fetch(url, { headers: { connection: "close" } });
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

async function main(): Promise<void> {
  const { url, label } = await scratchDatabase();
  console.log(`Scratch database: ${label}. Creating ${PRODUCT_COUNT} products...`);
  const started = Date.now();
  const database = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite", dataDir: path.join(DATA_DIR, "pglite") });
  await database.migrate();
  await fillCatalogue(database.db);
  // A live PostgreSQL would have auto-vacuumed and analysed the table by now (PGlite never does):
  // fresh statistics and a visibility map, as the plans in decision 007 assume.
  await database.db.execute(sql`VACUUM ANALYZE products`);
  await database.db.execute(sql`VACUUM ANALYZE product_images`);
  await database.db.execute(sql`VACUUM ANALYZE product_variants`);
  const [anyProduct] = await database.db.select({ id: products.id }).from(products).where(gt(products.stock, 0)).limit(1);
  await database.close();
  console.log(`Catalogue ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  if (process.env.BENCH_DATA_ONLY === "1") {
    // for EXPLAIN work on the scratch database (docs/decisions/007); nothing is measured
    console.log(url ? `Left in place: ${url.replace(/\/\/[^@]*@/, "//")}` : `Left in place: ${DATA_DIR}`);
    return;
  }

  if (!existsSync("build/server/index.js") || process.env.BENCH_BUILD !== "0") {
    console.log("Building the production bundle...");
    if ((await build({ quiet: true })) !== 0) throw new Error("the build failed");
  }

  const results: Result[] = [];
  const notMeasured: string[] = [];
  const loadBefore = os.loadavg();
  // Twice: as shipped (signed-out pages answered from the shared page cache for up to 30 s), and
  // with the cache off, so every request runs its queries and renders (docs/decisions/013).
  for (const pass of PASSES) {
    console.log(`\nPage cache ${pass.label}:`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      LOG_LEVEL: "warn",
      BASE_URL: BASE,
      PAGE_CACHE_MB: pass.pageCacheMb,
    };
    if (url) env.DATABASE_URL = url;
    else delete env.DATABASE_URL;
    const server = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "inherit", "inherit"] });
    const guard = setTimeout(() => server.kill("SIGTERM"), SERVER_TIME_LIMIT_MS);
    const stopped = new Promise((resolve) => server.once("exit", resolve));
    try {
      await waitForHealth(server);
      const routes = ["/products", "/products?category=kurtas&sortBy=price-low", "/products?search=silk", `/product/${anyProduct!.id}`];
      const suggest = await suggestionRoute();
      if (suggest) routes.push(suggest);
      else if (!notMeasured.length) notMeasured.push("/api/search/suggest?q=kurta");
      for (const route of routes) {
        // warm the route (query plans, caches) before measuring
        for (let i = 0; i < 20; i++) await get(`${BASE}${route}`);
        for (const connections of CONNECTIONS) {
          process.stdout.write(`  ${route} at ${connections} connections... `);
          const r = { route: route.replace(anyProduct!.id, ":id"), cache: pass.label, connections, ...autocannon(`${BASE}${route}`, connections) };
          console.log(`${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
          results.push(r);
        }
      }
    } finally {
      clearTimeout(guard);
      server.kill("SIGTERM");
      await stopped;
    }
  }
  const loadAfter = os.loadavg();
  const cpus = os.cpus();
  const summary = [
    `### ${label}`,
    "",
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC: ${PRODUCT_COUNT.toLocaleString("en-US")} products (3 pictures each), ` +
      `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}, autocannon ${DURATION} s per row, ` +
      `server and autocannon on the same machine. Load average (1 min) ${loadBefore[0]!.toFixed(2)} before, ${loadAfter[0]!.toFixed(2)} after ` +
      "(the machine is shared with other work, so figures are noisy).",
    "",
    table(results, notMeasured),
  ].join("\n");
  console.log(`\n${summary}\n`);
  writeDoc(url ? "postgres" : "pglite", summary);
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
