/*
 * The Node entry: one process serves pages, data routes, pictures and the payment webhooks.
 * In production it runs bundled as build/server/main.js with plain node (scripts/build.mjs: tsx's
 * loader cost about 250 MB per process); `tsx server/index.ts --dev` runs Vite in middleware mode.
 * Application code (database, boot, auth) is reached only through the server build, so the
 * process has exactly one copy of each module.
 */
import cluster from "node:cluster";
import path from "node:path";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { addressWarnings, ConfigError, parseConfig, type Config } from "../app/config.server";
import { NO_STORE } from "../app/lib/cache-control";
import { pageCacheHandOff } from "../app/lib/page-cache.server";
import { readyBanner } from "./banner";
import { bodyLimit, SHOP_BODY_LIMITS } from "./body-limit";
import { scriptNonce } from "./nonce";
import { runPrimary } from "./cluster";
import { siblingCopies } from "./copy-sharing";
import { createPageCache, type PageCacheOptions } from "./page-cache";
import { renderGate } from "./render-gate";
import { trackInFlight } from "./in-flight";
import { pageWarmUp, type WarmUp, type WarmUpOptions } from "./warm-up";
import { createPageRefresher, createRequestHandler } from "./request-handler";
import { clientAddressHeader, sameOriginGuard, securityHeaderPairs, securityHeaders } from "./security";
import { createStaticFiles } from "./static-files";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

interface ShopEntryModule {
  boot(): Promise<{
    database: string;
    seeded: boolean;
    products: number;
    demoAdmin?: { email: string; password: string };
    ms: number;
  }>;
  shutdown(): Promise<void>;
  databaseStatus(): Promise<{ ok: boolean; kind: string }>;
  warmAddresses(): Promise<string[]>;
}

function loadConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\n${error.message}\n\nSee the configuration table in README.md.\n`);
      process.exit(1);
    }
    throw error;
  }
}

type EntryModuleOf = () => Promise<ShopEntryModule>;

/** The app's build: Vite in middleware mode for --dev, else the server build and the client build's files. */
async function serveBuild(app: express.Express) {
  let getBuild: () => Promise<ServerBuild>;
  let productionBuild: ServerBuild | null = null;
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    getBuild = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const buildFile = path.resolve("build/server/index.js");
    const build = (await import(buildFile)) as ServerBuild;
    productionBuild = build;
    getBuild = async () => build;
    // What serveFilesFromMemory does not hold (files over its bounds, or still being compressed) is
    // served from disk with the same policies: fingerprinted assets never change, the rest is revalidated hourly.
    app.use(
      "/assets",
      express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
    );
    // Only file-like paths (favicon.svg) can be files here: pages skip the static middleware's stat().
    const clientFiles = express.static("build/client", { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? clientFiles(req, res, next) : next()));
  }
  const entryModule: EntryModuleOf = async () => (await getBuild()).entry.module as unknown as ShopEntryModule;
  return { getBuild, productionBuild, entryModule };
}

/**
 * The production build's files and the pictures asked for, answered from memory before any other
 * middleware: they set the security headers themselves and are compressed in advance, so neither
 * compression nor the script nonce does any work for them (server/static-files.ts, decision 045).
 * Everything else goes on to the rest of the pipeline; development leaves files to Vite.
 */
function serveFilesFromMemory(app: express.Express, config: Config): void {
  if (dev) return;
  const files = createStaticFiles({
    buildDir: "build/client",
    mediaDir: config.mediaDir,
    headers: securityHeaderPairs(config),
  });
  app.use(files);
}

/** Pictures under /media (those not answered from memory), a plain 404 for a missing file, and /healthz. */
function serveMediaAndHealth(
  app: express.Express,
  config: Config,
  entryModule: EntryModuleOf,
  pages: { warmUp: WarmUp | null },
): void {
  app.use("/media", express.static(config.mediaDir, { maxAge: "7d", index: false, fallthrough: false }));
  // A missing asset or picture is an ordinary 404: answer it plainly instead of logging a stack trace.
  app.use((error: { status?: number }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (error.status === 404 && !res.headersSent) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    next(error);
  });

  // The driver's error text goes to the log (databaseStatus logs it), never to whoever asks.
  app.get("/healthz", async (_req, res) => {
    const status = await (await entryModule()).databaseStatus();
    res
      .status(status.ok ? 200 : 503)
      .set("Cache-Control", NO_STORE)
      .json({
        status: status.ok ? "ok" : "unavailable",
        database: { kind: status.kind, ok: status.ok },
        ...(pages.warmUp ? { warmUp: pages.warmUp.progress } : {}),
      });
  });
}

/**
 * Pages that are the same for every visitor, kept and refreshed in the background (decisions 013 and
 * 044); app code purges it through the hand-off slot (app/lib/page-cache.server.ts), and other
 * processes' purges arrive through the database (app/lib/page-cache-bus.server.ts).
 */
function mountPageCache(
  app: express.Express,
  config: Config,
  refresh: PageCacheOptions["refresh"],
  warm: Pick<WarmUpOptions, "addresses" | "busy">,
): WarmUp {
  const siblings = siblingCopies();
  const pageCache = createPageCache({
    maxBytes: dev ? 0 : config.pageCacheBytes,
    keepSeconds: config.pageCacheSeconds,
    staleSeconds: config.pageCacheSeconds,
    // a purged copy is never answered: the next visitor's render (shared by everyone asking meanwhile)
    // replaces it, so a change shows at once, to staff checking their edit as to shoppers
    purgeGraceMs: 0,
    refresh,
    // with several processes, a page one of them renders is kept by all (decision 056)
    share: siblings.share,
  });
  siblings.listen(pageCache);
  // the catalogue's pages made before anyone asks for them, again after every copy was purged (decision 057)
  const warmUp = pageWarmUp({
    ...warm,
    cache: pageCache,
    origin: config.baseUrl,
    maxBytes: dev ? 0 : config.pageCacheBytes,
    place: { index: cluster.isWorker ? cluster.worker!.id - 1 : 0, of: config.processes },
  });
  pageCacheHandOff.set({
    purge: (scope) => {
      pageCache.purge(scope);
      if (!scope) warmUp.again();
    },
    spoil: (tags) => pageCache.spoil(tags),
  });
  app.use(warmUp);
  app.use(pageCache);
  return warmUp;
}

type BootInfo = Awaited<ReturnType<ShopEntryModule["boot"]>>;

/** Listens on the configured port and prints the banner once ready (the primary prints it with several processes). */
function listen(app: express.Express, config: Config, info: BootInfo, started: number) {
  const banner = () =>
    readyBanner({
      baseUrl: config.baseUrl,
      build: dev ? "development" : "production",
      mode: config.mode,
      pgliteDir: info.database === "postgres" ? null : config.pgliteDir,
      products: info.products,
      seeded: info.seeded,
      startedSeconds: (Date.now() - started) / 1000,
      demoAdmin: info.demoAdmin,
      warnings: addressWarnings(config),
    });
  const server = app.listen(config.port, config.host, () => {
    // With several processes the primary prints the banner once they are all listening.
    if (cluster.isWorker) {
      process.send?.({ shop: "ready", banner: banner() });
      return;
    }
    console.log(banner());
    if (config.processesAsked > 1 && config.processes === 1) {
      console.log(
        `  WEB_CONCURRENCY=${config.processesAsked} asks for ${config.processesAsked} processes, but the embedded database can be opened by\n` +
          "  one process only: running one. Set DATABASE_URL to a PostgreSQL server to run several.\n",
      );
    }
    // `npm start` runs the server as a child and restarts it after a crash, once it has been ready.
    process.send?.({ shop: "ready" });
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") {
      console.error(`Port ${config.port} is already in use. Set PORT to another number, e.g. PORT=3001 npm start`);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
  return server;
}

/**
 * Stopping drains: no new connections, requests in flight finish (up to SHUTDOWN_TIMEOUT_SECONDS),
 * including those whose visitor has gone, then the database closes. An order being placed is
 * either answered or never started.
 */
function stopOnSignals(
  server: ReturnType<typeof listen>,
  pages: ReturnType<typeof trackInFlight>,
  config: Config,
  entryModule: EntryModuleOf,
  state: { stopping: boolean },
): void {
  const stop = async (signal: string) => {
    if (state.stopping) return;
    state.stopping = true;
    console.log(`\n  ${signal}: finishing requests in flight, then closing the database...`);
    // connections first, then the handlers still working for visitors who left (an order being placed)
    const closed = new Promise<void>((resolve) => server.close(() => resolve())).then(() => pages.settled());
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), config.shutdownTimeoutMs);
    });
    if ((await Promise.race([closed, timedOut])) === "timeout") {
      console.log(`  Requests still running after ${config.shutdownTimeoutMs / 1000} s were cut off.`);
      server.closeAllConnections();
    }
    clearTimeout(timer);
    await (await entryModule()).shutdown();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // Run by `npm start`: if that supervisor goes away, so does the shop (it would hold the port otherwise).
  process.on("disconnect", () => void stop("supervisor gone"));
}

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const app = express();
  const state = { stopping: false };
  app.disable("x-powered-by");
  // Whose X-Forwarded-For to believe (TRUST_PROXY); every per-address limit uses the address it yields.
  app.set("trust proxy", config.trustProxy);
  serveFilesFromMemory(app, config);
  app.use(securityHeaders(config));
  app.use(compression());
  // Outside the page cache: every response, cached or not, gets its own script nonce.
  app.use(scriptNonce());

  const { getBuild, productionBuild, entryModule } = await serveBuild(app);
  const made: { warmUp: WarmUp | null } = { warmUp: null };
  serveMediaAndHealth(app, config, entryModule, made);

  // While stopping, answers close their connection so clients open a new one (to another instance).
  app.use((_req, res, next) => {
    if (state.stopping) res.setHeader("Connection", "close");
    next();
  });
  app.use(sameOriginGuard(config));
  app.use(clientAddressHeader());
  // Bodies are read within their limit before any route sees them; picture uploads and the products
  // CSV import are streamed to their routes and counted on the way (decisions 022, 023).
  app.use(bodyLimit(SHOP_BODY_LIMITS));
  // What the cache does not answer is rendered a few pages at a time, in order (decision 030), and so
  // are the cache's own refreshes of stale copies.
  const gate = renderGate(config.renderConcurrency);
  const build = productionBuild ?? getBuild;
  const mode = dev ? "development" : "production";
  made.warmUp = mountPageCache(app, config, createPageRefresher({ build, mode, acquire: gate.acquire }), {
    addresses: async () => (await entryModule()).warmAddresses(),
    busy: () => gate.stats().waiting > 0,
  });
  app.use(gate);
  // counted until each handler returns, so stopping waits for work whose visitor has already left
  const pages = trackInFlight(createRequestHandler({ build, mode }));
  app.use(pages);

  const info = await (await entryModule()).boot();
  // `npm start`'s first run (scripts/supervise.mjs, decision 048): once a new shop is seeded this
  // process hands over to a fresh one instead of serving with what seeding left in its memory.
  if (info.seeded && process.env.SHOP_FRESH_AFTER_SEED === "1" && process.send && !cluster.isWorker) {
    await (await entryModule()).shutdown();
    process.send({ shop: "seeded" }, () => process.exit(0));
    return;
  }
  const server = listen(app, config, info, started);
  stopOnSignals(server, pages, config, entryModule, state);
}

const startup = (() => {
  if (!cluster.isPrimary || dev) return main();
  const config = loadConfig();
  return config.processes > 1 ? runPrimary(config.processes) : main();
})();

startup.catch((error: unknown) => {
  // Known start-up problems get their message alone; anything else gets the stack too.
  const known = error instanceof Error && ["DataDirInUseError", "ConfigError"].includes(error.name);
  console.error("The shop could not start:", known ? (error as Error).message : error);
  process.exit(1);
});
