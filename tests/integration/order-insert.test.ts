import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inTransaction } from "../../app/db/transaction.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { insertOrder, type NewOrder } from "../../app/modules/orders/orders.server";
import { orderLines, orders, orderStatusHistory } from "../../app/modules/orders/schema.server";
import { newOrderNumber } from "../../app/modules/checkout/order-number";
import { createTestProduct } from "../factories/catalog";
import { createTestShopper } from "../factories/orders";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Writing an order (the checkout's `insertOrder`): the order, its line snapshots and its first history
 * steps in one statement, and nothing at all for a second write with the same checkout key (a double
 * submit racing the first).
 */

const t = setupTestDatabase();
let keys = 0;

async function newOrder(status: NewOrder["status"], paymentMethod: NewOrder["paymentMethod"]): Promise<NewOrder> {
  const shopper = await createTestShopper(t.db);
  const productId = await createTestProduct(t.db, {
    pricePaise: 120_000,
    variantStock: [
      { size: "M", colour: "Rust", stock: 3 },
      { size: "L", colour: "Rust", stock: 2 },
    ],
    sizes: ["M", "L"],
    colors: [{ name: "Rust", hex: "#B4532A" }],
  });
  const m = (await findVariant(t.db, productId, "M", "Rust"))!;
  const l = (await findVariant(t.db, productId, "L", "Rust"))!;
  const line = (v: typeof m, quantity: number) => ({
    productId,
    variantId: v.id,
    name: "Rust Mul Kurta",
    brand: "Saanjh",
    sku: v.sku,
    imageUrl: v === m ? "/uploads/rust.webp" : null,
    size: v.size,
    colour: v.colour,
    unitPricePaise: 120_000,
    quantity,
  });
  return {
    orderNumber: newOrderNumber(new Date()),
    userId: shopper.id,
    customerName: "Meera Iyer",
    customerEmail: "meera@example.com",
    customerPhone: "+919812300001",
    billing: {
      firstName: "Meera",
      lastName: "Iyer",
      email: "meera@example.com",
      phone: "+919812300001",
      address: "12 Besant Road",
      city: "Chennai",
      state: "Tamil Nadu",
      pincode: "600090",
      country: "India",
    },
    status,
    paymentMethod,
    subtotalPaise: 360_000,
    shippingPaise: 0,
    discountPaise: 0,
    prepaidDiscountPaise: 0,
    codFeePaise: 0,
    totalPaise: 360_000,
    couponCode: null,
    noteToSeller: "Gift wrap, please",
    checkoutKey: `order-insert-key-${++keys}`,
    paymentDueAt: status === "confirmed" ? null : new Date(Date.now() + 30 * 60_000),
    lines: [line(m, 1), line(l, 2)],
  };
}

const written = (orderId: string) =>
  Promise.all([
    t.db.select().from(orders).where(eq(orders.id, orderId)),
    t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.size)),
    t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), sql`${orderStatusHistory.fromStatus} NULLS FIRST`),
  ]);

describe("writing an order", () => {
  it("writes a cash-on-delivery order with its lines and both first steps, in the words given", async () => {
    const order = { ...(await newOrder("confirmed", "cod")), confirmedBecause: "Paid with store credit" };
    const now = new Date("2026-11-28T06:30:00.000Z");
    const row = await inTransaction(t.db, (tx) => insertOrder(tx, order, now));
    expect(row).not.toBeNull();
    const [[head], lines, steps] = await written(row!.id);
    expect(head).toMatchObject({
      orderNumber: order.orderNumber,
      status: "confirmed",
      confirmedAt: now,
      createdAt: now,
      totalPaise: 360_000,
      noteToSeller: "Gift wrap, please",
    });
    expect(lines.map((l) => [l.size, l.sku, l.quantity, l.unitPricePaise, l.lineTotalPaise, l.imageUrl])).toEqual([
      ["L", order.lines[1]!.sku, 2, 120_000, 240_000, null],
      ["M", order.lines[0]!.sku, 1, 120_000, 120_000, "/uploads/rust.webp"],
    ]);
    expect(lines.every((l) => l.productId === order.lines[0]!.productId && l.noteToSeller === null)).toBe(true);
    expect(lines.map((l) => l.variantId).sort()).toEqual(order.lines.map((l) => l.variantId).sort());
    expect(
      steps.map((s) => [s.fromStatus, s.toStatus, s.actorKind, s.actorUserId, s.reason, s.createdAt.toISOString()]),
    ).toEqual([
      [null, "pending_payment", "customer", order.userId, null, now.toISOString()],
      ["pending_payment", "confirmed", "system", null, "Paid with store credit", now.toISOString()],
    ]);
  });

  it("writes an online order awaiting its payment with one step and no confirmation time", async () => {
    const order = await newOrder("pending_payment", "online");
    const row = await inTransaction(t.db, (tx) => insertOrder(tx, order));
    const [[head], lines, steps] = await written(row!.id);
    expect(head).toMatchObject({ status: "pending_payment", confirmedAt: null });
    expect(lines).toHaveLength(2);
    expect(steps.map((s) => [s.fromStatus, s.toStatus])).toEqual([[null, "pending_payment"]]);
  });

  it("writes nothing for a second order with the same checkout key, and answers null", async () => {
    const order = await newOrder("confirmed", "cod");
    const first = await inTransaction(t.db, (tx) => insertOrder(tx, order));
    const again = await inTransaction(t.db, (tx) =>
      insertOrder(tx, { ...order, orderNumber: newOrderNumber(new Date()), lines: order.lines.slice(0, 1) }),
    );
    expect(again).toBeNull();
    const all = await t.db.select().from(orders).where(eq(orders.checkoutKey, order.checkoutKey));
    expect(all.map((o) => o.id)).toEqual([first!.id]);
    const [, lines, steps] = await written(first!.id);
    expect(lines).toHaveLength(2);
    expect(steps).toHaveLength(2);
    // the second write's line (its M) was not written anywhere
    const ofM = await t.db.select().from(orderLines).where(eq(orderLines.variantId, order.lines[0]!.variantId));
    expect(ofM.map((l) => l.orderId)).toEqual([first!.id]);
  });
});
