import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ShippingProvider } from "../../app/modules/shipping/provider-contract.server";
import {
  shiprocketProvider,
  type ShiprocketProviderOptions,
} from "../../app/modules/shipping/shiprocket/provider.server";
import { startFakeShiprocket, type FakeShiprocket } from "../fakes/shiprocket/fake-shiprocket";
import { callsTo, NOW, providerFailure, RETURN_REQUEST, SHIPMENT_REQUEST } from "./shiprocket-fixtures";

/*
 * The Shiprocket provider against the local fake: quotes, booking, finding a booking again, AWBs,
 * pickups, tracking, cancelling and returns, in the shop's units (paise, grams, string ids) on one side
 * and Shiprocket's (rupees, kilograms, integers) on the wire. Labels and manifests are in
 * shiprocket-documents.test.ts, webhooks in shiprocket-webhook.test.ts.
 */

let fake: FakeShiprocket;
let now: Date;
let provider: ShippingProvider;

function providerWith(options: Partial<ShiprocketProviderOptions> = {}): ShippingProvider {
  return shiprocketProvider({
    email: fake.email,
    password: fake.password,
    apiUrl: fake.url,
    webhookToken: fake.webhookToken,
    timeoutMs: 2000,
    now: () => now,
    ...options,
  });
}

beforeAll(async () => {
  fake = await startFakeShiprocket({ now: () => now });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  now = NOW;
  fake.reset();
  provider = providerWith();
});

describe("serviceability", () => {
  const query = { pickupPincode: "", deliveryPincode: "400020", weightGrams: 1200, cod: false };

  it("quotes each courier in paise with its dates, from the pickup location's pincode", async () => {
    const quotes = await provider.serviceability({ ...query, declaredValuePaise: 129_900 });
    expect(quotes).toEqual([
      {
        courierId: "12",
        courierName: "Delhivery Surface",
        ratePaise: 13_650,
        estimatedDays: 5,
        estimatedDelivery: "2026-12-02",
        cod: true,
        surface: true,
      },
      {
        courierId: "33",
        courierName: "Xpressbees Air",
        ratePaise: 23_400,
        estimatedDays: 2,
        estimatedDelivery: "2026-11-29",
        cod: false,
        surface: false,
      },
      {
        courierId: "6",
        courierName: "Bluedart Air",
        ratePaise: 28_875,
        estimatedDays: 3,
        estimatedDelivery: "2026-11-30",
        cod: true,
        surface: false,
      },
    ]);
    expect(callsTo(fake, "/courier/serviceability").map((r) => r.query)).toEqual([
      { pickup_postcode: "302001", delivery_postcode: "400020", weight: "1.2", cod: "0", declared_value: "1299" },
    ]);
  });

  it("keeps only couriers that collect cash when COD is asked, with their COD charges", async () => {
    const quotes = await provider.serviceability({ ...query, pickupPincode: "110001", cod: true });
    expect(quotes.map((q) => [q.courierName, q.ratePaise, q.cod])).toEqual([
      ["Delhivery Surface", 17_150, true],
      ["Bluedart Air", 33_375, true],
    ]);
    expect(callsTo(fake, "/courier/serviceability")[0]!.query).toMatchObject({ pickup_postcode: "110001", cod: "1" });
    // the islands: carried, but no courier collects cash there
    expect(await provider.serviceability({ ...query, deliveryPincode: "744101", cod: true })).toEqual([]);
    expect(await provider.serviceability({ ...query, deliveryPincode: "744101" })).toHaveLength(3);
  });

  it("answers no couriers however Shiprocket says a pincode is not served", async () => {
    expect(await provider.serviceability({ ...query, deliveryPincode: "791001" })).toEqual([]);
    fake.failNext(404, { path: "serviceability", body: { message: "No courier serviceable", status_code: 404 } });
    expect(await provider.serviceability(query)).toEqual([]);
    fake.setServiceability("560001", { serviceable: true, cod: true, couriers: [] });
    expect(await provider.serviceability({ ...query, deliveryPincode: "560001" })).toEqual([]);
  });

  it("is unavailable when Shiprocket is down", async () => {
    await provider.pickupPincode();
    fake.failNext(503, { path: "serviceability" });
    expect(await providerFailure(provider.serviceability(query))).toMatchObject({ kind: "unavailable" });
  });
});

describe("the pickup location", () => {
  it("is the primary one by default, or the configured nickname's, kept for an hour", async () => {
    expect(await provider.pickupPincode()).toBe("302001");
    expect(await provider.pickupPincode()).toBe("302001");
    expect(callsTo(fake, "/settings/company/pickup")).toHaveLength(1);
    now = new Date(NOW.getTime() + 61 * 60_000);
    await provider.pickupPincode();
    expect(callsTo(fake, "/settings/company/pickup")).toHaveLength(2);
    expect(await providerWith({ pickupLocation: "Mumbai Warehouse" }).pickupPincode()).toBe("400069");
    expect(await providerWith({ pickupLocation: "Nowhere" }).pickupPincode()).toBe("302001");
  });

  it("is refused when the account has none", async () => {
    fake.state.pickupLocations = [];
    const error = await providerFailure(provider.pickupPincode());
    expect(error).toMatchObject({ kind: "rejected", providerMessage: "No pickup location is set up" });
  });
});

describe("booking", () => {
  it("creates the order in rupees and kilograms, with the customer's names, and once per reference", async () => {
    const booked = await providerWith({ pickupLocation: "Mumbai Warehouse" }).createOrder(SHIPMENT_REQUEST);
    const [call] = callsTo(fake, "/orders/create/adhoc");
    expect(call!.body).toEqual({
      order_id: "ORD-20261127-K7Q2XM",
      order_date: "2026-11-27 02:15",
      pickup_location: "Mumbai Warehouse",
      billing_customer_name: "Priya",
      billing_last_name: "Shah",
      billing_address: "21 Marine Drive, Flat 4B",
      billing_address_2: "",
      billing_city: "Mumbai",
      billing_pincode: "400020",
      billing_state: "Maharashtra",
      billing_country: "India",
      billing_email: "priya@example.com",
      billing_phone: "9876543210",
      shipping_is_billing: true,
      order_items: [
        {
          name: "Indigo block-print kurta",
          sku: "KUR-1001-M-IND",
          units: 2,
          selling_price: 1299,
          discount: 0,
          tax: "",
          hsn: "6211",
        },
        {
          name: "Mulmul dupatta",
          sku: "DUP-2002-OS-RED",
          units: 1,
          selling_price: 499.5,
          discount: 0,
          tax: "",
          hsn: "",
        },
      ],
      payment_method: "COD",
      shipping_charges: 40,
      giftwrap_charges: 0,
      transaction_charges: 0,
      total_discount: 100,
      sub_total: 3097.5,
      length: 30,
      breadth: 25,
      height: 4,
      weight: 0.85,
    });
    const order = fake.state.orders.get(Number(booked.providerOrderId))!;
    expect(order).toMatchObject({
      channel_order_id: "ORD-20261127-K7Q2XM",
      shipmentId: Number(booked.providerShipmentId),
    });
    expect(await provider.createOrder(SHIPMENT_REQUEST)).toEqual(booked);
    expect(fake.state.orders.size).toBe(1);
  });

  it("passes Shiprocket's refusal on with the field's message", async () => {
    const request = { ...SHIPMENT_REQUEST, customer: { ...SHIPMENT_REQUEST.customer, pincode: "40002" } };
    const error = await providerFailure(provider.createOrder(request));
    expect(error).toMatchObject({
      kind: "rejected",
      providerMessage: "billing_pincode: The billing pincode must be 6 digits",
    });
    expect(error.userMessage).toBe(
      "The courier service refused this: billing_pincode: The billing pincode must be 6 digits.",
    );
  });

  it("finds a booking by its exact reference, and sees its AWB once assigned", async () => {
    const booked = await provider.createOrder(SHIPMENT_REQUEST);
    await provider.createOrder({ ...SHIPMENT_REQUEST, reference: `${SHIPMENT_REQUEST.reference}-2` });
    expect(await provider.findBooking(SHIPMENT_REQUEST.reference)).toEqual({ ...booked, awb: null });
    expect(callsTo(fake, "/orders").at(-1)!.query).toEqual({ search: SHIPMENT_REQUEST.reference, per_page: "10" });

    const assigned = await provider.assignAwb({ providerShipmentId: booked.providerShipmentId, courierId: "6" });
    const shipment = fake.state.shipments.get(Number(booked.providerShipmentId))!;
    expect(assigned).toEqual({ awb: shipment.awb, courierId: "6", courierName: "Bluedart Air" });
    expect(callsTo(fake, "/courier/assign/awb").at(-1)!.body).toEqual({
      shipment_id: Number(booked.providerShipmentId),
      courier_id: 6,
    });
    expect(await provider.findBooking(SHIPMENT_REQUEST.reference)).toEqual({ ...booked, awb: assigned });
    expect(await provider.findBooking("ORD-20261127-NOSUCH")).toBeNull();
  });

  it("refuses a second AWB, a courier that cannot carry the parcel, and an id that is not Shiprocket's", async () => {
    const booked = await provider.createOrder(SHIPMENT_REQUEST);
    await provider.assignAwb({ providerShipmentId: booked.providerShipmentId, courierId: "12" });
    expect(
      await providerFailure(provider.assignAwb({ providerShipmentId: booked.providerShipmentId, courierId: "12" })),
    ).toMatchObject({ kind: "rejected", providerMessage: "AWB is already assigned" });

    const island = await provider.createOrder({
      ...SHIPMENT_REQUEST,
      reference: "ORD-20261127-ISLAND",
      customer: { ...SHIPMENT_REQUEST.customer, pincode: "744101" },
    });
    const refused = await providerFailure(
      provider.assignAwb({ providerShipmentId: island.providerShipmentId, courierId: "6" }),
    );
    expect(refused).toMatchObject({
      kind: "rejected",
      providerMessage: "Selected courier does not collect cash on delivery at pincode 744101",
    });

    const before = fake.state.requests.length;
    expect(
      await providerFailure(provider.assignAwb({ providerShipmentId: "DEMO-S-1", courierId: "12" })),
    ).toMatchObject({
      kind: "rejected",
    });
    expect(fake.state.requests.length).toBe(before);
  });

  it("schedules a pickup, and passes on Shiprocket's refusal of a second one", async () => {
    const shipment = fake.book("ORD-20261127-PICKUP");
    const pickup = await provider.requestPickup([String(shipment.id)]);
    // 12:00 in India the next day
    expect(pickup).toEqual({
      scheduledFor: new Date("2026-11-28T06:30:00Z"),
      token: expect.stringMatching(/^Reference No: \d+$/),
    });
    expect(fake.state.pickups).toEqual([
      { shipmentIds: [shipment.id], scheduledDate: "2026-11-28 12:00:00", token: pickup.token },
    ]);
    expect(await providerFailure(provider.requestPickup([String(shipment.id)]))).toMatchObject({
      kind: "rejected",
      providerMessage: "Already in Pickup Queue",
    });
  });
});

describe("tracking", () => {
  it("maps the scans and reads India times", async () => {
    const shipment = fake.book("ORD-20261127-TRACK1");
    await fake.advance(shipment.awb, 42, { at: new Date("2026-11-28T06:00:00Z"), location: "JAIPUR" });
    await fake.advance(shipment.awb, 38, { at: new Date("2026-11-29T23:10:00Z"), location: "BHIWANDI" });
    await fake.advance(shipment.awb, 7, {
      at: new Date("2026-11-30T09:01:00Z"),
      location: "MUMBAI",
      activity: "Delivered to consignee",
    });
    const report = await provider.track({ awb: shipment.awb, providerShipmentId: String(shipment.id) });
    expect(report.awb).toBe(shipment.awb);
    expect(report.estimatedDelivery).toBe("2026-12-02");
    expect([...report.scans].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())).toEqual([
      {
        status: "picked_up",
        code: "42",
        activity: "Shipment picked up",
        location: "JAIPUR",
        occurredAt: new Date("2026-11-28T06:00:00Z"),
      },
      {
        status: "in_transit",
        code: "38",
        activity: "Reached destination hub",
        location: "BHIWANDI",
        occurredAt: new Date("2026-11-29T23:10:00Z"),
      },
      {
        status: "delivered",
        code: "7",
        activity: "Delivered to consignee",
        location: "MUMBAI",
        occurredAt: new Date("2026-11-30T09:01:00Z"),
      },
    ]);
    expect(report.current).toEqual({
      status: "delivered",
      code: "7",
      activity: "Delivered",
      location: "MUMBAI",
      occurredAt: new Date("2026-11-30T09:01:00Z"),
    });
  });

  it("reports no scans for an AWB Shiprocket has nothing on yet", async () => {
    const shipment = fake.book("ORD-20261127-TRACK2");
    expect(await provider.track({ awb: shipment.awb, providerShipmentId: null })).toEqual({
      awb: shipment.awb,
      reference: null,
      scans: [],
      current: null,
      estimatedDelivery: null,
    });
  });
});

describe("cancelling and returns", () => {
  it("cancels an order before pickup, and passes on the refusal after it", async () => {
    const booked = await provider.createOrder(SHIPMENT_REQUEST);
    await provider.cancel({ providerOrderIds: [booked.providerOrderId], awbs: [] });
    expect(callsTo(fake, "/orders/cancel").at(-1)!.body).toEqual({ ids: [Number(booked.providerOrderId)] });
    expect(fake.state.orders.get(Number(booked.providerOrderId))!.status).toBe("CANCELED");

    const picked = fake.book("ORD-20261127-PICKED");
    await fake.advance(picked.awb, 42);
    const error = await providerFailure(
      provider.cancel({ providerOrderIds: [String(picked.orderId)], awbs: [picked.awb] }),
    );
    expect(error).toMatchObject({
      kind: "rejected",
      providerMessage: `Order ${picked.orderId} cannot be cancelled once picked up`,
    });
  });

  it("books a return from the shopper to the pickup location", async () => {
    const booked = await provider.createReturn(RETURN_REQUEST);
    expect(callsTo(fake, "/orders/create/return")[0]!.body).toEqual({
      order_id: "ORD-20261127-K7Q2XM-R1",
      order_date: "2026-12-05 11:30",
      pickup_customer_name: "Priya",
      pickup_last_name: "Shah",
      pickup_address: "21 Marine Drive, Flat 4B",
      pickup_address_2: "",
      pickup_city: "Mumbai",
      pickup_state: "Maharashtra",
      pickup_country: "India",
      pickup_pincode: "400020",
      pickup_email: "priya@example.com",
      pickup_phone: "9876543210",
      shipping_customer_name: "Meera Rathore",
      shipping_last_name: "",
      shipping_address: "14 Chandpole Bazaar",
      shipping_address_2: "Near Chandpole Gate",
      shipping_city: "Jaipur",
      shipping_country: "India",
      shipping_pincode: "302001",
      shipping_state: "Rajasthan",
      shipping_email: "dispatch@saanjh.example",
      shipping_phone: "9829012345",
      order_items: [
        {
          name: "Indigo block-print kurta",
          sku: "KUR-1001-M-IND",
          units: 1,
          selling_price: 1299,
          discount: 0,
          hsn: "6211",
        },
      ],
      payment_method: "PREPAID",
      total_discount: 0,
      sub_total: 1299,
      length: 30,
      breadth: 25,
      height: 3,
      weight: 0.5,
    });
    const order = fake.state.orders.get(Number(booked.providerOrderId))!;
    expect(order).toMatchObject({
      isReturn: true,
      status: "RETURN PENDING",
      shipmentId: Number(booked.providerShipmentId),
    });
  });
});
