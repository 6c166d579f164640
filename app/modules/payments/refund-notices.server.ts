import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { queueRefundIssued, queueRefundProcessed } from "../messages/index.server";
import { findOrderRecipient } from "../orders/index.server";
import { payments } from "./schema.server";

/*
 * The shopper is told of her refund twice, in the transactions that record it: when the refund is
 * decided (its row written) and when the gateway has processed it. Both say how much and where it
 * goes (the way she paid). Refunds exist only for gateway payments, so a cash-on-delivery order never
 * gets these. A return's refund is for some pieces, not the order: its words say so.
 */

interface RefundFacts {
  id: string;
  orderId: string;
  paymentId: string;
  amountPaise: number;
  /** 'order' or 'return:<return id>': a return's refund is worded as one for the pieces sent back */
  purpose?: string;
}

async function refundMessage(tx: Tx, refund: RefundFacts) {
  const recipient = await findOrderRecipient(tx, refund.orderId);
  if (!recipient) {
    getLogger().warn({ refundId: refund.id }, "refund message: the refund's order is gone, nothing queued");
    return null;
  }
  const [payment] = await tx
    .select({ method: payments.method })
    .from(payments)
    .where(eq(payments.id, refund.paymentId));
  return {
    ...recipient,
    refundId: refund.id,
    amountPaise: refund.amountPaise,
    method: payment?.method ?? null,
    forReturn: refund.purpose?.startsWith("return:") ?? false,
  };
}

/** In the transaction that wrote the refund row: 'we are refunding ...'. */
export async function announceRefundIssued(tx: Tx, refund: RefundFacts): Promise<number> {
  const message = await refundMessage(tx, refund);
  return message ? queueRefundIssued(tx, message) : 0;
}

/** In the transaction that marks the refund processed: 'your refund has been sent ...'. */
export async function announceRefundProcessed(tx: Tx, refund: RefundFacts): Promise<number> {
  const message = await refundMessage(tx, refund);
  return message ? queueRefundProcessed(tx, message) : 0;
}
