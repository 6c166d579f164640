import { randomBytes } from "node:crypto";
import type { Db } from "../client.server";
import { inTransaction } from "../transaction.server";
import { getLogger } from "../../lib/logger.server";
import { ensureDemoShopper } from "../../modules/accounts/index.server";
import { addLine } from "../../modules/cart/index.server";
import { findProductIdBySlug, variantsOf } from "../../modules/catalog/index.server";
import { checkoutFormSchema } from "../../modules/checkout";
import { listOrdersForUser, placeOrder } from "../../modules/checkout/index.server";
import { findOrderByNumber, moveOrder, orderLinesOf, setOrderTracking } from "../../modules/orders/index.server";
import { createReturnRequest } from "../../modules/returns/index.server";

/*
 * The demo shop's shopper and her orders (demo mode, first start, DEMO_ORDERS on): placed through the
 * real checkout and moved on the way the courier's scans move them, so a fresh shop shows an account
 * with orders, a delivered order that can be returned or exchanged, and a size exchange waiting in the
 * staff's returns queue.
 */

export const DEMO_SHOPPER = {
  phone: "+919800000001",
  firstName: "Meera",
  lastName: "Iyer",
  email: "meera.iyer@example.com",
} as const;

const DAY = 24 * 60 * 60 * 1000;
const SIZE_ORDER = ["XS", "S", "M", "L", "XL", "XXL"];

interface DemoOrder {
  pieces: Array<{ slug: string; size: string; quantity: number }>;
  placedDaysAgo: number;
  deliveredDaysAgo: number;
  awb: string;
}

const ORDERS: DemoOrder[] = [
  {
    pieces: [
      { slug: "neel-dabu-print-cotton-kurta", size: "M", quantity: 1 },
      { slug: "shyama-ikat-handloom-a-line-kurta", size: "M", quantity: 1 },
    ],
    placedDaysAgo: 9,
    deliveredDaysAgo: 5,
    awb: "SJ4410022301",
  },
  {
    pieces: [{ slug: "gulnaar-chanderi-kurta-set-with-dupatta", size: "M", quantity: 1 }],
    placedDaysAgo: 6,
    deliveredDaysAgo: 2,
    awb: "SJ4410022317",
  },
];

async function placeDemoOrder(db: Db, userId: string, order: DemoOrder, now: Date): Promise<string | null> {
  const skip = (why: string) => {
    getLogger().warn({ pieces: order.pieces.map((p) => p.slug) }, `demo orders: one skipped (${why})`);
    return null;
  };
  for (const piece of order.pieces) {
    const productId = await findProductIdBySlug(db, piece.slug);
    if (!productId) return skip(`no product ${piece.slug}`);
    // the size asked for when it is in stock, else the nearest one that is (the demo stock is made up)
    const variants = ((await variantsOf(db, [productId])).get(productId) ?? []).filter(
      (v) => v.stock >= piece.quantity,
    );
    const variant =
      variants.find((v) => v.size === piece.size) ??
      variants.find((v) => v.size === "S" || v.size === "L") ??
      variants[0];
    if (!variant) return skip("nothing in stock");
    const added = await addLine(db, userId, {
      productId,
      size: variant.size,
      colour: variant.colour,
      quantity: piece.quantity,
    });
    if (!added.ok) return skip(added.reason);
  }
  const placedAt = new Date(now.getTime() - order.placedDaysAgo * DAY);
  const placed = await placeOrder(db, {
    userId,
    onlineAvailable: false,
    now: placedAt,
    form: checkoutFormSchema.parse({
      firstName: DEMO_SHOPPER.firstName,
      lastName: DEMO_SHOPPER.lastName,
      email: DEMO_SHOPPER.email,
      phone: DEMO_SHOPPER.phone.slice(3),
      address: "14 Residency Road, Ashok Nagar",
      city: "Bengaluru",
      state: "Karnataka",
      pincode: "560025",
      paymentMethod: "cod",
      checkoutKey: randomBytes(16).toString("hex"),
    }),
  });
  if (!placed.ok) return skip(placed.message);
  const row = (await findOrderByNumber(db, placed.orderNumber))!;
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  await inTransaction(db, async (tx) => {
    const steps = [
      { from: "confirmed", to: "processing", now: at(order.placedDaysAgo - 0.5) },
      { from: "processing", to: "shipped", now: at(order.placedDaysAgo - 1) },
      { from: "shipped", to: "delivered", now: at(order.deliveredDaysAgo) },
    ] as const;
    for (const step of steps)
      await moveOrder(tx, row.id, { ...step, actor: "system", reason: step.to === "delivered" ? "Delivered" : null });
    await setOrderTracking(tx, row.id, { courier: "Saanjh Express (demo)", trackingNumber: order.awb });
  });
  return row.id;
}

/** Seeds the demo shopper's orders once (nothing when she has orders already). */
export async function seedDemoOrders(db: Db, now = new Date()): Promise<number> {
  const userId = await ensureDemoShopper(db, DEMO_SHOPPER);
  if ((await listOrdersForUser(db, userId)).length > 0) return 0;
  const placed: string[] = [];
  for (const order of ORDERS) {
    const id = await placeDemoOrder(db, userId, order, now);
    if (id) placed.push(id);
  }
  // the newest order's kurta set is too small: she asked for a size up, which waits in the staff's queue
  const newest = placed.at(-1);
  if (newest) {
    const [line] = await orderLinesOf(db, newest);
    const order = (await listOrdersForUser(db, userId))[0];
    const larger = line?.productId
      ? (await variantsOf(db, [line.productId]))
          .get(line.productId)
          // too small: the nearest larger size in stock, in her colour if it can be
          ?.filter((v) => SIZE_ORDER.indexOf(v.size) > SIZE_ORDER.indexOf(line.size) && v.stock > 0)
          .sort(
            (a, b) =>
              Number(b.colour === line.colour) - Number(a.colour === line.colour) ||
              SIZE_ORDER.indexOf(a.size) - SIZE_ORDER.indexOf(b.size),
          )[0]
      : undefined;
    if (line && order && larger)
      await createReturnRequest(db, {
        userId,
        orderNumber: order.orderNumber,
        now: new Date(now.getTime() - DAY),
        request: {
          reason: "too_small",
          resolution: "exchange",
          details: "Lovely fabric, but M is tight across the shoulders. May I have an L?",
          pieces: [{ orderLineId: line.id, quantity: 1, exchangeVariantId: larger.id }],
          refundTo: null,
          photos: [],
        },
      });
  }
  return placed.length;
}
