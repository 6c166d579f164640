import { getConfig } from "../../config.server";
import type { Db } from "../../db/client.server";
import { afterCommit, inTransaction } from "../../db/transaction.server";
import { getLogger } from "../../lib/logger.server";
import { readRazorpayWebhook } from "../payments/index.server";
import { markWebhookProcessed, recordGatewayRefund, recordWebhookEvent } from "../payments/index.server";
import { kickOutbox } from "../messages/index.server";
import { announceRefundProcessed } from "../payments/index.server";
import { recordRefundWebhook } from "../payments/index.server";
import { settlePayment } from "./payment-flow.server";

/*
 * One Razorpay webhook delivery (decision 020). Refused with 400 and no effect unless the signature over
 * the raw body holds. The event id is recorded before anything happens, so a repeated delivery does
 * nothing; a delivery whose handling did not finish is handled again (settling is idempotent).
 * Events only move orders forward: a capture after a failure still confirms, a failure after a
 * capture changes nothing.
 */

export interface WebhookAnswer {
  status: number;
  body: { ok: boolean; status?: string; error?: string };
}

/**
 * A refund made on the gateway's dashboard rather than by the shop: added to its payment, and the
 * shopper told it has been processed (once per refund), in one transaction.
 */
async function recordDashboardRefund(
  db: Db,
  refund: { id: string; paymentId: string; amountPaise: number },
): Promise<"recorded" | "seen" | "unknown"> {
  return inTransaction(db, async (tx) => {
    const recorded = await recordGatewayRefund(tx, {
      provider: "razorpay",
      id: refund.id,
      providerPaymentId: refund.paymentId,
      amountPaise: refund.amountPaise,
    });
    if (recorded.kind !== "recorded") return recorded.kind;
    await announceRefundProcessed(tx, {
      id: refund.id,
      orderId: recorded.orderId,
      paymentId: recorded.paymentId,
      amountPaise: refund.amountPaise,
    });
    afterCommit(tx, kickOutbox);
    return recorded.kind;
  });
}

export async function handleRazorpayWebhook(
  db: Db,
  delivery: { rawBody: Buffer; signature: string | null; eventId: string | null },
): Promise<WebhookAnswer> {
  const gateway = getConfig().payments;
  if (gateway.provider !== "razorpay") return { status: 404, body: { ok: false, error: "not found" } };
  const reading = readRazorpayWebhook(delivery, gateway.webhookSecret);
  if (!reading.ok) {
    getLogger().warn({ reason: reading.reason }, "payments: a webhook was refused");
    return { status: 400, body: { ok: false, error: reading.reason } };
  }
  const seen = await recordWebhookEvent(db, {
    provider: "razorpay",
    eventId: reading.eventId,
    eventType: reading.eventType,
    payload: reading.payload,
  });
  if (seen === "seen") return { status: 200, body: { ok: true, status: "duplicate" } };

  const { event } = reading;
  let status = "ignored";
  switch (event.type) {
    case "payment.captured":
    case "order.paid": {
      if (!event.orderId) break;
      // settlePayment judges the payment's own order, amount, currency and status
      const settled = await settlePayment(db, {
        provider: "razorpay",
        providerOrderId: event.orderId,
        outcome: { kind: "paid", payment: event.payment },
        source: "webhook",
      });
      status = settled.state === "unknown" ? "unknown-order" : settled.state;
      break;
    }
    case "payment.failed": {
      if (!event.orderId) break;
      const settled = await settlePayment(db, {
        provider: "razorpay",
        providerOrderId: event.orderId,
        outcome: {
          kind: "failed",
          providerPaymentId: event.payment.id,
          error: event.payment.error ?? {
            code: null,
            description: null,
            source: null,
            step: null,
            reason: null,
            field: null,
          },
        },
        source: "webhook",
      });
      status = settled.state;
      break;
    }
    case "refund.processed": {
      // Refunds are issued by staff (the admin's order screen); the gateway's confirmation is recorded
      // here: on the shop's own refund row once, or (a refund made on the gateway's dashboard) on the payment.
      const ours = await recordRefundWebhook(db, "razorpay", event.refund.id);
      const refunded = ours ? "recorded" : await recordDashboardRefund(db, event.refund);
      status = refunded === "unknown" ? "unknown-payment" : "refund-recorded";
      break;
    }
    case "malformed":
      getLogger().error(
        { eventId: reading.eventId, problem: event.problem },
        "payments: a signed webhook had an unexpected shape",
      );
      status = "malformed";
      break;
    case "ignored":
      break;
  }
  await markWebhookProcessed(db, "razorpay", reading.eventId);
  return { status: 200, body: { ok: true, status } };
}
