import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { user } from "../accounts/auth-schema.server";
import { CUSTOMER_ROLE } from "../accounts/auth.server";
import { orders } from "../orders/schema.server";
import type { OrderStatus } from "../orders/status-display";

/*
 * The back office's order and customer lists (issue 12's tabs; the next admin issue adds filters,
 * detail pages and changes). One page of rows and the total, from SQL; never every row into Node.
 */

export const ADMIN_PAGE_SIZE = 25;

/** A search term as typed: trimmed, at most 80 characters, LIKE's wildcards taken literally. */
export function searchPattern(raw: string | null | undefined): string | null {
  const term = (raw ?? "").trim().slice(0, 80);
  if (!term) return null;
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The digits of a term that looks like a phone number ('98111 00022'), to match stored '+919811100022'. */
export function phoneDigitsPattern(raw: string | null | undefined): string | null {
  const term = (raw ?? "").trim();
  const digits = term.replace(/\D/g, "");
  return digits.length >= 4 && /^[\d\s+()-]+$/.test(term) ? `%${digits}%` : null;
}

export function pageNumber(raw: string | null | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

export interface AdminOrderRow {
  orderNumber: string;
  customerName: string;
  customerPhone: string;
  totalPaise: number;
  paymentMethod: "online" | "cod";
  status: OrderStatus;
  createdAt: string;
}

export async function listAdminOrders(db: Db, options: { search?: string | null; page?: number }): Promise<{ rows: AdminOrderRow[]; total: number; page: number; pages: number }> {
  const pattern = searchPattern(options.search);
  const digits = phoneDigitsPattern(options.search);
  const where: SQL | undefined = pattern
    ? or(
        ilike(orders.orderNumber, pattern),
        ilike(orders.customerName, pattern),
        ilike(orders.customerEmail, pattern),
        ilike(orders.customerPhone, pattern),
        digits ? ilike(orders.customerPhone, digits) : undefined,
      )
    : undefined;
  const page = options.page ?? 1;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        orderNumber: orders.orderNumber,
        customerName: orders.customerName,
        customerPhone: orders.customerPhone,
        totalPaise: orders.totalPaise,
        paymentMethod: orders.paymentMethod,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    rows: rows.map((r) => ({ ...r, status: r.status as OrderStatus, createdAt: r.createdAt.toISOString() })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
  };
}

export interface AdminCustomerRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  active: boolean;
  orderCount: number;
  spentPaise: number;
  joinedAt: string;
}

/** Shoppers with their order count and what they spent (orders not cancelled and not awaiting payment). */
export async function listAdminCustomers(db: Db, options: { search?: string | null; page?: number }): Promise<{ rows: AdminCustomerRow[]; total: number; page: number; pages: number }> {
  const pattern = searchPattern(options.search);
  const shopper = eq(user.role, CUSTOMER_ROLE);
  const digits = phoneDigitsPattern(options.search);
  const where = pattern
    ? and(shopper, or(ilike(user.name, pattern), ilike(user.email, pattern), ilike(user.phoneNumber, pattern), digits ? ilike(user.phoneNumber, digits) : undefined))
    : shopper;
  const page = options.page ?? 1;
  const totals = db
    .select({
      userId: orders.userId,
      orderCount: sql<number>`count(*)::int`.as("order_count"),
      spentPaise: sql<number>`coalesce(sum(${orders.totalPaise}) filter (where ${orders.status} not in ('cancelled', 'pending_payment')), 0)::bigint`.as("spent_paise"),
    })
    .from(orders)
    .groupBy(orders.userId)
    .as("totals");
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        phone: user.phoneNumber,
        banned: user.banned,
        createdAt: user.createdAt,
        orderCount: totals.orderCount,
        spentPaise: totals.spentPaise,
      })
      .from(user)
      .leftJoin(totals, eq(totals.userId, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: count() }).from(user).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      active: !r.banned,
      orderCount: Number(r.orderCount ?? 0),
      spentPaise: Number(r.spentPaise ?? 0),
      joinedAt: r.createdAt.toISOString(),
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
  };
}
