import { ORDER_STATUS_LABELS, statusTone, type OrderStatus, type StatusTone } from "./status-display";

/*
 * An order's journey as the shopper reads it (pure; browser and server): placed -> confirmed ->
 * processing -> shipped -> delivered, each with the date it was reached, the current step marked;
 * a cancellation is its own end state with its reason; an online order not yet paid shows
 * 'Awaiting payment'. Shown on /track-order, the account's order page and the order-success page
 * through <OrderTimeline> (app/components/orders/order-timeline.tsx). Decision 019.
 */

/** One row of `order_status_history` (dates may arrive as ISO text after serialisation). */
export interface TimelineHistoryEntry {
  fromStatus?: OrderStatus | null;
  toStatus: OrderStatus;
  reason?: string | null;
  createdAt: Date | string;
}

/** The fields of an order the timeline reads. */
export interface TimelineOrder {
  status: OrderStatus;
  createdAt: Date | string;
  confirmedAt?: Date | string | null;
  cancelledAt?: Date | string | null;
  cancellationReason?: string | null;
  courier?: string | null;
  trackingNumber?: string | null;
}

export type TimelineStepKey =
  "placed" | "awaiting_payment" | "confirmed" | "processing" | "shipped" | "delivered" | "cancelled";
export type TimelineStepState = "done" | "current" | "upcoming";

export interface TimelineStep {
  key: TimelineStepKey;
  label: string;
  state: TimelineStepState;
  /** when the order reached this step; null for upcoming steps and for steps it skipped */
  at: Date | null;
  /** shipped, once reached: the courier and its tracking number when staff set them */
  courier?: string | null;
  trackingNumber?: string | null;
  /** cancelled: the reason given */
  reason?: string | null;
}

export interface OrderTimelineView {
  steps: TimelineStep[];
  /** the order's own status, its label and its colour */
  status: OrderStatus;
  statusLabel: string;
  tone: StatusTone;
  cancelled: boolean;
}

export const TIMELINE_LABELS: Record<TimelineStepKey, string> = {
  placed: "Order placed",
  awaiting_payment: ORDER_STATUS_LABELS.pending_payment,
  confirmed: "Confirmed",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

type JourneyKey = Exclude<TimelineStepKey, "cancelled">;

/** The step each status stands on. 'pending' (accepted, waiting to be worked on) sits with confirmed; 'completed' with delivered. */
const STEP_OF: Record<Exclude<OrderStatus, "cancelled">, JourneyKey> = {
  pending_payment: "awaiting_payment",
  confirmed: "confirmed",
  pending: "confirmed",
  processing: "processing",
  shipped: "shipped",
  delivered: "delivered",
  completed: "delivered",
  // came back undelivered: the journey stopped at shipped (the badge says 'Returned undelivered')
  returned: "shipped",
};

const JOURNEY: readonly JourneyKey[] = [
  "placed",
  "awaiting_payment",
  "confirmed",
  "processing",
  "shipped",
  "delivered",
];
const position = (key: JourneyKey) => JOURNEY.indexOf(key);

function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The steps of an order from its status history. Staff may set any status at any time, so the
 * history is walked as it happened: reaching a step keeps the date it was first reached on this way
 * through; going back to an earlier step forgets the dates of the steps after
 * it (they will be reached again). The order's own status decides where it stands now, even when
 * the history is incomplete; skipped steps are done without a date.
 */
export function orderTimeline(history: readonly TimelineHistoryEntry[], order: TimelineOrder): OrderTimelineView {
  const entries = history
    .map((entry, index) => ({ entry, index, at: toDate(entry.createdAt) }))
    .sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0) || a.index - b.index);

  const reached = new Map<JourneyKey, Date | null>();
  let last: JourneyKey = "placed";
  let cancel: { at: Date | null; reason: string | null; from: JourneyKey } | null = null;
  for (const { entry, at } of entries) {
    if (entry.toStatus === "cancelled") {
      cancel = { at, reason: entry.reason ?? null, from: last };
      continue;
    }
    cancel = null;
    const key = STEP_OF[entry.toStatus];
    for (const later of JOURNEY.slice(position(key) + 1)) reached.delete(later);
    if (!reached.has(key)) reached.set(key, at);
    last = key;
  }

  const placedAt = toDate(order.createdAt);
  const dateOf = (key: JourneyKey): Date | null => {
    if (key === "placed") return placedAt;
    const at = reached.get(key) ?? null;
    if (key === "confirmed") return at ?? toDate(order.confirmedAt);
    if (key === "awaiting_payment") return at ?? placedAt;
    return at;
  };

  const cancelled = order.status === "cancelled";
  // Where the journey stopped: for a cancelled order, the step it was on when cancelled.
  const stop: JourneyKey = cancelled
    ? (cancel?.from ?? (last !== "placed" ? last : order.confirmedAt ? "confirmed" : "placed"))
    : STEP_OF[order.status as Exclude<OrderStatus, "cancelled">];

  // 'Awaiting payment' is a step only while it is where the order stands; a paid order has moved on
  // and a cancelled unpaid one never got further than placed.
  const journey = JOURNEY.filter((key) => key !== "awaiting_payment" || (!cancelled && stop === "awaiting_payment"));
  const shown = cancelled
    ? journey.filter((key) => position(key) <= position(stop === "awaiting_payment" ? "placed" : stop))
    : journey;

  const steps: TimelineStep[] = shown.map((key) => {
    const state: TimelineStepState =
      position(key) < position(stop) || (cancelled && position(key) <= position(stop))
        ? "done"
        : key === stop
          ? "current"
          : "upcoming";
    const step: TimelineStep = {
      key,
      label: TIMELINE_LABELS[key],
      state,
      at: state === "upcoming" ? null : dateOf(key),
    };
    if (key === "shipped" && state !== "upcoming") {
      step.courier = order.courier?.trim() || null;
      step.trackingNumber = order.trackingNumber?.trim() || null;
    }
    return step;
  });
  if (cancelled) {
    steps.push({
      key: "cancelled",
      label: TIMELINE_LABELS.cancelled,
      state: "current",
      at: toDate(order.cancelledAt) ?? cancel?.at ?? null,
      reason: order.cancellationReason?.trim() || cancel?.reason?.trim() || null,
    });
  }

  return {
    steps,
    status: order.status,
    statusLabel: ORDER_STATUS_LABELS[order.status],
    tone: statusTone(order.status),
    cancelled,
  };
}
