import { describe, expect, it } from "vitest";
import { checkPhotoBeforeSending, SHOPPER_PHOTO_MESSAGES } from "~/modules/media";
import type { OrderReturn, ReturnEvent } from "~/modules/returns/index.server";
import { shopperReturns } from "./order-returns-view";
import { windowsLine } from "./return-request-form";

const at = (iso: string) => new Date(iso);

const row = (over: Partial<OrderReturn> = {}): OrderReturn =>
  ({
    id: "r1",
    returnNumber: "ORD-1-R1",
    orderId: "o1",
    userId: "u1",
    status: "requested",
    resolution: "exchange",
    reason: "too_small",
    details: "",
    photos: ["/media/returns/photos/a.jpg-w800.webp"],
    refundToMasked: null,
    payoutReference: null,
    declineReason: null,
    pickupProvider: null,
    pickupProviderOrderId: "SR-SECRET",
    pickupCourier: null,
    pickupAwb: null,
    exchangeOrderId: null,
    refundedPaise: 0,
    creditedPaise: 0,
    creditNoteId: null,
    decidedBy: "staff-id",
    decidedAt: null,
    pickupScheduledAt: null,
    pickedUpAt: null,
    receivedAt: null,
    resolvedAt: null,
    cancelledAt: null,
    version: 3,
    createdAt: at("2026-12-01T05:00:00Z"),
    updatedAt: at("2026-12-01T05:00:00Z"),
    lines: [
      {
        id: "l1",
        returnId: "r1",
        orderLineId: "ol1",
        quantity: 1,
        exchangeVariantId: "v9",
        exchangeSize: "L",
        exchangeColour: "Ivory",
        heldQuantity: 1,
        inspection: "pending",
        acceptedQuantity: 0,
        inspectionNote: "staff only",
        inspectionPhotos: [],
      },
    ],
    ...over,
  }) as OrderReturn;

const lines = [{ id: "ol1", name: "Chanderi Kurta", size: "M", colour: "Indigo", imageUrl: null }];

describe("an order's returns as the shopper reads them", () => {
  it("names the pieces with the size wanted, and leaves out what is for staff", () => {
    const [view] = shopperReturns([row()], [], lines, new Map());
    expect(view).toMatchObject({
      statusLabel: "Requested",
      resolutionLabel: "Exchange",
      reasonLabel: "Too small",
      canWithdraw: true,
      photos: ["/media/returns/photos/a.jpg-thumb.webp"],
      pieces: [{ name: "Chanderi Kurta", size: "M", colour: "Indigo", quantity: 1, exchangeFor: "size L · Ivory" }],
    });
    const text = JSON.stringify(view);
    for (const secret of ["SR-SECRET", "staff-id", "staff only", "u1"]) expect(text).not.toContain(secret);
  });

  it("takes the steps from the events, or from the row's dates when there are none", () => {
    const events: ReturnEvent[] = [
      {
        returnId: "r1",
        fromStatus: null,
        toStatus: "requested",
        actorKind: "customer",
        note: null,
        createdAt: at("2026-12-01T05:00:00Z"),
      },
      {
        returnId: "r1",
        fromStatus: "received",
        toStatus: "resolved",
        actorKind: "staff",
        note: null,
        createdAt: at("2026-12-05T05:00:00Z"),
      },
      {
        returnId: "r2",
        fromStatus: null,
        toStatus: "requested",
        actorKind: "customer",
        note: null,
        createdAt: at("2026-12-02T05:00:00Z"),
      },
    ];
    const resolved = row({ status: "resolved", resolution: "store_credit", creditedPaise: 149_900 });
    expect(shopperReturns([resolved], events, lines, new Map())[0]!.steps.map((s) => s.label)).toEqual([
      "Requested",
      "Store credit issued",
    ]);
    const declined = row({ status: "declined", decidedAt: at("2026-12-02T05:00:00Z"), declineReason: "Worn" });
    const [view] = shopperReturns([declined], [], lines, new Map());
    expect(view!.steps.map((s) => s.label)).toEqual(["Requested", "Declined"]);
    expect(view).toMatchObject({
      declineReason: "Worn",
      canWithdraw: false,
      pieces: [{ exchangeFor: "size L · Ivory" }],
    });
  });

  it("names the exchange's order once there is one", () => {
    const sent = row({ status: "resolved", exchangeOrderId: "o2" });
    expect(shopperReturns([sent], [], lines, new Map([["o2", "ORD-2"]]))[0]).toMatchObject({
      statusLabel: "Exchange sent",
      exchangeOrderNumber: "ORD-2",
    });
  });
});

describe("the windows line", () => {
  it("gives India's dates, and which window has closed", () => {
    const windows = {
      exchangeUntil: at("2026-12-12T20:00:00Z"),
      returnUntil: at("2026-12-04T20:00:00Z"),
      exchangeOpen: true,
      returnOpen: false,
    };
    // 8 pm in London is past midnight in India: the 13th and the 5th
    expect(windowsLine(windows)).toBe("Exchange until 13 Dec · Returns closed on 5 Dec");
  });
});

describe("a photo before it is sent", () => {
  it("refuses an empty file, one over 8 MB, HEIC and other types", () => {
    const file = (size: number, type: string, name = "p.jpg") => ({ size, type, name });
    expect(checkPhotoBeforeSending(file(0, "image/jpeg"))).toBe(SHOPPER_PHOTO_MESSAGES.noFile);
    expect(checkPhotoBeforeSending(file(9 * 1024 * 1024, "image/jpeg"))).toBe(SHOPPER_PHOTO_MESSAGES.tooLarge);
    expect(checkPhotoBeforeSending(file(10, "", "IMG_1.HEIC"))).toBe(SHOPPER_PHOTO_MESSAGES.heic);
    expect(checkPhotoBeforeSending(file(10, "image/heif"))).toBe(SHOPPER_PHOTO_MESSAGES.heic);
    expect(checkPhotoBeforeSending(file(10, "application/pdf"))).toBe(SHOPPER_PHOTO_MESSAGES.invalidType);
    expect(checkPhotoBeforeSending(file(10, "image/webp"))).toBeNull();
    expect(checkPhotoBeforeSending(file(10, ""))).toBeNull();
  });
});
