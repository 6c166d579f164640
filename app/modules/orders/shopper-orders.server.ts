import type { OrderAmounts } from "./amounts";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { orderLines, orders, orderStatusHistory, type BillingInfo } from "./schema.server";
import type { OrderStatus } from "./status-display";

/*
 * Read side of orders for the shopper's account page. Every query is scoped by the signed-in
 * user's id: a shopper can never read another shopper's order, even with its id or number.
 */

export interface OrderSummary {
  id: string;
  orderNumber: string;
  createdAt: Date;
  status: OrderStatus;
  totalPaise: number;
  /** number of pieces (sum of quantities) */
  itemCount: number;
  /** first line names, for the list */
  lineNames: string[];
}

/** The shopper's orders, newest first. */
export async function listOrdersForUser(db: Db, userId: string, limit = 50): Promise<OrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      totalPaise: orders.totalPaise,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit);
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      pieces: sql<number>`sum(${orderLines.quantity})::int`,
      names: sql<string[]>`array_agg(${orderLines.name} order by ${orderLines.name})`,
    })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(orderLines.orderId);
  const byOrder = new Map(lines.map((l) => [l.orderId, l]));
  return rows.map((r) => ({
    ...r,
    itemCount: byOrder.get(r.id)?.pieces ?? 0,
    lineNames: (byOrder.get(r.id)?.names ?? []).slice(0, 3),
  }));
}

export interface ShopperOrder extends OrderAmounts {
  id: string;
  orderNumber: string;
  createdAt: Date;
  status: OrderStatus;
  paymentMethod: "online" | "cod";
  billing: BillingInfo;
  couponCode: string | null;
  /** what of the total store credit paid (decision 042) */
  storeCreditPaise: number;
  noteToSeller: string | null;
  cancellationReason: string | null;
  cancelledAt: Date | null;
  paymentDueAt: Date | null;
  confirmedAt: Date | null;
  courier: string | null;
  trackingNumber: string | null;
  lines: Array<{
    id: string;
    productId: string | null;
    name: string;
    brand: string;
    imageUrl: string | null;
    size: string;
    colour: string;
    unitPricePaise: number;
    quantity: number;
    lineTotalPaise: number;
  }>;
  history: Array<{ fromStatus: OrderStatus | null; toStatus: OrderStatus; reason: string | null; createdAt: Date }>;
}

/** One of the shopper's orders by its number (as shown to them), with lines and status history; null when not theirs. */
export async function findShopperOrder(db: Db, userId: string, orderNumber: string): Promise<ShopperOrder | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)))
    .limit(1);
  if (!order) return null;
  const [lines, history] = await Promise.all([
    db
      .select({
        id: orderLines.id,
        productId: orderLines.productId,
        name: orderLines.name,
        brand: orderLines.brand,
        imageUrl: orderLines.imageUrl,
        size: orderLines.size,
        colour: orderLines.colour,
        unitPricePaise: orderLines.unitPricePaise,
        quantity: orderLines.quantity,
        lineTotalPaise: orderLines.lineTotalPaise,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.name), asc(orderLines.id)),
    db
      .select({
        fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus,
        reason: orderStatusHistory.reason,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    status: order.status,
    paymentMethod: order.paymentMethod,
    billing: order.billing,
    subtotalPaise: order.subtotalPaise,
    shippingPaise: order.shippingPaise,
    discountPaise: order.discountPaise,
    prepaidDiscountPaise: order.prepaidDiscountPaise,
    codFeePaise: order.codFeePaise,
    totalPaise: order.totalPaise,
    couponCode: order.couponCode,
    storeCreditPaise: order.storeCreditPaise,
    noteToSeller: order.noteToSeller,
    cancellationReason: order.cancellationReason,
    cancelledAt: order.cancelledAt,
    paymentDueAt: order.paymentDueAt,
    confirmedAt: order.confirmedAt,
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    lines,
    history,
  };
}
