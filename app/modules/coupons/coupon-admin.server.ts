import { asc, count, eq, ilike, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { inTransaction, type RollBack } from "../../db/transaction.server";
import { changedFields, recordAudit, type Actor } from "../audit/index.server";
import { isUuid } from "../../lib/ids";
import { searchPattern } from "../../lib/search-pattern";
import { paiseToRupeesText } from "../catalog";
import { formatPrice } from "../pricing";
import {
  checkCouponForm,
  COUPON_ADMIN_MESSAGES,
  couponValueLabel,
  dateToShopDateTime,
  formatShopTime,
  type CouponDraft,
  type CouponFieldErrors,
  type CouponFormValues,
  type CouponType,
} from "./coupon-form";
import type { CouponRow } from "./coupons.server";
import { coupons } from "./schema.server";

/*
 * The admin's coupons (decision 025): the list, create, edit, deactivate and reactivate. Every change is
 * one transaction with its audit row. A code is unique by the database's index (coupons_code_key):
 * two staff creating one code at once get one coupon and one 'already exists'. The checkout's rules
 * (pricing.ts, claimCouponUse) read the same columns and are not changed here.
 */

export const COUPONS_PAGE_SIZE = 25;

export interface AdminCouponListItem {
  id: string;
  code: string;
  type: CouponType;
  value: number;
  minAmountPaise: number;
  description: string;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  usedCount: number;
  isActive: boolean;
}

export interface AdminCouponPage {
  items: AdminCouponListItem[];
  total: number;
  page: number;
  pages: number;
}

const listItem = (row: CouponRow): AdminCouponListItem => ({
  id: row.id,
  code: row.code,
  type: row.type,
  value: row.value,
  minAmountPaise: row.minAmountPaise,
  description: row.description,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  usageLimit: row.usageLimit,
  usedCount: row.usedCount,
  isActive: row.isActive,
});

/** Coupons by code (active ones first), searched by code or description. */
export async function listAdminCoupons(
  db: Db,
  options: { search?: string | null; page?: number } = {},
): Promise<AdminCouponPage> {
  const pattern = searchPattern(options.search);
  const where: SQL | undefined = pattern
    ? sql`(${ilike(coupons.code, pattern)} OR ${ilike(coupons.description, pattern)})`
    : undefined;
  const page = options.page ?? 1;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(sql`${coupons.isActive} DESC`, asc(coupons.code))
      .limit(COUPONS_PAGE_SIZE)
      .offset((page - 1) * COUPONS_PAGE_SIZE),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  const total = counted?.total ?? 0;
  return { items: rows.map(listItem), total, page, pages: Math.max(1, Math.ceil(total / COUPONS_PAGE_SIZE)) };
}

export function couponFormValuesOf(row: CouponRow): CouponFormValues {
  return {
    code: row.code,
    type: row.type,
    value: row.type === "percentage" ? String(row.value) : paiseToRupeesText(row.value),
    minAmount: row.minAmountPaise === 0 ? "" : paiseToRupeesText(row.minAmountPaise),
    startsAt: dateToShopDateTime(row.startsAt),
    endsAt: dateToShopDateTime(row.endsAt),
    usageLimit: row.usageLimit === null ? "" : String(row.usageLimit),
    description: row.description,
    isActive: row.isActive,
    version: row.version,
  };
}

export interface CouponForEdit {
  id: string;
  code: string;
  values: CouponFormValues;
  usedCount: number;
  usageLimit: number | null;
  item: AdminCouponListItem;
  createdAt: string;
}

export async function loadCouponForEdit(db: Db, id: string): Promise<CouponForEdit | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    code: row.code,
    values: couponFormValuesOf(row),
    usedCount: row.usedCount,
    usageLimit: row.usageLimit,
    item: listItem(row),
    createdAt: row.createdAt.toISOString(),
  };
}

export type CouponSaveResult =
  | { ok: true; id: string; created: boolean; code: string }
  | { ok: false; status: 400 | 404 | 409; formError: string; fieldErrors: CouponFieldErrors; conflict?: boolean };

type Snapshot = Record<string, unknown>;

function snapshotOf(c: Pick<CouponRow, keyof CouponDraft>): Snapshot {
  return {
    code: c.code,
    type: c.type,
    value: c.value,
    minAmountPaise: c.minAmountPaise,
    startsAt: c.startsAt?.toISOString() ?? null,
    endsAt: c.endsAt?.toISOString() ?? null,
    usageLimit: c.usageLimit,
    description: c.description,
    isActive: c.isActive,
  };
}

const FIELD_NAMES: Record<string, string> = {
  type: "type",
  value: "value",
  minAmountPaise: "minimum",
  startsAt: "start",
  endsAt: "end",
  usageLimit: "usage limit",
  description: "description",
  isActive: "active",
};

function windowText(startsAt: Date | null, endsAt: Date | null): string {
  if (!startsAt && !endsAt) return "no dates";
  if (startsAt && endsAt) return `${formatShopTime(startsAt)} to ${formatShopTime(endsAt)}`;
  return startsAt ? `from ${formatShopTime(startsAt)}` : `until ${formatShopTime(endsAt!)}`;
}

function createdSummary(d: CouponDraft): string {
  const parts = [
    couponValueLabel(d.type, d.value),
    d.minAmountPaise > 0 ? `from ${formatPrice(d.minAmountPaise)}` : "no minimum",
    windowText(d.startsAt, d.endsAt),
  ];
  parts.push(d.usageLimit === null ? "no usage limit" : `limit ${d.usageLimit}`);
  return `Created coupon ${d.code}: ${parts.join(", ")}${d.isActive ? "" : " (inactive)"}`;
}

/**
 * Creates (`id` null) or updates a coupon from the editor's values. The server checks everything
 * again; the code is upper-cased; an existing code answers 409 on the code field; an edit made
 * against an older version of the coupon is refused with the coupon unchanged. A coupon's
 * code is fixed once created: orders keep the code they used.
 */
export async function saveCoupon(
  db: Db,
  staff: Actor,
  id: string | null,
  values: CouponFormValues,
  now = new Date(),
): Promise<CouponSaveResult> {
  if (id !== null && !isUuid(id))
    return { ok: false, status: 404, formError: COUPON_ADMIN_MESSAGES.notFound, fieldErrors: {} };
  if (id !== null) return inTransaction(db, (tx, rollBack) => updateInTx(tx, rollBack, staff, id, values, now));
  const checked = checkCouponForm(values);
  if (!checked.ok)
    return { ok: false, status: 400, formError: COUPON_ADMIN_MESSAGES.saveFailed, fieldErrors: checked.fieldErrors };
  const draft = checked.draft;
  return inTransaction(db, async (tx, rollBack) => {
    // the unique index decides between two creates of one code, also at the same moment
    const [inserted] = await tx
      .insert(coupons)
      .values({ ...draft, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: coupons.code })
      .returning({ id: coupons.id });
    if (!inserted)
      return rollBack({
        ok: false,
        status: 409,
        formError: COUPON_ADMIN_MESSAGES.saveFailed,
        fieldErrors: { code: COUPON_ADMIN_MESSAGES.codeTaken },
      });
    await recordAudit(tx, staff, {
      entity: "coupon",
      entityId: inserted.id,
      action: "create",
      summary: createdSummary(draft),
      changes: changedFields({} as Snapshot, snapshotOf(draft)),
    });
    return { ok: true, id: inserted.id, created: true, code: draft.code };
  });
}

async function updateInTx(
  tx: Tx,
  rollBack: RollBack<CouponSaveResult>,
  staff: Actor,
  id: string,
  values: CouponFormValues,
  now: Date,
): Promise<CouponSaveResult> {
  // the coupon's lock: a checkout claiming a use waits, so the limit is checked against the uses made
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
  if (!row) return rollBack({ ok: false, status: 404, formError: COUPON_ADMIN_MESSAGES.notFound, fieldErrors: {} });
  if (values.version !== row.version)
    return rollBack({
      ok: false,
      status: 409,
      formError: COUPON_ADMIN_MESSAGES.conflict,
      fieldErrors: {},
      conflict: true,
    });
  const checked = checkCouponForm({ ...values, code: row.code }, { usedCount: row.usedCount });
  if (!checked.ok)
    return rollBack({
      ok: false,
      status: 400,
      formError: COUPON_ADMIN_MESSAGES.saveFailed,
      fieldErrors: checked.fieldErrors,
    });
  const draft = { ...checked.draft, code: row.code };
  const changes = changedFields(snapshotOf(row), snapshotOf(draft));
  if (Object.keys(changes).length === 0) return { ok: true, id, created: false, code: row.code };
  await tx
    .update(coupons)
    .set({
      type: draft.type,
      value: draft.value,
      minAmountPaise: draft.minAmountPaise,
      startsAt: draft.startsAt,
      endsAt: draft.endsAt,
      usageLimit: draft.usageLimit,
      description: draft.description,
      isActive: draft.isActive,
      version: row.version + 1,
      updatedAt: now,
    })
    .where(eq(coupons.id, id));
  await recordAudit(tx, staff, {
    entity: "coupon",
    entityId: id,
    action: "update",
    summary: `Edited coupon ${row.code}: ${Object.keys(changes)
      .map((k) => FIELD_NAMES[k] ?? k)
      .join(", ")}`,
    changes,
  });
  return { ok: true, id, created: false, code: row.code };
}

export type CouponToggleResult =
  { ok: true; code: string; isActive: boolean; changed: boolean } | { ok: false; status: 404; message: string };

/** Deactivates (shoppers can no longer apply it; orders keep it) or reactivates a coupon. */
export async function setCouponActive(
  db: Db,
  staff: Actor,
  id: string,
  active: boolean,
  now = new Date(),
): Promise<CouponToggleResult> {
  if (!isUuid(id)) return { ok: false, status: 404, message: COUPON_ADMIN_MESSAGES.notFound };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!row) return { ok: false as const, status: 404 as const, message: COUPON_ADMIN_MESSAGES.notFound };
    if (row.isActive === active) return { ok: true as const, code: row.code, isActive: active, changed: false };
    await tx
      .update(coupons)
      .set({ isActive: active, version: row.version + 1, updatedAt: now })
      .where(eq(coupons.id, id));
    await recordAudit(tx, staff, {
      entity: "coupon",
      entityId: id,
      action: active ? "reactivate" : "deactivate",
      summary: `${active ? "Reactivated" : "Deactivated"} coupon ${row.code}`,
      changes: { isActive: { before: row.isActive, after: active } },
    });
    return { ok: true as const, code: row.code, isActive: active, changed: true };
  });
}
