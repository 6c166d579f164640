import type { Db } from "../../db/client.server";
import { inTransaction } from "../../db/transaction.server";
import { findCustomerAccount } from "../accounts/index.server";
import { recordAudit, type Actor } from "../audit/index.server";
import { adjustStoreCredit } from "../credit/index.server";
import { formatCreditAmount, parseAdjustForm, STORE_CREDIT_MESSAGES, type AdjustFormField } from "../credit";
import { formatPaise } from "../pricing";
import { CUSTOMER_MESSAGES } from "./customers.server";

/*
 * 'Adjust store credit' on the staff customer page (decision 042): an amount in rupees, positive to
 * add or negative to take away, and a reason the shopper reads beside the entry. The ledger's entry
 * and the audit row are written in one transaction; the ledger refuses to go below zero.
 */

export type AdjustCreditAnswer =
  | { intent: "adjust-credit"; ok: true; message: string }
  | {
      intent: "adjust-credit";
      ok: false;
      status: 400 | 404 | 409;
      message: string;
      fieldErrors: Partial<Record<AdjustFormField, string>>;
      values: { amount: string; reason: string };
    };

export async function adjustCustomerCredit(
  db: Db,
  staff: Actor,
  customerId: string,
  form: { amount?: unknown; reason?: unknown },
): Promise<AdjustCreditAnswer> {
  const parsed = parseAdjustForm(form);
  if (!parsed.ok) {
    const message = parsed.errors.amount ?? parsed.errors.reason ?? CUSTOMER_MESSAGES.failed;
    return {
      intent: "adjust-credit",
      ok: false,
      status: 400,
      message,
      fieldErrors: parsed.errors,
      values: parsed.values,
    };
  }
  const values = { amount: String(form.amount ?? ""), reason: String(form.reason ?? "") };
  const account = await findCustomerAccount(db, customerId);
  if (!account)
    return {
      intent: "adjust-credit",
      ok: false,
      status: 404,
      message: CUSTOMER_MESSAGES.notFound,
      fieldErrors: {},
      values,
    };
  return inTransaction<AdjustCreditAnswer>(db, async (tx) => {
    const adjusted = await adjustStoreCredit(tx, {
      userId: customerId,
      amountPaise: parsed.amountPaise,
      reason: parsed.reason,
      staffId: staff.id,
    });
    if (!adjusted.ok) {
      const fieldErrors = { [adjusted.field]: adjusted.message };
      return { intent: "adjust-credit", ok: false, status: 409, message: adjusted.message, fieldErrors, values };
    }
    const { entry } = adjusted;
    const before = entry.balanceAfterPaise - entry.amountPaise;
    await recordAudit(tx, staff, {
      entity: "customer",
      entityId: customerId,
      action: "store-credit.adjust",
      summary: `Store credit ${formatCreditAmount(entry.amountPaise)} for ${account.name}: ${entry.reason} (balance ${formatPaise(entry.balanceAfterPaise)})`,
      changes: { storeCreditPaise: { before, after: entry.balanceAfterPaise } },
    });
    return { intent: "adjust-credit", ok: true, message: STORE_CREDIT_MESSAGES.adjusted };
  });
}
