import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { computeFigures } from "../../app/modules/reports/dashboard-figures.server";
import { customerOrderTotals } from "../../app/modules/reports/lists.server";
import { addLine, applyCoupon, checkoutProblem, getCartLines, setQuantity } from "../../app/modules/cart/cart.server";
import { products, productVariants } from "../../app/modules/catalog/schema.server";
import { setVariantStock } from "../../app/modules/catalog/stock.server";
import { inTransaction } from "../../app/db/transaction.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { CHECKOUT_MESSAGES } from "../../app/modules/checkout/billing";
import { newCheckoutKey } from "../../app/modules/checkout/checkout-page.server";
import { isOrderNumber } from "../../app/modules/checkout/order-number";
import {
  PAYMENT_EXPIRED_REASON,
  payableOrder,
  settleReturn,
  startPayment,
  sweepExpiredPayments,
} from "../../app/modules/checkout/payment-flow.server";
import { placeOrder } from "../../app/modules/checkout/place-order.server";
import { storeSettings } from "../../app/modules/content/schema.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { ensureCoupons } from "../../app/modules/coupons/coupons.server";
import { coupons } from "../../app/modules/coupons/schema.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import { findOrderByNumber } from "../../app/modules/orders/orders.server";
import { orderLines, orders, orderStatusHistory } from "../../app/modules/orders/schema.server";
import { testGatewayProvider } from "../../app/modules/payments/provider.server";
import { payments } from "../../app/modules/payments/schema.server";
import { createTestProduct } from "../factories/catalog";
import { createTestShopper } from "../factories/orders";
import { routeRequest, settle, signedInShopper, type RouteArgs } from "../factories/sessions";
import * as checkoutRoute from "../../app/routes/checkout";
import { checkoutForm, placeCheckoutOrder } from "../factories/checkout";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The checkout on both databases: placing orders (prices, coupon and shipping recomputed on the server,
 * stock per variant, one order per checkout key, COD settings), paying them through the test
 * gateway's signed results (the same verification as Razorpay's), and the sweep of unpaid orders.
 */

const t = setupTestDatabase();
const gateway = testGatewayProvider({ keySecret: "checkout-tests-gateway-secret-0123456789" });

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  await ensureCoupons(t.db);
});

/** A product whose only variant (One Size, Default) has `stock` units at `pricePaise`. */
async function product(stock: number, pricePaise = 149_900): Promise<{ productId: string; variantId: string }> {
  const productId = await createTestProduct(t.db, { sizes: [], colors: [], stock, pricePaise });
  const variant = await findVariant(t.db, productId, "One Size", "Default");
  return { productId, variantId: variant!.id };
}

async function shopperWith(productId: string, quantity = 1): Promise<string> {
  const shopper = await createTestShopper(t.db);
  const added = await addLine(t.db, shopper.id, { productId, size: "One Size", colour: "Default", quantity });
  expect(added.ok).toBe(true);
  return shopper.id;
}

async function stockOf(variantId: string): Promise<number> {
  const [row] = await t.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

async function usedCount(code: string): Promise<number> {
  const [row] = await t.db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, code));
  return row!.used;
}

describe("placing an order", () => {
  it("computes every amount on the server: line prices from the catalogue, shipping, the coupon", async () => {
    const { productId, variantId } = await product(5, 20_000);
    const userId = await shopperWith(productId, 2);
    expect((await applyCoupon(t.db, userId, "flat50")).ok).toBe(true);
    const placed = await placeOrder(t.db, { userId, form: checkoutForm(), onlineAvailable: true });
    expect(placed).toMatchObject({ ok: true, status: "confirmed", paymentMethod: "cod", repeated: false });
    if (!placed.ok) return;
    expect(isOrderNumber(placed.orderNumber)).toBe(true);
    const order = (await findOrderByNumber(t.db, placed.orderNumber))!;
    // ₹400 subtotal pays ₹40 shipping; FLAT50 takes ₹50
    expect(order).toMatchObject({
      subtotalPaise: 40_000,
      shippingPaise: 4_000,
      discountPaise: 5_000,
      totalPaise: 39_000,
      couponCode: "FLAT50",
    });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines).toMatchObject([
      { variantId, unitPricePaise: 20_000, quantity: 2, lineTotalPaise: 40_000, size: "One Size", colour: "Default" },
    ]);
    expect(await stockOf(variantId)).toBe(3);
    expect(await getCartLines(t.db, userId)).toEqual([]);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, "pending_payment"],
      ["pending_payment", "confirmed"],
    ]);
    // the confirmation waits in the outbox, one text and one e-mail
    const queued = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `order-confirmed:sms:${placed.orderNumber}`));
    expect(queued).toHaveLength(1);
  });

  it("ignores what the browser thinks the total is: a different one is refused and nothing is charged", async () => {
    const { productId, variantId } = await product(5, 99_900);
    const userId = await shopperWith(productId);
    const tampered = await placeOrder(t.db, {
      userId,
      form: checkoutForm({ expectedTotalPaise: "100" }),
      onlineAvailable: true,
    });
    expect(tampered).toMatchObject({
      ok: false,
      kind: "changed",
      message: CHECKOUT_MESSAGES.totalChanged,
      totalPaise: 99_900,
    });
    expect(await stockOf(variantId)).toBe(5);
    expect(await getCartLines(t.db, userId)).toHaveLength(1);
    const honest = await placeOrder(t.db, {
      userId,
      form: checkoutForm({ expectedTotalPaise: "99900" }),
      onlineAvailable: true,
    });
    expect(honest).toMatchObject({ ok: true });
  });

  it("answers a double submit with one key with the same order", async () => {
    const { productId, variantId } = await product(5);
    const userId = await shopperWith(productId);
    const same = checkoutForm();
    const [a, b] = await Promise.all([
      placeOrder(t.db, { userId, form: same, onlineAvailable: true }),
      placeOrder(t.db, { userId, form: same, onlineAvailable: true }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.orderNumber).toBe(b.orderNumber);
    expect(await t.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(1);
    expect(await stockOf(variantId)).toBe(4);
    // and a retry later still finds it
    expect(await placeOrder(t.db, { userId, form: same, onlineAvailable: true })).toMatchObject({
      ok: true,
      orderNumber: a.orderNumber,
      repeated: true,
    });
  });

  it("sells the last unit once: of 50 shoppers checking out at once, one gets it and the others are told which piece sold out", async () => {
    const { productId, variantId } = await product(1);
    const shoppers = [];
    for (let i = 0; i < 50; i++) shoppers.push(await shopperWith(productId));
    const results = await Promise.all(
      shoppers.map((userId) => placeOrder(t.db, { userId, form: checkoutForm(), onlineAvailable: true })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const refused of results.filter((r) => !r.ok)) {
      expect(refused).toMatchObject({ ok: false, kind: "lines" });
      expect(refused.message).toMatch(/sold out/);
    }
    expect(await stockOf(variantId)).toBe(0);
    const placed = await t.db.select().from(orderLines).where(eq(orderLines.variantId, variantId));
    expect(placed).toHaveLength(1);
  });

  it("names the piece when its size sold out, or has fewer left, before the order was placed", async () => {
    const { productId, variantId } = await product(3);
    const [name] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, productId));
    const wantsTwo = await shopperWith(productId, 2);
    const wantsOne = await shopperWith(productId, 1);
    await inTransaction(t.db, (tx) => setVariantStock(tx, variantId, 1));
    expect(await placeOrder(t.db, { userId: wantsTwo, form: checkoutForm(), onlineAvailable: true })).toMatchObject({
      ok: false,
      kind: "lines",
      message: `Only 1 of ${name!.name} left in this size and colour: please reduce the quantity.`,
    });
    await inTransaction(t.db, (tx) => setVariantStock(tx, variantId, 0));
    expect(await placeOrder(t.db, { userId: wantsOne, form: checkoutForm(), onlineAvailable: true })).toMatchObject({
      ok: false,
      kind: "lines",
      message: `${name!.name} has just sold out in this size and colour.`,
      problems: [{ name: name!.name, message: `${name!.name} has just sold out in this size and colour.` }],
    });
    expect(await stockOf(variantId)).toBe(0);
  });

  it("writes nothing when the coupon's last use is taken meanwhile", async () => {
    await t.db.insert(coupons).values({ code: "LASTONE", type: "fixed", value: 1_000, usageLimit: 1, usedCount: 0 });
    const { productId, variantId } = await product(5, 50_000);
    const first = await shopperWith(productId);
    const second = await shopperWith(productId);
    expect((await applyCoupon(t.db, first, "LASTONE")).ok).toBe(true);
    expect((await applyCoupon(t.db, second, "LASTONE")).ok).toBe(true);
    expect((await placeOrder(t.db, { userId: first, form: checkoutForm(), onlineAvailable: true })).ok).toBe(true);
    const refused = await placeOrder(t.db, { userId: second, form: checkoutForm(), onlineAvailable: true });
    expect(refused).toMatchObject({ ok: false, kind: "coupon" });
    expect(await usedCount("LASTONE")).toBe(1);
    expect(await stockOf(variantId)).toBe(4);
    expect(await getCartLines(t.db, second)).toHaveLength(1);
  });

  it("offers cash on delivery as the store allows: on, off, and up to its maximum, with its fee", async () => {
    const { productId } = await product(10, 100_000);
    try {
      await t.db.update(storeSettings).set({ codEnabled: false });
      const off = await placeOrder(t.db, {
        userId: await shopperWith(productId),
        form: checkoutForm(),
        onlineAvailable: true,
      });
      expect(off).toMatchObject({ ok: false, kind: "payment-method", message: CHECKOUT_MESSAGES.codOff });

      await t.db.update(storeSettings).set({ codEnabled: true, codMaxOrderPaise: 150_000, codFeePaise: 4_900 });
      const over = await placeOrder(t.db, {
        userId: await shopperWith(productId, 2),
        form: checkoutForm(),
        onlineAvailable: true,
      });
      expect(over).toMatchObject({
        ok: false,
        kind: "payment-method",
        message: "Cash on delivery is available for orders up to ₹1,500. Please pay online.",
      });

      const under = await placeOrder(t.db, {
        userId: await shopperWith(productId, 1),
        form: checkoutForm(),
        onlineAvailable: true,
      });
      expect(under.ok).toBe(true);
      if (!under.ok) return;
      expect(await findOrderByNumber(t.db, under.orderNumber)).toMatchObject({
        codFeePaise: 4_900,
        totalPaise: 104_900,
      });
    } finally {
      await t.db.update(storeSettings).set({ codEnabled: true, codMaxOrderPaise: null, codFeePaise: 0 });
    }
  });

  it("takes the store's prepaid discount off online payments only", async () => {
    const { productId } = await product(10, 100_000);
    try {
      await t.db.update(storeSettings).set({ prepaidDiscountPercent: 5 });
      const online = await placeOrder(t.db, {
        userId: await shopperWith(productId),
        form: checkoutForm({ paymentMethod: "online" }),
        onlineAvailable: true,
      });
      const cod = await placeOrder(t.db, {
        userId: await shopperWith(productId),
        form: checkoutForm(),
        onlineAvailable: true,
      });
      if (!online.ok || !cod.ok) throw new Error("not placed");
      expect(await findOrderByNumber(t.db, online.orderNumber)).toMatchObject({
        status: "pending_payment",
        prepaidDiscountPaise: 5_000,
        totalPaise: 95_000,
      });
      expect(await findOrderByNumber(t.db, cod.orderNumber)).toMatchObject({
        status: "confirmed",
        prepaidDiscountPaise: 0,
        totalPaise: 100_000,
      });
    } finally {
      await t.db.update(storeSettings).set({ prepaidDiscountPercent: 0 });
    }
  });

  it("refuses online payment when no gateway is configured, and an empty bag", async () => {
    const { productId } = await product(3);
    const userId = await shopperWith(productId);
    expect(
      await placeOrder(t.db, { userId, form: checkoutForm({ paymentMethod: "online" }), onlineAvailable: false }),
    ).toMatchObject({ ok: false, kind: "payment-method" });
    const empty = await createTestShopper(t.db);
    expect(await placeOrder(t.db, { userId: empty.id, form: checkoutForm(), onlineAvailable: true })).toMatchObject({
      ok: false,
      kind: "empty",
      message: "Your cart is empty!",
    });
  });
});

/** An online order, placed and awaiting payment, with a test-gateway session opened for it. */
async function unpaidOrder(stock = 3, coupon?: string) {
  const { productId, variantId } = await product(stock, 60_000);
  const userId = await shopperWith(productId);
  if (coupon) expect((await applyCoupon(t.db, userId, coupon)).ok).toBe(true);
  const order = await placeCheckoutOrder(t.db, { userId, form: checkoutForm({ paymentMethod: "online" }) });
  const started = await startPayment(t.db, gateway, {
    order,
    callbackUrl: "http://localhost:3000/api/payments/razorpay/callback",
    storeName: "Saanjh",
  });
  if (!started.ok || started.checkout.provider !== "test") throw new Error("no session");
  return { userId, order, variantId, productId, providerOrderId: started.checkout.providerOrderId };
}

describe("paying an order", () => {
  it("confirms an order only for a genuinely signed result, once, however often it is sent", async () => {
    const { order, providerOrderId } = await unpaidOrder();
    expect(order).toMatchObject({ status: "pending_payment", paymentMethod: "online" });

    const approved = gateway.approve(providerOrderId);
    const forged = {
      ...approved,
      razorpaySignature: `${approved.razorpaySignature.slice(0, -1)}${approved.razorpaySignature.endsWith("0") ? "1" : "0"}`,
    };
    expect(await settleReturn(t.db, gateway, { order, result: forged, source: "page" })).toMatchObject({
      kind: "rejected",
    });
    expect((await findOrderByNumber(t.db, order.orderNumber))!.status).toBe("pending_payment");

    const results = await Promise.all(
      [1, 2, 3].map(() => settleReturn(t.db, gateway, { order, result: approved, source: "page" })),
    );
    expect(results.map((r) => r.kind)).toEqual(["confirmed", "confirmed", "confirmed"]);
    const confirmed = (await findOrderByNumber(t.db, order.orderNumber))!;
    expect(confirmed.status).toBe("confirmed");
    const steps = await t.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, "confirmed")));
    expect(steps).toHaveLength(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId));
    expect(payment).toMatchObject({
      status: "captured",
      providerPaymentId: approved.razorpayPaymentId,
      amountPaise: order.totalPaise,
    });
  });

  it("refuses a result signed for another order's session", async () => {
    const first = await unpaidOrder();
    const second = await unpaidOrder();
    const forOther = gateway.approve(second.providerOrderId);
    expect(await settleReturn(t.db, gateway, { order: first.order, result: forOther, source: "page" })).toMatchObject({
      kind: "rejected",
    });
    expect((await findOrderByNumber(t.db, first.order.orderNumber))!.status).toBe("pending_payment");
  });

  it("keeps a declined order waiting, with the gateway's reason, and a capture after the failure still confirms", async () => {
    const { order, providerOrderId } = await unpaidOrder();
    const declined = await settleReturn(t.db, gateway, {
      order,
      result: gateway.fail(providerOrderId, "incorrect_otp"),
      source: "page",
    });
    expect(declined).toEqual({ kind: "failed", message: "Payment failed: Authentication failed due to incorrect otp" });
    expect((await findOrderByNumber(t.db, order.orderNumber))!.status).toBe("pending_payment");
    expect(
      await settleReturn(t.db, gateway, { order, result: gateway.approve(providerOrderId), source: "page" }),
    ).toMatchObject({ kind: "confirmed" });
    // and a failure reported after the capture changes nothing
    await settleReturn(t.db, gateway, { order, result: gateway.decline(providerOrderId), source: "page" });
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId));
    expect(payment!.status).toBe("captured");
    expect((await findOrderByNumber(t.db, order.orderNumber))!.status).toBe("confirmed");
  });
});

describe("the sweep of unpaid orders", () => {
  it("gives back the stock and the coupon use of an order not paid in time, once, with two sweeps running", async () => {
    const before = await usedCount("FLAT50");
    const { order, variantId } = await unpaidOrder(3, "FLAT50");
    expect(await stockOf(variantId)).toBe(2);
    expect(await usedCount("FLAT50")).toBe(before + 1);
    const later = new Date(order.paymentDueAt!.getTime() + 1_000);
    const reports = await Promise.all([
      sweepExpiredPayments(t.db, gateway, { now: later }),
      sweepExpiredPayments(t.db, gateway, { now: later }),
    ]);
    expect(reports.reduce((n, r) => n + r.released, 0)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(variantId)).toBe(3);
    expect(await usedCount("FLAT50")).toBe(before);
    const swept = (await findOrderByNumber(t.db, order.orderNumber))!;
    expect(swept).toMatchObject({ status: "cancelled", cancellationReason: PAYMENT_EXPIRED_REASON });
    expect((await payableOrder(t.db, swept.userId, swept.orderNumber, later)).kind).toBe("expired");
    // a third sweep finds nothing left to do
    expect(await sweepExpiredPayments(t.db, gateway, { now: later })).toEqual({ released: 0, confirmed: 0 });
  });

  it("leaves orders whose time has not run out", async () => {
    const { order, variantId } = await unpaidOrder();
    await sweepExpiredPayments(t.db, gateway, { now: new Date(order.paymentDueAt!.getTime() - 60_000) });
    expect((await findOrderByNumber(t.db, order.orderNumber))!.status).toBe("pending_payment");
    expect(await stockOf(variantId)).toBe(2);
  });

  it("confirms a late payment for a swept order when its pieces are still there, and flags it when they are not", async () => {
    const lucky = await unpaidOrder(3);
    const unlucky = await unpaidOrder(1);
    for (const o of [lucky, unlucky])
      await sweepExpiredPayments(t.db, gateway, { now: new Date(o.order.paymentDueAt!.getTime() + 1_000) });
    // someone else buys the last piece of the unlucky order meanwhile
    const other = await shopperWith(unlucky.productId);
    expect((await placeOrder(t.db, { userId: other, form: checkoutForm(), onlineAvailable: true })).ok).toBe(true);

    expect(
      await settleReturn(t.db, gateway, {
        order: lucky.order,
        result: gateway.approve(lucky.providerOrderId),
        source: "page",
      }),
    ).toMatchObject({ kind: "confirmed" });
    expect((await findOrderByNumber(t.db, lucky.order.orderNumber))!.status).toBe("confirmed");
    expect(await stockOf(lucky.variantId)).toBe(2);

    const flagged = await settleReturn(t.db, gateway, {
      order: unlucky.order,
      result: gateway.approve(unlucky.providerOrderId),
      source: "page",
    });
    expect(flagged).toMatchObject({ kind: "flagged", message: "Order creation failed. Please contact support." });
    const [payment] = await t.db.select().from(payments).where(eq(payments.providerOrderId, unlucky.providerOrderId));
    expect(payment).toMatchObject({ status: "captured" });
    expect(payment!.flaggedAt).not.toBeNull();
    expect((await findOrderByNumber(t.db, unlucky.order.orderNumber))!.status).toBe("cancelled");
    expect(await stockOf(unlucky.variantId)).toBe(0);
  });
});

describe("the store's maximum order", () => {
  const LAKH_10 = 100_000_000; // ₹10,00,000, the product editor's highest price

  it("refuses 22 pieces at ₹10,00,000 in the cart and at checkout with the limit in words, and takes an order up to a raised limit", async () => {
    const { productId, variantId } = await product(40, LAKH_10);
    const userId = await shopperWith(productId, 22);
    const message = "One order can come to at most ₹5,00,000. Please remove some pieces, or buy them in two orders.";
    expect(await checkoutProblem(t.db, userId)).toBe(message);
    const refused = await placeOrder(t.db, { userId, form: checkoutForm(), onlineAvailable: true });
    expect(refused).toEqual({ ok: false, kind: "over-limit", message });
    expect(await stockOf(variantId)).toBe(40);
    expect(await t.db.select().from(orders).where(eq(orders.userId, userId))).toEqual([]);

    // the owner raises the maximum to ₹1,00,00,000: ten such pieces make an order of exactly that
    await t.db.update(storeSettings).set({ maxOrderPaise: 1_000_000_000 });
    try {
      expect(await checkoutProblem(t.db, userId)).toBe(
        "One order can come to at most ₹1,00,00,000. Please remove some pieces, or buy them in two orders.",
      );
      const variant = { productId, size: "One Size", colour: "Default" };
      expect(await setQuantity(t.db, userId, variant, 10)).toMatchObject({ ok: true });
      const buyers = [userId, await shopperWith(productId, 10), await shopperWith(productId, 10)];
      const spent: string[] = [];
      for (const buyer of buyers) {
        const placed = await placeOrder(t.db, { userId: buyer, form: checkoutForm(), onlineAvailable: true });
        expect(placed).toMatchObject({ ok: true, status: "confirmed" });
        if (!placed.ok) return;
        const order = (await findOrderByNumber(t.db, placed.orderNumber))!;
        expect(order).toMatchObject({ subtotalPaise: 1_000_000_000, shippingPaise: 0, totalPaise: 1_000_000_000 });
        spent.push(order.id);
      }
      expect(await stockOf(variantId)).toBe(10);
      // three such orders add up past what a 32-bit integer holds: the dashboard and the customers list still add them right
      await t.db.update(orders).set({ status: "delivered" }).where(inArray(orders.id, spent));
      const figures = await computeFigures(t.db);
      expect(figures.revenuePaise).toBeGreaterThanOrEqual(3_000_000_000);
      expect((await customerOrderTotals(t.db, [userId])).get(userId)?.spentPaise).toBe(1_000_000_000);
    } finally {
      await t.db.update(storeSettings).set({ maxOrderPaise: 50_000_000 });
    }
  });
});

describe("the checkout page's action", () => {
  const post = async (cookie: string, fields: Record<string, string>) =>
    settle<{ ok: boolean; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }>(
      () =>
        checkoutRoute.action({
          request: routeRequest("/checkout", cookie, fields),
          params: {},
          context: {},
        } as unknown as RouteArgs<typeof checkoutRoute.action>),
    );
  const fields = (overrides: Record<string, string> = {}) => ({
    firstName: "Meera",
    lastName: "Iyer",
    email: "meera@example.com",
    phone: "98111 22333",
    address: "12, 80 Feet Road, Indiranagar",
    city: "Jaipur",
    state: "Rajasthan",
    pincode: "302001",
    paymentMethod: "cod",
    checkoutKey: newCheckoutKey(),
    ...overrides,
  });

  it("refuses a state that is not the pincode's, keeping what was typed; either state of a pincode in two is taken", async () => {
    const { productId } = await product(10, 54_900);
    const shopper = await signedInShopper(t.db, "+919811133301", "203.0.113.61");
    expect((await addLine(t.db, shopper.id, { productId, size: "One Size", colour: "Default", quantity: 1 })).ok).toBe(
      true,
    );

    // Jaipur's pincode with the saved address's Karnataka: an address no courier delivers to
    const refused = await post(shopper.cookie, fields({ state: "Karnataka" }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      message: "Please correct the highlighted fields",
      fieldErrors: { state: "Pincode 302001 is in Rajasthan, not Karnataka. Please check the state or the pincode." },
      values: { state: "Karnataka", pincode: "302001", city: "Jaipur" },
    });
    expect(await t.db.select().from(orders).where(eq(orders.userId, shopper.id))).toEqual([]);

    // 605007 lies in Puducherry and Tamil Nadu: Tamil Nadu is an address
    const placed = await post(shopper.cookie, fields({ city: "Cuddalore", state: "Tamil Nadu", pincode: "605007" }));
    expect(placed.status).toBe(303);
    expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.id))).toHaveLength(1);
  });

  it("says 'Please fill all required fields' once above the form and what each empty field needs under it", async () => {
    const shopper = await signedInShopper(t.db, "+919811133302", "203.0.113.62");
    const answer = await post(shopper.cookie, fields({ firstName: "", city: " ", pincode: "" }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      message: "Please fill all required fields",
      fieldErrors: {
        firstName: "Please enter your first name",
        city: "Please enter your city",
        pincode: "Please enter a valid 6-digit pincode",
      },
    });
  });
});
