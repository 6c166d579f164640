import { describe, expect, it } from "vitest";
import type { OrderStatus } from "./status-display";
import { orderTimeline, type OrderTimelineView, type TimelineHistoryEntry, type TimelineOrder } from "./timeline";

const T0 = new Date("2026-03-02T04:30:00.000Z");
/** T0 plus `hours` */
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);

/** A history from (status, hours after T0) pairs, each entry starting from the one before. */
function history(...steps: Array<[OrderStatus, number, string?]>): TimelineHistoryEntry[] {
  return steps.map(([toStatus, hours, reason], i) => ({
    fromStatus: i === 0 ? null : steps[i - 1]![0],
    toStatus,
    createdAt: at(hours),
    reason: reason ?? null,
  }));
}

const order = (status: OrderStatus, extra: Partial<TimelineOrder> = {}): TimelineOrder => ({
  status,
  createdAt: T0,
  ...extra,
});

/** The steps as [key, state] pairs, which most tests are about. */
const shape = (view: OrderTimelineView) => view.steps.map((s) => [s.key, s.state]);
const step = (view: OrderTimelineView, key: string) => view.steps.find((s) => s.key === key);

describe("orderTimeline: the way through", () => {
  it("a paid online order just confirmed: placed and confirmed reached, confirmed current, the rest upcoming", () => {
    const view = orderTimeline(history(["pending_payment", 0], ["confirmed", 0.1]), order("confirmed"));
    expect(shape(view)).toEqual([
      ["placed", "done"],
      ["confirmed", "current"],
      ["processing", "upcoming"],
      ["shipped", "upcoming"],
      ["delivered", "upcoming"],
    ]);
    expect(view.steps.map((s) => s.label)).toEqual(["Order placed", "Confirmed", "Processing", "Shipped", "Delivered"]);
    expect(step(view, "placed")?.at).toEqual(T0);
    expect(step(view, "confirmed")?.at).toEqual(at(0.1));
    expect(view.steps.filter((s) => s.state === "upcoming").every((s) => s.at === null)).toBe(true);
    expect(view).toMatchObject({ status: "confirmed", statusLabel: "Confirmed", tone: "blue", cancelled: false });
  });

  it("cash on delivery: confirmed on creation without passing through payment", () => {
    const view = orderTimeline(history(["confirmed", 0]), order("confirmed", { confirmedAt: T0 }));
    expect(shape(view)[1]).toEqual(["confirmed", "current"]);
    expect(step(view, "confirmed")?.at).toEqual(T0);
    expect(step(view, "awaiting_payment")).toBeUndefined();
  });

  it("an unpaid online order: 'Awaiting payment' is the current step between placed and confirmed", () => {
    const view = orderTimeline(history(["pending_payment", 0]), order("pending_payment"));
    expect(shape(view)).toEqual([
      ["placed", "done"],
      ["awaiting_payment", "current"],
      ["confirmed", "upcoming"],
      ["processing", "upcoming"],
      ["shipped", "upcoming"],
      ["delivered", "upcoming"],
    ]);
    expect(step(view, "awaiting_payment")).toMatchObject({ label: "Awaiting payment", at: T0 });
    expect(view).toMatchObject({ statusLabel: "Awaiting payment", tone: "blue" });
  });

  it("every step reached in turn, each with its own date; delivered is current and green", () => {
    const view = orderTimeline(
      history(["pending_payment", 0], ["confirmed", 0.2], ["processing", 20], ["shipped", 50], ["delivered", 120]),
      order("delivered", { courier: "Blue Dart", trackingNumber: "BD123456789IN" }),
    );
    expect(shape(view)).toEqual([
      ["placed", "done"],
      ["confirmed", "done"],
      ["processing", "done"],
      ["shipped", "done"],
      ["delivered", "current"],
    ]);
    expect(view.steps.map((s) => s.at)).toEqual([T0, at(0.2), at(20), at(50), at(120)]);
    expect(step(view, "shipped")).toMatchObject({ courier: "Blue Dart", trackingNumber: "BD123456789IN" });
    expect(view).toMatchObject({ tone: "green", statusLabel: "Delivered" });
  });

  it("shipped: the courier and tracking number ride on the shipped step, and only once it is reached", () => {
    const shipped = orderTimeline(
      history(["confirmed", 0], ["shipped", 30]),
      order("shipped", { courier: " Delhivery ", trackingNumber: "DLV-778899" }),
    );
    expect(step(shipped, "shipped")).toMatchObject({
      state: "current",
      courier: "Delhivery",
      trackingNumber: "DLV-778899",
      at: at(30),
    });
    // staff typed the AWB before dispatch: not shown on a step the parcel has not reached
    const early = orderTimeline(
      history(["confirmed", 0], ["processing", 5]),
      order("processing", { courier: "Delhivery", trackingNumber: "DLV-1" }),
    );
    expect(step(early, "shipped")).toEqual({ key: "shipped", label: "Shipped", state: "upcoming", at: null });
    // blank values are no values
    const blank = orderTimeline(
      history(["confirmed", 0], ["shipped", 30]),
      order("shipped", { courier: "  ", trackingNumber: null }),
    );
    expect(step(blank, "shipped")).toMatchObject({ courier: null, trackingNumber: null });
  });

  it("a skipped step is done without a date (staff may set any status directly)", () => {
    const view = orderTimeline(history(["confirmed", 0], ["shipped", 10]), order("shipped"));
    expect(shape(view).slice(0, 4)).toEqual([
      ["placed", "done"],
      ["confirmed", "done"],
      ["processing", "done"],
      ["shipped", "current"],
    ]);
    expect(step(view, "processing")?.at).toBeNull();
    expect(step(view, "shipped")?.at).toEqual(at(10));
  });

  it("'pending' stands on the confirmed step (yellow); 'completed' on delivered (green)", () => {
    const pending = orderTimeline(history(["confirmed", 0], ["pending", 2]), order("pending"));
    expect(shape(pending)[1]).toEqual(["confirmed", "current"]);
    expect(step(pending, "confirmed")?.at).toEqual(T0);
    expect(pending).toMatchObject({ statusLabel: "Pending", tone: "yellow" });
    const processing = orderTimeline(history(["confirmed", 0], ["processing", 2]), order("processing"));
    expect(processing.tone).toBe("yellow");

    const completed = orderTimeline(
      history(["confirmed", 0], ["shipped", 5], ["delivered", 50], ["completed", 200]),
      order("completed"),
    );
    expect(shape(completed).at(-1)).toEqual(["delivered", "current"]);
    expect(step(completed, "delivered")?.at).toEqual(at(50));
    expect(completed).toMatchObject({ statusLabel: "Completed", tone: "green" });
    // completed straight from shipped: delivered is dated by the completion
    const closed = orderTimeline(history(["confirmed", 0], ["shipped", 5], ["completed", 90]), order("completed"));
    expect(step(closed, "delivered")?.at).toEqual(at(90));
  });

  it("going back to an earlier step forgets the later dates; reaching them again dates them anew", () => {
    const back = orderTimeline(
      history(["confirmed", 0], ["processing", 5], ["shipped", 10], ["processing", 12]),
      order("processing"),
    );
    expect(shape(back).slice(2)).toEqual([
      ["processing", "current"],
      ["shipped", "upcoming"],
      ["delivered", "upcoming"],
    ]);
    // processing was first reached at 5 on this way through (going back to it keeps that date)
    expect(step(back, "processing")?.at).toEqual(at(5));
    const again = orderTimeline(
      history(["confirmed", 0], ["processing", 5], ["shipped", 10], ["processing", 12], ["shipped", 30]),
      order("shipped"),
    );
    expect(step(again, "shipped")?.at).toEqual(at(30));
    // a pause in 'pending' after processing keeps the first confirmation date
    const paused = orderTimeline(
      history(["confirmed", 0], ["processing", 5], ["pending", 6], ["processing", 9]),
      order("processing"),
    );
    expect(step(paused, "confirmed")?.at).toEqual(T0);
    expect(step(paused, "processing")?.at).toEqual(at(9));
  });

  it("reads the history in time order whatever order it arrives in, and dates as ISO text", () => {
    const entries = history(["pending_payment", 0], ["confirmed", 1], ["processing", 2], ["shipped", 3]);
    const shuffled = [entries[2]!, entries[0]!, entries[3]!, entries[1]!].map((e) => ({
      ...e,
      createdAt: (e.createdAt as Date).toISOString(),
    }));
    const view = orderTimeline(shuffled, { ...order("shipped"), createdAt: T0.toISOString() });
    expect(view.steps.map((s) => s.at)).toEqual([T0, at(1), at(2), at(3), null]);
  });

  it("trusts the order's status over an incomplete history", () => {
    // no history at all (an order written before history existed)
    const bare = orderTimeline([], order("processing", { confirmedAt: at(1) }));
    expect(shape(bare).slice(0, 3)).toEqual([
      ["placed", "done"],
      ["confirmed", "done"],
      ["processing", "current"],
    ]);
    expect(step(bare, "confirmed")?.at).toEqual(at(1));
    expect(step(bare, "processing")?.at).toBeNull();
    // the history says shipped but the status was set back without an entry
    const behind = orderTimeline(history(["confirmed", 0], ["shipped", 4]), order("processing"));
    expect(step(behind, "shipped")).toMatchObject({ state: "upcoming", at: null });
  });

  it("exactly one step is current, whatever the status", () => {
    const statuses: OrderStatus[] = [
      "pending_payment",
      "confirmed",
      "pending",
      "processing",
      "shipped",
      "delivered",
      "completed",
      "cancelled",
    ];
    for (const status of statuses) {
      const view = orderTimeline(history(["pending_payment", 0], ["confirmed", 1], [status, 2]), order(status));
      expect(
        view.steps.filter((s) => s.state === "current"),
        status,
      ).toHaveLength(1);
    }
  });
});

describe("orderTimeline: cancellation", () => {
  it("is its own end state after the steps reached, with its reason and date; no upcoming steps", () => {
    const view = orderTimeline(
      history(
        ["pending_payment", 0],
        ["confirmed", 0.1],
        ["processing", 3],
        ["cancelled", 5, "Out of stock at the studio"],
      ),
      order("cancelled", { cancelledAt: at(5), cancellationReason: "Out of stock at the studio" }),
    );
    expect(shape(view)).toEqual([
      ["placed", "done"],
      ["confirmed", "done"],
      ["processing", "done"],
      ["cancelled", "current"],
    ]);
    expect(view.steps.at(-1)).toEqual({
      key: "cancelled",
      label: "Cancelled",
      state: "current",
      at: at(5),
      reason: "Out of stock at the studio",
    });
    expect(view).toMatchObject({ cancelled: true, tone: "red", statusLabel: "Cancelled" });
  });

  it("an unpaid order released after the payment timeout: placed, then cancelled (never 'Awaiting payment' as done)", () => {
    const view = orderTimeline(
      history(["pending_payment", 0], ["cancelled", 0.5, "Payment not completed in time"]),
      order("cancelled"),
    );
    expect(shape(view)).toEqual([
      ["placed", "done"],
      ["cancelled", "current"],
    ]);
    // the order's own cancellation columns are missing here: the history's entry gives date and reason
    expect(view.steps[1]).toMatchObject({ at: at(0.5), reason: "Payment not completed in time" });
  });

  it("after shipping keeps the courier on the shipped step", () => {
    const view = orderTimeline(
      history(["confirmed", 0], ["shipped", 10], ["cancelled", 40]),
      order("cancelled", { courier: "Blue Dart", trackingNumber: "BD1", cancellationReason: "Returned to sender" }),
    );
    expect(shape(view)).toEqual([
      ["placed", "done"],
      ["confirmed", "done"],
      ["processing", "done"],
      ["shipped", "done"],
      ["cancelled", "current"],
    ]);
    expect(step(view, "shipped")).toMatchObject({ courier: "Blue Dart", trackingNumber: "BD1", at: at(10) });
    expect(step(view, "cancelled")?.reason).toBe("Returned to sender");
  });

  it("without a reason or history says so with nulls, stopping where the order's columns say it was", () => {
    const confirmed = orderTimeline([], order("cancelled", { confirmedAt: at(1) }));
    expect(shape(confirmed)).toEqual([
      ["placed", "done"],
      ["confirmed", "done"],
      ["cancelled", "current"],
    ]);
    expect(confirmed.steps.at(-1)).toMatchObject({ at: null, reason: null });
    const unpaid = orderTimeline([], order("cancelled"));
    expect(shape(unpaid)).toEqual([
      ["placed", "done"],
      ["cancelled", "current"],
    ]);
  });

  it("a cancellation that was undone does not count; the order's columns win over the history's entry", () => {
    const reopened = orderTimeline(history(["confirmed", 0], ["cancelled", 2], ["processing", 3]), order("processing"));
    expect(reopened.cancelled).toBe(false);
    expect(shape(reopened).map(([key]) => key)).not.toContain("cancelled");
    const columns = orderTimeline(
      history(["confirmed", 0], ["cancelled", 2, "typo"]),
      order("cancelled", { cancelledAt: at(2.5), cancellationReason: "Customer asked" }),
    );
    expect(columns.steps.at(-1)).toMatchObject({ at: at(2.5), reason: "Customer asked" });
  });
});
