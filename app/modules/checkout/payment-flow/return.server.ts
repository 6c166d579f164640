import type { Db } from "../../../db/client.server";
import { getLogger } from "../../../lib/logger.server";
import type { OrderRow } from "../../orders/index.server";
import { paymentsOfOrder, type CheckoutResult, type PaymentProvider } from "../../payments/index.server";
import { PAYMENT_MESSAGES, paymentFailedMessage, type GatewayError } from "../../payments";
import { settlePayment, type PaymentOutcome } from "./settle.server";

/* The shopper back from the gateway (the payment page, or Razorpay's redirect): checked, then settled. */

/** The gateway's description, or a plainer one when it says no more than 'Payment failed'. */
export function failureDescription(error: GatewayError): string | null {
  const text = error.description?.trim() ?? "";
  if (text && !/^payment failed\.?$/i.test(text)) return text;
  if (error.source === "bank") return "Your bank declined the payment";
  if (error.source === "customer") return "The payment was not completed";
  return text || null;
}

export type ReturnOutcome =
  | { kind: "confirmed"; orderNumber: string }
  | { kind: "flagged"; orderNumber: string; message: string }
  | { kind: "failed"; message: string }
  | { kind: "rejected"; message: string };

/**
 * Checkout's result as the browser or the gateway's redirect hands it back: checked against the
 * session stored for this order (never the ids or the amount the browser names), then settled.
 * A success whose signature does not hold changes nothing.
 */
export async function settleReturn(
  db: Db,
  provider: PaymentProvider,
  input: {
    order: Pick<OrderRow, "id" | "orderNumber">;
    result: CheckoutResult;
    source: "page" | "callback";
    now?: Date;
  },
): Promise<ReturnOutcome> {
  const { result, order } = input;
  if (result.kind === "invalid") return { kind: "rejected", message: PAYMENT_MESSAGES.generic };
  const sessions = (await paymentsOfOrder(db, order.id)).filter(
    (p) => p.provider === provider.name && p.providerOrderId,
  );
  const named = result.razorpayOrderId;
  const session = named ? sessions.find((p) => p.providerOrderId === named) : sessions[0];
  if (!session?.providerOrderId) return { kind: "rejected", message: PAYMENT_MESSAGES.generic };
  const verdict = await provider.verifyReturn({ providerOrderId: session.providerOrderId, result });
  if (verdict.outcome === "rejected") {
    getLogger().warn(
      { order: order.orderNumber, reason: verdict.reason, detail: verdict.detail },
      "payments: a payment result was refused",
    );
    return { kind: "rejected", message: PAYMENT_MESSAGES.generic };
  }
  const outcome: PaymentOutcome =
    verdict.outcome === "paid"
      ? {
          kind: "paid",
          // Without the gateway's record of the payment (the test gateway, or Razorpay out of reach), the
          // signature proves a payment on the gateway order, whose amount the gateway itself reported
          // when it opened it: that is the amount to judge.
          payment: verdict.payment ?? {
            id: verdict.providerPaymentId,
            orderId: session.providerOrderId,
            amountPaise: session.amountPaise,
            currency: session.currency,
            status: "authorized",
            method: null,
          },
          signature: result.kind === "success" ? result.razorpaySignature : null,
        }
      : { kind: "failed", providerPaymentId: verdict.providerPaymentId, error: verdict.error };
  const settled = await settlePayment(db, {
    provider: provider.name,
    providerOrderId: session.providerOrderId,
    outcome,
    source: input.source,
    now: input.now,
  });
  switch (settled.state) {
    case "confirmed":
      return { kind: "confirmed", orderNumber: settled.orderNumber };
    case "flagged":
      return { kind: "flagged", orderNumber: settled.orderNumber, message: PAYMENT_MESSAGES.orderCreationFailed };
    case "failed":
      return {
        kind: "failed",
        message: paymentFailedMessage(outcome.kind === "failed" ? failureDescription(outcome.error) : null),
      };
    case "not-paid":
    case "unknown":
      return { kind: "rejected", message: PAYMENT_MESSAGES.generic };
  }
}
