import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extractText, getDocumentProxy } from "unpdf";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { addLine } from "../../app/modules/cart/cart.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { findOrderById, type OrderRow } from "../../app/modules/orders/orders.server";
import { bookShipment, parcelOfOrder, shippingFormOf } from "../../app/modules/shipping/booking.server";
import { deliveryAnswer } from "../../app/modules/shipping/delivery-estimates.server";
import { shippingLabels, shippingManifest } from "../../app/modules/shipping/documents.server";
import { receiveReturnedParcel, requestPickup } from "../../app/modules/shipping/parcel-actions.server";
import type { ShippingProvider } from "../../app/modules/shipping/provider-contract.server";
import { createShippingProvider } from "../../app/modules/shipping/provider.server";
import { shipments } from "../../app/modules/shipping/schema.server";
import { findShipment, liveShipmentOf } from "../../app/modules/shipping/shipments.server";
import { processInbox, receiveWebhook } from "../../app/modules/shipping/tracking-sync.server";
import { startFakeShiprocket, type FakeShiprocket } from "../fakes/shiprocket/fake-shiprocket";
import { createTestProduct } from "../factories/catalog";
import { checkoutForm, placeCheckoutOrder } from "../factories/checkout";
import { createTestOrder, createTestShopper } from "../factories/orders";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Shipping through Shiprocket end to end, against the local fake that speaks its protocol (decision
 * 041): the pincode check from its serviceability (kept per pincode), booking with its couriers,
 * the provider failing at each step and a retry that books nothing twice, its token expiring
 * mid-flow, two staff booking one order, pickups, the courier's own labels (also 100 at once) and
 * manifest, and its tracking webhooks (token checked, replays once, out of order) through to NDR
 * and a parcel returned to origin.
 */

const t = setupTestDatabase();
const staff = { id: "", name: "Priya Shah" };
let fake: FakeShiprocket;
let provider: ShippingProvider;
/** a stand-in for the shop's webhook route: the fake posts here, the shop's code answers */
let hook: Server;

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  staff.id = (await createTestShopper(t.db, { firstName: "Priya" })).id;
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v]),
      );
      void receiveWebhook(t.db, headers, Buffer.concat(chunks).toString("utf8"), provider).then((intake) => {
        res.writeHead(intake.status, { "content-type": "application/json" }).end(JSON.stringify(intake));
      });
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  fake = await startFakeShiprocket({ webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/` });
  provider = createShippingProvider({
    provider: "shiprocket",
    email: fake.email,
    password: fake.password,
    webhookToken: fake.webhookToken,
    pickupLocation: undefined,
    apiUrl: fake.url,
  });
});

afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => hook?.close(resolve));
});

const calls = (path: string) => fake.state.requests.filter((r) => r.path.includes(path)).length;

async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number; width: number }> {
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const page = await doc.getPage(1);
  const width = page.getViewport({ scale: 1 }).width;
  const { text } = await extractText(doc, { mergePages: true });
  return { text, pages: doc.numPages, width };
}

async function placed(method: "cod" | "online" = "cod") {
  const productId = await createTestProduct(t.db, { sizes: [], colors: [], stock: 4, category: "sarees" });
  const shopper = await createTestShopper(t.db);
  await addLine(t.db, shopper.id, { productId, size: "One Size", colour: "Default", quantity: 1 });
  const order = await placeCheckoutOrder(t.db, { userId: shopper.id, form: checkoutForm({ paymentMethod: method }) });
  const stockNow = async () => (await findVariant(t.db, productId, "One Size", "Default"))!.stock;
  return { order, stockNow };
}

async function book(order: Pick<OrderRow, "id">, courierId = "12") {
  const fresh = (await findOrderById(t.db, order.id))!;
  return bookShipment(
    t.db,
    staff,
    { orderId: order.id, version: fresh.version, courierId, parcel: await parcelOfOrder(t.db, order.id) },
    provider,
  );
}

describe("the pincode check through Shiprocket", () => {
  it("answers from its serviceability, keeps it per pincode, and falls back to the table when it is down", async () => {
    const now = new Date("2026-11-27T06:00:00Z");
    const before = calls("/courier/serviceability");
    const bengaluru = await deliveryAnswer(t.db, "560025", { now, provider });
    expect(bengaluru).toMatchObject({ pincode: "560025", serviceable: true, codAvailable: true, source: "provider" });
    await deliveryAnswer(t.db, "560025", { now, provider });
    expect(calls("/courier/serviceability")).toBe(before + 1);

    expect(await deliveryAnswer(t.db, "795001", { now, provider })).toMatchObject({
      serviceable: false,
      source: "provider",
    });
    expect(await deliveryAnswer(t.db, "744101", { now, provider })).toMatchObject({
      serviceable: true,
      codAvailable: false,
    });
    fake.failNext(503, { path: "/courier/serviceability" });
    expect(await deliveryAnswer(t.db, "110001", { now, provider })).toMatchObject({
      serviceable: true,
      source: "table",
    });
  });
});

describe("booking with Shiprocket", () => {
  it("lists the couriers that collect cash for a COD parcel, books the cheapest, and sends what Shiprocket expects", async () => {
    const { order } = await placed("cod");
    const form = await shippingFormOf(t.db, order.id, provider);
    expect(form.error).toBeNull();
    // Xpressbees does not collect cash: not offered for a cash-on-delivery parcel
    expect(form.couriers.map((c) => c.courierName)).toEqual(["Delhivery Surface", "Bluedart Air"]);
    expect(form.couriers[0]).toMatchObject({ courierId: "12", cheapest: true });

    const answer = await book(order);
    expect(answer.ok).toBe(true);
    const shipment = (await liveShipmentOf(t.db, order.id))!;
    expect(shipment).toMatchObject({
      provider: "shiprocket",
      status: "awb_assigned",
      courierName: "Delhivery Surface",
    });
    const created = fake.state.requests.find((r) => r.path === "/orders/create/adhoc")!.body as Record<string, unknown>;
    expect(created).toMatchObject({
      order_id: order.orderNumber,
      payment_method: "COD",
      billing_phone: "9811122333",
      billing_pincode: "560025",
      weight: 0.8,
      sub_total: order.subtotalPaise / 100,
    });
  });

  it("stops cleanly when Shiprocket fails at each step, and the retry books nothing twice", async () => {
    const { order } = await placed("cod");
    fake.failNext(500, { path: "/orders/create" });
    const first = await book(order);
    expect(first, JSON.stringify(first)).toMatchObject({ ok: false, status: 503 });
    expect((await liveShipmentOf(t.db, order.id))!.providerShipmentId).toBeNull();

    fake.failNext(502, { path: "/courier/assign/awb" });
    expect(await book(order)).toMatchObject({ ok: false, status: 503 });
    expect((await liveShipmentOf(t.db, order.id))!.awb).toBeNull();

    expect(await book(order)).toMatchObject({ ok: true });
    const made = [...fake.state.orders.values()].filter((o) => o.channel_order_id === order.orderNumber);
    expect(made).toHaveLength(1);
    const held = fake.state.shipments.get(made[0]!.shipmentId)!;
    expect((await liveShipmentOf(t.db, order.id))!.awb).toBe(held.awb);
    // the failed assignment and the one that worked; the retry asked what was held first
    const assignments = fake.state.requests.filter(
      (r) => r.path === "/courier/assign/awb" && Number((r.body as { shipment_id?: unknown }).shipment_id) === held.id,
    );
    expect(assignments).toHaveLength(2);
  });

  it("signs in again when the token expires mid-flow", async () => {
    const { order } = await placed("cod");
    const logins = calls("/auth/login");
    fake.expireTokens();
    expect(await book(order)).toMatchObject({ ok: true });
    expect(calls("/auth/login")).toBe(logins + 1);
  });

  it("makes one shipment when two staff book the same order at once", async () => {
    const { order } = await placed("cod");
    const answers = await Promise.all([book(order), book(order)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, order.id))).toHaveLength(1);
    expect([...fake.state.orders.values()].filter((o) => o.channel_order_id === order.orderNumber)).toHaveLength(1);
  });
});

describe("after booking", () => {
  it("requests the pickup, prints the courier's label in 4x6 and on A4, and the manifest", async () => {
    const { order } = await placed("cod");
    expect(await book(order)).toMatchObject({ ok: true });
    const shipment = (await liveShipmentOf(t.db, order.id))!;
    const pickup = await requestPickup(t.db, staff, { shipmentId: shipment.id, version: shipment.version }, provider);
    expect(pickup, JSON.stringify(pickup)).toMatchObject({ ok: true });
    expect((await findShipment(t.db, shipment.id))!.status).toBe("pickup_scheduled");

    const label = await shippingLabels(t.db, [shipment.id], "4x6", provider);
    if (!label.ok) throw new Error(label.message);
    const page = await pdfText(label.pdf);
    expect(page.text).toContain(shipment.awb!);
    expect(page.width).toBe(288);
    const a4 = await shippingLabels(t.db, [shipment.id], "a4", provider);
    if (!a4.ok) throw new Error(a4.message);
    expect(Math.round((await pdfText(a4.pdf)).width)).toBe(595);

    const manifest = await shippingManifest(t.db, [shipment.id], provider);
    if (!manifest.ok) throw new Error(manifest.message);
    expect((await pdfText(manifest.pdf)).text).toContain(shipment.awb!);
  });

  it("prints 100 parcels' labels as one PDF", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const shopper = await createTestShopper(t.db);
      const order = await createTestOrder(t.db, shopper.id, { status: "confirmed" });
      expect(await book(order)).toMatchObject({ ok: true });
      ids.push((await liveShipmentOf(t.db, order.id))!.id);
    }
    const labels = await shippingLabels(t.db, ids, "4x6", provider);
    if (!labels.ok) throw new Error(labels.message);
    const { pages, text } = await pdfText(labels.pdf);
    expect(pages).toBe(100);
    const last = (await findShipment(t.db, ids[99]!))!;
    expect(text).toContain(last.awb!);
  }, 120_000);
});

describe("tracking webhooks", () => {
  it("refuses a delivery without the token, keeps a replay once, and moves forward only", async () => {
    const { order, stockNow } = await placed("cod");
    await book(order);
    const shipment = (await liveShipmentOf(t.db, order.id))!;
    const awb = shipment.awb!;

    expect((await fake.sendWebhook({ awb, code: 42, token: null })).status).toBe(401);
    expect((await fake.sendWebhook({ awb, code: 42, token: "not-the-token" })).status).toBe(401);
    expect((await fake.sendWebhook({ awb, body: "not json" })).status).toBe(400);

    expect((await fake.advance(awb, 42))!.status).toBe(200); // picked up
    expect((await fake.sendWebhook({ awb })).responseBody).toContain("duplicate"); // replay of the newest
    await fake.advance(awb, 17); // out for delivery
    await fake.advance(awb, 21, { activity: "Consignee refused to accept" }); // undelivered
    await processInbox(t.db, provider);
    let now = (await findShipment(t.db, shipment.id))!;
    expect(now).toMatchObject({ status: "delivery_failed", failedAttempts: 1 });
    expect(now.failureReason).toContain("refused");
    expect((await findOrderById(t.db, order.id))!.status).toBe("shipped");

    // a late 'in transit' changes nothing; then the parcel goes back
    await fake.sendWebhook({ awb, code: 18, at: new Date(Date.now() - 86_400_000) });
    await fake.advance(awb, 9);
    await fake.advance(awb, 10);
    await processInbox(t.db, provider);
    now = (await findShipment(t.db, shipment.id))!;
    expect(now.status).toBe("rto_delivered");
    expect(await stockNow()).toBe(3);
    expect(await receiveReturnedParcel(t.db, staff, { shipmentId: now.id, version: now.version })).toMatchObject({
      ok: true,
    });
    expect(await stockNow()).toBe(4);
    expect((await findOrderById(t.db, order.id))!.status).toBe("returned");
  });
});
