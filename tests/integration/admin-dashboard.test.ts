import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { user } from "../../app/modules/accounts/auth-schema.server";
import { recordAudit } from "../../app/modules/audit/index.server";
import {
  cachedFigures,
  DASHBOARD_DAYS,
  FIGURES_TTL_MS,
  forgetFigures,
} from "../../app/modules/reports/dashboard-figures.server";
import {
  loadDashboard,
  STOCK_COUNT_CAP,
  STOCK_LIST_LIMIT,
  type DashboardData,
} from "../../app/modules/reports/dashboard.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import type { OrderStatus } from "../../app/modules/orders/status-display";
import * as dashboardRoute from "../../app/routes/admin._index";
import { createTestProduct } from "../factories/catalog";
import { createTestOrder, createTestShopper } from "../factories/orders";
import { signedInStaffAndShopper } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The admin dashboard through its route loader, as a visitor, a shopper and staff, and its
 * figures against orders, products and shoppers whose numbers are known: each tile, revenue from
 * delivered and completed orders only, the 30 days of the chart in India's time zone with zeros, the
 * stock lists, the newest orders, the activity list, the shared figures and the error state.
 */

const t = setupTestDatabase();
const BASE = "http://localhost:3000";

let staffCookie = "";
let shopperCookie = "";
let ip = 0;

type LoaderArgs = Parameters<typeof dashboardRoute.loader>[0];
interface Thrown {
  data: unknown;
  init: { status?: number; headers?: HeadersInit } | null;
}

async function openDashboard(
  cookie?: string,
): Promise<{ ok: true; data: DashboardData; headers: Headers } | { ok: false; thrown: Thrown }> {
  ip += 1;
  const request = new Request(`${BASE}/admin`, {
    headers: { "x-forwarded-for": `198.51.100.${ip}`, ...(cookie ? { cookie } : {}) },
  });
  try {
    const result = (await dashboardRoute.loader({
      request,
      params: {},
      context: {},
    } as unknown as LoaderArgs)) as unknown as Thrown;
    return { ok: true, data: result.data as DashboardData, headers: new Headers(result.init?.headers) };
  } catch (thrown) {
    return { ok: false, thrown: thrown as Thrown };
  }
}

async function asStaff(): Promise<DashboardData> {
  const opened = await openDashboard(staffCookie);
  if (!opened.ok) throw new Error(`the dashboard refused staff: ${JSON.stringify(opened.thrown.init)}`);
  return opened.data;
}

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  // the shopper signs in with the code sent to their phone (this shopper is one of the active users)
  ({ staffCookie, shopperCookie } = await signedInStaffAndShopper(
    t.db,
    { name: "Priya Shah", email: "priya@example.com", password: "kesar-mango-42" },
    "+919812300001",
    ["203.0.113.40", "203.0.113.41"],
  ));
});

beforeEach(() => {
  forgetFigures(t.db);
});

describe("who sees the dashboard", () => {
  it("shows a visitor the sign-in form (401) and no figures", async () => {
    const opened = await openDashboard();
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.thrown.init?.status).toBe(401);
    expect(opened.thrown.data).toEqual({ signIn: true, reason: "signed-out" });
  });

  it("refuses a signed-in shopper (403) without figures", async () => {
    const opened = await openDashboard(shopperCookie);
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.thrown.init?.status).toBe(403);
    expect(JSON.stringify(opened.thrown.data)).not.toMatch(/figures|revenue/i);
  });

  it("gives staff the dashboard, never stored by a cache", async () => {
    const opened = await openDashboard(staffCookie);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.headers.get("Cache-Control")).toBe("no-store");
    expect(opened.data.figures).toMatchObject({ orders: 0, revenuePaise: 0 });
  });
});

describe("an empty shop", () => {
  it("has no orders: 'No orders found', zero tiles and thirty days of zeros", async () => {
    const data = await asStaff();
    expect(data.recentOrders).toEqual([]);
    // the signed-in phone shopper never completed a registration: not a shopper yet
    expect(data.figures).toMatchObject({ products: 0, orders: 0, revenuePaise: 0, activeShoppers: 0 });
    expect(data.figures.series).toHaveLength(DASHBOARD_DAYS);
    expect(data.figures.series.every((d) => d.orders === 0 && d.revenuePaise === 0)).toBe(true);
    expect(data.figures.byStatus.every((s) => s.count === 0)).toBe(true);
    expect(data.lowStock).toEqual({ count: 0, capped: false, items: [] });
    expect(data.activity).toEqual([]);
  });
});

/** Midday in India on 15 June 2025: the chart's window is 17 May to 15 June. */
const NOW = new Date("2025-06-15T12:00:00+05:30");
const ist = (local: string) => new Date(`${local}+05:30`);

describe("a shop with known orders, products and shoppers", () => {
  const placed: Record<string, { id: string; orderNumber: string; totalPaise: number }> = {};
  let kurta = "";
  let dupatta = "";
  let archived = "";

  beforeAll(async () => {
    kurta = await createTestProduct(t.db, {
      name: "Indigo Block Print Kurta",
      sizes: ["S", "M", "L"],
      colors: [{ name: "Indigo", hex: "#2E3A87" }],
      variantStock: [
        { size: "S", colour: "Indigo", stock: 12 },
        { size: "M", colour: "Indigo", stock: 3 },
        { size: "L", colour: "Indigo", stock: 0 },
      ],
    });
    dupatta = await createTestProduct(t.db, {
      name: "Rust Chanderi Dupatta",
      sizes: ["Free Size"],
      colors: [
        { name: "Rust", hex: "#B4532A" },
        { name: "Ivory", hex: "#FFFFF0" },
        { name: "Teal", hex: "#1F6F6F" },
      ],
      variantStock: [
        { size: "Free Size", colour: "Rust", stock: 1 },
        { size: "Free Size", colour: "Ivory", stock: 5 },
        { size: "Free Size", colour: "Teal", stock: 6 },
      ],
    });
    // archived (inactive): counted among the products, never in the stock lists
    archived = await createTestProduct(t.db, {
      name: "Archived Silk Saree",
      isActive: false,
      sizes: ["Free Size"],
      colors: [{ name: "Gold", hex: "#C9A227" }],
      variantStock: [{ size: "Free Size", colour: "Gold", stock: 2 }],
    });

    const asha = await createTestShopper(t.db, { firstName: "Asha" });
    await createTestShopper(t.db, { firstName: "Meera" });
    const banned = await createTestShopper(t.db, { firstName: "Banned" });
    const banOver = await createTestShopper(t.db, { firstName: "Forgiven" });
    await t.db.update(user).set({ banned: true }).where(eq(user.id, banned.id));
    await t.db
      .update(user)
      .set({ banned: true, banExpires: new Date(NOW.getTime() - 86_400_000) })
      .where(eq(user.id, banOver.id));

    const order = (status: OrderStatus, rupees: number, at: Date) =>
      createTestOrder(t.db, asha.id, {
        status,
        createdAt: at,
        lines: [{ name: "Indigo Block Print Kurta", unitPricePaise: rupees * 100, quantity: 1 }],
      });
    // every subtotal is above ₹499, so no shipping is added: each total is the line's price
    placed.delivered = await order("delivered", 1200, ist("2025-06-15T00:10:00")); // 14 June in UTC, 15 June in India
    placed.completed = await order("completed", 800, ist("2025-06-14T23:50:00"));
    placed.awaiting = await order("pending_payment", 600, ist("2025-06-10T18:00:00"));
    placed.pending = await order("pending", 550, ist("2025-06-10T09:00:00"));
    placed.cancelled = await order("cancelled", 5000, ist("2025-05-17T00:05:00")); // the window's first day
    placed.shipped = await order("shipped", 700, ist("2025-05-16T23:55:00")); // the day before the window
  });

  it("counts products, orders, active shoppers and revenue (delivered and completed only)", async () => {
    const { figures } = await loadDashboard(t.db, { now: NOW, figures: "fresh" });
    expect(figures.products).toBe(3);
    expect(figures.activeProducts).toBe(2);
    expect(figures.orders).toBe(6);
    // Asha, Meera and the shopper whose ban ran out; not the banned one, not staff, not the phone
    // shopper who never completed a registration
    expect(figures.activeShoppers).toBe(3);
    expect(figures.revenuePaise).toBe(120_000 + 80_000);
  });

  it("gives the page the same tiles", async () => {
    const data = await asStaff();
    expect(data.figures).toMatchObject({ products: 3, orders: 6, activeShoppers: 3, revenuePaise: 200_000 });
  });

  it("breaks orders down by status, every status listed", async () => {
    const { figures } = await loadDashboard(t.db, { now: NOW, figures: "fresh" });
    expect(Object.fromEntries(figures.byStatus.map((s) => [s.status, s.count]))).toEqual({
      pending_payment: 1,
      confirmed: 0,
      pending: 1,
      processing: 0,
      shipped: 1,
      delivered: 1,
      completed: 1,
      cancelled: 1,
      returned: 0,
    });
  });

  it("charts 30 days in India's time zone, today included, days without orders as zeros", async () => {
    const { figures } = await loadDashboard(t.db, { now: NOW, figures: "fresh" });
    const series = figures.series;
    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ day: "2025-05-17", label: "Sat, 17 May", orders: 1, revenuePaise: 0 });
    expect(series.at(-1)).toEqual({ day: "2025-06-15", label: "Sun, 15 Jun", orders: 1, revenuePaise: 120_000 });
    const byDay = new Map(series.map((d) => [d.day, d]));
    expect(byDay.get("2025-06-14")).toMatchObject({ orders: 1, revenuePaise: 80_000 });
    expect(byDay.get("2025-06-10")).toMatchObject({ orders: 2, revenuePaise: 0 });
    expect(byDay.has("2025-05-16")).toBe(false);
    const quiet = series.filter((d) => !["2025-05-17", "2025-06-10", "2025-06-14", "2025-06-15"].includes(d.day));
    expect(quiet).toHaveLength(26);
    expect(quiet.every((d) => d.orders === 0 && d.revenuePaise === 0)).toBe(true);
    // consecutive days, no gap and no repeat
    for (let i = 1; i < series.length; i++) {
      expect(Date.parse(series[i]!.day) - Date.parse(series[i - 1]!.day)).toBe(86_400_000);
    }
  });

  it("lists the five newest orders, newest first, with number, customer, amount, status and date", async () => {
    const data = await asStaff();
    expect(data.recentOrders.map((o) => o.orderNumber)).toEqual(
      [placed.delivered, placed.completed, placed.awaiting, placed.pending, placed.cancelled].map(
        (o) => o!.orderNumber,
      ),
    );
    expect(data.recentOrders[0]).toMatchObject({
      customerName: "Asha Verma",
      totalPaise: 120_000,
      status: "delivered",
      placedOn: "15 Jun 2025",
    });
    expect(data.recentOrders[1]).toMatchObject({ status: "completed", placedOn: "14 Jun 2025" });
  });

  it("lists low (1-5 left) and sold-out variants of active products with their product for the edit link", async () => {
    const data = await asStaff();
    expect(data.lowStock.items.map((v) => [v.productName, v.size, v.colour, v.stock])).toEqual([
      ["Rust Chanderi Dupatta", "Free Size", "Rust", 1],
      ["Indigo Block Print Kurta", "M", "Indigo", 3],
      ["Rust Chanderi Dupatta", "Free Size", "Ivory", 5],
    ]);
    expect(data.lowStock).toMatchObject({ count: 3, capped: false });
    expect(data.lowStock.items[1]).toMatchObject({ productId: kurta, sku: expect.stringMatching(/-M-/) });
    expect(data.lowStock.items[0]!.productId).toBe(dupatta);
    expect(data.soldOut).toMatchObject({ count: 1, capped: false });
    expect(data.soldOut.items).toEqual([
      expect.objectContaining({
        productId: kurta,
        productName: "Indigo Block Print Kurta",
        size: "L",
        colour: "Indigo",
        stock: 0,
      }),
    ]);
    expect([...data.lowStock.items, ...data.soldOut.items].some((v) => v.productId === archived)).toBe(false);
  });

  it("shares the figures for 30 s, yet counts a new order at once: the tiles never miss an order Recent Orders shows", async () => {
    const before = await asStaff();
    const later = await createTestShopper(t.db, { firstName: "Later" });
    const late = await createTestOrder(t.db, later.id, {
      status: "shipped",
      lines: [{ name: "Late Kurta", unitPricePaise: 100_000, quantity: 1 }],
    });
    const counted = await asStaff();
    expect(counted.recentOrders[0]!.orderNumber).toBe(late.orderNumber);
    expect(counted.figures.orders).toBe(before.figures.orders + 1);
    expect(counted.figures.newestOrderAt).toBe(counted.recentOrders[0]!.createdAt);

    // a change to an older order (delivered: now revenue) waits for the next computation
    await t.db.execute(sql`UPDATE orders SET status = 'delivered' WHERE order_number = ${late.orderNumber}`);
    const shared = await asStaff();
    expect(shared.figures.at).toBe(counted.figures.at);
    expect(shared.figures.revenuePaise).toBe(before.figures.revenuePaise);
    expect(shared.recentOrders[0]!.status).toBe("delivered");
    forgetFigures(t.db);
    const fresh = await asStaff();
    expect(fresh.figures.revenuePaise).toBe(before.figures.revenuePaise + 100_000);
  });

  it("after 30 s serves the older figures once more while it counts again, then the new ones", async () => {
    const t0 = new Date();
    const first = await cachedFigures(t.db, t0);
    const shopper = await createTestShopper(t.db, { firstName: "Stale" });
    const order = await createTestOrder(t.db, shopper.id, {
      status: "processing",
      createdAt: new Date(t0.getTime() - 60_000),
    });
    // within the window: the same figures (this order is not the newest the page lists)
    expect(await cachedFigures(t.db, new Date(t0.getTime() + 1_000))).toBe(first);
    // past it: the older figures answer at once, and a count starts
    const later = new Date(t0.getTime() + FIGURES_TTL_MS + 1_000);
    expect(await cachedFigures(t.db, later)).toBe(first);
    await expect.poll(async () => (await cachedFigures(t.db, later)).orders).toBe(first.orders + 1);
    // an order newer than the figures is never left out: that request waits for the count
    const newest = await createTestOrder(t.db, shopper.id, {
      status: "confirmed",
      createdAt: new Date(t0.getTime() + 120_000),
    });
    const counted = await cachedFigures(t.db, later, new Date(t0.getTime() + 120_000).toISOString());
    expect(counted.orders).toBe(first.orders + 2);
    expect(counted.newestOrderAt).toBe(new Date(t0.getTime() + 120_000).toISOString());
    expect((await loadDashboard(t.db)).recentOrders.map((o) => o.orderNumber).slice(0, 1)).toEqual([
      newest.orderNumber,
    ]);
    expect(order.orderNumber).not.toBe(newest.orderNumber);
  });

  it("shows the newest back-office changes", async () => {
    const staff = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "priya@example.com"));
    const actor = { id: staff[0]!.id, name: "Priya Shah" };
    await recordAudit(t.db, actor, {
      entity: "product",
      entityId: kurta,
      action: "update",
      summary: "Price ₹1,499 → ₹1,299",
    });
    await new Promise((r) => setTimeout(r, 5));
    await recordAudit(t.db, actor, {
      entity: "product",
      entityId: kurta,
      action: "stock",
      summary: "Stock M/Indigo 3 → 10",
    });
    const data = await asStaff();
    expect(data.activity.map((a) => a.summary)).toEqual(["Stock M/Indigo 3 → 10", "Price ₹1,499 → ₹1,299"]);
    expect(data.activity[0]).toMatchObject({
      actorName: "Priya Shah",
      entity: "product",
      entityId: kurta,
      atLabel: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} [ap]m$/),
    });
  });

  it("counts stock alerts up to 100 and shows the first eight", async () => {
    const sizes = ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "Free Size", "26", "28", "30"];
    const colours = ["Red", "Blue", "Green", "Black", "White", "Pink", "Grey", "Gold", "Teal", "Wine"].map(
      (name, i) => ({ name, hex: `#${String(i).repeat(6)}` }),
    );
    await createTestProduct(t.db, {
      name: "Many Variants Kurta",
      sizes,
      colors: colours,
      variantStock: sizes.flatMap((size) => colours.map((c) => ({ size, colour: c.name, stock: 2 }))),
    });
    const data = await asStaff();
    expect(data.lowStock.count).toBe(STOCK_COUNT_CAP);
    expect(data.lowStock.capped).toBe(true);
    expect(data.lowStock.items).toHaveLength(STOCK_LIST_LIMIT);
    expect(data.lowStock.items[0]).toMatchObject({ productName: "Rust Chanderi Dupatta", stock: 1 });
  });
});

describe("when a query fails", () => {
  it("answers 'Error loading dashboard data' (500) with no figures, and works again once the database does", async () => {
    await t.db.execute(sql`ALTER TABLE orders RENAME TO orders_away`);
    let opened: Awaited<ReturnType<typeof openDashboard>>;
    try {
      opened = await openDashboard(staffCookie);
    } finally {
      await t.db.execute(sql`ALTER TABLE orders_away RENAME TO orders`);
    }
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.thrown.init?.status).toBe(500);
    expect(opened.thrown.data).toEqual({ message: "Error loading dashboard data" });
    expect(new Headers(opened.thrown.init?.headers).get("Cache-Control")).toBe("no-store");

    // Retry: the failure was not kept
    const again = await openDashboard(staffCookie);
    expect(again.ok).toBe(true);
  });
});
