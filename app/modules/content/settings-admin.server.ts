import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { afterCommit, inTransaction } from "../../db/transaction.server";
import { purgePageCache } from "../../lib/page-cache.server";
import { changedFields, recordAudit, type Actor } from "../audit/index.server";
import { listCategories } from "../catalog/index.server";
import { formatPrice } from "../pricing";
import { daysText } from "./return-settings";
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
 * someone else saved since the form was loaded (the row's version), one audit row with the
 * changed fields, then the page cache is purged: the footer, contact details and product pages
 * show these settings. The checkout reads the row on every request, so its COD rules and prepaid
 * discount follow at once, as do the dispatch days and the COD confirmation rules of shipping, and
 * the returns rules (windows, non-returnable categories) that returns and the Return Policy page read,
 * and the reviews rules (approval first, when buyers are asked) that new reviews and review requests read.
 */

export async function loadSettingsForEdit(db: Db): Promise<SettingsFormValues> {
  await ensureStoreSettings(db);
  return settingsFormValuesOf(await getStoreSettings(db));
}

export type SettingsSaveResult =
  | { ok: true; changed: string[]; values: SettingsFormValues }
  | { ok: false; status: 400 | 409; formError: string; fieldErrors: SettingsFieldErrors; conflict?: boolean };

const EMPTY_READS: Partial<Record<keyof SettingsDraft, string>> = {
  codMaxOrderPaise: "no maximum",
  codConfirmAbovePaise: "never",
  storeCreditValidityDays: "never expires",
  reviewRequestDays: "never",
};
const MONEY: ReadonlySet<keyof SettingsDraft> = new Set([
  "codFeePaise",
  "codMaxOrderPaise",
  "maxOrderPaise",
  "codConfirmAbovePaise",
] as const);

function shown(field: keyof SettingsDraft, value: unknown): string {
  if (value === null || value === "") return EMPTY_READS[field] ?? "empty";
  if (MONEY.has(field)) return formatPrice(Number(value));
  if (field === "codEnabled") return value ? "on" : "off";
  if (field === "prepaidDiscountPercent") return `${String(value)}%`;
  if (field === "dispatchDays") return `${String(value)} working ${value === 1 ? "day" : "days"}`;
  if (field === "codConfirmHours") return `${String(value)} ${value === 1 ? "hour" : "hours"}`;
  if (
    field === "returnWindowDays" ||
    field === "exchangeWindowDays" ||
    field === "storeCreditValidityDays" ||
    field === "reviewRequestDays"
  )
    return daysText(Number(value));
  if (field === "refundsOnlyForFaults" || field === "reviewsNeedApproval") return value ? "on" : "off";
  if (field === "nonReturnableCategories") return Array.isArray(value) && value.length > 0 ? value.join(", ") : "none";
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

export async function saveStoreSettings(
  db: Db,
  staff: Actor,
  values: SettingsFormValues,
  now = new Date(),
): Promise<SettingsSaveResult> {
  await ensureStoreSettings(db);
  return inTransaction(db, async (tx, rollBack) => {
    // the row's lock: two saves at once are taken one after the other, the second sees the first's version
    const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.id, 1)).for("update");
    if (!row) throw new Error("store settings row missing");
    // a category may be marked if the shop has it, or kept if it was marked before and removed since
    const categories = [...(await listCategories(tx)).map((c) => c.slug), ...row.nonReturnableCategories];
    const checked = checkSettingsForm(values, { storedGstin: row.gstin, categories });
    if (!checked.ok)
      return rollBack({
        ok: false,
        status: 400,
        formError: SETTINGS_MESSAGES.saveFailed,
        fieldErrors: checked.fieldErrors,
      });
    if (values.version !== row.version)
      return rollBack({
        ok: false,
        status: 409,
        formError: SETTINGS_MESSAGES.conflict,
        fieldErrors: {},
        conflict: true,
      });
    const changes = changedFields(storedDraft(row), checked.draft as unknown as Record<string, unknown>);
    const changed = Object.keys(changes);
    if (changed.length === 0) return { ok: true, changed, values: settingsFormValuesOf(row) };
    const [saved] = await tx
      .update(storeSettings)
      .set({ ...checked.draft, version: row.version + 1, updatedAt: now })
      .where(eq(storeSettings.id, 1))
      .returning();
    await recordAudit(tx, staff, {
      entity: "settings",
      entityId: "1",
      action: "update",
      summary: summaryOf(changes),
      changes,
    });
    // the footer, contact details, product pages and the Return Policy page show these settings: the
    // shared page cache is emptied whole (every process's, through the cluster's primary)
    afterCommit(tx, () => {
      forgetCachedStoreSettings();
      purgePageCache();
    });
    return { ok: true, changed, values: settingsFormValuesOf(saved!) };
  });
}

/** The stored row's editable columns, as a save compares them. */
function storedDraft(row: typeof storeSettings.$inferSelect): Record<string, unknown> {
  const { id: _id, version: _version, createdAt: _created, updatedAt: _updated, ...draft } = row;
  return draft satisfies SettingsDraft;
}
