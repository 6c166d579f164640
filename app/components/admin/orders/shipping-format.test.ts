import { describe, expect, it } from "vitest";
import {
  BULK_REASONS,
  bulkShipments,
  courierFacts,
  firstChoice,
  keptChoice,
  labelsHref,
  manifestHref,
  newestFirst,
  parcelText,
  parcelValues,
} from "./shipping-format";

const A = "0b0c5f3e-1b7a-4c43-9a49-8b1f0f6f1a01";
const B = "0b0c5f3e-1b7a-4c43-9a49-8b1f0f6f1a02";

describe("the shipping panel's words", () => {
  it("writes a parcel with grouped grams and its three sides", () => {
    expect(parcelText({ weightGrams: 1200, lengthCm: 32, breadthCm: 26, heightCm: 5 })).toBe(
      "1,200 g · 32 × 26 × 5 cm",
    );
  });

  it("starts the package form from the prefilled parcel, as text", () => {
    expect(parcelValues({ weightGrams: 450, lengthCm: 30, breadthCm: 25, heightCm: 4 })).toEqual({
      weightGrams: "450",
      lengthCm: "30",
      breadthCm: "25",
      heightCm: "4",
    });
  });

  it("names a courier's date, days, mode and cash on delivery", () => {
    expect(courierFacts({ estimatedDelivery: "2026-11-28", estimatedDays: 3, surface: true, cod: true })).toEqual([
      "Delivery by Sat, 28 Nov",
      "3 days",
      "Surface",
      "COD",
    ]);
    expect(courierFacts({ estimatedDelivery: null, estimatedDays: 1, surface: false, cod: false })).toEqual([
      "1 day",
      "Air",
      "No COD",
    ]);
  });

  it("lists scans newest first whatever order they came in", () => {
    const scans = [
      { activity: "Picked up", occurredAt: "2026-11-27T05:00:00.000Z" },
      { activity: "Delivered", occurredAt: "2026-11-28T09:00:00.000Z" },
      { activity: "In transit", occurredAt: "2026-11-27T12:00:00.000Z" },
    ];
    expect(newestFirst(scans).map((s) => s.activity)).toEqual(["Delivered", "In transit", "Picked up"]);
    expect(scans[0]!.activity).toBe("Picked up");
  });
});

describe("the courier chosen", () => {
  const couriers = [
    { courierId: "surface", cheapest: true },
    { courierId: "express", cheapest: false },
  ];

  it("is the cheapest at first, and nothing when no courier is offered", () => {
    expect(firstChoice(couriers)).toBe("surface");
    expect(firstChoice([{ courierId: "only", cheapest: false }])).toBe("only");
    expect(firstChoice([])).toBe("");
  });

  it("stays as staff chose while it is still offered", () => {
    expect(keptChoice("express", couriers)).toBe("express");
    expect(keptChoice("gone", couriers)).toBe("surface");
  });
});

describe("the courier documents", () => {
  it("link the shipments' labels in either size and their manifest", () => {
    expect(labelsHref([A, B], "4x6")).toBe(`/admin/shipping/labels?shipments=${A},${B}&format=4x6`);
    expect(labelsHref([A], "a4")).toBe(`/admin/shipping/labels?shipments=${A}&format=a4`);
    expect(manifestHref([A, B])).toBe(`/admin/shipping/manifest?shipments=${A},${B}`);
  });
});

describe("the orders list's bulk actions", () => {
  it("take every booked shipment's documents, and a pickup only for those not yet collected", () => {
    const picked = bulkShipments([
      { id: A, status: "awb_assigned", awb: "SJ0000000001" },
      { id: B, status: "in_transit", awb: "SJ0000000002" },
      null,
      { id: "draft", status: "draft", awb: null },
    ]);
    expect(picked).toEqual({ documents: [A, B], pickups: [A], documentsReason: null, pickupsReason: null });
  });

  it("say why when no selected order is booked, or none waits for its pickup", () => {
    expect(bulkShipments([null, { id: "draft", status: "draft", awb: null }])).toEqual({
      documents: [],
      pickups: [],
      documentsReason: BULK_REASONS.noneBooked,
      pickupsReason: BULK_REASONS.noneBooked,
    });
    const collected = bulkShipments([{ id: B, status: "pickup_scheduled", awb: "SJ0000000002" }]);
    expect(collected.documents).toEqual([B]);
    expect(collected.pickupsReason).toBe(BULK_REASONS.noneAwaitingPickup);
  });
});
