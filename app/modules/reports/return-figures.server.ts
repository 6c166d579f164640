import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.server";
import { products } from "../catalog/schema.server";
import { orderLines, orders } from "../orders/schema.server";
import type { OrderStatus } from "../orders";
import {
  CLOSED_WITHOUT_RETURN,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  type ReturnReason,
  type ReturnStatus,
} from "../returns";
import { returnLines, returnRequests } from "../returns/schema.server";

/*
 * The dashboard's returns and exchanges (decision 042): over the chart's days, the pieces delivered
 * and the pieces asked back from them. The days are those of the orders (as the chart's): an order
 * placed in the window and now delivered or completed counts its pieces as delivered, and a return
 * request on it that was not declined or withdrawn counts its pieces as asked back, so the rate is a
 * share of the same pieces and never passes 100 %. An exchange's own order (zero value) is a
 * replacement, not a sale, and is left out of both.
 *
 * Three statements, side by side with the other figures and shared with them for FIGURES_TTL_MS
 * (dashboard-figures.server.ts): the window's delivered orders by orders_status_created_idx and their
 * lines by order_lines_order_idx; the returns from return_requests_status_idx (a request is never older
 * than its order, so the window bounds it too) with their orders, lines and order lines by key.
 */

/** How many products the 'most returned' table lists. */
export const RETURNED_PRODUCTS_LIMIT = 8;

const DELIVERED: readonly OrderStatus[] = ["delivered", "completed"];
/** Requests that count: all but declined and withdrawn, named (not NOT IN) so the status index can take them. */
const COUNTED = (Object.keys(RETURN_STATUS_LABELS) as ReturnStatus[]).filter((s) => !CLOSED_WITHOUT_RETURN.includes(s));

export interface ReturnFigures {
  /** pieces of the window's orders now delivered or completed */
  deliveredPieces: number;
  /** of those, pieces on return requests not declined or withdrawn */
  returnedPieces: number;
  /** of those, pieces asked to be exchanged */
  exchangedPieces: number;
  /** the most returned products, most first */
  products: Array<{ productId: string; name: string; sold: number; returned: number; exchanged: number }>;
  /** per size of the returned pieces, most returned first; tooSmall and tooLarge are among `returned` */
  sizes: Array<{ size: string; returned: number; tooSmall: number; tooLarge: number }>;
  /** returned pieces per reason, in the request form's order of reasons, zeros left out */
  reasons: Array<{ reason: ReturnReason; returned: number }>;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The window: from the first chart day's midnight to the end of today, in the shop's time zone. */
export interface FiguresWindow {
  since: SQL;
  until: SQL;
}

/** The window's orders that count: delivered or completed, placed in the window, not an exchange's. */
const countedOrder = (o: SQL, w: FiguresWindow) => sql`${o}.status IN (${list(DELIVERED)})
  AND ${o}.created_at >= ${w.since} AND ${o}.created_at < ${w.until}
  AND ${o}.exchange_of_order_id IS NULL`;

/**
 * The returns that count, joined to their lines and order lines (aliases r, rl, ol). The order is
 * looked up per request by its key in a scalar subquery, which PostgreSQL keeps as one index probe
 * per request: as a join, the planner read the whole orders table to match a few thousand requests.
 */
const countedReturns = (w: FiguresWindow) => sql`
  FROM ${returnRequests} r
  JOIN ${returnLines} rl ON rl.return_id = r.id
  JOIN ${orderLines} ol ON ol.id = rl.order_line_id
  WHERE r.status IN (${list(COUNTED)}) AND r.created_at >= ${w.since}
    AND (SELECT ${countedOrder(sql`o`, w)} FROM ${orders} o WHERE o.id = r.order_id)`;

async function deliveredPieces(db: Db, w: FiguresWindow): Promise<number> {
  const [row] = await queryRows<{ pieces: number | string }>(
    db,
    sql`SELECT coalesce(sum(ol.quantity), 0)::bigint AS pieces
        FROM ${orders} o JOIN ${orderLines} ol ON ol.order_id = o.id
        WHERE ${countedOrder(sql`o`, w)}`,
  );
  return Number(row?.pieces ?? 0);
}

/** The returned pieces by reason, by size and by size and reason together, and in all (one grouped statement). */
async function returnGroups(db: Db, w: FiguresWindow) {
  return queryRows<{
    size: string | null;
    reason: ReturnReason | null;
    by_size: number | string;
    by_reason: number | string;
    returned: number | string;
    exchanged: number | string;
  }>(
    db,
    sql`SELECT ol.size, r.reason, grouping(ol.size) AS by_size, grouping(r.reason) AS by_reason,
               sum(rl.quantity)::bigint AS returned,
               coalesce(sum(rl.quantity) FILTER (WHERE r.resolution = 'exchange'), 0)::bigint AS exchanged
        ${countedReturns(w)}
        GROUP BY GROUPING SETS ((), (ol.size), (r.reason), (ol.size, r.reason))`,
  );
}

/** The most returned products, with the pieces of them delivered in the window (by order_lines_product_idx). */
async function mostReturned(db: Db, w: FiguresWindow): Promise<ReturnFigures["products"]> {
  const rows = await queryRows<{
    product_id: string;
    name: string;
    sold: number | string;
    returned: number | string;
    exchanged: number | string;
  }>(
    db,
    sql`WITH top AS (
          SELECT ol.product_id, min(ol.name) AS line_name, sum(rl.quantity)::bigint AS returned,
                 coalesce(sum(rl.quantity) FILTER (WHERE r.resolution = 'exchange'), 0)::bigint AS exchanged
          ${countedReturns(w)} AND ol.product_id IS NOT NULL
          GROUP BY ol.product_id
          ORDER BY returned DESC, ol.product_id
          LIMIT ${RETURNED_PRODUCTS_LIMIT}
        )
        SELECT top.product_id, coalesce(p.name, top.line_name) AS name, top.returned, top.exchanged,
               (SELECT coalesce(sum(sl.quantity), 0)::bigint
                  FROM ${orderLines} sl JOIN ${orders} so ON so.id = sl.order_id
                 WHERE sl.product_id = top.product_id AND ${countedOrder(sql`so`, w)}) AS sold
        FROM top LEFT JOIN ${products} p ON p.id = top.product_id
        ORDER BY top.returned DESC, top.product_id`,
  );
  return rows.map((r) => ({
    productId: r.product_id,
    name: r.name,
    sold: Number(r.sold),
    returned: Number(r.returned),
    exchanged: Number(r.exchanged),
  }));
}

/** The panel's figures over the window. */
export async function returnFigures(db: Db, w: FiguresWindow): Promise<ReturnFigures> {
  const [delivered, groups, top] = await Promise.all([
    deliveredPieces(db, w),
    returnGroups(db, w),
    mostReturned(db, w),
  ]);
  const n = (v: number | string | null) => Number(v ?? 0);
  const all = groups.find((g) => n(g.by_size) === 1 && n(g.by_reason) === 1);
  const sizeAndReason = groups.filter((g) => n(g.by_size) === 0 && n(g.by_reason) === 0);
  const piecesOf = (size: string, reason: ReturnReason) =>
    n(sizeAndReason.find((g) => g.size === size && g.reason === reason)?.returned ?? 0);
  const sizes = groups
    .filter((g) => n(g.by_size) === 0 && n(g.by_reason) === 1)
    .map((g) => ({
      size: g.size ?? "",
      returned: n(g.returned),
      tooSmall: piecesOf(g.size ?? "", "too_small"),
      tooLarge: piecesOf(g.size ?? "", "too_large"),
    }))
    .sort((a, b) => b.returned - a.returned || a.size.localeCompare(b.size));
  const byReason = new Map(
    groups.filter((g) => n(g.by_size) === 1 && n(g.by_reason) === 0).map((g) => [g.reason, n(g.returned)]),
  );
  return {
    deliveredPieces: delivered,
    returnedPieces: n(all?.returned ?? 0),
    exchangedPieces: n(all?.exchanged ?? 0),
    products: top,
    sizes,
    reasons: RETURN_REASONS.flatMap(({ value }) => {
      const returned = byReason.get(value) ?? 0;
      return returned > 0 ? [{ reason: value, returned }] : [];
    }),
  };
}
