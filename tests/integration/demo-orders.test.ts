import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { CATALOGUE } from "../../app/db/seed/catalogue";
import { DEMO_SHOPPER, seedDemoOrders } from "../../app/db/seed/demo-orders.server";
import { seedDatabase } from "../../app/db/seed/seed.server";
import { listOrdersForUser } from "../../app/modules/checkout/index.server";
import { ensureDemoShopper } from "../../app/modules/accounts/index.server";
import { loadReturnOffer, returnsOfOrder } from "../../app/modules/returns/index.server";
import { localDiskStorage } from "../../app/modules/media/storage.server";
import { orderLinesOf } from "../../app/modules/orders/orders.server";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The demo shop's first start shows an account with orders: the demo shopper's two delivered orders,
 * one she can still return or exchange from, and a size exchange waiting for staff.
 */

const t = setupTestDatabase();
const SLUGS = [
  "neel-dabu-print-cotton-kurta",
  "shyama-ikat-handloom-a-line-kurta",
  "gulnaar-chanderi-kurta-set-with-dupatta",
];

describe("the demo shopper's orders", () => {
  it("are placed through the checkout, delivered, with an exchange asked for; seeding again adds nothing", async () => {
    setDatabase(t.database);
    const storage = localDiskStorage(mkdtempSync(path.join(tmpdir(), "demo-orders-media-")));
    await seedDatabase(t.db, {
      storage,
      demoCatalogue: true,
      products: CATALOGUE.filter((p) => SLUGS.includes(p.slug)),
    });
    expect(await seedDemoOrders(t.db)).toBe(2);
    const userId = await ensureDemoShopper(t.db, DEMO_SHOPPER);
    const orders = await listOrdersForUser(t.db, userId);
    expect(orders.map((o) => o.status)).toEqual(["delivered", "delivered"]);
    const [newest, older] = orders;
    const returns = await returnsOfOrder(t.db, newest!.id);
    expect(returns.map((r) => [r.status, r.resolution, r.reason])).toEqual([["requested", "exchange", "too_small"]]);
    expect(returns[0]!.lines[0]).toMatchObject({ heldQuantity: 1 });
    // too small: a larger size is held for her
    const sizes = ["XS", "S", "M", "L", "XL", "XXL"];
    const [line] = await orderLinesOf(t.db, newest!.id);
    expect(sizes.indexOf(returns[0]!.lines[0]!.exchangeSize!)).toBeGreaterThan(sizes.indexOf(line!.size));
    // the older order, delivered five days ago, is still open for a return or an exchange
    const offer = await loadReturnOffer(t.db, { userId, orderNumber: older!.orderNumber });
    expect(offer.kind === "offer" && offer.open).toBe(true);

    expect(await seedDemoOrders(t.db)).toBe(0);
    expect(await listOrdersForUser(t.db, userId)).toHaveLength(2);
  }, 120_000);
});
