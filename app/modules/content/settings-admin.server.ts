import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { purgePageCache } from "../../lib/page-cache.server";
import { changedFields, recordAudit, type Actor } from "../audit/index.server";
import { formatPrice } from "../pricing";
import { storeSettings } from "./schema.server";
import {
  checkSettingsForm,
  SETTINGS_LABELS,
  SETTINGS_MESSAGES,
  settingsFormValuesOf,
  type SettingsDraft,
  type SettingsFieldErrors,
  type SettingsFormValues,
} from "./settings-form";
import { ensureStoreSettings, forgetCachedStoreSettings, getStoreSettings } from "./settings.server";

/*
 * Saving the `store_settings` row from the admin (decision 025): checked field by field, refused when
 * someone else saved since the form was loaded (the row's updated_at), one audit row with the
 * changed fields, then the page cache is purged: the footer, contact details and product pages
 * show these settings. The checkout reads the row on every request, so its COD rules and prepaid
 * discount follow at once.
 */

export async function loadSettingsForEdit(db: Db): Promise<SettingsFormValues> {
  await ensureStoreSettings(db);
  return settingsFormValuesOf(await getStoreSettings(db));
}

export type SettingsSaveResult =
  | { ok: true; changed: string[]; values: SettingsFormValues }
  | { ok: false; status: 400 | 409; formError: string; fieldErrors: SettingsFieldErrors; conflict?: boolean };

class Refused extends Error {
  constructor(readonly result: Extract<SettingsSaveResult, { ok: false }>) {
    super(result.formError);
  }
}

function shown(field: keyof SettingsDraft, value: unknown): string {
  if (value === null || value === "") return field === "codMaxOrderPaise" ? "no maximum" : "empty";
  if (field === "codFeePaise" || field === "codMaxOrderPaise" || field === "maxOrderPaise")
    return formatPrice(Number(value));
  if (field === "codEnabled") return value ? "on" : "off";
  if (field === "prepaidDiscountPercent") return `${String(value)}%`;
  return String(value);
}

/** 'Contact phone +91 98765 43210 → +91 90000 12345; COD fee ₹0 → ₹25' (long texts named only). */
function summaryOf(changes: Record<string, { before: unknown; after: unknown }>): string {
  const parts = Object.entries(changes).map(([key, { before, after }]) => {
    const field = key as keyof SettingsDraft;
    const label = SETTINGS_LABELS[field] ?? key;
    if (field === "address" || field === "tagline") return label;
    return `${label} ${shown(field, before)} → ${shown(field, after)}`;
  });
  return `Settings: ${parts.join("; ")}`;
}

const sameInstant = (a: Date, iso: string) => {
  const t = Date.parse(iso);
  return Number.isFinite(t) && a.getTime() === t;
};

export async function saveStoreSettings(
  db: Db,
  staff: Actor,
  values: SettingsFormValues,
  now = new Date(),
): Promise<SettingsSaveResult> {
  await ensureStoreSettings(db);
  let result: SettingsSaveResult;
  try {
    result = await db.transaction(async (tx) => {
      // the row's lock: two saves at once are taken one after the other, the second sees the first's time
      const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.id, 1)).for("update");
      if (!row) throw new Error("store settings row missing");
      const checked = checkSettingsForm(values, { storedGstin: row.gstin });
      if (!checked.ok)
        throw new Refused({
          ok: false,
          status: 400,
          formError: SETTINGS_MESSAGES.saveFailed,
          fieldErrors: checked.fieldErrors,
        });
      if (!sameInstant(row.updatedAt, values.updatedAt))
        throw new Refused({
          ok: false,
          status: 409,
          formError: SETTINGS_MESSAGES.conflict,
          fieldErrors: {},
          conflict: true,
        });
      const before: SettingsDraft = {
        storeName: row.storeName,
        tagline: row.tagline,
        supportEmail: row.supportEmail,
        supportPhone: row.supportPhone,
        whatsappNumber: row.whatsappNumber,
        instagramUrl: row.instagramUrl,
        facebookUrl: row.facebookUrl,
        youtubeUrl: row.youtubeUrl,
        address: row.address,
        gstin: row.gstin,
        shopState: row.shopState,
        legalName: row.legalName,
        codEnabled: row.codEnabled,
        codFeePaise: row.codFeePaise,
        codMaxOrderPaise: row.codMaxOrderPaise,
        maxOrderPaise: row.maxOrderPaise,
        prepaidDiscountPercent: row.prepaidDiscountPercent,
        paymentTimeoutMinutes: row.paymentTimeoutMinutes,
        staffSessionHours: row.staffSessionHours,
      };
      const changes = changedFields(
        before as unknown as Record<string, unknown>,
        checked.draft as unknown as Record<string, unknown>,
      );
      const changed = Object.keys(changes);
      if (changed.length === 0) return { ok: true as const, changed, values: settingsFormValuesOf(row) };
      // strictly later than the version the form had, even on a coarse clock
      const updatedAt = new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1));
      const [saved] = await tx
        .update(storeSettings)
        .set({ ...checked.draft, updatedAt })
        .where(eq(storeSettings.id, 1))
        .returning();
      await recordAudit(tx, staff, {
        entity: "settings",
        entityId: "1",
        action: "update",
        summary: summaryOf(changes),
        changes,
      });
      return { ok: true as const, changed, values: settingsFormValuesOf(saved!) };
    });
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
  if (result.ok && result.changed.length > 0) {
    forgetCachedStoreSettings();
    purgePageCache();
  }
  return result;
}
