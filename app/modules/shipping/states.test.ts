import { describe, expect, it } from "vitest";
import { canMove, SHIPMENT_STATUSES, type ShipmentStatus } from "./states";

describe("a shipment moves only forward", () => {
  it("walks the outward journey step by step and never back", () => {
    const journey: ShipmentStatus[] = [
      "draft",
      "awb_assigned",
      "pickup_scheduled",
      "picked_up",
      "in_transit",
      "out_for_delivery",
      "delivered",
    ];
    for (let i = 0; i < journey.length; i++) {
      for (let j = 0; j < journey.length; j++) {
        expect(canMove(journey[i]!, journey[j]!), `${journey[i]} -> ${journey[j]}`).toBe(
          j > i && (journey[i] !== "draft" || j < 6),
        );
      }
    }
  });

  it("lets a parcel go out again after a failed attempt, and fail again", () => {
    expect(canMove("out_for_delivery", "delivery_failed")).toBe(true);
    expect(canMove("delivery_failed", "out_for_delivery")).toBe(true);
    expect(canMove("delivery_failed", "in_transit")).toBe(false);
    expect(canMove("delivery_failed", "delivered")).toBe(true);
  });

  it("never turns a delivered parcel back, nor a returning one into a delivery", () => {
    for (const to of SHIPMENT_STATUSES) expect(canMove("delivered", to)).toBe(false);
    expect(canMove("rto_initiated", "delivered")).toBe(false);
    expect(canMove("rto_initiated", "out_for_delivery")).toBe(false);
    expect(canMove("rto_initiated", "rto_delivered")).toBe(true);
    expect(canMove("rto_delivered", "rto_initiated")).toBe(false);
  });

  it("starts the return leg only once picked up", () => {
    expect(canMove("awb_assigned", "rto_initiated")).toBe(false);
    expect(canMove("picked_up", "rto_initiated")).toBe(true);
    expect(canMove("delivery_failed", "rto_delivered")).toBe(true);
  });

  it("lets staff alone mark a parcel received back, and only once it is back", () => {
    expect(canMove("rto_delivered", "returned")).toBe(false);
    expect(canMove("rto_delivered", "returned", false)).toBe(true);
    expect(canMove("rto_initiated", "returned", false)).toBe(false);
  });

  it("cancels only before pickup", () => {
    expect(canMove("draft", "cancelled")).toBe(true);
    expect(canMove("awb_assigned", "cancelled")).toBe(true);
    expect(canMove("pickup_scheduled", "cancelled")).toBe(true);
    expect(canMove("picked_up", "cancelled")).toBe(false);
    expect(canMove("cancelled", "awb_assigned")).toBe(false);
  });
});
