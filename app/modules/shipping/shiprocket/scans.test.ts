import { describe, expect, it } from "vitest";
import { indiaTimeText, parseIndiaTime, readScan, SHIPROCKET_STATUSES, shiprocketDay, shiprocketStatus } from "./scans";

describe("Shiprocket statuses in the shop's terms", () => {
  it.each([
    [6, "SHIPPED", "in_transit"],
    [7, "DELIVERED", "delivered"],
    [8, "CANCELED", "cancelled"],
    [9, "RTO INITIATED", "rto_initiated"],
    [10, "RTO DELIVERED", "rto_delivered"],
    [12, "LOST", "lost"],
    [13, "PICKUP ERROR", null],
    [14, "RTO ACKNOWLEDGED", "rto_delivered"],
    [15, "PICKUP RESCHEDULED", null],
    [16, "CANCELLATION REQUESTED", null],
    [17, "OUT FOR DELIVERY", "out_for_delivery"],
    [18, "IN TRANSIT", "in_transit"],
    [19, "OUT FOR PICKUP", "pickup_scheduled"],
    [20, "PICKUP EXCEPTION", null],
    [21, "UNDELIVERED", "delivery_failed"],
    [22, "DELAYED", null],
    [24, "DESTROYED", "lost"],
    [38, "REACHED AT DESTINATION HUB", "in_transit"],
    [39, "MISROUTED", null],
    [40, "RTO NDR", null],
    [41, "RTO OFD", null],
    [42, "PICKED UP", "picked_up"],
    [45, "CANCELLED BEFORE DISPATCHED", "cancelled"],
    [46, "RTO IN TRANSIT", "rto_initiated"],
    [48, "REACHED WAREHOUSE", "in_transit"],
    [51, "HANDOVER TO COURIER", "picked_up"],
    [52, "SHIPMENT BOOKED", "awb_assigned"],
    [77, "ISSUE RELATED TO THE RECIPIENT", "delivery_failed"],
  ] as const)("%i %s -> %s, by its number and by its name alone", (code, label, status) => {
    expect(shiprocketStatus(code, label)).toBe(status);
    expect(shiprocketStatus(String(code), null)).toBe(status);
    expect(shiprocketStatus(null, label)).toBe(status);
    expect(shiprocketStatus("", label.toLowerCase())).toBe(status);
  });

  it("covers every row of the table above", () => {
    expect(SHIPROCKET_STATUSES).toHaveLength(28);
  });

  it("goes by the number when both are given, and by the name when the number is unknown", () => {
    expect(shiprocketStatus(7, "IN TRANSIT")).toBe("delivered");
    expect(shiprocketStatus(13, "DELIVERED")).toBeNull();
    expect(shiprocketStatus(999, "Delivered")).toBe("delivered");
    expect(shiprocketStatus("NA", "out for delivery")).toBe("out_for_delivery");
    expect(shiprocketStatus(" 17 ", undefined)).toBe("out_for_delivery");
  });

  it("spells cancelled both ways", () => {
    expect(shiprocketStatus(null, "CANCELLED")).toBe("cancelled");
    expect(shiprocketStatus(null, "Canceled")).toBe("cancelled");
  });

  it("maps unknown statuses to null, and never reads an unknown RTO status as an outward one", () => {
    expect(shiprocketStatus(999, "SOMETHING NEW")).toBeNull();
    expect(shiprocketStatus(null, null)).toBeNull();
    expect(shiprocketStatus(null, "RTO OUT FOR DELIVERY")).toBeNull();
    expect(shiprocketStatus(null, "RTO_DELIVERED_PARTIALLY")).toBeNull();
    expect(shiprocketStatus(7.5, "")).toBeNull();
  });
});

describe("Shiprocket's times (India time, no zone)", () => {
  it("reads year-first times, with or without seconds", () => {
    expect(parseIndiaTime("2026-11-28 14:31:00")?.toISOString()).toBe("2026-11-28T09:01:00.000Z");
    expect(parseIndiaTime("2026-11-28 14:31")?.toISOString()).toBe("2026-11-28T09:01:00.000Z");
    expect(parseIndiaTime("2026-11-28")?.toISOString()).toBe("2026-11-27T18:30:00.000Z");
  });

  it("reads a webhook's day-first timestamp", () => {
    expect(parseIndiaTime("28 11 2026 14:31:00")?.toISOString()).toBe("2026-11-28T09:01:00.000Z");
    expect(parseIndiaTime("01 01 2027 00:15:00")?.toISOString()).toBe("2026-12-31T18:45:00.000Z");
  });

  it("refuses what names no real time", () => {
    for (const text of ["", "yesterday", "2026-02-30 10:00:00", "2026-11-28 25:00:00", "31 04 2026 10:00:00"])
      expect(parseIndiaTime(text)).toBeNull();
    expect(parseIndiaTime(null)).toBeNull();
    expect(parseIndiaTime(1_764_000_000)).toBeNull();
  });

  it("reads the day of serviceability's and tracking's estimates", () => {
    expect(shiprocketDay("Nov 30, 2026")).toBe("2026-11-30");
    expect(shiprocketDay("Dec 02, 2026")).toBe("2026-12-02");
    expect(shiprocketDay("30 Nov 2026")).toBe("2026-11-30");
    expect(shiprocketDay("2026-11-30 10:00:00")).toBe("2026-11-30");
    expect(shiprocketDay("2026-11-30 23:59:00")).toBe("2026-11-30");
    expect(shiprocketDay("2026-11-30")).toBe("2026-11-30");
    expect(shiprocketDay("Feb 30, 2026")).toBeNull();
    expect(shiprocketDay("Nox 30, 2026")).toBeNull();
    expect(shiprocketDay(null)).toBeNull();
    expect(shiprocketDay("")).toBeNull();
  });

  it("writes an order date in India time", () => {
    expect(indiaTimeText(new Date("2026-11-27T20:45:00Z"))).toBe("2026-11-28 02:15");
  });
});

describe("a scan as Shiprocket lists it", () => {
  it("becomes a courier scan with the shop's status, the courier's words and India time", () => {
    expect(
      readScan({
        date: "2026-11-28 14:31:00",
        status: "DLVD",
        activity: "Delivered",
        location: "MUMBAI",
        "sr-status": "7",
        "sr-status-label": "DELIVERED",
      }),
    ).toEqual({
      status: "delivered",
      code: "7",
      activity: "Delivered",
      location: "MUMBAI",
      occurredAt: new Date("2026-11-28T09:01:00.000Z"),
    });
  });

  it("falls back to the label, and keeps a scan that changes nothing", () => {
    expect(
      readScan({
        date: "2026-11-28 09:00:00",
        activity: "Reached hub",
        "sr-status": "NA",
        "sr-status-label": "IN TRANSIT",
      }),
    ).toMatchObject({ status: "in_transit", code: "IN TRANSIT", location: null });
    expect(readScan({ date: "2026-11-28 09:00:00", activity: "Bad weather", "sr-status": 22 })).toMatchObject({
      status: null,
      code: "22",
      activity: "Bad weather",
    });
  });

  it("drops a scan without a readable time", () => {
    expect(readScan({ date: "soon", "sr-status": "7" })).toBeNull();
    expect(readScan("7")).toBeNull();
  });
});
