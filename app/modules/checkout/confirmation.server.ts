import type { Tx } from "../../db/client.server";
import type { StoreSettings } from "../content/index.server";
import { issueInvoiceAtConfirmation } from "../invoices/index.server";
import { queueOrderConfirmation, type OrderMessageInput } from "../messages/index.server";
import { accountOrderUrl, findOrderById, orderLinesOf, type NewOrder } from "../orders/index.server";
import { EXPECTED_DISPATCH } from "./billing";

/** An order this transaction has just written, as written: its confirmation needs nothing read back. */
export interface JustPlaced {
  order: NewOrder;
  settings: StoreSettings;
  confirmedAt: Date;
}

type MessageOrder = Pick<
  NewOrder,
  | "orderNumber"
  | "customerName"
  | "customerEmail"
  | "customerPhone"
  | "subtotalPaise"
  | "shippingPaise"
  | "discountPaise"
  | "prepaidDiscountPaise"
  | "codFeePaise"
  | "totalPaise"
  | "couponCode"
  | "paymentMethod"
  | "billing"
> & { storeCreditPaise?: number | null };

function messageInput(
  order: MessageOrder,
  lines: ReadonlyArray<
    Pick<OrderMessageInput["lines"][number], "name" | "size" | "colour" | "quantity" | "unitPricePaise"> & {
      lineTotalPaise?: number;
    }
  >,
): OrderMessageInput {
  return {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    email: order.customerEmail,
    phone: order.customerPhone,
    lines: lines.map((l) => ({
      name: l.name,
      size: l.size,
      colour: l.colour,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      // as the order's line stores it; a line just written is its unit price times its quantity (insertOrder)
      lineTotalPaise: l.lineTotalPaise ?? l.unitPricePaise * l.quantity,
    })),
    subtotalPaise: order.subtotalPaise,
    shippingPaise: order.shippingPaise,
    discountPaise: order.discountPaise,
    prepaidDiscountPaise: order.prepaidDiscountPaise,
    codFeePaise: order.codFeePaise,
    totalPaise: order.totalPaise,
    couponCode: order.couponCode,
    paymentMethod: order.paymentMethod,
    storeCreditPaise: order.storeCreditPaise ?? 0,
    billing: order.billing,
    orderUrl: accountOrderUrl(order.orderNumber),
    expectedDispatch: EXPECTED_DISPATCH,
  };
}

/**
 * Inside the transaction that confirms an order (cash on delivery at once, online when paid): the
 * confirmation SMS and e-mail go into the outbox, sent after the commit, once per order, and the
 * tax invoice is issued (in a savepoint: a failure there never fails the confirmation). An order the
 * checkout has just written is passed as written (`placed`), so nothing of it is read back.
 */
export async function queueConfirmation(tx: Tx, orderId: string, placed?: JustPlaced): Promise<void> {
  if (placed) {
    await queueOrderConfirmation(tx, messageInput(placed.order, placed.order.lines));
    await issueInvoiceAtConfirmation(tx, orderId, { settings: placed.settings, confirmedAt: placed.confirmedAt });
    return;
  }
  const order = await findOrderById(tx, orderId);
  if (!order) throw new Error(`confirmation: no order ${orderId}`);
  const lines = await orderLinesOf(tx, orderId);
  await queueOrderConfirmation(tx, messageInput(order, lines));
  await issueInvoiceAtConfirmation(tx, orderId);
}
