import type { Tx } from "../../db/client.server";
import { issueInvoiceAtConfirmation } from "../invoices/index.server";
import { queueOrderConfirmation, type OrderMessageInput } from "../messages/index.server";
import { accountOrderUrl, findOrderById, orderLinesOf } from "../orders/index.server";
import { EXPECTED_DISPATCH } from "./billing";

/**
 * Inside the transaction that confirms an order (cash on delivery at once, online when paid): the
 * confirmation SMS and e-mail go into the outbox, sent after the commit, once per order, and the
 * tax invoice is issued (in a savepoint: a failure there never fails the confirmation).
 */
export async function queueConfirmation(tx: Tx, orderId: string): Promise<void> {
  const order = await findOrderById(tx, orderId);
  if (!order) throw new Error(`confirmation: no order ${orderId}`);
  const lines = await orderLinesOf(tx, orderId);
  const input: OrderMessageInput = {
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
      lineTotalPaise: l.lineTotalPaise,
    })),
    subtotalPaise: order.subtotalPaise,
    shippingPaise: order.shippingPaise,
    discountPaise: order.discountPaise,
    prepaidDiscountPaise: order.prepaidDiscountPaise,
    codFeePaise: order.codFeePaise,
    totalPaise: order.totalPaise,
    couponCode: order.couponCode,
    paymentMethod: order.paymentMethod,
    storeCreditPaise: order.storeCreditPaise,
    billing: order.billing,
    orderUrl: accountOrderUrl(order.orderNumber),
    expectedDispatch: EXPECTED_DISPATCH,
  };
  await queueOrderConfirmation(tx, input);
  await issueInvoiceAtConfirmation(tx, orderId);
}
