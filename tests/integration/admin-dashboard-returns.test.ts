import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { orders } from "../../app/modules/orders/schema.server";
import { loadDashboard, type DashboardData } from "../../app/modules/reports/dashboard.server";
import { RETURN_FIGURES_TTL_MS } from "../../app/modules/reports/return-figures.server";
import { forgetFigures } from "../../app/modules/reports/dashboard-figures.server";
import { declineReturn, withdrawReturn } from "../../app/modules/returns/index.server";
import { returnRequests } from "../../app/modules/returns/schema.server";
import * as dashboardRoute from "../../app/routes/admin._index";
import { createTestShopper } from "../factories/orders";
import { deliveredOrder } from "../factories/returns";
import { signedInStaffAndShopper } from "../factories/sessions";
import { askReturn, deliveredOrderOf, prepareReturnsShop, sizedKurta } from "../factories/size-returns";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The dashboard's 'Returns and exchanges' figures through its route loader, as staff see them, over
 * orders whose pieces and returns are known: the pieces delivered from the last 30 days' orders and
 * those asked back, the exchanges' share, the most returned products, and the returns by size and by
 * reason; declined and withdrawn requests, orders not delivered and older orders left out.
 */

const t = setupTestDatabase();
let staffCookie = "";
const staff = { id: "", name: "Priya Shah" };

beforeAll(async () => {
  setDatabase(t.database);
  await prepareReturnsShop(t.db);
  ({ staffCookie } = await signedInStaffAndShopper(
    t.db,
    { name: "Priya Shah", email: "priya@example.com", password: "kesar-mango-42" },
    "+919812300001",
    ["203.0.113.40", "203.0.113.41"],
  ));
  staff.id = (await createTestShopper(t.db, { firstName: "Priya" })).id;
});

beforeEach(() => forgetFigures(t.db));

async function dashboard(): Promise<DashboardData> {
  const result = (await dashboardRoute.loader({
    request: new Request("http://localhost:3000/admin", {
      headers: { cookie: staffCookie, "x-forwarded-for": "198.51.100.7" },
    }),
    params: {},
    context: {},
  } as never)) as unknown as { data: DashboardData };
  return result.data;
}

async function rowOf(returnId: string) {
  const [row] = await t.db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
  return row!;
}

describe("returns and exchanges on the dashboard", () => {
  it("is all zeros, with no products, sizes or reasons, before anything was delivered", async () => {
    expect((await dashboard()).returns).toEqual({
      deliveredPieces: 0,
      returnedPieces: 0,
      exchangedPieces: 0,
      products: [],
      sizes: [],
      reasons: [],
    });
  });

  it("counts the pieces delivered and asked back, the exchanges, and lists products, sizes and reasons", async () => {
    const kurta = await sizedKurta(t.db, { name: "Indigo Mul Kurta" });
    const saree = await sizedKurta(t.db, { name: "Chanderi Kurta Set" });

    // the kurta: 6 pieces delivered, 3 asked back (2 exchanged), two more asked back and then declined or withdrawn
    const two = await deliveredOrderOf(t.db, kurta, { size: "M", quantity: 2 });
    await askReturn(t.db, two, { reason: "too_small", productId: kurta });
    const large = await deliveredOrderOf(t.db, kurta, { size: "L" });
    await askReturn(t.db, large, { reason: "too_large", resolution: "store_credit", productId: kurta });
    const again = await deliveredOrderOf(t.db, kurta, { size: "M" });
    await askReturn(t.db, again, { reason: "too_small", productId: kurta });
    const declined = await askReturn(t.db, await deliveredOrderOf(t.db, kurta, { size: "M" }), {
      reason: "too_small",
      productId: kurta,
    });
    const withdrawn = await askReturn(t.db, await deliveredOrderOf(t.db, kurta, { size: "S" }), {
      reason: "too_small",
      productId: kurta,
    });
    const d = await rowOf(declined);
    expect(
      await declineReturn(t.db, { returnId: declined, version: d.version, reason: "Worn pieces", staff }),
    ).toMatchObject({ ok: true });
    const w = await rowOf(withdrawn);
    expect(
      await withdrawReturn(t.db, { userId: w.userId, returnNumber: w.returnNumber, version: w.version }),
    ).toMatchObject({ ok: true });

    // the set: 4 pieces delivered, 2 of one order sent back damaged for store credit
    const three = await deliveredOrderOf(t.db, saree, { size: "M", quantity: 3 });
    await askReturn(t.db, three, { reason: "damaged", resolution: "store_credit", productId: saree, quantity: 2 });
    await deliveredOrderOf(t.db, saree, { size: "M" });

    // left out: an order placed 40 days ago (returned since), and one not delivered yet
    const old = await deliveredOrderOf(t.db, kurta, { size: "M" });
    await askReturn(t.db, old, { reason: "too_small", productId: kurta });
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(orders.id, old.order.id));
    const shopper = await createTestShopper(t.db);
    await deliveredOrder(t.db, shopper.id, [{ productId: kurta, size: "M", colour: "Indigo", quantity: 4 }], {
      status: "shipped",
    });

    const { returns } = await dashboard();
    expect(returns).toMatchObject({ deliveredPieces: 10, returnedPieces: 5, exchangedPieces: 2 });
    expect(returns.products).toEqual([
      { productId: kurta, name: "Indigo Mul Kurta", sold: 6, returned: 3, exchanged: 2 },
      { productId: saree, name: "Chanderi Kurta Set", sold: 4, returned: 2, exchanged: 0 },
    ]);
    expect(returns.sizes).toEqual([
      { size: "M", returned: 4, tooSmall: 2, tooLarge: 0 },
      { size: "L", returned: 1, tooSmall: 0, tooLarge: 1 },
    ]);
    expect(returns.reasons).toEqual([
      { reason: "too_small", returned: 2 },
      { reason: "too_large", returned: 1 },
      { reason: "damaged", returned: 2 },
    ]);
  });

  it("shares one count for 30 s, not counted again for a new order, then serves the older figures while counting", async () => {
    const kurta = await sizedKurta(t.db, { name: "Kota Doria Kurta" });
    const now = new Date();
    const before = (await loadDashboard(t.db, { now })).returns;

    // a new return, and a new order: the shared count does not move yet
    await askReturn(t.db, await deliveredOrderOf(t.db, kurta, { size: "L" }), {
      reason: "too_large",
      productId: kurta,
    });
    await deliveredOrderOf(t.db, kurta);
    const later = new Date(now.getTime() + RETURN_FIGURES_TTL_MS - 1);
    expect((await loadDashboard(t.db, { now: later })).returns).toEqual(before);

    // past the 30 s: that view still gets the older figures, and starts a count
    const past = new Date(now.getTime() + RETURN_FIGURES_TTL_MS);
    expect((await loadDashboard(t.db, { now: past })).returns).toEqual(before);
    // the count runs in the background: later views get it once it is done
    let fresh = before;
    for (let i = 1; i <= 100 && fresh === before; i++) {
      const view = (await loadDashboard(t.db, { now: new Date(past.getTime() + i) })).returns;
      if (view.returnedPieces !== before.returnedPieces) fresh = view;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(fresh.returnedPieces).toBe(before.returnedPieces + 1);
    expect(fresh.deliveredPieces).toBe(before.deliveredPieces + 2);
    expect(fresh.products.find((p) => p.productId === kurta)).toEqual({
      productId: kurta,
      name: "Kota Doria Kurta",
      sold: 2,
      returned: 1,
      exchanged: 1,
    });
  });
});
