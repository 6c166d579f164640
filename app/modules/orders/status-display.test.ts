import { describe, expect, it } from "vitest";
import { ORDER_STATUS_LABELS, statusTone } from "./status-display";

describe("order status colours (spec section 4)", () => {
  it("green for delivered and completed, yellow for pending and processing, red for cancelled, blue otherwise", () => {
    expect(statusTone("delivered")).toBe("green");
    expect(statusTone("completed")).toBe("green");
    expect(statusTone("pending")).toBe("yellow");
    expect(statusTone("processing")).toBe("yellow");
    expect(statusTone("cancelled")).toBe("red");
    expect(statusTone("shipped")).toBe("blue");
    expect(statusTone("confirmed")).toBe("blue");
    expect(statusTone("pending_payment")).toBe("blue");
  });

  it("labels the account page's statuses as the spec shows them", () => {
    expect([ORDER_STATUS_LABELS.delivered, ORDER_STATUS_LABELS.processing, ORDER_STATUS_LABELS.shipped]).toEqual([
      "Delivered",
      "Processing",
      "Shipped",
    ]);
  });
});
