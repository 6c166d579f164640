import { inArray, sql, type Column, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { orders } from "./schema.server";
import type { OrderStatus } from "./status-display";

/*
 * What other modules' staff lists need of orders without reading the orders table themselves: a
 * search condition on an order id (the same trigram index the orders list uses) and the few facts a
 * list row shows, for a page of ids at once.
 */

/** The `orders_search_trgm` index's expression: keep in step with the orders schema. */
const SEARCH_TEXT = sql`lower(${orders.orderNumber} || ' ' || ${orders.customerName} || ' ' || ${orders.customerEmail} || ' ' || ${orders.customerPhone})`;

function likeTerm(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A condition on an order id column: that order's number, customer name, e-mail or phone contains
 * `term` (a phone typed with spaces or dashes also finds the stored '+91…').
 */
export function orderMatchesSearch(orderId: Column, term: string): SQL {
  const branches = [sql`${SEARCH_TEXT} LIKE ${likeTerm(term)}`];
  const digits = term.replace(/\D/g, "");
  if (digits.length >= 4 && /^[\d\s+()-]+$/.test(term) && digits !== term)
    branches.push(sql`${SEARCH_TEXT} LIKE ${likeTerm(digits)}`);
  return sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and (${sql.join(branches, sql` OR `)}))`;
}

export interface OrderCard {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  paymentMethod: "online" | "cod";
  customerName: string;
  customerPhone: string;
}

/** The facts a staff list shows of each of these orders, by id (ids not found are left out). */
export async function orderCardsOf(db: Db | Tx, ids: readonly string[]): Promise<Map<string, OrderCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
    })
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
