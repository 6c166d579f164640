/*
 * The bench's settings, read once from the environment (the BENCH_* variables of scripts/bench.ts's
 * header); a value it cannot use stops the bench before anything is made.
 */
import path from "node:path";
import { wrkAvailable, type Tool } from "./load";

export const PORT = Number(process.env.BENCH_PORT ?? 3622);
/** The scratch database's name on PostgreSQL (two people benchmarking on one server pick two names). */
export const BENCH_DATABASE = process.env.BENCH_DATABASE ?? "shop_bench";
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DATABASE))
  throw new Error("BENCH_DATABASE must be a plain lower-case database name");
export const DURATION = Number(process.env.BENCH_DURATION ?? 15);
export const PRODUCT_COUNT = Number(process.env.BENCH_PRODUCTS ?? 10_000);
export const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 100_000);
export const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
export const SOAK_CONCURRENCY = Number(process.env.BENCH_SOAK_CONCURRENCY ?? 1);
export const CONCURRENCIES = (process.env.BENCH_WEB_CONCURRENCY ?? "1,2")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n >= 1);
export const CLIENT_CHECK = process.env.BENCH_CLIENT_CHECK !== "0";
export const GZIP = process.env.BENCH_GZIP === "1";
/**
 * The load generator of every row: wrk when installed (`apt-get install -y wrk`), else autocannon.
 * autocannon is one JavaScript thread on the same two cores as the server: on a cached 150 KB page
 * it spent more CPU per response than the server did, and more still at 50 connections, so it,
 * not the server, set the ceiling (docs/performance.md, "Load generator check"). wrk spends about a
 * tenth of that. BENCH_TOOL=autocannon keeps the figures comparable with older runs, made with autocannon.
 */
export const MAIN_TOOL: Tool = (() => {
  const asked = process.env.BENCH_TOOL ?? (wrkAvailable() ? "wrk" : "autocannon");
  if (asked !== "wrk" && asked !== "autocannon") throw new Error(`BENCH_TOOL is wrk or autocannon; got ${asked}`);
  if (asked === "wrk" && !wrkAvailable())
    throw new Error("BENCH_TOOL=wrk but wrk is not installed (apt-get install -y wrk)");
  return asked;
})();
/** The bundled server entry `npm start` runs (scripts/build.mjs); BENCH_SERVER_ENTRY=tsx runs server/index.ts through tsx instead. */
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? "build/server/main.js";
export const SHOPPER_COUNT = 5_000;
export const GROUPS = ["storefront", "dashboard", "soak", "sale"] as const;
export type Group = (typeof GROUPS)[number];
export const ROUTE_GROUPS: ReadonlySet<Group> = (() => {
  const asked = (process.env.BENCH_ROUTES ?? "storefront,dashboard")
    .split(",")
    .map((g) => g.trim())
    .filter(Boolean);
  if (process.env.BENCH_SOAK === "1" && !asked.includes("soak")) asked.push("soak");
  if (process.env.BENCH_SALE === "1" && !asked.includes("sale")) asked.push("sale");
  const unknown = asked.filter((g) => !(GROUPS as readonly string[]).includes(g));
  if (unknown.length > 0 || asked.length === 0)
    throw new Error(`BENCH_ROUTES takes ${GROUPS.join(", ")} (comma-separated); got ${process.env.BENCH_ROUTES}`);
  return new Set(asked as Group[]);
})();
if (CONCURRENCIES.length === 0 || CONCURRENCIES[0] !== 1)
  throw new Error("BENCH_WEB_CONCURRENCY lists process counts starting with 1, e.g. 1,2");
/** The staff member the dashboard is measured as (a scratch account in the scratch database). */
export const BENCH_STAFF = { name: "Bench Staff", email: "bench-staff@example.com", password: "kesar-bench-2026" };
export const CONNECTIONS = [10, 50];
export const DATA_DIR = path.resolve("tmp/bench-data");
export const SERVER_TIME_LIMIT_MS = 20 * 60_000;
export const BASE = `http://127.0.0.1:${PORT}`;
