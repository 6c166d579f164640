import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { orders } from "./schema.server";
import type { OrderStatus } from "./status-display";

/*
 * The orders that used a coupon, newest first, for the admin's coupon detail: read through
 * orders_coupon_code_idx (coupon_code, created_at DESC), a page at a time, never every row.
 */

export interface CouponOrderRow {
  id: string;
  orderNumber: string;
  customerName: string;
  discountPaise: number;
  totalPaise: number;
  status: OrderStatus;
  createdAt: string;
}

const COUPON_ORDERS_PAGE_SIZE = 10;

export async function ordersUsingCoupon(
  db: Db,
  code: string,
  options: { page?: number; perPage?: number } = {},
): Promise<{ rows: CouponOrderRow[]; total: number; page: number; pages: number }> {
  const perPage = options.perPage ?? COUPON_ORDERS_PAGE_SIZE;
  const page = Math.max(1, options.page ?? 1);
  // isNotNull matches the partial index's predicate, so the planner may use it
  const where = and(isNotNull(orders.couponCode), eq(orders.couponCode, code));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        customerName: orders.customerName,
        discountPaise: orders.discountPaise,
        totalPaise: orders.totalPaise,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    rows: rows.map((r) => ({ ...r, status: r.status as OrderStatus, createdAt: r.createdAt.toISOString() })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / perPage)),
  };
}
