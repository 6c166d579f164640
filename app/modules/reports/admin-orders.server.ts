import { and, asc, count, eq, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { user } from "../accounts/auth-schema.server";
import { recentActivity, type ActivityItem } from "../audit/index.server";
import { payments, refunds } from "../payments/schema.server";
import { paysOrderTotal } from "../payments";
import type { OrderListParams, OrderStatus } from "../orders";
import { orderLines, orders, orderStatusHistory } from "../orders/schema.server";
import type { OrderRow } from "../orders/index.server";
import type { ShipmentStatus } from "../shipping";
import { returnRequests } from "../returns/schema.server";
import { codConfirmations, shipments } from "../shipping/schema.server";
import { isUuid } from "../../lib/ids";

/*
 * The back office's order list and detail; the CSV export of the same list is order-export.server.ts.
 * Lists are SQL pages (decision 021): one page of rows and the total. Search goes through the
 * `orders_search_trgm` index: one lower-cased text of number, name, e-mail and phone, matched with
 * LIKE (a trigram GIN index answers LIKE '%...%'), so the expression here must stay exactly the index's.
 */

const ORDER_PAGE_SIZE = 25;

/** The shop's days are Indian days: a date filter's day runs from 00:00 to 24:00 in Asia/Kolkata. */
const IST_OFFSET = "+05:30";

function istDayStart(day: string): Date {
  return new Date(`${day}T00:00:00${IST_OFFSET}`);
}

function likeTerm(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The index's expression: keep in step with `orders_search_trgm` in the orders schema. */
const SEARCH_TEXT = sql`lower(${orders.orderNumber} || ' ' || ${orders.customerName} || ' ' || ${orders.customerEmail} || ' ' || ${orders.customerPhone})`;

/** The list's filters as SQL conditions (shared by the page, its count and the CSV export). */
export function orderListConditions(
  params: Pick<OrderListParams, "search" | "status" | "payment" | "from" | "to">,
): SQL[] {
  const where: SQL[] = [];
  const term = params.search.trim();
  if (term) {
    const branches = [sql`${SEARCH_TEXT} LIKE ${likeTerm(term)}`];
    // a phone typed with spaces or dashes ('98111 00022') also finds the stored '+919811100022'
    const digits = term.replace(/\D/g, "");
    if (digits.length >= 4 && /^[\d\s+()-]+$/.test(term) && digits !== term)
      branches.push(sql`${SEARCH_TEXT} LIKE ${likeTerm(digits)}`);
    where.push(branches.length === 1 ? branches[0]! : sql`(${sql.join(branches, sql` OR `)})`);
  }
  if (params.status) where.push(eq(orders.status, params.status));
  if (params.payment) where.push(eq(orders.paymentMethod, params.payment));
  if (params.from) where.push(sql`${orders.createdAt} >= ${istDayStart(params.from).toISOString()}::timestamptz`);
  if (params.to)
    where.push(
      sql`${orders.createdAt} < ${new Date(istDayStart(params.to).getTime() + 86_400_000).toISOString()}::timestamptz`,
    );
  return where;
}

/** Pieces in the order (a correlated count on order_lines_order_idx; written out so both ids stay qualified). */
export const ITEM_COUNT = sql<number>`(SELECT coalesce(sum(ol.quantity), 0)::int FROM order_lines ol WHERE ol.order_id = "orders"."id")`;

export interface StaffOrderRow {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  totalPaise: number;
  paymentMethod: "online" | "cod";
  status: OrderStatus;
  itemCount: number;
  createdAt: string;
  /** the order's live shipment (not cancelled; at most one), for the list's column and bulk labels */
  shipment: { id: string; status: ShipmentStatus; awb: string | null } | null;
  /** cash on delivery the shopper has not confirmed within the store's hours, or declined */
  codFlagged: boolean;
}

export interface StaffOrderPage {
  rows: StaffOrderRow[];
  total: number;
  page: number;
  pages: number;
}

/** One page of orders, newest first, with the total the filters match. */
export async function listStaffOrders(db: Db, params: OrderListParams): Promise<StaffOrderPage> {
  const where = and(...orderListConditions(params));
  const page = params.page;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        customerPhone: orders.customerPhone,
        totalPaise: orders.totalPaise,
        paymentMethod: orders.paymentMethod,
        status: orders.status,
        createdAt: orders.createdAt,
        itemCount: ITEM_COUNT,
        shipmentId: shipments.id,
        shipmentStatus: shipments.status,
        shipmentAwb: shipments.awb,
        codFlagged: sql<boolean>`coalesce(${codConfirmations.status} = 'declined' OR (${codConfirmations.status} = 'awaiting' AND ${codConfirmations.flagAfter} < now()), false)`,
      })
      .from(orders)
      // one row per order: an order has at most one shipment that is not cancelled (a partial unique index)
      .leftJoin(shipments, and(eq(shipments.orderId, orders.id), ne(shipments.status, "cancelled")))
      .leftJoin(codConfirmations, eq(codConfirmations.orderId, orders.id))
      .where(where)
      // NULLS LAST as in orders_created_idx, so the newest rows are read from the index
      .orderBy(sql`${orders.createdAt} DESC NULLS LAST`, sql`${orders.id} DESC`)
      .limit(ORDER_PAGE_SIZE)
      .offset((page - 1) * ORDER_PAGE_SIZE),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    rows: rows.map(({ shipmentId, shipmentStatus, shipmentAwb, ...r }) => ({
      ...r,
      status: r.status as OrderStatus,
      itemCount: Number(r.itemCount),
      codFlagged: Boolean(r.codFlagged),
      createdAt: r.createdAt.toISOString(),
      shipment: shipmentId && shipmentStatus ? { id: shipmentId, status: shipmentStatus, awb: shipmentAwb } : null,
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE)),
  };
}

export interface FlaggedPaymentRow {
  paymentId: string;
  orderId: string;
  orderNumber: string;
  orderStatus: OrderStatus;
  version: number;
  customerName: string;
  provider: string;
  providerPaymentId: string | null;
  /** what the gateway reported, in its currency's minor units */
  amountPaise: number;
  currency: string;
  /** the order's total: what the payment should have been */
  expectedPaise: number;
  /** the payment is not the order's total (another amount or currency): it can only be refunded */
  wrongAmount: boolean;
  flagReason: string | null;
  flaggedAt: string;
  refundStatus: "pending" | "processed" | "failed" | null;
  refundError: string | null;
  /** the order is cancelled or still awaits payment: confirming it with this payment is possible */
  confirmable: boolean;
}

/**
 * Payments taken for orders that could not be confirmed ('Order creation failed. Please contact
 * support.'), still waiting for staff: not confirmed (which clears the flag) and not refunded (a
 * failed refund keeps it waiting). Oldest first: the longest-waiting shopper first.
 */
export async function openFlaggedPayments(db: Db, limit = 50): Promise<FlaggedPaymentRow[]> {
  const rows = await db
    .select({
      paymentId: payments.id,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
      version: orders.version,
      customerName: orders.customerName,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      amountPaise: payments.amountPaise,
      currency: payments.currency,
      expectedPaise: orders.totalPaise,
      flagReason: payments.flagReason,
      flaggedAt: payments.flaggedAt,
      refundStatus: refunds.status,
      refundError: refunds.errorDescription,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(refunds, and(eq(refunds.paymentId, payments.id), eq(refunds.purpose, "order")))
    .where(and(isNotNull(payments.flaggedAt), or(isNull(refunds.id), eq(refunds.status, "failed"))))
    .orderBy(asc(payments.flaggedAt))
    .limit(limit);
  return rows.map((r) => {
    const wrongAmount = !paysOrderTotal(r, { totalPaise: r.expectedPaise });
    return {
      ...r,
      orderStatus: r.orderStatus as OrderStatus,
      flaggedAt: r.flaggedAt!.toISOString(),
      wrongAmount,
      confirmable:
        !wrongAmount &&
        r.refundStatus === null &&
        (r.orderStatus === "cancelled" || r.orderStatus === "pending_payment"),
    };
  });
}

/* ================= the detail ================= */

type OrderLineRow = typeof orderLines.$inferSelect;

export interface StaffRefund {
  id: string;
  status: "pending" | "processed" | "failed";
  providerRefundId: string | null;
  amountPaise: number;
  errorDescription: string | null;
  requestedBy: string | null;
  processedAt: string | null;
  createdAt: string;
}

export interface StaffOrderDetail {
  /** the order's row as the page shows it: dates as ISO strings; the checkout's key and payment deadline left out */
  order: Omit<
    OrderRow,
    "status" | "checkoutKey" | "paymentDueAt" | "cancelledAt" | "confirmedAt" | "createdAt" | "updatedAt"
  > & {
    status: OrderStatus;
    cancelledAt: string | null;
    confirmedAt: string | null;
    createdAt: string;
    updatedAt: string;
  };
  lines: Array<Omit<OrderLineRow, "orderId" | "variantId">>;
  payments: Array<{
    id: string;
    provider: string;
    providerOrderId: string | null;
    providerPaymentId: string | null;
    /** as the gateway reported it, in `currency`'s minor units */
    amountPaise: number;
    currency: string;
    amountRefundedPaise: number;
    status: string;
    method: string | null;
    errorDescription: string | null;
    capturedAt: string | null;
    flaggedAt: string | null;
    flagReason: string | null;
    createdAt: string;
    /** the payment's whole-order refund (a cancellation, a flagged payment, a parcel that came back) */
    refund: StaffRefund | null;
    /** returns' refunds of some pieces, oldest first, each with its return's number */
    returnRefunds: Array<StaffRefund & { returnNumber: string | null }>;
  }>;
  history: Array<{
    id: string;
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    actorKind: string;
    actorName: string | null;
    reason: string | null;
    at: string;
  }>;
  activity: ActivityItem[];
}

export function isOrderId(value: string | undefined | null): value is string {
  return typeof value === "string" && isUuid(value);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function staffRefund(r: typeof refunds.$inferSelect, requestedBy: string | null): StaffRefund {
  return {
    id: r.id,
    status: r.status,
    providerRefundId: r.providerRefundId,
    amountPaise: r.amountPaise,
    errorDescription: r.errorDescription,
    requestedBy,
    processedAt: iso(r.processedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

/** Everything the order's page shows; null when there is no such order. */
export async function loadStaffOrder(db: Db, orderId: string): Promise<StaffOrderDetail | null> {
  if (!isOrderId(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const staffName = sql<string | null>`(SELECT ${user.name} FROM ${user} WHERE ${user.id} = ${refunds.requestedBy})`;
  const [lines, paymentRows, returnRefunds, history, activity] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    db
      .select({ payment: payments, refund: refunds, requestedBy: staffName })
      .from(payments)
      .leftJoin(refunds, and(eq(refunds.paymentId, payments.id), eq(refunds.purpose, "order")))
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.createdAt)),
    db
      .select({ refund: refunds, requestedBy: staffName, returnNumber: returnRequests.returnNumber })
      .from(refunds)
      .leftJoin(returnRequests, sql`${refunds.purpose} = 'return:' || ${returnRequests.id}::text`)
      .where(and(eq(refunds.orderId, orderId), ne(refunds.purpose, "order")))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    db
      .select({
        id: orderStatusHistory.id,
        fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus,
        actorKind: orderStatusHistory.actorKind,
        actorName: user.name,
        reason: orderStatusHistory.reason,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .leftJoin(user, eq(user.id, orderStatusHistory.actorUserId))
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    recentActivity(db, { entity: "order", entityId: orderId, limit: 20 }),
  ]);
  const { checkoutKey: _key, paymentDueAt: _due, ...shown } = order;
  return {
    order: {
      ...shown,
      status: order.status as OrderStatus,
      cancelledAt: iso(order.cancelledAt),
      confirmedAt: iso(order.confirmedAt),
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    },
    lines: lines.map(({ orderId: _order, variantId: _variant, ...line }) => line),
    payments: paymentRows.map(({ payment: p, refund: r, requestedBy }) => ({
      id: p.id,
      provider: p.provider,
      providerOrderId: p.providerOrderId,
      providerPaymentId: p.providerPaymentId,
      amountPaise: p.amountPaise,
      currency: p.currency,
      amountRefundedPaise: p.amountRefundedPaise,
      status: p.status,
      method: p.method,
      errorDescription: p.errorDescription,
      capturedAt: iso(p.capturedAt),
      flaggedAt: iso(p.flaggedAt),
      flagReason: p.flagReason,
      createdAt: p.createdAt.toISOString(),
      refund: r ? staffRefund(r, requestedBy ?? null) : null,
      returnRefunds: returnRefunds
        .filter((rr) => rr.refund.paymentId === p.id)
        .map((rr) => ({ ...staffRefund(rr.refund, rr.requestedBy ?? null), returnNumber: rr.returnNumber })),
    })),
    history: history.map((h) => ({
      id: h.id,
      fromStatus: h.fromStatus as OrderStatus | null,
      toStatus: h.toStatus as OrderStatus,
      actorKind: h.actorKind,
      actorName: h.actorName ?? null,
      reason: h.reason,
      at: h.createdAt.toISOString(),
    })),
    activity,
  };
}
