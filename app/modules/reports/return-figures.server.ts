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
 * Two statements side by side: the window's delivered pieces (its orders and their lines, read
 * whole: about 20-40 ms of database work at 100,000 orders), and the returns grouped every way the
 * panel shows them, from return_requests_status_idx with each request's order and lines by key. They
 * are kept for RETURN_FIGURES_TTL_MS per server process and shared like the dashboard's other
 * figures, but a new order does not count them again: it is not delivered yet, so it changes nothing
 * here, and a busy shop would otherwise count them on nearly every view.
 */

/** How many products the 'most returned' table lists. */
export const RETURNED_PRODUCTS_LIMIT = 8;
/** How long one count of the returns figures serves the dashboard in a server process. */
export const RETURN_FIGURES_TTL_MS = 30_000;

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

/** The window: from the first chart day's midnight to the end of today, in the shop's time zone. */
export interface FiguresWindow {
  since: SQL;
  until: SQL;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The window's orders that count: delivered or completed, placed in the window, not an exchange's. */
const countedOrder = (o: SQL, w: FiguresWindow) => sql`${o}.status IN (${list(DELIVERED)})
  AND ${o}.created_at >= ${w.since} AND ${o}.created_at < ${w.until}
  AND ${o}.exchange_of_order_id IS NULL`;

async function deliveredPieces(db: Db, w: FiguresWindow): Promise<number> {
  const [row] = await queryRows<{ pieces: number | string }>(
    db,
    sql`SELECT coalesce(sum(ol.quantity), 0)::bigint AS pieces
        FROM ${orders} o JOIN ${orderLines} ol ON ol.order_id = o.id
        WHERE ${countedOrder(sql`o`, w)}`,
  );
  return Number(row?.pieces ?? 0);
}

interface GroupRow extends Record<string, unknown> {
  product_id: string | null;
  size: string | null;
  reason: ReturnReason | null;
  /** 1 where the row is not grouped by it (GROUPING()) */
  by_product: number | string;
  by_size: number | string;
  by_reason: number | string;
  returned: number | string;
  exchanged: number | string;
  name: string | null;
  sold: number | string | null;
}

/**
 * The returned pieces in all, by size, by reason, by size and reason, and by product (the first
 * RETURNED_PRODUCTS_LIMIT, with the pieces of each delivered in the window, by order_lines_product_idx).
 * The request's order is looked up per request by its key in a scalar subquery, which PostgreSQL
 * keeps as one index probe per request: as a join, the planner read the whole orders table to match
 * a few thousand requests. The products' sales are asked for the first few only, after the LIMIT:
 * beside every product group, their estimated cost was enough for PostgreSQL to compile the
 * statement (JIT), which took longer than running it.
 */
function returnGroups(db: Db, w: FiguresWindow) {
  return queryRows<GroupRow>(
    db,
    sql`WITH groups AS (
          SELECT ol.product_id, ol.size, r.reason, min(ol.name) AS line_name,
                 grouping(ol.product_id) AS by_product, grouping(ol.size) AS by_size, grouping(r.reason) AS by_reason,
                 sum(rl.quantity)::bigint AS returned,
                 coalesce(sum(rl.quantity) FILTER (WHERE r.resolution = 'exchange'), 0)::bigint AS exchanged
          FROM ${returnRequests} r
          JOIN ${returnLines} rl ON rl.return_id = r.id
          JOIN ${orderLines} ol ON ol.id = rl.order_line_id
          WHERE r.status IN (${list(COUNTED)}) AND r.created_at >= ${w.since}
            AND (SELECT ${countedOrder(sql`o`, w)} FROM ${orders} o WHERE o.id = r.order_id)
          GROUP BY GROUPING SETS ((), (ol.size), (r.reason), (ol.size, r.reason), (ol.product_id))
        ), top AS (
          SELECT * FROM groups WHERE by_product = 0 AND product_id IS NOT NULL
          ORDER BY returned DESC, product_id LIMIT ${RETURNED_PRODUCTS_LIMIT}
        )
        SELECT product_id, size, reason, by_product, by_size, by_reason, returned, exchanged,
               NULL::text AS name, NULL::bigint AS sold
        FROM groups WHERE by_product = 1
        UNION ALL
        SELECT t.product_id, NULL, NULL, 0, 1, 1, t.returned, t.exchanged, coalesce(p.name, t.line_name), s.sold
        FROM top t
        LEFT JOIN ${products} p ON p.id = t.product_id
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(sl.quantity), 0)::bigint AS sold
          FROM ${orderLines} sl JOIN ${orders} so ON so.id = sl.order_id
          WHERE sl.product_id = t.product_id AND ${countedOrder(sql`so`, w)}
        ) s`,
  );
}

/** The panel's figures over the window, straight from the database. */
export async function returnFigures(db: Db, w: FiguresWindow): Promise<ReturnFigures> {
  const [delivered, groups] = await Promise.all([deliveredPieces(db, w), returnGroups(db, w)]);
  const n = (v: unknown) => Number(v ?? 0);
  const of = (product: number, size: number, reason: number) =>
    groups.filter((g) => n(g.by_product) === product && n(g.by_size) === size && n(g.by_reason) === reason);
  const [all] = of(1, 1, 1);
  const sizeAndReason = of(1, 0, 0);
  const piecesOf = (size: string | null, reason: ReturnReason) =>
    n(sizeAndReason.find((g) => g.size === size && g.reason === reason)?.returned);
  const byReason = new Map(of(1, 1, 0).map((g) => [g.reason, n(g.returned)]));
  return {
    deliveredPieces: delivered,
    returnedPieces: n(all?.returned),
    exchangedPieces: n(all?.exchanged),
    products: of(0, 1, 1)
      .map((g) => ({
        productId: g.product_id!,
        name: g.name ?? "",
        sold: n(g.sold),
        returned: n(g.returned),
        exchanged: n(g.exchanged),
      }))
      .sort((a, b) => b.returned - a.returned || a.productId.localeCompare(b.productId)),
    sizes: of(1, 0, 1)
      .map((g) => ({
        size: g.size ?? "",
        returned: n(g.returned),
        tooSmall: piecesOf(g.size, "too_small"),
        tooLarge: piecesOf(g.size, "too_large"),
      }))
      .sort((a, b) => b.returned - a.returned || a.size.localeCompare(b.size)),
    reasons: RETURN_REASONS.flatMap(({ value }) => {
      const returned = byReason.get(value) ?? 0;
      return returned > 0 ? [{ reason: value, returned }] : [];
    }),
  };
}

interface Cached {
  at: number;
  value: Promise<ReturnFigures>;
  settled: ReturnFigures | null;
  /** the figures this count replaces, served while it runs */
  previous: ReturnFigures | null;
}
const cache = new WeakMap<Db, Cached>();

function startCount(db: Db, now: Date, w: FiguresWindow, previous: ReturnFigures | null): Cached {
  const entry: Cached = { at: now.getTime(), value: returnFigures(db, w), settled: null, previous };
  entry.value.then(
    (figures) => {
      entry.settled = figures;
      entry.previous = null;
    },
    () => {
      // a failed count is not kept: the next view (a retry) asks the database again
      if (cache.get(db) === entry) cache.delete(db);
    },
  );
  cache.set(db, entry);
  return entry;
}

/**
 * The returns figures, counted at most once every RETURN_FIGURES_TTL_MS per database in this
 * process and shared by the views in between; once older, the view that notices starts a new count
 * and is answered with the older figures meanwhile (only the very first view waits).
 */
export async function cachedReturnFigures(db: Db, now: Date, w: FiguresWindow): Promise<ReturnFigures> {
  const entry = cache.get(db);
  if (!entry) return startCount(db, now, w, null).value;
  if (!entry.settled) return entry.previous ?? entry.value;
  if (now.getTime() - entry.at >= RETURN_FIGURES_TTL_MS) startCount(db, now, w, entry.settled);
  return entry.settled;
}

/** Drops the cached returns figures (with the dashboard's other figures, after a change and in tests). */
export function forgetReturnFigures(db: Db): void {
  cache.delete(db);
}
