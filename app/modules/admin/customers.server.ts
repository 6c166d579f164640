import type { Db } from "../../db/client.server";
import {
  findCustomerAccount,
  getCustomerProfile,
  listAddresses,
  lockCustomerAccount,
  setAccountBan,
} from "../accounts/index.server";
import { listOrdersForUser } from "../checkout/index.server";
import type { OrderStatus } from "../orders";
import { recentActivity, recordAudit, type ActivityItem, type Actor } from "../audit/index.server";
import { customerOrderTotals } from "../reports/index.server";
import { storeCreditSummary } from "../credit/index.server";
import type { StoreCreditSummary } from "../credit";

/*
 * One shopper as the back office sees them (decision 026): profile, address book, orders and
 * whether the account is active; and deactivating / reactivating it. Deactivation is the auth
 * library's ban (an inactive account is a banned one): `banned` and `ban_reason` on the account,
 * its sessions deleted in the same transaction (a ban written to the table alone would leave live
 * sessions valid), and the library refuses every new session of a banned account. Orders are never
 * touched.
 */

export const CUSTOMER_MESSAGES = {
  notFound: "This customer was not found.",
  deactivated: "Customer deactivated. They were signed out.",
  reactivated: "Customer reactivated. They can sign in again.",
  alreadyInactive: "This customer is already deactivated.",
  alreadyActive: "This customer is already active.",
  failed: "The change could not be saved. Please try again.",
  confirmDeactivate: "Deactivate this customer?",
} as const;

/** What the ban reason says when staff give none. */
const DEFAULT_REASON = "Deactivated by staff";
const MAX_REASON_LENGTH = 200;

export interface AdminCustomerDetail {
  id: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  registered: boolean;
  active: boolean;
  banReason: string | null;
  joinedAt: string;
  orderCount: number;
  spentPaise: number;
  addresses: Array<{
    id: string;
    fullName: string;
    phone: string;
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    pincode: string;
    country: string;
    isPrimary: boolean;
  }>;
  orders: Array<{
    id: string;
    orderNumber: string;
    createdAt: string;
    status: OrderStatus;
    totalPaise: number;
    itemCount: number;
    lineNames: string[];
  }>;
  activity: ActivityItem[];
  /** null when the shopper never had store credit (the panel then shows a zero balance) */
  storeCredit: StoreCreditSummary | null;
}

/** A shopper's page; null for an unknown id or a staff account (staff are not customers). */
export async function getAdminCustomer(db: Db, id: string): Promise<AdminCustomerDetail | null> {
  const account = await findCustomerAccount(db, id);
  if (!account) return null;
  const [profile, addresses, orders, totals, activity, storeCredit] = await Promise.all([
    getCustomerProfile(db, id),
    listAddresses(db, id),
    listOrdersForUser(db, id, 100),
    customerOrderTotals(db, [id]),
    recentActivity(db, { entity: "customer", entityId: id, limit: 8 }),
    storeCreditSummary(db, id),
  ]);
  return {
    id: account.id,
    name: profile ? `${profile.firstName} ${profile.lastName}` : account.name,
    firstName: profile?.firstName ?? null,
    lastName: profile?.lastName ?? null,
    email: profile?.email ?? null,
    phone: account.phone,
    registered: profile !== null,
    active: !account.banned,
    banReason: account.banned ? account.banReason : null,
    joinedAt: account.createdAt.toISOString(),
    orderCount: totals.get(id)?.orderCount ?? 0,
    spentPaise: totals.get(id)?.spentPaise ?? 0,
    addresses: addresses.map((a) => ({
      id: a.id,
      fullName: a.fullName,
      phone: a.phone,
      line1: a.line1,
      line2: a.line2,
      city: a.city,
      state: a.state,
      pincode: a.pincode,
      country: a.country,
      isPrimary: a.isPrimary,
    })),
    orders: orders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    activity,
    storeCredit,
  };
}

export type SetActiveResult = { ok: true; active: boolean } | { ok: false; status: number; message: string };

/**
 * Deactivates or reactivates a shopper, with its audit row, in one transaction. Deactivating ends
 * every session of theirs at once: their next request is signed out.
 */
export async function setCustomerActive(
  db: Db,
  actor: Actor,
  id: string,
  active: boolean,
  reason?: string,
): Promise<SetActiveResult> {
  return db.transaction(async (tx) => {
    const account = await lockCustomerAccount(tx, id);
    if (!account) return { ok: false as const, status: 404, message: CUSTOMER_MESSAGES.notFound };
    const wasActive = !account.banned;
    if (wasActive === active) {
      return {
        ok: false as const,
        status: 409,
        message: active ? CUSTOMER_MESSAGES.alreadyActive : CUSTOMER_MESSAGES.alreadyInactive,
      };
    }
    const banReason = active ? null : (reason ?? "").trim().slice(0, MAX_REASON_LENGTH) || DEFAULT_REASON;
    await setAccountBan(tx, id, banReason);
    await recordAudit(tx, actor, {
      entity: "customer",
      entityId: id,
      action: active ? "reactivate" : "deactivate",
      summary: active ? `Reactivated ${account.name}` : `Deactivated ${account.name}: ${banReason}`,
      changes: {
        active: { before: wasActive, after: active },
        banReason: { before: account.banReason, after: banReason },
      },
    });
    return { ok: true as const, active };
  });
}
