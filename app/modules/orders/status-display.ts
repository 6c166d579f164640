/**
 * How an order status looks to people (browser and server): delivered/completed green,
 * pending/processing yellow, cancelled and returned red, every other status blue.
 */
export type OrderStatus =
  | "pending_payment"
  | "confirmed"
  | "pending"
  | "processing"
  | "shipped"
  | "delivered"
  | "completed"
  | "cancelled"
  /** came back undelivered (returned to origin) and received by staff */
  | "returned";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  confirmed: "Confirmed",
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  completed: "Completed",
  cancelled: "Cancelled",
  returned: "Returned undelivered",
};

export type StatusTone = "green" | "yellow" | "red" | "blue";

export function statusTone(status: OrderStatus): StatusTone {
  if (status === "delivered" || status === "completed") return "green";
  if (status === "pending" || status === "processing") return "yellow";
  if (status === "cancelled" || status === "returned") return "red";
  return "blue";
}

/** Tailwind classes per tone: text and background pairs with at least 4.5:1 contrast. */
export const STATUS_TONE_CLASSES: Record<StatusTone, string> = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  yellow: "bg-amber-50 text-amber-800 ring-amber-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  blue: "bg-sky-50 text-sky-800 ring-sky-200",
};
