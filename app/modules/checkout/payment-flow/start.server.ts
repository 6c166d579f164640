import type { Db } from "../../../db/client.server";
import { getLogger } from "../../../lib/logger.server";
import { findOrderByNumber, type OrderRow } from "../../orders/index.server";
import { PaymentGatewayError, type PaymentProvider } from "../../payments/index.server";
import { createPaymentRecord, paymentsOfOrder } from "../../payments/index.server";
import { PAYMENT_MESSAGES, type PaymentCheckout } from "../../payments";
import { amountDuePaise } from "../store-credit";
import { PAYMENT_EXPIRED_REASON } from "./settle.server";

/* Before the payment: whether the shopper may pay the order, and the gateway session they pay in. */

/** At most this many gateway sessions per order: each Pay press opens one. */
const MAX_SESSIONS_PER_ORDER = 20;

export type PayableState =
  | { kind: "payable"; order: OrderRow }
  | { kind: "paid"; order: OrderRow }
  | { kind: "expired"; order: OrderRow }
  | { kind: "closed"; order: OrderRow }
  | { kind: "missing" };

/** An order as its own shopper may pay it: only theirs, only while it awaits payment and its time has not run out. */
export async function payableOrder(
  db: Db,
  userId: string,
  orderNumber: string,
  now = new Date(),
): Promise<PayableState> {
  const order = await findOrderByNumber(db, orderNumber);
  if (!order || order.userId !== userId) return { kind: "missing" };
  if (order.status === "pending_payment") {
    if (order.paymentMethod !== "online") return { kind: "closed", order };
    return order.paymentDueAt && order.paymentDueAt <= now ? { kind: "expired", order } : { kind: "payable", order };
  }
  if (order.status === "cancelled")
    return order.cancellationReason === PAYMENT_EXPIRED_REASON ? { kind: "expired", order } : { kind: "closed", order };
  return { kind: "paid", order };
}

export type StartPaymentResult = { ok: true; checkout: PaymentCheckout } | { ok: false; message: string };

/** Opens a gateway session for the order and records it; the browser then takes the payment. */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  input: { order: OrderRow; callbackUrl: string; storeName: string },
): Promise<StartPaymentResult> {
  const { order } = input;
  // what store credit did not pay (decision 042)
  const duePaise = amountDuePaise(order);
  if ((await paymentsOfOrder(db, order.id)).length >= MAX_SESSIONS_PER_ORDER)
    return { ok: false, message: PAYMENT_MESSAGES.initiationFailed };
  try {
    const session = await provider.createPaymentSession(
      {
        orderNumber: order.orderNumber,
        amountPaise: duePaise,
        currency: "INR",
        customer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
        shippingAddress: `${order.billing.address}, ${order.billing.city}, ${order.billing.state} ${order.billing.pincode}`,
        description: `Order ${order.orderNumber}`,
      },
      { callbackUrl: input.callbackUrl, storeName: input.storeName },
    );
    if (session.amountPaise !== duePaise) throw new Error("the gateway's session is for another amount");
    await createPaymentRecord(db, {
      orderId: order.id,
      provider: session.provider,
      providerOrderId: session.providerOrderId,
      amountPaise: session.amountPaise,
    });
    return { ok: true, checkout: session.checkout };
  } catch (error) {
    if (error instanceof PaymentGatewayError) return { ok: false, message: error.userMessage };
    getLogger().error({ err: error, order: order.orderNumber }, "payments: could not open a payment session");
    return { ok: false, message: PAYMENT_MESSAGES.initiationFailed };
  }
}
