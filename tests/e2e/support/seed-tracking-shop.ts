/*
 * Seeds the order-tracking test shop's embedded database before that shop starts (the shop must not
 * be running: only one process can open it). Run by tests/e2e/track-order.spec.ts with DATA_DIR set:
 * the demo catalogue (pictures reused from the main test shop's media folder), then one registered
 * shopper with a shipped, a cancelled and an unpaid order. Running it again changes nothing.
 */
import { eq } from "drizzle-orm";
import { getMediaStorage } from "../../../app/boot.server";
import { getConfig } from "../../../app/config.server";
import { seedDatabase } from "../../../app/db/seed/seed.server";
import { user } from "../../../app/modules/accounts/auth-schema.server";
import { findProductIdBySlug, getProduct } from "../../../app/modules/catalog/products.server";
import { openConfiguredDatabase } from "../../../scripts/cli-database";
import { createTestOrder, createTestShopper, type TestOrderLine } from "../../factories/orders";
import { TRACKED_LINES, TRACKED_ORDERS, TRACKING_SHOPPER } from "./tracking-shop";

const config = getConfig();
const database = await openConfiguredDatabase();
try {
  const db = database.db;
  await seedDatabase(db, { storage: getMediaStorage(config), demoCatalogue: true });
  const phone = `+91${TRACKING_SHOPPER.phone10}`;
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.phoneNumber, phone));
  if (!existing) {
    const shopper = await createTestShopper(db, {
      phone,
      firstName: TRACKING_SHOPPER.firstName,
      lastName: TRACKING_SHOPPER.lastName,
      email: TRACKING_SHOPPER.email,
    });
    const lines: TestOrderLine[] = [];
    for (const wanted of TRACKED_LINES) {
      const product = await getProduct(db, (await findProductIdBySlug(db, wanted.slug))!);
      if (!product) throw new Error(`the demo catalogue has no ${wanted.slug}`);
      lines.push({
        name: product.name,
        unitPricePaise: product.pricePaise,
        quantity: wanted.quantity,
        size: wanted.size ?? "One Size",
        colour: product.colors[0]?.name ?? "Default",
        imageUrl: product.images[0]?.url ?? null,
      });
    }
    const DAY = 86_400_000;
    const placed = new Date(Date.now() - 4 * DAY - 3 * 3_600_000);
    const after = (ms: number) => new Date(placed.getTime() + ms);
    const contact = { phone, email: TRACKING_SHOPPER.email };
    await createTestOrder(db, shopper.id, {
      ...contact,
      orderNumber: TRACKED_ORDERS.shipped.orderNumber,
      status: "shipped",
      createdAt: placed,
      confirmedAt: after(90_000),
      lines,
      courier: TRACKED_ORDERS.shipped.courier,
      trackingNumber: TRACKED_ORDERS.shipped.trackingNumber,
      history: [
        { from: null, to: "pending_payment", at: placed },
        { from: "pending_payment", to: "confirmed", at: after(90_000) },
        { from: "confirmed", to: "processing", at: after(DAY + 2 * 3_600_000) },
        { from: "processing", to: "shipped", at: after(2 * DAY + 5 * 3_600_000) },
      ],
    });
    await createTestOrder(db, shopper.id, {
      ...contact,
      orderNumber: TRACKED_ORDERS.cancelled.orderNumber,
      status: "cancelled",
      createdAt: new Date(placed.getTime() - 9 * DAY),
      lines: lines.slice(0, 1),
      cancelledAt: new Date(placed.getTime() - 8 * DAY),
      cancellationReason: TRACKED_ORDERS.cancelled.reason,
      history: [
        { from: null, to: "pending_payment", at: new Date(placed.getTime() - 9 * DAY) },
        { from: "pending_payment", to: "confirmed", at: new Date(placed.getTime() - 9 * DAY + 60_000) },
        {
          from: "confirmed",
          to: "cancelled",
          at: new Date(placed.getTime() - 8 * DAY),
          reason: TRACKED_ORDERS.cancelled.reason,
        },
      ],
    });
    await createTestOrder(db, shopper.id, {
      ...contact,
      orderNumber: TRACKED_ORDERS.unpaid.orderNumber,
      status: "pending_payment",
      createdAt: new Date(Date.now() - 10 * 60_000),
      lines: lines.slice(1),
    });
  }
  console.log("tracking shop seeded");
} finally {
  await database.close();
}
