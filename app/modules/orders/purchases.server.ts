import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { orderLines, orders, orderStatusHistory } from "./schema.server";

/*
 * What a shopper has received, for the reviews module (decision 043): only a piece on an order that was
 * delivered makes her a verified buyer. A cancelled order, an unpaid one, one still on its way or one
 * that came back undelivered never does.
 */

type Conn = Db | Tx;

/** Orders whose pieces reached the shopper: delivered, and completed (which follows delivery). */
const RECEIVED = ["delivered", "completed"] as const;

export interface DeliveredPurchase {
  orderLineId: string;
  orderId: string;
  orderNumber: string;
  productId: string;
  name: string;
  imageUrl: string | null;
  size: string;
  colour: string;
  /** when the order was marked delivered */
  deliveredAt: Date;
}

const deliveredAt = sql<Date>`(
  select max(h.created_at) from ${orderStatusHistory} h
  where h.order_id = ${orders.id} and h.to_status = 'delivered'
)`.mapWith((value: string | Date) => (value instanceof Date ? value : new Date(value)));

/**
 * The shopper's received pieces, newest delivery first; of one product when `productId` is given. A
 * piece bought twice appears twice (the newest purchase is the one a review names).
 */
export async function deliveredPurchasesOf(
  db: Conn,
  userId: string,
  productId?: string,
  limit = 200,
): Promise<DeliveredPurchase[]> {
  const rows = await db
    .select({
      orderLineId: orderLines.id,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      productId: orderLines.productId,
      name: orderLines.name,
      imageUrl: orderLines.imageUrl,
      size: orderLines.size,
      colour: orderLines.colour,
      deliveredAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...RECEIVED]),
        productId ? eq(orderLines.productId, productId) : sql`${orderLines.productId} IS NOT NULL`,
      ),
    )
    .orderBy(desc(orders.createdAt), orderLines.id)
    .limit(limit);
  return rows.flatMap(({ createdAt, productId: id, deliveredAt: at, ...row }) =>
    id === null ? [] : [{ ...row, productId: id, deliveredAt: at ?? createdAt }],
  );
}

export interface DeliveredOrderToAsk {
  orderId: string;
  orderNumber: string;
  userId: string;
  customerName: string;
  phone: string;
  email: string;
  deliveredAt: Date;
  productIds: string[];
}

/**
 * Received orders delivered between `from` and `to` (the review requests' window), oldest first, at
 * most `limit`, skipping those `alreadyAsked` names (a subquery of order ids from the caller's table).
 */
export async function ordersDeliveredBetween(
  db: Conn,
  window: { from: Date; to: Date; alreadyAsked: ReturnType<typeof sql>; limit: number },
): Promise<DeliveredOrderToAsk[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      customerName: orders.customerName,
      phone: orders.customerPhone,
      email: orders.customerEmail,
      deliveredAt: sql<Date>`max(${orderStatusHistory.createdAt})`.mapWith((value: string | Date) =>
        value instanceof Date ? value : new Date(value),
      ),
      productIds: sql<string[]>`(
        select coalesce(array_agg(distinct l.product_id) filter (where l.product_id is not null), '{}')
        from ${orderLines} l where l.order_id = ${orders.id}
      )`,
    })
    .from(orders)
    .innerJoin(orderStatusHistory, eq(orderStatusHistory.orderId, orders.id))
    .where(
      and(
        inArray(orders.status, [...RECEIVED]),
        eq(orderStatusHistory.toStatus, "delivered"),
        sql`${orders.id} not in (${window.alreadyAsked})`,
      ),
    )
    .groupBy(orders.id)
    .having(
      sql`max(${orderStatusHistory.createdAt}) >= ${window.from.toISOString()}::timestamptz and max(${orderStatusHistory.createdAt}) < ${window.to.toISOString()}::timestamptz`,
    )
    .orderBy(sql`max(${orderStatusHistory.createdAt})`)
    .limit(window.limit);
  return rows;
}
