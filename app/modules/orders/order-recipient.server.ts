import { getConfig } from "../../config.server";
import type { Db, Tx } from "../../db/client.server";
import type { CancelledPayment, OrderCancelledInput, OrderRecipient } from "../messages/index.server";
import { findOrderById, type OrderRow } from "./orders.server";

/*
 * Who is told of a change to an order, taken from the order itself: the shopper's own phone and
 * e-mail as she gave them at checkout, and the links to her order and to the shop. Other modules
 * (payments for refunds, checkout for the sweep) ask here rather than reading the orders table.
 */

type OrderContact = Pick<OrderRow, "orderNumber" | "customerName" | "customerPhone" | "customerEmail">;

/** The shopper's page of the order in her account. */
export function accountOrderUrl(orderNumber: string, baseUrl = getConfig().baseUrl): string {
  return `${baseUrl}/account/orders/${encodeURIComponent(orderNumber)}`;
}

export function orderRecipient(order: OrderContact, baseUrl = getConfig().baseUrl): OrderRecipient {
  return {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    phone: order.customerPhone,
    email: order.customerEmail,
    orderUrl: accountOrderUrl(order.orderNumber, baseUrl),
    shopUrl: baseUrl,
  };
}

/** The recipient of the order's messages, or null when there is no such order. */
export async function findOrderRecipient(db: Db | Tx, orderId: string): Promise<OrderRecipient | null> {
  const order = await findOrderById(db, orderId);
  return order ? orderRecipient(order) : null;
}

/** What staff's cancellation says: the reason, and what becomes of the money (`refundedPaise` asked back in the same change). */
export function staffCancellation(
  order: OrderContact & Pick<OrderRow, "paymentMethod" | "confirmedAt">,
  reason: string,
  refundedPaise: number,
): OrderCancelledInput {
  let payment: CancelledPayment = { kind: "none" };
  if (refundedPaise > 0) payment = { kind: "refunding", amountPaise: refundedPaise };
  else if (order.paymentMethod === "cod") payment = { kind: "cash-on-delivery" };
  // an online order is confirmed only by its payment
  else if (!order.confirmedAt) payment = { kind: "not-charged" };
  return { ...orderRecipient(order), cause: "staff", reason, payment };
}
