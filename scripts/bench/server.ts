/* The production server the bench measures, one start per pass: its environment, its passes, and starting and stopping it. */
import { spawn, type ChildProcess } from "node:child_process";
import { SERVER_NODE_FLAGS } from "./build-script";
import { treeRss } from "./proc";
import { salePassSeconds, WARM_UP_LIMIT_SECONDS } from "./sale/options";
import {
  BASE,
  CONCURRENCIES,
  DATA_DIR,
  PORT,
  ROUTE_GROUPS,
  SERVER_ENTRY,
  SERVER_TIME_LIMIT_MS,
  SOAK_CONCURRENCY,
  SOAK_SECONDS,
} from "./settings";

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
    // the shop's own setting for a proxy on this machine: the sale model's shoppers each send their
    // address as X-Forwarded-For, so the per-address sign-in limits apply to each (decision 049)
    TRUST_PROXY: "loopback",
  };
  if (url) env.DATABASE_URL = url;
  else delete env.DATABASE_URL;
  return env;
}

/** The page cache's budget as shipped (PAGE_CACHE_MB's default in app/config/env-fields.server.ts). */
const SHIPPED_PAGE_CACHE_MB = "160";

export interface Pass {
  /** "on" or "off" */
  cache: string;
  pageCacheMb: string;
  concurrency: number;
  /** which rows this pass measures */
  rows: "all" | "some" | "soak" | "sale";
}

/**
 * The passes: every row with one process, page cache on and off; with WEB_CONCURRENCY=2 (PostgreSQL
 * only: PGlite is one process) the rows that say what a second process buys, so that a full run on
 * PostgreSQL stays under about 25 minutes at 15 s per row.
 */
export function passes(postgres: boolean): Pass[] {
  const list: Pass[] = [];
  if (ROUTE_GROUPS.has("storefront") || ROUTE_GROUPS.has("dashboard")) {
    for (const concurrency of postgres ? CONCURRENCIES : [1]) {
      list.push({
        cache: "on",
        pageCacheMb: SHIPPED_PAGE_CACHE_MB,
        concurrency,
        rows: concurrency === 1 ? "all" : "some",
      });
      if (ROUTE_GROUPS.has("storefront"))
        list.push({ cache: "off", pageCacheMb: "0", concurrency, rows: concurrency === 1 ? "all" : "some" });
    }
  }
  if (ROUTE_GROUPS.has("soak"))
    list.push({
      cache: "on",
      pageCacheMb: SHIPPED_PAGE_CACHE_MB,
      concurrency: postgres ? SOAK_CONCURRENCY : 1,
      rows: "soak",
    });
  // the sale model reads the database beside the server: PostgreSQL only
  if (ROUTE_GROUPS.has("sale") && postgres)
    for (const concurrency of CONCURRENCIES)
      list.push({ cache: "on", pageCacheMb: SHIPPED_PAGE_CACHE_MB, concurrency, rows: "sale" });
  return list;
}

export interface Server {
  child: ChildProcess;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the production server (no supervisor: a crash should end the bench, not be hidden by a restart). */
export async function startServer(url: string | undefined, pass: Pass): Promise<Server> {
  const nodeOptions = (process.env.BENCH_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  // with an IPC channel the server stops by itself if the bench dies ("supervisor gone")
  // as `npm start` runs it (scripts/start.mjs); keep the two in step
  const entry = SERVER_ENTRY === "tsx" ? ["--import", "tsx", "server/index.ts"] : [SERVER_ENTRY];
  // npm start's flags first (scripts/build.mjs); BENCH_NODE_OPTIONS after them wins where they differ
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeOptions, ...entry], {
    env: environment(url, pass),
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const limit =
    pass.rows === "soak"
      ? (SOAK_SECONDS + 300) * 1000
      : pass.rows === "sale"
        ? (salePassSeconds(CONCURRENCIES.length) + WARM_UP_LIMIT_SECONDS + 300) * 1000
        : SERVER_TIME_LIMIT_MS;
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
