import type { OrderAmounts } from "./amounts";
import { and, asc, desc, eq, sql, type Column, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { orderLines, orders, orderStatusHistory, type BillingInfo } from "./schema.server";
import type { OrderStatus } from "./status-display";
import { isUuid } from "../../lib/ids";

/*
 * The write side of orders: only the server writes orders, never the browser. The
 * checkout and, later, the admin call these inside their own transactions; every status change goes
 * through `moveOrder`, which changes the row only from the status the caller expects and records
 * the step in the history.
 */

type Conn = Db | Tx;

export type OrderRow = typeof orders.$inferSelect;
export type ActorKind = "customer" | "staff" | "system" | "gateway";

export interface NewOrderLine {
  productId: string;
  variantId: string;
  name: string;
  brand: string;
  sku: string;
  imageUrl: string | null;
  size: string;
  colour: string;
  unitPricePaise: number;
  quantity: number;
}

export interface NewOrder extends OrderAmounts {
  orderNumber: string;
  userId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  billing: BillingInfo;
  status: Extract<OrderStatus, "pending_payment" | "confirmed">;
  paymentMethod: "online" | "cod";
  couponCode: string | null;
  noteToSeller: string | null;
  checkoutKey: string;
  paymentDueAt: Date | null;
  lines: NewOrderLine[];
  /** what of the total the shopper's store credit pays (decision 042); 0 unless told */
  storeCreditPaise?: number;
  /** an exchange's order: the order whose returned pieces it replaces */
  exchangeOfOrderId?: string | null;
  /** why the order was confirmed at once (the history's words): cash on delivery unless told */
  confirmedBecause?: string;
}

/**
 * Writes an order, its line snapshots and its first history steps. Returns null when an order with
 * this checkout key already exists (a double submit racing this one): the caller returns that one.
 */
export async function insertOrder(tx: Tx, order: NewOrder, now = new Date()): Promise<{ id: string } | null> {
  const { lines, confirmedBecause = "Cash on delivery", ...head } = order;
  const written = tx
    .insert(orders)
    .values({ ...head, confirmedAt: head.status === "confirmed" ? now : null, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: orders.checkoutKey })
    .returning({ id: orders.id });
  const lineRows = JSON.stringify(
    lines.map((l) => ({
      product_id: l.productId,
      variant_id: l.variantId,
      name: l.name,
      brand: l.brand,
      sku: l.sku,
      image_url: l.imageUrl,
      size: l.size,
      colour: l.colour,
      unit_price_paise: l.unitPricePaise,
      quantity: l.quantity,
    })),
  );
  const confirmed = order.status === "confirmed";
  // The order, its lines and its first history steps in one statement (one round trip instead of
  // three). The lines and the steps are written only when the order was (not a double submit's).
  // drizzle puts the embedded insert in parentheses itself.
  const result = (await tx.execute(sql`
    WITH o AS ${written},
    l AS (
      INSERT INTO ${orderLines} (order_id, product_id, variant_id, name, brand, sku, image_url, size, colour,
        unit_price_paise, quantity, line_total_paise, note_to_seller)
      SELECT o.id, x.product_id, x.variant_id, x.name, x.brand, x.sku, x.image_url, x.size, x.colour,
        x.unit_price_paise, x.quantity, x.unit_price_paise * x.quantity, NULL
      FROM o CROSS JOIN jsonb_to_recordset(${lineRows}::jsonb) AS x(product_id uuid, variant_id uuid, name text,
        brand text, sku text, image_url text, size text, colour text, unit_price_paise integer, quantity integer)
    ),
    h AS (
      INSERT INTO ${orderStatusHistory} (order_id, from_status, to_status, actor_kind, actor_user_id, reason, created_at)
      SELECT o.id, NULL::order_status, 'pending_payment'::order_status, 'customer', ${order.userId}::text, NULL::text,
        ${now.toISOString()}::timestamptz
      FROM o
      UNION ALL
      SELECT o.id, 'pending_payment'::order_status, 'confirmed'::order_status, 'system', NULL, ${confirmedBecause}::text,
        ${now.toISOString()}::timestamptz
      FROM o WHERE ${confirmed}::boolean
    )
    SELECT id FROM o
  `)) as unknown as { rows: Array<{ id: string }> };
  return result.rows[0] ?? null;
}

/** When the order was (last) marked delivered; null when it never was. */
export async function deliveredAtOf(db: Conn, orderId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "delivered")))
    .orderBy(desc(orderStatusHistory.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** The order a checkout key made, for its own shopper only. */
export async function findOrderByCheckoutKey(db: Conn, userId: string, checkoutKey: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.checkoutKey, checkoutKey), eq(orders.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findOrderByNumber(db: Conn, orderNumber: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)).limit(1);
  return row ?? null;
}

export async function findOrderById(db: Conn, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

/** An order's lines, in the order they were placed. */
export async function orderLinesOf(db: Conn, orderId: string): Promise<Array<typeof orderLines.$inferSelect>> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

/** An order's lines by name, then in the order they were placed: as its tax documents list them. */
export async function orderLinesByName(db: Conn, orderId: string): Promise<Array<typeof orderLines.$inferSelect>> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.name), asc(orderLines.id));
}

/** The order of `orderNumber` when `userId` placed it: the only orders a shopper can reach. */
export async function findShopperOrderRef(
  db: Conn,
  userId: string,
  orderNumber: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** An order by its id or its number (staff links use the id; a number typed by hand works too). */
export async function findOrderRef(db: Conn, idOrNumber: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(isUuid(idOrNumber) ? eq(orders.id, idOrNumber) : eq(orders.orderNumber, idOrNumber))
    .limit(1);
  return row ?? null;
}

/** Locks an order for the rest of the caller's transaction. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row ?? null;
}

/** What each line took from stock, for giving it back, with what to call the piece in a message. */
export async function orderStockLines(
  db: Conn,
  orderId: string,
): Promise<Array<{ variantId: string; quantity: number; piece: string }>> {
  const rows = await db
    .select({
      variantId: orderLines.variantId,
      quantity: orderLines.quantity,
      name: orderLines.name,
      size: orderLines.size,
      colour: orderLines.colour,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  return rows.flatMap((r) =>
    r.variantId ? [{ variantId: r.variantId, quantity: r.quantity, piece: `${r.name} (${r.size}, ${r.colour})` }] : [],
  );
}

/**
 * Staff changed the order under its lock: its version rises (a change made against the old one is
 * then refused, decision 027).
 */
export async function raiseOrderVersion(tx: Tx, order: Pick<OrderRow, "id" | "version">, now: Date): Promise<number> {
  const version = order.version + 1;
  await tx.update(orders).set({ version, updatedAt: now }).where(eq(orders.id, order.id));
  return version;
}

/** The courier and tracking number of a shipped order. */
export async function setOrderTracking(
  tx: Tx,
  orderId: string,
  shipment: { courier: string; trackingNumber: string },
): Promise<void> {
  await tx
    .update(orders)
    .set({ courier: shipment.courier, trackingNumber: shipment.trackingNumber })
    .where(eq(orders.id, orderId));
}

/** Marks an order confirmed at `now` (for an order moved on without a confirmation step). */
export async function markOrderConfirmed(tx: Tx, orderId: string, now: Date): Promise<void> {
  await tx.update(orders).set({ confirmedAt: now }).where(eq(orders.id, orderId));
}

export interface MoveOrder {
  from: OrderStatus;
  to: OrderStatus;
  actor: ActorKind;
  actorUserId?: string | null;
  reason?: string | null;
  now?: Date;
}

/**
 * Moves an order from `from` to `to` and records the step; does nothing (returns false) when the
 * order is no longer in `from`, so two hands moving one order cannot both win.
 */
export async function moveOrder(tx: Tx, orderId: string, move: MoveOrder): Promise<boolean> {
  const now = move.now ?? new Date();
  const extra: Partial<typeof orders.$inferInsert> = {};
  if (move.to === "confirmed") extra.confirmedAt = now;
  if (move.to === "cancelled") {
    extra.cancelledAt = now;
    extra.cancellationReason = move.reason ?? null;
  }
  if (move.from === "cancelled") {
    extra.cancelledAt = null;
    extra.cancellationReason = null;
  }
  const moved = await tx
    .update(orders)
    .set({ status: move.to, updatedAt: now, ...extra })
    .where(and(eq(orders.id, orderId), eq(orders.status, move.from)))
    .returning({ id: orders.id });
  if (moved.length === 0) return false;
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: move.from,
    toStatus: move.to,
    actorKind: move.actor,
    actorUserId: move.actorUserId ?? null,
    reason: move.reason ?? null,
    createdAt: now,
  });
  return true;
}

/**
 * One unpaid online order past its payment time, locked for the caller's transaction; null when it
 * has been paid or released meanwhile, or another instance's sweep holds it (SKIP LOCKED).
 */
export async function lockExpiredUnpaidOrder(tx: Tx, orderId: string, now: Date): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending_payment"), sql`${orders.paymentDueAt} <= ${now}`))
    .for("update", { skipLocked: true });
  return row ?? null;
}

/** Ids of unpaid online orders past their time, oldest first (read without locks, for the gateway check). */
export async function expiredUnpaidOrderIds(db: Conn, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending_payment"), sql`${orders.paymentDueAt} <= ${now}`))
    .orderBy(asc(orders.paymentDueAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A condition on an account's id: it has an order (such an account is never removed as an unfinished sign-up). */
export function hasOrders(userId: Column): SQL {
  return sql`exists (select 1 from ${orders} where ${orders.userId} = ${userId})`;
}
