import { formatPaise } from "../pricing";
import type { GatewayPayment } from "./provider";

/*
 * The one rule for whether a payment the gateway reports settles an order (decision 036). The page's
 * verify step, Razorpay's redirect callback, the webhook and the sweep of unpaid orders all reach it
 * through `settlePayment`, so none of them can confirm an order the others would refuse: the payment
 * must be on the gateway order the shop opened for this order, for the order's total in rupees, and
 * the gateway must hold the money (authorised or captured).
 */

/** What the gateway said about one payment: its own fields, never the shop's idea of them. */
export type ReportedPayment = Pick<GatewayPayment, "id" | "orderId" | "amountPaise" | "currency" | "status" | "method">;

/** What the shop expects of a payment for one order. */
export interface ExpectedPayment {
  /** the gateway order the shop opened for the order (payments.provider_order_id) */
  gatewayOrderId: string;
  /** the order's total, in rupees */
  amountPaise: number;
}

export type Settlement =
  /** the money for this order is with the gateway: the order may be confirmed */
  | { kind: "settles" }
  /** money was taken on this order's gateway order, but not the order's amount or currency: flag it, never confirm */
  | { kind: "mismatch"; reason: string }
  /** no money is held (failed, refunded, only created): nothing to settle */
  | { kind: "not-paid"; reason: string }
  /** the payment belongs to another gateway order: it says nothing about this one */
  | { kind: "other-order"; reason: string };

/** Statuses in which the gateway holds the shopper's money (an authorised payment is captured automatically). */
const MONEY_HELD: ReadonlySet<ReportedPayment["status"]> = new Set(["authorized", "captured"]);

export function judgePayment(expected: ExpectedPayment, reported: ReportedPayment): Settlement {
  if (reported.orderId !== expected.gatewayOrderId) {
    return {
      kind: "other-order",
      reason: `payment ${reported.id} is on ${reported.orderId ?? "no gateway order"}, not ${expected.gatewayOrderId}`,
    };
  }
  if (!MONEY_HELD.has(reported.status))
    return { kind: "not-paid", reason: `payment ${reported.id} is ${reported.status}` };
  if (!paysOrderTotal(reported, { totalPaise: expected.amountPaise })) {
    return {
      kind: "mismatch",
      reason: `Paid ${describeAmount(reported.amountPaise, reported.currency)}; the order's total is ${describeAmount(expected.amountPaise, "INR")}`,
    };
  }
  return { kind: "settles" };
}

/** A captured payment as recorded is for exactly the order's total in rupees: only such a payment may confirm it, even by staff. */
export function paysOrderTotal(
  payment: { amountPaise: number; currency: string },
  order: { totalPaise: number },
): boolean {
  return payment.currency === "INR" && payment.amountPaise === order.totalPaise;
}

/** '₹1,499.00' for rupees; '1.00 USD' for another currency (gateways report minor units, two decimals for these). */
export function describeAmount(minorUnits: number, currency: string): string {
  if (currency === "INR") return formatPaise(minorUnits);
  const abs = Math.abs(minorUnits);
  return `${minorUnits < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")} ${currency}`;
}
