import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { addLine } from "../../app/modules/cart/cart.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { placeOrder } from "../../app/modules/checkout/place-order.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import { findOrderById, type OrderRow } from "../../app/modules/orders/orders.server";
import { bookShipment, parcelOfOrder, shippingFormOf } from "../../app/modules/shipping/booking.server";
import { deliveryAnswer } from "../../app/modules/shipping/delivery-estimates.server";
import { DELIVERY_MESSAGES } from "../../app/modules/shipping/delivery";
import { demoCourierProvider } from "../../app/modules/shipping/demo-courier.server";
import { cancelShipment, receiveReturnedParcel } from "../../app/modules/shipping/parcel-actions.server";
import {
  ShippingProviderError,
  type CourierScan,
  type ShippingProvider,
  type TrackingReport,
} from "../../app/modules/shipping/provider-contract.server";
import { applyScans } from "../../app/modules/shipping/scans.server";
import { shipmentEvents, shipments } from "../../app/modules/shipping/schema.server";
import { findShipment, liveShipmentOf } from "../../app/modules/shipping/shipments.server";
import { SHIPPING_MESSAGES } from "../../app/modules/shipping/staff-shipping";
import { processInbox, receiveWebhook } from "../../app/modules/shipping/tracking-sync.server";
import { createTestProduct } from "../factories/catalog";
import { checkoutForm, placeCheckoutOrder } from "../factories/checkout";
import { createTestShopper } from "../factories/orders";
import { storeSettings } from "../../app/modules/content/schema.server";
import {
  answerCodConfirmation,
  codConfirmationByToken,
  codFlaggedOrders,
} from "../../app/modules/shipping/cod-confirmation.server";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Shipping's core on the database (decision 041), with the demo courier and a provider that fails on
 * purpose: booking (one shipment however many staff press at once, a retry after a timeout that books
 * nothing twice), scans that arrive twice, late and out of order (the shipment and its order only move
 * forward, the shopper is told once per news), a parcel that comes back (stock only when received),
 * the webhook inbox, the pincode check and the checkout's cash-on-delivery rule.
 */

const t = setupTestDatabase();
const staff = { id: "", name: "Priya Shah" };

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  // the audit log names a real account
  staff.id = (await createTestShopper(t.db, { firstName: "Priya" })).id;
});

const demo = () => demoCourierProvider({ pickupPincode: async () => "302001" });

async function placed(options: { method?: "cod" | "online"; pincode?: string; city?: string; state?: string } = {}) {
  const productId = await createTestProduct(t.db, { sizes: [], colors: [], stock: 5, category: "kurtas" });
  const shopper = await createTestShopper(t.db);
  await addLine(t.db, shopper.id, { productId, size: "One Size", colour: "Default", quantity: 2 });
  const order = await placeCheckoutOrder(t.db, {
    userId: shopper.id,
    form: checkoutForm({
      paymentMethod: options.method ?? "cod",
      ...(options.pincode ? { pincode: options.pincode, city: options.city ?? "", state: options.state ?? "" } : {}),
    }),
  });
  const stockNow = async () => (await findVariant(t.db, productId, "One Size", "Default"))!.stock;
  return { order, productId, stockNow };
}

async function book(order: OrderRow, provider: ShippingProvider = demo(), courierId = "demo-surface") {
  const fresh = (await findOrderById(t.db, order.id))!;
  return bookShipment(
    t.db,
    staff,
    { orderId: order.id, version: fresh.version, courierId, parcel: await parcelOfOrder(t.db, order.id) },
    provider,
  );
}

const scan = (status: CourierScan["status"], minutes: number, activity = String(status)): CourierScan => ({
  status,
  code: String(status),
  activity,
  location: "Bengaluru",
  occurredAt: new Date(Date.UTC(2026, 10, 27, 6, minutes)),
});

async function messagesOf(order: OrderRow, kind: string) {
  const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, kind));
  return rows.filter((r) => r.body.includes(order.orderNumber) || (r.subject ?? "").includes(order.orderNumber));
}

describe("booking a parcel", () => {
  it("prefills the parcel from the pieces and offers the couriers with the cheapest and fastest marked", async () => {
    const { order } = await placed();
    const form = await shippingFormOf(t.db, order.id, demo());
    // two kurtas: 2 x 450 g, stacked 2 x 4 cm
    expect(form.parcel).toEqual({ weightGrams: 900, lengthCm: 32, breadthCm: 26, heightCm: 8 });
    expect(form.couriers.map((c) => [c.courierName, c.cheapest, c.fastest])).toEqual([
      ["Saanjh Surface (demo)", true, false],
      ["Saanjh Express (demo)", false, true],
    ]);
    // two 500 g slabs at ₹40 plus ₹30 for collecting cash
    expect(form.couriers[0]!.ratePaise).toBe(2 * 4_000 + 3_000);
  });

  it("books once, moves the order to processing, and refuses a stale page and a second booking", async () => {
    const { order } = await placed();
    const staleVersion = (await findOrderById(t.db, order.id))!.version;
    const first = await book(order);
    expect(first.ok).toBe(true);
    const shipment = (await liveShipmentOf(t.db, order.id))!;
    expect(shipment.status).toBe("awb_assigned");
    expect(shipment.awb).toMatch(/^SJ\d{10}$/);
    expect(first.ok && first.message).toBe(SHIPPING_MESSAGES.booked("Saanjh Surface (demo)", shipment.awb!));
    expect((await findOrderById(t.db, order.id))!.status).toBe("processing");

    const stale = await bookShipment(
      t.db,
      staff,
      {
        orderId: order.id,
        version: staleVersion,
        courierId: "demo-surface",
        parcel: await parcelOfOrder(t.db, order.id),
      },
      demo(),
    );
    expect(stale).toEqual({ ok: false, status: 409, message: SHIPPING_MESSAGES.conflict });
    expect(await book(order)).toEqual({ ok: false, status: 409, message: SHIPPING_MESSAGES.alreadyBooked });
  });

  it("makes one shipment when two staff book the same order at once", async () => {
    const { order } = await placed();
    const answers = await Promise.all([book(order), book(order)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const rows = await t.db.select().from(shipments).where(eq(shipments.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.awb).not.toBeNull();
  });

  it("after a timeout at the AWB step, the retry asks what is held and never books twice", async () => {
    const { order } = await placed();
    const calls = { create: 0, assign: 0, find: 0 };
    const base = demo();
    let failAssign = true;
    const flaky: ShippingProvider = {
      ...base,
      async createOrder(request) {
        calls.create += 1;
        return base.createOrder(request);
      },
      async assignAwb(input) {
        calls.assign += 1;
        if (failAssign) {
          failAssign = false;
          throw new ShippingProviderError("unavailable", "timed out");
        }
        return base.assignAwb(input);
      },
      async findBooking(reference) {
        calls.find += 1;
        return base.findBooking(reference);
      },
    };
    const first = await book(order, flaky);
    expect(first).toMatchObject({ ok: false, status: 503 });
    const draft = (await liveShipmentOf(t.db, order.id))!;
    expect(draft.status).toBe("draft");
    expect(draft.providerShipmentId).not.toBeNull();
    expect(draft.lastError).toContain("not answering");

    const second = await book(order, flaky);
    expect(second.ok).toBe(true);
    expect(calls).toEqual({ create: 1, assign: 2, find: 1 });
    expect((await liveShipmentOf(t.db, order.id))!.lastError).toBeNull();
  });

  it("refuses a courier that no longer serves the parcel", async () => {
    const { order } = await placed();
    expect(await book(order, demo(), "no-such-courier")).toEqual({
      ok: false,
      status: 409,
      message: SHIPPING_MESSAGES.courierGone("560025"),
    });
  });
});

describe("the courier's scans", () => {
  it("move the shipment and the order forward only, once per scan, telling the shopper once", async () => {
    const { order } = await placed();
    await book(order);
    const shipment = (await liveShipmentOf(t.db, order.id))!;
    // delivered arrives before the transit scans, and everything twice
    const all = [scan("delivered", 50), scan("picked_up", 10), scan("in_transit", 20), scan("out_for_delivery", 40)];
    await applyScans(t.db, shipment.id, all, "webhook");
    const again = await applyScans(t.db, shipment.id, all, "poll");
    expect(again).toMatchObject({ added: 0, from: "delivered", to: "delivered" });
    const late = await applyScans(t.db, shipment.id, [scan("in_transit", 55, "Reached hub")], "webhook");
    expect(late).toMatchObject({ added: 1, to: "delivered" });

    const after = (await findShipment(t.db, shipment.id))!;
    expect(after.status).toBe("delivered");
    expect(after.deliveredAt?.toISOString()).toBe(scan("delivered", 50).occurredAt.toISOString());
    const events = await t.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment.id));
    expect(events).toHaveLength(6); // booked + 4 scans + the late one
    const row = (await findOrderById(t.db, order.id))!;
    expect(row.status).toBe("delivered");
    expect(row.courier).toBe("Saanjh Surface (demo)");
    expect(row.trackingNumber).toBe(after.awb);
    expect(await messagesOf(order, "order-shipped")).toHaveLength(2); // one SMS, one e-mail
    expect(await messagesOf(order, "order-delivered")).toHaveLength(2);
  });

  it("counts failed attempts and tells the shopper of each, with the courier's reason", async () => {
    const { order } = await placed();
    await book(order);
    const shipment = (await liveShipmentOf(t.db, order.id))!;
    await applyScans(t.db, shipment.id, [scan("picked_up", 1), scan("out_for_delivery", 2)], "webhook");
    await applyScans(t.db, shipment.id, [scan("delivery_failed", 3, "Consignee not available")], "webhook");
    await applyScans(t.db, shipment.id, [scan("delivery_failed", 3, "Consignee not available")], "poll");
    const after = (await findShipment(t.db, shipment.id))!;
    expect(after).toMatchObject({
      status: "delivery_failed",
      failedAttempts: 1,
      failureReason: "Consignee not available",
    });
    const failed = await messagesOf(order, "order-delivery-failed");
    expect(failed).toHaveLength(2);
    expect(failed.find((m) => m.channel === "sms")!.body).toContain("Consignee not available");
    await applyScans(t.db, shipment.id, [scan("out_for_delivery", 4), scan("delivered", 5)], "webhook");
    expect((await findShipment(t.db, shipment.id))!.status).toBe("delivered");
  });

  it("a parcel returned to origin gives its stock back only when staff receive it", async () => {
    const { order, stockNow } = await placed();
    expect(await stockNow()).toBe(3);
    await book(order);
    const shipment = (await liveShipmentOf(t.db, order.id))!;
    await applyScans(
      t.db,
      shipment.id,
      [scan("picked_up", 1), scan("rto_initiated", 2), scan("rto_delivered", 3)],
      "webhook",
    );
    expect(await stockNow()).toBe(3);
    expect((await findOrderById(t.db, order.id))!.status).toBe("shipped");
    // a scan cannot turn it into a delivery
    await applyScans(t.db, shipment.id, [scan("delivered", 4)], "webhook");
    const back = (await findShipment(t.db, shipment.id))!;
    expect(back.status).toBe("rto_delivered");

    const received = await receiveReturnedParcel(t.db, staff, { shipmentId: back.id, version: back.version });
    expect(received).toMatchObject({ ok: true, message: SHIPPING_MESSAGES.received });
    expect(await stockNow()).toBe(5);
    expect((await findOrderById(t.db, order.id))!.status).toBe("returned");
    const twice = await receiveReturnedParcel(t.db, staff, { shipmentId: back.id, version: back.version + 1 });
    expect(twice).toMatchObject({ ok: false, status: 409 });
    expect(await stockNow()).toBe(5);
  });

  it("cancels before pickup, not after; a cancelled parcel lets the order be booked again", async () => {
    const { order } = await placed();
    await book(order);
    const first = (await liveShipmentOf(t.db, order.id))!;
    expect(await cancelShipment(t.db, staff, { shipmentId: first.id, version: first.version }, demo())).toMatchObject({
      ok: true,
    });
    expect(await book(order)).toMatchObject({ ok: true });
    const second = (await liveShipmentOf(t.db, order.id))!;
    expect(second.reference).toBe(`${order.orderNumber}-2`);
    await applyScans(t.db, second.id, [scan("picked_up", 1)], "webhook");
    const moved = (await findShipment(t.db, second.id))!;
    expect(await cancelShipment(t.db, staff, { shipmentId: moved.id, version: moved.version }, demo())).toEqual({
      ok: false,
      status: 409,
      message: SHIPPING_MESSAGES.cancelTooLate,
    });
  });
});

describe("the webhook inbox", () => {
  it("stores a delivery once, answers at once, and works it after", async () => {
    const { order } = await placed();
    await book(order);
    const shipment = (await liveShipmentOf(t.db, order.id))!;
    const report: TrackingReport = {
      awb: shipment.awb!,
      reference: shipment.reference,
      scans: [scan("picked_up", 1)],
      current: scan("in_transit", 2),
      estimatedDelivery: "2026-12-01",
    };
    const provider: ShippingProvider = {
      ...demo(),
      name: "demo",
      readWebhook: (headers) =>
        headers["x-api-key"] === "right-token"
          ? { ok: true, dedupeKey: `k-${shipment.awb}`, report }
          : { ok: false, status: 401, reason: "token" },
    };
    expect(await receiveWebhook(t.db, { "x-api-key": "wrong" }, "{}", provider)).toMatchObject({ status: 401 });
    expect(await receiveWebhook(t.db, { "x-api-key": "right-token" }, "{}", provider)).toMatchObject({
      status: 200,
      stored: true,
    });
    expect(await receiveWebhook(t.db, { "x-api-key": "right-token" }, "{}", provider)).toMatchObject({
      status: 200,
      stored: false,
    });
    expect((await findShipment(t.db, shipment.id))!.status).toBe("awb_assigned");
    expect(await processInbox(t.db, provider)).toBe(1);
    expect(await processInbox(t.db, provider)).toBe(0);
    const after = (await findShipment(t.db, shipment.id))!;
    expect(after).toMatchObject({ status: "in_transit", estimatedDelivery: "2026-12-01" });
  });
});

describe("the pincode check and the checkout", () => {
  const now = new Date("2026-11-27T06:00:00Z"); // a Friday

  it("answers from the pincode table with the demo courier", async () => {
    const bengaluru = await deliveryAnswer(t.db, "560025", { now, provider: demo() });
    // dispatch next working day (Sat 28), then 3-6 working days
    expect(bengaluru).toEqual({
      pincode: "560025",
      serviceable: true,
      codAvailable: true,
      earliest: "2026-12-02",
      latest: "2026-12-05",
      source: "table",
    });
    expect(await deliveryAnswer(t.db, "744101", { now, provider: demo() })).toMatchObject({
      serviceable: true,
      codAvailable: false,
    });
    expect(await deliveryAnswer(t.db, "100000", { now, provider: demo() })).toMatchObject({
      serviceable: false,
      earliest: null,
    });
  });

  it("refuses cash on delivery where no courier collects it, on the server", async () => {
    const productId = await createTestProduct(t.db, { sizes: [], colors: [], stock: 5 });
    const shopper = await createTestShopper(t.db);
    await addLine(t.db, shopper.id, { productId, size: "One Size", colour: "Default", quantity: 1 });
    const islands = { pincode: "744101", city: "South Andaman", state: "Andaman and Nicobar Islands" };
    const refused = await placeOrder(t.db, {
      userId: shopper.id,
      form: checkoutForm({ paymentMethod: "cod", ...islands }),
      onlineAvailable: true,
    });
    expect(refused).toEqual({ ok: false, kind: "payment-method", message: DELIVERY_MESSAGES.codRefused("744101") });
    const online = await placeOrder(t.db, {
      userId: shopper.id,
      form: checkoutForm({ paymentMethod: "online", ...islands }),
      onlineAvailable: true,
    });
    expect(online.ok).toBe(true);
  });
});

describe("confirming cash on delivery", () => {
  it("holds a large COD order until the shopper confirms it through her link, and flags it when she does not", async () => {
    await t.db.update(storeSettings).set({ codConfirmAbovePaise: 100_000, codConfirmHours: 24 });
    try {
      const { order } = await placed();
      const sms = (await messagesOf(order, "order-cod-confirmation")).find((m) => m.channel === "sms")!;
      const token = /\/confirm-order\/([A-Za-z0-9_-]{32})/.exec(sms.body)![1]!;
      expect(await book(order)).toEqual({ ok: false, status: 409, message: SHIPPING_MESSAGES.codAwaiting });
      expect(await codFlaggedOrders(t.db, [order.id])).toEqual(new Set());
      const tomorrow = new Date(Date.now() + 25 * 3_600_000);
      expect(await codFlaggedOrders(t.db, [order.id], tomorrow)).toEqual(new Set([order.id]));

      expect(await codConfirmationByToken(t.db, "x".repeat(32))).toBeNull();
      expect(await answerCodConfirmation(t.db, token, "confirmed")).toMatchObject({ status: "confirmed" });
      // a second answer changes nothing
      expect(await answerCodConfirmation(t.db, token, "declined")).toMatchObject({ status: "confirmed" });
      expect(await codFlaggedOrders(t.db, [order.id], tomorrow)).toEqual(new Set());
      expect(await book(order)).toMatchObject({ ok: true });
    } finally {
      await t.db.update(storeSettings).set({ codConfirmAbovePaise: null });
    }
  });
});
