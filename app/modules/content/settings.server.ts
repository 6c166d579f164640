import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { storeSettings } from "./schema.server";

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
  paymentTimeoutMinutes: 30,
  prepaidDiscountPercent: 0,
  staffSessionHours: 12,
  gstin: "",
  shopState: "",
  legalName: "",
} satisfies Omit<typeof storeSettings.$inferInsert, "id">;

/** Creates the settings row with defaults when it is missing. Returns true when it was created. */
export async function ensureStoreSettings(db: Db): Promise<boolean> {
  const inserted = await db
    .insert(storeSettings)
    .values({ id: 1, ...DEFAULT_STORE_SETTINGS })
    .onConflictDoNothing({ target: storeSettings.id })
    .returning({ id: storeSettings.id });
  return inserted.length > 0;
}

export async function getStoreSettings(db: Db): Promise<StoreSettings> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1)).limit(1);
  return row ?? { id: 1, ...DEFAULT_STORE_SETTINGS, createdAt: new Date(0), updatedAt: new Date(0) };
}

export async function hasStoreSettings(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: storeSettings.id }).from(storeSettings).limit(1);
  return Boolean(row);
}
