import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { processSlot } from "../../lib/process-singleton";
import { storeSettings } from "./schema.server";
import { DEMO_WHATSAPP_DIGITS } from "./settings-form";

export type StoreSettings = typeof storeSettings.$inferSelect;

export const DEFAULT_STORE_SETTINGS = {
  storeName: "Saanjh",
  tagline: "Subtle. Serene. Enduring",
  supportEmail: "care@saanjh.example",
  supportPhone: "+91 98765 43210",
  whatsappNumber: "",
  instagramUrl: "https://www.instagram.com/",
  facebookUrl: "https://www.facebook.com/",
  youtubeUrl: "",
  address: "Saanjh Studio, 14 Chandpole Bazaar, Jaipur, Rajasthan 302001",
  codEnabled: true,
  codFeePaise: 0,
  codMaxOrderPaise: null,
  maxOrderPaise: 50_000_000,
  paymentTimeoutMinutes: 30,
  prepaidDiscountPercent: 0,
  staffSessionHours: 12,
  gstin: "",
  shopState: "",
  legalName: "",
  dispatchDays: 1,
  codConfirmAbovePaise: null,
  codConfirmHours: 24,
  returnWindowDays: 7,
  exchangeWindowDays: 15,
  nonReturnableCategories: [] as string[],
  refundsOnlyForFaults: true,
  storeCreditValidityDays: 365 as number | null,
  reviewsNeedApproval: false,
  reviewRequestDays: 7 as number | null,
} satisfies Omit<typeof storeSettings.$inferInsert, "id">;

/**
 * Creates the settings row with defaults when it is missing. Returns true when it was created. A demo
 * shop starts with a made-up WhatsApp number, so the product page's button can be seen (the admin's
 * settings mark it as one to replace); a live shop starts without one.
 */
export async function ensureStoreSettings(db: Db, { demo = false }: { demo?: boolean } = {}): Promise<boolean> {
  const inserted = await db
    .insert(storeSettings)
    .values({ id: 1, ...DEFAULT_STORE_SETTINGS, ...(demo ? { whatsappNumber: DEMO_WHATSAPP_DIGITS } : {}) })
    .onConflictDoNothing({ target: storeSettings.id })
    .returning({ id: storeSettings.id });
  return inserted.length > 0;
}

function settingsQuery(db: Db) {
  return db.select().from(storeSettings).where(eq(storeSettings.id, 1)).limit(1);
}

/** The statement built once per database and prepared: the root loader reads the settings on every page. */
const prepared = new WeakMap<Db, ReturnType<ReturnType<typeof settingsQuery>["prepare"]>>();

/** The settings as they are now (inside a transaction when `db` is one). */
export async function getStoreSettings(db: Db): Promise<StoreSettings> {
  let query = prepared.get(db);
  if (!query) {
    query = settingsQuery(db).prepare("store_settings");
    prepared.set(db, query);
  }
  const [row] = await query.execute();
  return row ?? { id: 1, ...DEFAULT_STORE_SETTINGS, version: 1, createdAt: new Date(0), updatedAt: new Date(0) };
}

/** How long a shared page may show settings read by another request (the shared page cache's own span). */
export const CACHED_SETTINGS_MS = 30_000;
const cache = processSlot<{ at: number; value: Promise<StoreSettings> }>("storeSettingsCache");

/**
 * The settings for what a shared catalogue page displays (the product page's WhatsApp link),
 * read at most once per CACHED_SETTINGS_MS per process and forgotten at once when staff save them
 * here (`forgetCachedStoreSettings`). Never for money, tax or access: those read `getStoreSettings`.
 */
export function cachedStoreSettings(db: Db, now = Date.now()): Promise<StoreSettings> {
  const hit = cache.get();
  if (hit && now - hit.at < CACHED_SETTINGS_MS) return hit.value;
  const value = getStoreSettings(db);
  const entry = cache.set({ at: now, value });
  value.catch(() => {
    if (cache.get() === entry) cache.clear();
  });
  return value;
}

export function forgetCachedStoreSettings(): void {
  cache.clear();
}

export async function hasStoreSettings(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: storeSettings.id }).from(storeSettings).limit(1);
  return Boolean(row);
}

/** Sets the shop's GSTIN, state and legal name when none of them is set yet (demo mode's seed). */
export async function fillTaxIdentityIfEmpty(
  db: Db,
  identity: { gstin: string; shopState: string; legalName: string },
): Promise<void> {
  await db
    .update(storeSettings)
    .set({ ...identity, version: sql`${storeSettings.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(storeSettings.id, 1),
        eq(storeSettings.gstin, ""),
        eq(storeSettings.shopState, ""),
        eq(storeSettings.legalName, ""),
      ),
    );
}
