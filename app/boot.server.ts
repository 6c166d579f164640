import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getConfig, type Config } from "./config.server";
import { getDatabase, openDatabase, setDatabase, sql, type Db } from "./db/client.server";
import { seedDemoOrders } from "./db/seed/demo-orders.server";
import { seedDemoReviews } from "./db/seed/demo-reviews.server";
import { seedDatabase } from "./db/seed/seed.server";
import { getLogger } from "./lib/logger.server";
import { processSingleton, processSlot } from "./lib/process-singleton";
import { getAuth } from "~/modules/accounts/index.server";
import { smsProviderFor } from "~/modules/accounts/index.server";
import { removeUnfinishedSignUps } from "~/modules/accounts/index.server";
import { hasOrders } from "~/modules/orders/index.server";
import { expireBackInStockRequests } from "~/modules/catalog/index.server";
import { emailProviderFor } from "~/modules/messages/index.server";
import { startOutboxWorker, stopOutboxWorker } from "~/modules/messages/index.server";
import { createStaffAccount, setStaffPassword } from "~/modules/accounts/index.server";
import { countProducts, listNewArrivals } from "~/modules/catalog/index.server";
import { hasStoreSettings } from "~/modules/content/index.server";
import { startUploadSweep, stopUploadSweep } from "~/modules/media/index.server";
import { isS3Storage, s3Storage } from "~/modules/media/index.server";
import { localDiskStorage, type MediaStorage } from "~/modules/media/index.server";
import { shoppersWaitingToOrder, startPaymentSweep, stopPaymentSweep } from "~/modules/checkout/index.server";
import { checkShippingProvider, startTrackingSync, stopTrackingSync } from "~/modules/shipping/index.server";
import { startStoreCreditExpiry, stopStoreCreditExpiry } from "~/modules/credit/index.server";
import { startReviewRequests, stopReviewRequests } from "~/modules/reviews/index.server";
import { startPurgeBus, stopPurgeBus } from "./page-cache-purges.server";

export interface BootInfo {
  database: "pglite" | "postgres";
  seeded: boolean;
  products: number;
  demoAdmin?: { email: string; password: string };
  ms: number;
}

const storages = new WeakMap<Config, MediaStorage>();

/**
 * Where pictures are stored: S3-compatible object storage when S3_BUCKET is set, otherwise files
 * under DATA_DIR/media served at /media. One per configuration, so the S3 client's connections are
 * reused.
 */
export function getMediaStorage(config: Config = getConfig()): MediaStorage {
  let storage = storages.get(config);
  if (!storage) {
    const { media } = config;
    storage = media.storage === "s3" ? s3Storage(media) : localDiskStorage(config.mediaDir);
    storages.set(config, storage);
  }
  return storage;
}

/** Origins other than the shop's own that pictures come from (the S3 public address), for the pages' CSP. */
export function mediaImageOrigins(config: Config = getConfig()): string[] {
  return config.media.storage === "s3" ? [new URL(config.media.publicUrl).origin] : [];
}

/**
 * Everything that must happen before the first request: open the database, apply migrations,
 * seed on first run, keep the demo admin's credentials true, and warm the catalogue queries.
 * Runs once per process, even when the dev server reloads modules.
 */
export function boot(): Promise<BootInfo> {
  return processSingleton("boot", runBoot);
}

async function runBoot(): Promise<BootInfo> {
  const started = Date.now();
  const config = getConfig();
  const log = getLogger();
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.pgliteDir },
  );
  setDatabase(database);
  await database.migrate();
  // every process on the database hears of the others' catalogue changes (decision 044)
  if (config.databaseUrl) await startPurgeBus(database.db, config.databaseUrl);
  log.info({ database: database.kind }, "database ready, migrations applied");

  const { db } = database;
  const storage = getMediaStorage(config);
  if (isS3Storage(storage)) {
    // A wrong key or bucket shows in the log at start, not at the first upload (without holding the
    // start back: an unreachable endpoint would take the client's timeouts and retries).
    void storage.check().then(
      () => log.info({ bucket: storage.bucket }, "pictures: S3 bucket reachable"),
      (error: unknown) =>
        log.error(
          { err: error, bucket: storage.bucket },
          "pictures: the S3 bucket did not answer; uploads and the seed's pictures fail until it does",
        ),
    );
  }
  // Whether the courier service answers shows in the log at start, without holding the start back.
  void checkShippingProvider().then((line) =>
    line.ok ? log.info(line.fields, line.message) : log.error(line.fields, line.message),
  );
  let seeded = false;
  if (!(await hasStoreSettings(db))) {
    log.info(
      config.isDemo
        ? "first run: seeding the demo catalogue (pictures are drawn now, this takes a moment)"
        : "first run: creating categories, coupons and settings",
    );
    const result = await seedDatabase(db, {
      storage,
      demoCatalogue: config.isDemo,
      onProgress: (message) => log.info(message),
    });
    log.info(result, "seed finished");
    if (config.demoOrders) {
      // a failure here leaves a working shop without the demo's orders: logged, never fatal
      await seedDemoOrders(db).then(
        (orders) => log.info({ orders }, "demo shopper's orders seeded"),
        (error: unknown) => log.error({ err: error }, "the demo shopper's orders could not be seeded"),
      );
      // the demo's past buyers and their reviews (after hers: she writes one of them)
      const reviewsStarted = Date.now();
      await seedDemoReviews(db, storage).then(
        (reviews) => log.info({ ...reviews, ms: Date.now() - reviewsStarted }, "demo buyers' reviews seeded"),
        (error: unknown) => log.error({ err: error }, "the demo buyers' reviews could not be seeded"),
      );
    }
    // Fresh tables have no planner statistics (PGlite never gathers them by itself).
    await db.execute(sql`ANALYZE`);
    seeded = true;
  }

  const demoAdmin = config.isDemo ? await ensureDemoAdmin(db, config) : undefined;
  startBackgroundWork(db, config);
  // Warm the query plans and the embedded database's caches so the first shopper is not slow.
  await listNewArrivals(db, 4);
  const products = await countProducts(db);
  return { database: database.kind, seeded, products, demoAdmin, ms: Date.now() - started };
}

const HOUR_MS = 3600_000;
const expiryTimer = processSlot<NodeJS.Timeout>("backInStockExpiry");

/**
 * The outbox worker (sends the texts a restock queued: at start, for anything a crash left behind,
 * every 30 s and right after a stock change commits), the hourly expiry of back-in-stock requests
 * older than 90 days (decision 015) and of the accounts of registrations never completed.
 */
function startBackgroundWork(db: Db, config: Config): void {
  // confirmations wait while shoppers wait for their turn to order (decision 055)
  startOutboxWorker(
    db,
    { sms: smsProviderFor(config.sms, db), email: emailProviderFor(config.email) },
    { busy: shoppersWaitingToOrder },
  );
  // unpaid online orders give their stock back after the store's payment timeout (decision 020)
  startPaymentSweep(db);
  // the courier's webhook deliveries worked again after a failure, and silent shipments polled (decision 041)
  startTrackingSync(db);
  // store credit past its validity is written off, first in, first out, hourly (decision 042)
  startStoreCreditExpiry(db);
  // buyers are asked once, some days after delivery, to review what they received (decision 043)
  startReviewRequests(db);
  // pictures uploaded in the product editor but never saved with a product go after a day (decision 022)
  startUploadSweep(db, getMediaStorage(config));
  clearInterval(expiryTimer.get());
  const expire = () => {
    void expireBackInStockRequests(db).catch((error: unknown) =>
      getLogger().error({ err: error }, "back-in-stock: expiry failed"),
    );
    void removeUnfinishedSignUps(db, hasOrders).catch((error: unknown) =>
      getLogger().error({ err: error }, "sign-ups: removing unfinished registrations failed"),
    );
  };
  expire();
  expiryTimer.set(setInterval(expire, HOUR_MS)).unref();
}

const DEMO_ADMIN_EMAIL = "admin@saanjh.example";

/** Demo mode only: a staff account whose password is kept under DATA_DIR and printed at start. */
async function ensureDemoAdmin(db: Db, config: Config): Promise<{ email: string; password: string }> {
  const file = path.join(config.dataDir, "demo-admin.json");
  let password: string | undefined;
  if (existsSync(file)) {
    try {
      password = (JSON.parse(readFileSync(file, "utf8")) as { password?: string }).password;
    } catch {
      password = undefined;
    }
  }
  const fresh = !password;
  password ??= `demo-${randomBytes(6).toString("hex")}-7`;
  const auth = getAuth();
  const result = await createStaffAccount(
    db,
    auth,
    { name: "Demo Admin", email: DEMO_ADMIN_EMAIL, password },
    { isOwner: true },
  );
  if (result.status === "exists" && fresh) await setStaffPassword(db, auth, result.userId, password);
  if (fresh)
    writeFileSync(file, `${JSON.stringify({ email: DEMO_ADMIN_EMAIL, password }, null, 2)}\n`, { mode: 0o600 });
  return { email: DEMO_ADMIN_EMAIL, password };
}

/** Closes the database (graceful shutdown). */
export async function shutdown(): Promise<void> {
  await stopPaymentSweep();
  await stopTrackingSync();
  await stopStoreCreditExpiry();
  await stopReviewRequests();
  await stopUploadSweep();
  await stopOutboxWorker();
  await stopPurgeBus();
  clearInterval(expiryTimer.get());
  try {
    await getDatabase().close();
  } catch {
    // not open: nothing to close
  }
}
