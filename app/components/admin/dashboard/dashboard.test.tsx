import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import type { DashboardData } from "~/modules/reports/index.server";
import { ErrorBoundary } from "~/routes/admin._index";
import { Dashboard } from "./dashboard";

/* The dashboard as the server renders it: its figures, its empty states and its error state. */

const series = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 9, 26 + i));
  return {
    day: day.toISOString().slice(0, 10),
    label: `Day ${i + 1}`,
    orders: i === 29 ? 3 : 0,
    revenuePaise: i === 29 ? 12_345_600 : 0,
  };
});

const DATA: DashboardData = {
  figures: {
    at: "2026-11-24T04:30:00.000Z",
    atLabel: "24 Nov, 10:00 am",
    newestOrderAt: null,
    products: 1234,
    activeProducts: 1200,
    orders: 123_456,
    activeShoppers: 4321,
    revenuePaise: 1_234_567_800,
    byStatus: [
      { status: "pending_payment", count: 0 },
      { status: "confirmed", count: 3 },
      { status: "pending", count: 0 },
      { status: "processing", count: 0 },
      { status: "shipped", count: 0 },
      { status: "delivered", count: 123_450 },
      { status: "completed", count: 0 },
      { status: "cancelled", count: 3 },
      { status: "returned", count: 0 },
    ],
    series,
    rto: { cod: { delivered: 35, returned: 5 }, online: { delivered: 50, returned: 0 } },
  },
  returns: {
    deliveredPieces: 0,
    returnedPieces: 0,
    exchangedPieces: 0,
    products: [],
    sizes: [],
    reasons: [],
  },
  reviews: { waiting: 0, published: 0, products: 0, average: null, lowest: [], best: [] },
  timeZone: "Asia/Kolkata",
  lowStock: { count: 0, capped: false, items: [] },
  soldOut: {
    count: 100,
    capped: true,
    items: [
      {
        variantId: "v1",
        productId: "3f1c2d9e-8a41-4c1e-9a57-1d2b3c4d5e6f",
        productName: "Indigo Kurta",
        size: "M",
        colour: "Indigo",
        sku: "KUR-1001-M-IND",
        stock: 0,
      },
    ],
  },
  recentOrders: [],
  activity: [],
};

function render(
  element: React.ReactNode,
  hydrationData?: Parameters<ReturnType<typeof createRoutesStub>>[0]["hydrationData"],
): string {
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: Outlet,
      children: [{ index: true, id: "dashboard", Component: () => <>{element}</>, ErrorBoundary }],
    },
  ]);
  return renderToString(<Stub initialEntries={["/admin"]} hydrationData={hydrationData} />);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("the dashboard", () => {
  it("shows the four tiles in Indian grouping, revenue in rupees", () => {
    const page = text(render(<Dashboard data={DATA} />));
    expect(page).toContain("Total Products 1,234 1,200 active in the shop");
    expect(page).toContain("Total Orders 1,23,456 3 in the last 30 days");
    expect(page).toContain("Active Users 4,321 Registered shoppers, not banned");
    expect(page).toContain("Revenue ₹1,23,45,678 Delivered and completed orders");
  });

  it("says 'No orders found' without orders, and when nothing is low or done yet", () => {
    const page = text(render(<Dashboard data={DATA} />));
    expect(page).toContain("No orders found");
    expect(page).toContain("No size or colour is running low.");
    expect(page).toContain("No changes yet.");
  });

  it("links each sold-out variant to its product's editor and says when there are more", () => {
    const html = render(<Dashboard data={DATA} />);
    expect(html).toContain('href="/admin/products/3f1c2d9e-8a41-4c1e-9a57-1d2b3c4d5e6f"');
    expect(html).toContain('aria-label="Edit Indigo Kurta, size M, colour Indigo"');
    expect(text(html)).toContain("Sold out 100+ variants");
    expect(text(html)).toContain("Showing 1 of more than 100");
  });

  it("shows the share of parcels returned undelivered for cash on delivery and prepaid", () => {
    const page = text(render(<Dashboard data={DATA} />));
    expect(page).toContain("Returned undelivered, 90 days");
    expect(page).toContain("Cash on delivery 12.5% 5 of 40 parcels");
    expect(page).toContain("Prepaid 0.0% 0 of 50 parcels");
  });

  it("renders the chart's figures as a table on the server and leaves the drawing to the browser", () => {
    const html = render(<Dashboard data={DATA} />);
    expect(html).not.toContain("<canvas");
    expect(html).toContain('data-state="loading"');
    const rows = html.match(/<tr>/g) ?? [];
    expect(rows.length).toBe(31);
    expect(text(html)).toContain("Day 30 3 ₹1,23,456");
    expect(text(html)).toContain("₹1,23,456 revenue 3 orders placed");
  });
});

describe("the returns and exchanges panel", () => {
  const withReturns: DashboardData = {
    ...DATA,
    returns: {
      deliveredPieces: 2_400,
      returnedPieces: 120,
      exchangedPieces: 54,
      products: [
        {
          productId: "3f1c2d9e-8a41-4c1e-9a57-1d2b3c4d5e6f",
          name: "Indigo Kurta",
          sold: 300,
          returned: 45,
          exchanged: 30,
        },
      ],
      sizes: [{ size: "M", returned: 60, tooSmall: 42, tooLarge: 6 }],
      reasons: [
        { reason: "too_small", returned: 70 },
        { reason: "damaged", returned: 1 },
      ],
    },
  };

  it("shows the return rate and the exchanges' share of the returns", () => {
    const page = text(render(<Dashboard data={withReturns} />));
    expect(page).toContain("Returns and exchanges Orders of the last 30 days, now delivered");
    expect(page).toContain("Return rate 5.0% 120 of 2,400 pieces delivered asked back");
    expect(page).toContain("Exchanges 45.0% 54 of 120 returned pieces exchanged");
  });

  it("lists the most returned products with their rate, and the returns by size and by reason", () => {
    const html = render(<Dashboard data={withReturns} />);
    const page = text(html);
    expect(html).toContain('href="/admin/products/3f1c2d9e-8a41-4c1e-9a57-1d2b3c4d5e6f"');
    expect(page).toContain("Indigo Kurta 300 45 15.0% 30");
    expect(page).toContain("Indigo Kurta 300 sold 45 returned · 15.0% 30 exchanged");
    expect(page).toContain("M 60 returned 50% Too small 70% Too large 10%");
    expect(page).toContain("Too small 70 58%");
    expect(page).toContain("Damaged 1 &lt;1%");
  });

  it("says so when nothing was asked back, with a dash for a rate of nothing", () => {
    const page = text(render(<Dashboard data={DATA} />));
    expect(page).toContain("Return rate – 0 of 0 pieces delivered asked back");
    expect(page).toContain("No returns asked for on these orders.");
  });
});

describe("the dashboard's error boundary", () => {
  it("shows 'Error loading dashboard data' with Retry when the loader failed", () => {
    const error = {
      status: 500,
      statusText: "Internal Server Error",
      internal: false,
      data: { message: "Error loading dashboard data" },
    };
    const html = render(null, { errors: { dashboard: error } });
    expect(text(html)).toContain("Error loading dashboard data");
    expect(html).toMatch(/role="alert"[^>]*>Error loading dashboard data/);
    expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
  });

  it("leaves 401 and 403 to the admin layout (its sign-in form and refusal)", () => {
    for (const status of [401, 403]) {
      const error = { status, statusText: "", internal: false, data: null };
      expect(() => render(null, { errors: { dashboard: error } })).toThrow();
    }
  });
});
