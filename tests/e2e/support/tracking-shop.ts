/*
 * The orders the order-tracking end-to-end tests look up (tests/e2e/track-order.spec.ts). There is no
 * checkout yet to place them, and the embedded database of a running shop cannot be written by another
 * process, so those tests run a shop of their own whose database is seeded first by
 * seed-tracking-shop.ts (test code, through the same factories as the integration tests).
 */

export const TRACKING_SHOP_DATA_DIR = "tmp/e2e-track-data";

/** The shopper who placed them (signs in by phone code like anyone). */
export const TRACKING_SHOPPER = {
  phone10: "9555500001",
  email: "kavya.rao@example.com",
  firstName: "Kavya",
  lastName: "Rao",
} as const;

export const TRACKED_ORDERS = {
  shipped: { orderNumber: "ORD-MB7K2Q9XA4", courier: "Blue Dart", trackingNumber: "BD7788990011IN" },
  cancelled: {
    orderNumber: "ORD-MB7K3R1YB8",
    reason: "The fabric did not pass our quality check. Your payment has been refunded.",
  },
  unpaid: { orderNumber: "ORD-MB7K4S5ZC2" },
} as const;

/** Products of the demo catalogue the orders are made of (by slug), with the size and colour bought. */
export const TRACKED_LINES = [
  { slug: "neel-dabu-print-cotton-kurta", size: "M", quantity: 1 },
  { slug: "mor-oxidised-jhumkas", size: null, quantity: 2 },
] as const;
