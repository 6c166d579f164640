import type { Db } from "../../db/client.server";
import { findShopperOrder, type ShopperOrder } from "../orders/index.server";
import { settlingPayment, type SettlingPayment } from "../payments/index.server";

export { listOrdersForUser, type OrderSummary } from "../orders/index.server";

/*
 * The shopper's order page: the order (the orders module's) with the payment that settled it (the
 * payments module's). Every query is scoped by the signed-in shopper's id.
 */

export interface OrderDetail extends ShopperOrder {
  /** the payment that settled the order: its gateway id and method (null while unpaid, or for cash on delivery) */
  payment: SettlingPayment | null;
}

/** One of the shopper's orders by its number (as shown to them), with lines, status history and payment; null when not theirs. */
export async function getOrderForUser(db: Db, userId: string, orderNumber: string): Promise<OrderDetail | null> {
  const order = await findShopperOrder(db, userId, orderNumber);
  if (!order) return null;
  return { ...order, payment: await settlingPayment(db, order.id) };
}
