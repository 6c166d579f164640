import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { productVariants, products } from "../catalog/schema.server";
import { LOW_STOCK } from "../catalog";
import { orders } from "../orders/schema.server";
import type { OrderStatus } from "../orders";
import { recentActivity, type ActivityItem } from "../audit/index.server";
import {
  cachedFigures,
  chartWindow,
  computeFigures,
  DASHBOARD_TIME_ZONE,
  type DashboardFigures,
} from "./dashboard-figures.server";
import { cachedReturnFigures, returnFigures, type ReturnFigures } from "./return-figures.server";
import { reviewFigures, type ReviewFigures } from "./review-figures.server";

/*
 * The back office's dashboard: the shared figures (dashboard-figures.server.ts) and the live lists
 * (stock, recent orders, activity), each a short walk down an index, read side by side. Reports are
 * the one module allowed to join across the others (decision 038), so it reads their tables here,
 * read-only.
 */

/** How many variants each stock list shows. */
export const STOCK_LIST_LIMIT = 8;
/** The stock lists count their variants up to this many ('100+' beyond). */
export const STOCK_COUNT_CAP = 100;
/** How many of the newest orders the dashboard lists. */
const RECENT_ORDERS = 5;
const RECENT_ACTIVITY = 8;

export interface StockAlert {
  variantId: string;
  productId: string;
  productName: string;
  size: string;
  colour: string;
  sku: string;
  stock: number;
}

export interface StockAlertList {
  /** how many variants qualify, counted up to STOCK_COUNT_CAP */
  count: number;
  /** more than STOCK_COUNT_CAP qualify */
  capped: boolean;
  /** the first STOCK_LIST_LIMIT: lowest stock first, then the most recently changed */
  items: StockAlert[];
}

export interface RecentOrder {
  id: string;
  orderNumber: string;
  customerName: string;
  totalPaise: number;
  status: OrderStatus;
  createdAt: string;
  /** '24 Nov 2026' */
  placedOn: string;
}

export interface DashboardData {
  figures: DashboardFigures & { atLabel: string };
  /** returns and exchanges of the chart's days' orders (return-figures.server.ts) */
  returns: ReturnFigures;
  /** reviews waiting for staff, the average rating, the lowest and best rated products (review-figures.server.ts) */
  reviews: ReviewFigures;
  timeZone: string;
  lowStock: StockAlertList;
  soldOut: StockAlertList;
  /** newest first */
  recentOrders: RecentOrder[];
  activity: Array<ActivityItem & { atLabel: string }>;
}

// Dates are written out on the server, in the shop's time zone, so the page reads the same wherever
// the browser is and the hydrated page matches the server's (browsers' date data differ slightly).
const dayFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: DASHBOARD_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
});
const dayTimeFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: DASHBOARD_TIME_ZONE,
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** '24 Nov 2026' */
function shopDate(at: Date): string {
  return dayFormat.format(at);
}

/** '24 Nov, 3:05 pm' */
function shopDateTime(at: Date): string {
  return dayTimeFormat.format(at).replace(/\u202f/g, " ");
}

/**
 * Variants of active products that are low (1 to LOW_STOCK left) or sold out: the first few in the
 * order of `product_variants_low_stock_idx`, and how many qualify, counted up to STOCK_COUNT_CAP so
 * the count stays a short index walk however many there are.
 */
function stockAlertsQuery(db: Db, kind: "low" | "sold-out") {
  const range =
    kind === "low"
      ? and(gte(productVariants.stock, 1), lte(productVariants.stock, LOW_STOCK))
      : eq(productVariants.stock, 0);
  // one statement: the first STOCK_COUNT_CAP + 1 in index order, counted, of which the first few are listed
  const matching = db.$with("matching").as(
    db
      .select({
        variantId: productVariants.id,
        productId: productVariants.productId,
        productName: products.name,
        size: productVariants.size,
        colour: productVariants.colour,
        sku: productVariants.sku,
        stock: productVariants.stock,
        updatedAt: productVariants.updatedAt,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(range, eq(products.isActive, true)))
      .orderBy(productVariants.stock, sql`${productVariants.updatedAt} DESC NULLS LAST`, productVariants.id)
      .limit(STOCK_COUNT_CAP + 1),
  );
  return db
    .with(matching)
    .select({
      variantId: matching.variantId,
      productId: matching.productId,
      productName: matching.productName,
      size: matching.size,
      colour: matching.colour,
      sku: matching.sku,
      stock: matching.stock,
      n: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(matching)
    .orderBy(matching.stock, sql`${matching.updatedAt} DESC NULLS LAST`, matching.variantId)
    .limit(STOCK_LIST_LIMIT);
}

/** The newest orders (the index on created_at is DESC NULLS LAST: the order must say so to use it). */
function latestOrdersQuery(db: Db) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerName: orders.customerName,
      totalPaise: orders.totalPaise,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .orderBy(sql`${orders.createdAt} DESC NULLS LAST`, sql`${orders.id} DESC`)
    .limit(RECENT_ORDERS);
}

/** The page's queries, built once per database and prepared (they run on every dashboard view). */
function preparedQueries(db: Db) {
  let queries = prepared.get(db);
  if (!queries) {
    queries = {
      low: stockAlertsQuery(db, "low").prepare("dashboard_low_stock"),
      soldOut: stockAlertsQuery(db, "sold-out").prepare("dashboard_sold_out"),
      latest: latestOrdersQuery(db).prepare("dashboard_latest_orders"),
    };
    prepared.set(db, queries);
  }
  return queries;
}
const prepared = new WeakMap<
  Db,
  {
    low: PreparedOf<typeof stockAlertsQuery>;
    soldOut: PreparedOf<typeof stockAlertsQuery>;
    latest: PreparedOf<typeof latestOrdersQuery>;
  }
>();
type PreparedOf<F extends (db: Db, ...rest: never[]) => { prepare(name: string): unknown }> = ReturnType<
  ReturnType<F>["prepare"]
>;

/**
 * Variants of active products that are low (1 to LOW_STOCK left) or sold out: the first few in the
 * order of `product_variants_low_stock_idx`, and how many qualify, counted up to STOCK_COUNT_CAP so
 * the count stays a short index walk however many there are.
 */
async function stockAlerts(db: Db, kind: "low" | "sold-out"): Promise<StockAlertList> {
  const queries = preparedQueries(db);
  const rows = await (kind === "low" ? queries.low : queries.soldOut).execute();
  const n = rows[0]?.n ?? 0;
  return {
    count: Math.min(n, STOCK_COUNT_CAP),
    capped: n > STOCK_COUNT_CAP,
    items: rows.map(({ n: _n, ...item }) => item),
  };
}

/** The newest orders, for Recent Orders. */
async function latestOrders(db: Db): Promise<RecentOrder[]> {
  const rows = await preparedQueries(db).latest.execute();
  return rows.map(({ createdAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    placedOn: shopDate(createdAt),
  }));
}

/** Everything the dashboard shows. `figures` picks the shared figures (the page) or fresh ones. */
export async function loadDashboard(
  db: Db,
  options: { now?: Date; figures?: "cached" | "fresh" } = {},
): Promise<DashboardData> {
  const now = options.now ?? new Date();
  const newest = latestOrders(db);
  const [figures, returns, reviews, lowStock, soldOut, recentOrders, activity] = await Promise.all([
    options.figures === "fresh"
      ? computeFigures(db, now)
      : newest.then((list) => cachedFigures(db, now, list[0]?.createdAt ?? null)),
    options.figures === "fresh" ? returnFigures(db, chartWindow(now)) : cachedReturnFigures(db, now, chartWindow(now)),
    reviewFigures(db),
    stockAlerts(db, "low"),
    stockAlerts(db, "sold-out"),
    newest,
    recentActivity(db, { limit: RECENT_ACTIVITY }),
  ]);
  return {
    figures: { ...figures, atLabel: shopDateTime(new Date(figures.at)) },
    returns,
    reviews,
    timeZone: DASHBOARD_TIME_ZONE,
    lowStock,
    soldOut,
    recentOrders,
    activity: activity.map((item) => ({ ...item, atLabel: shopDateTime(new Date(item.at)) })),
  };
}
