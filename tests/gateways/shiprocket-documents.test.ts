import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ShippingProvider } from "../../app/modules/shipping/provider-contract.server";
import { shiprocketProvider } from "../../app/modules/shipping/shiprocket/provider.server";
import { startFakeShiprocket, type FakeShiprocket } from "../fakes/shiprocket/fake-shiprocket";
import { callsTo, NOW, providerFailure, SHIPMENT_REQUEST, textOfPdf } from "./shiprocket-fixtures";

/*
 * Shiprocket's labels and manifests through the provider: asked for in batches of at most 100,
 * fetched without the token, checked to be PDFs and merged into one, in order.
 */

let fake: FakeShiprocket;
let provider: ShippingProvider;

const newProvider = () =>
  shiprocketProvider({
    email: fake.email,
    password: fake.password,
    apiUrl: fake.url,
    webhookToken: fake.webhookToken,
    now: () => NOW,
  });

beforeAll(async () => {
  fake = await startFakeShiprocket({ now: () => NOW });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.reset();
  provider = newProvider();
});

describe("labels", () => {
  it("returns the courier's label for one shipment, with its AWB, courier and reference", async () => {
    const shipment = fake.book("ORD-20261127-LABEL1", { courierId: 6 });
    const text = await textOfPdf(await provider.labels([String(shipment.id)]));
    expect(text).toContain(`AWB ${shipment.awb}`);
    expect(text).toContain("Bluedart Air");
    expect(text).toContain("ORD-20261127-LABEL1");
    const download = fake.state.requests.at(-1)!;
    expect(download).toMatchObject({ method: "GET", authorization: undefined });
  });

  it("asks for 150 labels in batches of 100 and 50 and merges them in order", async () => {
    const shipments = Array.from({ length: 150 }, (_, i) => fake.book(`ORD-20261127-B${String(i).padStart(5, "0")}`));
    const pdf = await provider.labels(shipments.map((s) => String(s.id)));
    expect(
      callsTo(fake, "/courier/generate/label").map((r) => (r.body as { shipment_id: number[] }).shipment_id),
    ).toEqual([shipments.slice(0, 100).map((s) => s.id), shipments.slice(100).map((s) => s.id)]);
    expect((await PDFDocument.load(pdf!)).getPageCount()).toBe(150);
    const text = await textOfPdf(pdf);
    for (const s of shipments) expect(text).toContain(s.awb);
    expect(text.indexOf(shipments[0]!.awb)).toBeLessThan(text.indexOf(shipments[149]!.awb));
  });

  it("refuses a shipment without an AWB, and a download that is not a PDF", async () => {
    const booked = await provider.createOrder({ ...SHIPMENT_REQUEST, reference: "ORD-20261127-NOAWB" });
    expect(await providerFailure(provider.labels([booked.providerShipmentId]))).toMatchObject({
      kind: "rejected",
      providerMessage: `AWB not assigned (no label for shipment ${booked.providerShipmentId})`,
    });
    const shipment = fake.book("ORD-20261127-LABEL2");
    fake.failNext(200, { path: "/_files/", body: "<html>Access denied</html>" });
    expect(await providerFailure(provider.labels([String(shipment.id)]))).toMatchObject({ kind: "unavailable" });
  });
});

describe("manifests", () => {
  it("generates the manifest, and prints it again once Shiprocket says it was generated", async () => {
    const shipments = [fake.book("ORD-20261127-M1"), fake.book("ORD-20261127-M2", { courierId: 33 })];
    const ids = shipments.map((s) => String(s.id));
    await provider.requestPickup(ids);

    const first = await textOfPdf(await provider.manifest(ids));
    for (const s of shipments) expect(first).toContain(`AWB ${s.awb}`);
    expect(first).toContain("ORD-20261127-M2");

    // a process that never saw these shipments looks their orders up
    const again = await textOfPdf(await newProvider().manifest(ids));
    for (const s of shipments) expect(again).toContain(`AWB ${s.awb}`);
    expect(callsTo(fake, "/shipments/").map((r) => r.path)).toEqual(shipments.map((s) => `/shipments/${s.id}`));
    expect(callsTo(fake, "/manifests/print").map((r) => r.body)).toEqual([
      { order_ids: shipments.map((s) => s.orderId) },
    ]);

    // the provider that booked them knows their orders already
    await provider.findBooking("ORD-20261127-M1");
    await provider.findBooking("ORD-20261127-M2");
    const lookups = callsTo(fake, "/shipments/").length;
    await provider.manifest(ids);
    expect(callsTo(fake, "/shipments/")).toHaveLength(lookups);
    expect(callsTo(fake, "/manifests/print")).toHaveLength(2);
  });

  it("passes on Shiprocket's other refusals", async () => {
    const shipment = fake.book("ORD-20261127-M3");
    expect(await providerFailure(provider.manifest([String(shipment.id)]))).toMatchObject({
      kind: "rejected",
      providerMessage: `Pickup is not generated for shipment ${shipment.id}`,
    });
    expect(await providerFailure(provider.manifest([]))).toMatchObject({ kind: "rejected" });
  });
});
