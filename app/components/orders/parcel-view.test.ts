import { describe, expect, it } from "vitest";
import type { ShopperParcel } from "~/modules/shipping/index.server";
import { indiaDay, indiaTime, parcelView, type ParcelOrder } from "./parcel-view";

/*
 * The words the shopper reads about her parcel: the date it arrives by, the day it was delivered, a
 * missed delivery with the courier's reason, the way back to the shop with what happens to her money,
 * and the scans in India's time, newest first as the server hands them.
 */

const COD: ParcelOrder = { status: "shipped", paymentMethod: "cod" };
const PREPAID: ParcelOrder = { status: "shipped", paymentMethod: "online" };

function parcel(overrides: Partial<ShopperParcel> = {}): ShopperParcel {
  return {
    courierName: "Delhivery",
    awb: "1234567890",
    status: "in_transit",
    estimatedDelivery: "2026-11-29",
    deliveredAt: null,
    failedAttempts: 0,
    failureReason: null,
    scans: [
      {
        activity: "In transit to the Lucknow hub",
        location: "Lucknow",
        occurredAt: "2026-11-27T08:44:00.000Z",
        status: "in_transit",
      },
      {
        activity: "Shipment picked up from the seller",
        location: "Jaipur",
        occurredAt: "2026-11-26T19:00:00.000Z",
        status: "picked_up",
      },
    ],
    ...overrides,
  };
}

describe("India's day and time", () => {
  it("are the shopper's clock, not the server's", () => {
    expect(indiaDay("2026-11-27T08:44:00.000Z")).toBe("Fri, 27 Nov");
    expect(indiaTime("2026-11-27T08:44:00.000Z")).toBe("2:14 pm");
    // 7 pm in London is half past midnight the next day in India
    expect(indiaDay("2026-11-26T19:00:00.000Z")).toBe("Fri, 27 Nov");
    expect(indiaTime("2026-11-26T19:00:00.000Z")).toBe("12:30 am");
  });
});

describe("parcelView", () => {
  it("says nothing before a parcel is booked", () => {
    expect(parcelView(null, COD)).toBeNull();
  });

  it("on its way: the courier's date, the status and the scans newest first with India's time", () => {
    const view = parcelView(parcel(), COD)!;
    expect(view.headline).toBe("Arriving by Sun, 29 Nov");
    expect(view.statusLabel).toBe("In transit");
    expect(view.tone).toBe("blue");
    expect(view.detail).toBe("On its way to you.");
    expect(view.notice).toBeNull();
    expect(view.scans).toEqual([
      {
        at: "2026-11-27T08:44:00.000Z",
        day: "Fri, 27 Nov",
        time: "2:14 pm",
        location: "Lucknow",
        activity: "In transit to the Lucknow hub",
      },
      {
        at: "2026-11-26T19:00:00.000Z",
        day: "Fri, 27 Nov",
        time: "12:30 am",
        location: "Jaipur",
        activity: "Shipment picked up from the seller",
      },
    ]);
  });

  it("without the courier's date: the status itself", () => {
    const view = parcelView(parcel({ status: "awb_assigned", estimatedDelivery: null, scans: [] }), COD)!;
    expect(view.headline).toBe("Booked with courier");
    expect(view.detail).toBe("Packed and booked with the courier.");
  });

  it("delivered: the day and the time it was handed over, in green", () => {
    const view = parcelView(
      parcel({ status: "delivered", estimatedDelivery: null, deliveredAt: "2026-11-28T06:05:00.000Z" }),
      { ...COD, status: "delivered" },
    )!;
    expect(view.headline).toBe("Delivered on Sat, 28 Nov");
    expect(view.detail).toBe("Handed over at 11:35 am.");
    expect(view.tone).toBe("green");
    expect(view.notice).toBeNull();
  });

  it("a missed delivery: the day of the newest attempt and the courier's reason, with a way to change it", () => {
    const view = parcelView(
      parcel({
        status: "delivery_failed",
        failedAttempts: 1,
        failureReason: "Consignee not available at the address.",
        scans: [
          {
            activity: "Consignee not available at the address.",
            location: "Lucknow",
            occurredAt: "2026-11-28T10:00:00.000Z",
            status: "delivery_failed",
          },
          ...parcel().scans,
        ],
      }),
      COD,
    )!;
    expect(view.headline).toBe("Delivery attempt failed");
    expect(view.tone).toBe("yellow");
    expect(view.notice).toEqual({
      kind: "failed-attempt",
      text: "The courier could not deliver on Sat, 28 Nov: Consignee not available at the address. They will try again on the next working day.",
      money: null,
      help: "To change the time or address",
    });
  });

  it("a second missed delivery says which attempt it was; no reason, no colon", () => {
    const view = parcelView(parcel({ status: "delivery_failed", failedAttempts: 2, failureReason: null }), COD)!;
    expect(view.notice!.text).toBe(
      "The courier could not deliver. They will try again on the next working day. This was attempt 2.",
    );
  });

  it("on the way back: 'Returning to us', then 'Back with us' with what happens to the money", () => {
    const returning = parcelView(parcel({ status: "rto_initiated" }), COD)!;
    expect(returning.headline).toBe("Returning to us");
    expect(returning.notice!.kind).toBe("returning");
    expect(returning.notice!.money).toBeNull();

    const back = parcelView(parcel({ status: "rto_delivered" }), PREPAID)!;
    expect(back.headline).toBe("Back with us");
    expect(back.notice!.money).toBe(
      "You paid online, so once it is checked in, we refund the full amount to the way you paid and send you a message when it is on its way.",
    );
    expect(parcelView(parcel({ status: "rto_delivered" }), COD)!.notice!.money).toBe(
      "As this was a cash-on-delivery order, there is nothing for you to pay.",
    );
  });

  it("a returned order: 'Returned undelivered' in red, prepaid refunded, cash on delivery had nothing to pay", () => {
    const prepaid = parcelView(parcel({ status: "returned" }), { status: "returned", paymentMethod: "online" })!;
    expect(prepaid.headline).toBe("Returned undelivered");
    expect(prepaid.statusLabel).toBe("Returned undelivered");
    expect(prepaid.tone).toBe("red");
    expect(prepaid.notice!.text).toBe("This parcel came back to us undelivered, so the order is closed.");
    expect(prepaid.notice!.money).toBe(
      "You paid online, so we refund the full amount to the way you paid and send you a message when it is on its way.",
    );
    const cod = parcelView(parcel({ status: "returned" }), { status: "returned", paymentMethod: "cod" })!;
    expect(cod.notice!.money).toBe("As this was a cash-on-delivery order, there is nothing for you to pay.");
    // a returned order whose parcel the shop did not book here still says so
    const unbooked = parcelView(null, { status: "returned", paymentMethod: "cod" })!;
    expect(unbooked.headline).toBe("Returned undelivered");
    expect(unbooked.scans).toEqual([]);
  });

  it("lost by the courier: said plainly, in red", () => {
    const view = parcelView(parcel({ status: "lost" }), PREPAID)!;
    expect(view.headline).toBe("Lost by courier");
    expect(view.tone).toBe("red");
    expect(view.notice!.kind).toBe("lost");
  });
});
