import type { Db, Tx } from "../../db/client.server";
import { spendStoreCredit, storeCreditBalance } from "../credit/index.server";
import { formatPrice } from "../pricing";
import { creditChangedMessage } from "./billing";
import { creditFor } from "./store-credit";

/*
 * Store credit as part of an order's payment (decision 042). The server decides how much: all the
 * shopper's spendable credit, up to the order's total. What the page showed is only compared, like
 * the total: when the credit changed in between (spent by another order, expired), the order is
 * refused with what is available now, and nothing is written, so she never pays a different amount
 * from the one she saw. The spend itself happens in the order's own transaction, under the credit
 * account's lock, after everything else the checkout locks.
 */

export type CreditDecision = { ok: true; creditPaise: number } | { ok: false; message: string };

/** Before the transaction: the credit this order uses, or why the page's figure no longer holds. */
export async function decideCredit(
  db: Db,
  input: { userId: string; use: boolean; totalPaise: number; expectedCreditPaise: number | undefined; now: Date },
): Promise<CreditDecision> {
  const balance = input.use ? await storeCreditBalance(db, input.userId, { now: input.now }) : 0;
  const creditPaise = creditFor(balance, input.totalPaise);
  if (input.use && input.expectedCreditPaise !== undefined && input.expectedCreditPaise !== creditPaise)
    return { ok: false, message: creditChangedMessage(formatPrice(balance)) };
  return { ok: true, creditPaise };
}

/**
 * Inside the order's transaction: spends the decided credit on the order just written. When another
 * checkout spent it first (they take turns on the account's lock), the answer says what is left and
 * the caller rolls the order back.
 */
export async function spendOnOrder(
  tx: Tx,
  input: { userId: string; orderId: string; orderNumber: string; creditPaise: number; now: Date },
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (input.creditPaise === 0) return { ok: true };
  const spent = await spendStoreCredit(tx, {
    userId: input.userId,
    amountPaise: input.creditPaise,
    orderId: input.orderId,
    reason: `Order ${input.orderNumber}`,
    now: input.now,
  });
  return spent.ok ? { ok: true } : { ok: false, message: creditChangedMessage(formatPrice(spent.balancePaise)) };
}
