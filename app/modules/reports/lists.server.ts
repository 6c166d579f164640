import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { searchPattern } from "../../lib/search-pattern";
import { user } from "../accounts/auth-schema.server";
import { CUSTOMER_ROLE } from "../accounts/index.server";
import { customerProfiles } from "../accounts/schema.server";
import { orders } from "../orders/schema.server";

/*
 * The back office's search and paging helpers and its customer list (the orders list is the orders
 * module's: orders/admin-orders.server.ts). One page of rows and the total, from SQL; never every
 * row into Node.
 */

const ADMIN_PAGE_SIZE = 25;

/** The digits of a term that looks like a phone number ('98111 00022'), to match stored '+919811100022'. */
function phoneDigitsPattern(raw: string | null | undefined): string | null {
  const term = (raw ?? "").trim();
  const digits = term.replace(/\D/g, "");
  return digits.length >= 4 && /^[\d\s+()-]+$/.test(term) ? `%${digits}%` : null;
}

export function pageNumber(raw: string | null | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/**
 * Who the back office lists and counts as a customer: a shopper account whose registration is
 * complete, or that has an order. A number verified for a new account and never registered is not
 * one (its account is removed after the registration window: accounts/sign-ups.server.ts).
 */
export const isCustomer = and(
  eq(user.role, CUSTOMER_ROLE),
  or(
    sql`exists (select 1 from ${customerProfiles} where ${customerProfiles.userId} = ${user.id})`,
    sql`exists (select 1 from ${orders} where ${orders.userId} = ${user.id})`,
  ),
)!;

export interface AdminCustomerRow {
  id: string;
  name: string;
  /** the e-mail the shopper gave at registration (the auth account's own e-mail is a placeholder) */
  email: string | null;
  phone: string | null;
  active: boolean;
  orderCount: number;
  spentPaise: number;
  joinedAt: string;
}

/*
 * The texts a customer search looks in, lower-cased: the shopper's profile (name, the e-mail given at
 * registration, phone) and the account itself (name and verified phone, for shoppers who never
 * finished registering). Each side is its own subquery, so each can be served by a trigram index on
 * exactly this expression (not in the schema yet: decision 026 names the two indexes and their plans).
 */
const profileSearchText = sql`lower(${customerProfiles.firstName} || ' ' || ${customerProfiles.lastName} || ' ' || ${customerProfiles.email} || ' ' || ${customerProfiles.phone})`;
const accountSearchText = sql`lower(${user.name} || ' ' || coalesce(${user.phoneNumber}, ''))`;

/**
 * Shoppers (staff are listed apart), newest first, with their order count and what they spent
 * (orders not cancelled and not awaiting payment). Search: name, e-mail or phone, typed any way
 * ('98111 00022', '+91 98111...'). The page's rows come first; their totals are then summed from
 * their own orders only (orders_user_created_idx), never from every order of the shop.
 */
export async function listAdminCustomers(
  db: Db,
  options: { search?: string | null; page?: number },
): Promise<{ rows: AdminCustomerRow[]; total: number; page: number; pages: number }> {
  const pattern = searchPattern(options.search);
  const shopper = isCustomer;
  const digits = phoneDigitsPattern(options.search);
  const where = pattern
    ? and(
        shopper,
        or(
          inArray(
            user.id,
            db
              .select({ id: customerProfiles.userId })
              .from(customerProfiles)
              .where(sql`${profileSearchText} LIKE lower(${pattern})`),
          ),
          inArray(
            user.id,
            db
              .select({ id: user.id })
              .from(user)
              .where(
                or(
                  sql`${accountSearchText} LIKE lower(${pattern})`,
                  digits ? sql`${accountSearchText} LIKE ${digits}` : undefined,
                ),
              ),
          ),
        ),
      )
    : shopper;
  const page = options.page ?? 1;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: customerProfiles.email,
        phone: user.phoneNumber,
        banned: user.banned,
        createdAt: user.createdAt,
      })
      .from(user)
      .leftJoin(customerProfiles, eq(customerProfiles.userId, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(user)
      .leftJoin(customerProfiles, eq(customerProfiles.userId, user.id))
      .where(where),
  ]);
  const totals = await customerOrderTotals(
    db,
    rows.map((r) => r.id),
  );
  const total = counted?.total ?? 0;
  return {
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      active: !r.banned,
      orderCount: totals.get(r.id)?.orderCount ?? 0,
      spentPaise: totals.get(r.id)?.spentPaise ?? 0,
      joinedAt: r.createdAt.toISOString(),
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
  };
}

/** Order count and amount spent (not cancelled, not awaiting payment) per shopper, as SQL aggregates. */
export async function customerOrderTotals(
  db: Db,
  userIds: string[],
): Promise<Map<string, { orderCount: number; spentPaise: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: orders.userId,
      orderCount: sql<number>`count(*)::int`,
      spentPaise: sql<string>`coalesce(sum(${orders.totalPaise}) filter (where ${orders.status} not in ('cancelled', 'pending_payment')), 0)::bigint`,
    })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  return new Map(rows.map((r) => [r.userId, { orderCount: Number(r.orderCount), spentPaise: Number(r.spentPaise) }]));
}
