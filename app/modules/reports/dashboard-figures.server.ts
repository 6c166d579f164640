import { and, count, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.server";
import { user } from "../accounts/auth-schema.server";
import { products } from "../catalog/schema.server";
import { orders } from "../orders/schema.server";
import { ALL_STATUSES, type OrderStatus } from "../orders";
import { shipments } from "../shipping/schema.server";
import { isCustomer } from "./lists.server";
import { forgetReturnFigures, type FiguresWindow } from "./return-figures.server";

/*
 * The dashboard's figures: the tiles, the status breakdown and the chart. Every figure is a SQL
 * aggregate (COUNT, SUM, GROUP BY, a generate_series of days), never rows added up in Node; the
 * statements are independent and run side by side. Reports are the one module allowed to join across
 * the others (decision 038), so it reads their tables here, read-only.
 *
 * Speed at 100,000 orders (scripts/bench.ts): these figures must read every order (or a month of
 * them) however they are indexed, 25-50 ms of database work, so they are computed at most once every
 * FIGURES_TTL_MS per server process and shared by the requests in that window (the page says when
 * they were taken; older ones are served while they are counted again), except that an order newer
 * than the figures makes them count again at once, so a new order never shows in Recent Orders
 * without being in the tiles.
 */

/** The chart's days, today included. */
export const DASHBOARD_DAYS = 30;
/** The shop's days begin at midnight in India, whatever the server's clock says. */
export const DASHBOARD_TIME_ZONE = "Asia/Kolkata";
/** Orders that count as revenue: delivered or completed. */
const REVENUE_STATUSES = ["delivered", "completed"] as const satisfies readonly OrderStatus[];
/** How long one computation of the figures serves the dashboard in a server process. */
export const FIGURES_TTL_MS = 30_000;

export interface DashboardFigures {
  /** when they were computed (ISO) */
  at: string;
  /** the newest order they count (ISO), null without orders */
  newestOrderAt: string | null;
  products: number;
  activeProducts: number;
  orders: number;
  activeShoppers: number;
  /** delivered and completed orders' totals */
  revenuePaise: number;
  /** every status in an order's way from placed to done, then cancelled (ALL_STATUSES), zeros included */
  byStatus: Array<{ status: OrderStatus; count: number }>;
  /** DASHBOARD_DAYS days, oldest first; `day` is YYYY-MM-DD in the shop's time zone, `label` 'Tue, 24 Nov' */
  series: Array<{ day: string; label: string; orders: number; revenuePaise: number }>;
  /**
   * Parcels of the last RTO_DAYS days that reached their end, per way of paying: delivered, or came
   * back undelivered (return to origin). Cash on delivery's share of returns is the shop's largest
   * avoidable loss.
   */
  rto: Record<"cod" | "online", { delivered: number; returned: number }>;
}

/** The window of the returned-to-origin figures. */
export const RTO_DAYS = 90;

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** All products, and the active ones among them. */
async function productCounts(db: Db): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({ total: count(), active: sql<number>`count(*) filter (where ${products.isActive})`.mapWith(Number) })
    .from(products);
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

/** Customers (registered, or with an order) who may sign in: not banned (a ban that has run out no longer counts). */
async function activeShoppers(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(user)
    .where(
      and(
        isCustomer,
        sql`(${user.banned} IS NOT TRUE OR (${user.banExpires} IS NOT NULL AND ${user.banExpires} <= ${now.toISOString()}::timestamptz))`,
      ),
    );
  return row?.n ?? 0;
}

/** Orders and their totals per status: the Total Orders and Revenue tiles and the status breakdown. */
async function ordersByStatus(
  db: Db,
): Promise<Array<{ status: OrderStatus; count: number; totalPaise: number; newest: Date | null }>> {
  return db
    .select({
      status: orders.status,
      count: count(),
      totalPaise: sql<number>`coalesce(sum(${orders.totalPaise}), 0)::bigint`.mapWith(Number),
      newest: sql<Date | null>`max(${orders.createdAt})`.mapWith(orders.createdAt),
    })
    .from(orders)
    .groupBy(orders.status);
}

/**
 * Orders placed and revenue (that day's orders that are now delivered or completed) for each of the
 * last DASHBOARD_DAYS days in the shop's time zone, today included; days without orders are zeros.
 */
async function dailySeries(db: Db, now: Date): Promise<DashboardFigures["series"]> {
  const tz = sql.raw(`'${DASHBOARD_TIME_ZONE}'`);
  const back = sql.raw(`interval '${DASHBOARD_DAYS - 1} days'`);
  const today = sql`date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${tz})`;
  const rows = await queryRows<{ day: string; label: string; orders: number | string; revenue: number | string }>(
    db,
    sql`
      WITH per_day AS (
        SELECT date_trunc('day', o.created_at AT TIME ZONE ${tz}) AS day,
               count(*) AS orders,
               coalesce(sum(o.total_paise) FILTER (WHERE o.status IN (${inList(REVENUE_STATUSES)})), 0) AS revenue
        FROM ${orders} o
        WHERE o.created_at >= (${today} - ${back}) AT TIME ZONE ${tz}
          AND o.created_at < (${today} + interval '1 day') AT TIME ZONE ${tz}
        GROUP BY 1
      )
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, to_char(d.day, 'Dy, FMDD Mon') AS label, coalesce(p.orders, 0)::int AS orders, coalesce(p.revenue, 0)::bigint AS revenue
      FROM generate_series(${today} - ${back}, ${today}, interval '1 day') AS d(day)
      LEFT JOIN per_day p ON p.day = d.day
      ORDER BY d.day`,
  );
  return rows.map((r) => ({ day: r.day, label: r.label, orders: Number(r.orders), revenuePaise: Number(r.revenue) }));
}

/** The chart's days as bounds for other figures: the first day's midnight to the end of today, in the shop's time zone. */
export function chartWindow(now: Date): FiguresWindow {
  const tz = sql.raw(`'${DASHBOARD_TIME_ZONE}'`);
  const today = sql`date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${tz})`;
  return {
    since: sql`((${today} - ${sql.raw(`interval '${DASHBOARD_DAYS - 1} days'`)}) AT TIME ZONE ${tz})`,
    until: sql`((${today} + interval '1 day') AT TIME ZONE ${tz})`,
  };
}

/** Parcels delivered and returned to origin over the last RTO_DAYS days, by way of paying. */
async function returnsToOrigin(db: Db, now: Date): Promise<DashboardFigures["rto"]> {
  const since = new Date(now.getTime() - RTO_DAYS * 86_400_000).toISOString();
  const rows = await queryRows<{ method: "cod" | "online"; delivered: number | string; returned: number | string }>(
    db,
    sql`
      SELECT o.payment_method AS method,
             count(*) FILTER (WHERE s.status = 'delivered') AS delivered,
             count(*) FILTER (WHERE s.status IN ('rto_initiated', 'rto_delivered', 'returned')) AS returned
      FROM ${shipments} s JOIN ${orders} o ON o.id = s.order_id
      WHERE s.created_at >= ${since}::timestamptz
      GROUP BY o.payment_method`,
  );
  const of = (method: "cod" | "online") => {
    const row = rows.find((r) => r.method === method);
    return { delivered: Number(row?.delivered ?? 0), returned: Number(row?.returned ?? 0) };
  };
  return { cod: of("cod"), online: of("online") };
}

/** The tiles, the status breakdown and the chart, straight from the database. */
export async function computeFigures(db: Db, now = new Date()): Promise<DashboardFigures> {
  const [productTotals, shoppers, statusRows, series, rto] = await Promise.all([
    productCounts(db),
    activeShoppers(db, now),
    ordersByStatus(db),
    dailySeries(db, now),
    returnsToOrigin(db, now),
  ]);
  const byStatus = new Map(statusRows.map((r) => [r.status, r]));
  const newest = statusRows.reduce<Date | null>(
    (top, r) => (r.newest && (!top || r.newest > top) ? r.newest : top),
    null,
  );
  return {
    at: now.toISOString(),
    newestOrderAt: newest?.toISOString() ?? null,
    products: productTotals.total,
    activeProducts: productTotals.active,
    orders: statusRows.reduce((sum, r) => sum + r.count, 0),
    activeShoppers: shoppers,
    revenuePaise: REVENUE_STATUSES.reduce((sum, s) => sum + (byStatus.get(s)?.totalPaise ?? 0), 0),
    byStatus: ALL_STATUSES.map((status) => ({ status, count: byStatus.get(status)?.count ?? 0 })),
    series,
    rto,
  };
}

interface CachedFigures {
  /** when the computation started (ms) */
  at: number;
  value: Promise<DashboardFigures>;
  /** its result, once there */
  settled: DashboardFigures | null;
  /** the figures this computation replaces, served while it runs */
  previous: DashboardFigures | null;
}

const figuresCache = new WeakMap<Db, CachedFigures>();

function startFigures(db: Db, now: Date, previous: DashboardFigures | null): CachedFigures {
  const entry: CachedFigures = { at: now.getTime(), value: computeFigures(db, now), settled: null, previous };
  entry.value.then(
    (figures) => {
      entry.settled = figures;
      entry.previous = null;
    },
    () => {
      // a failed computation is not kept: the next request (a retry) asks the database again
      if (figuresCache.get(db) === entry) figuresCache.delete(db);
    },
  );
  figuresCache.set(db, entry);
  return entry;
}

/**
 * The figures, computed at most once every FIGURES_TTL_MS per database in this process and shared by
 * the requests in between. Once they are older than that, the request that notices starts counting
 * again and is answered with the older figures meanwhile (so no request waits for the count but the
 * very first); figures that miss `newestOrderAt` (the newest order the page lists) are never served:
 * that request waits for a count that includes it.
 */
export async function cachedFigures(
  db: Db,
  now = new Date(),
  newestOrderAt?: string | null,
): Promise<DashboardFigures> {
  const covers = (f: DashboardFigures | null): f is DashboardFigures =>
    f !== null && (!newestOrderAt || (f.newestOrderAt !== null && f.newestOrderAt >= newestOrderAt));
  const entry = figuresCache.get(db);
  if (!entry) return startFigures(db, now, null).value;
  if (entry.settled === null) {
    // a count is under way: the figures it replaces serve meanwhile, else wait for it
    if (covers(entry.previous)) return entry.previous;
    const figures = await entry.value.catch(() => null);
    if (covers(figures)) return figures;
    const current = figuresCache.get(db);
    if (current && current !== entry) return cachedFigures(db, now, newestOrderAt);
    return startFigures(db, now, null).value;
  }
  if (covers(entry.settled) && now.getTime() - entry.at < FIGURES_TTL_MS) return entry.settled;
  const next = startFigures(db, now, covers(entry.settled) ? entry.settled : null);
  return next.previous ?? next.value;
}

/** Drops the cached figures (after a change this process made that they count, and in tests). */
export function forgetFigures(db: Db): void {
  figuresCache.delete(db);
  forgetReturnFigures(db);
}
