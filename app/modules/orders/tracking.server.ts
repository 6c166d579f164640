import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { checkAttempt, tryAgainIn } from "../limits/index.server";
import { ATTEMPT_RULES } from "../limits";
import { orderLines, orders, orderStatusHistory } from "./schema.server";
import { orderTimeline } from "./timeline";
import {
  comparablePhone,
  normaliseOrderNumber,
  parseContact,
  TRACK_MESSAGES,
  type Contact,
  type TrackedOrder,
} from "./tracking";

export type { TrackedOrder, TrackedOrderLine } from "./tracking";

/*
 * Order tracking without signing in (/track-order, decision 019): the order number plus the phone
 * or e-mail it was placed with. Anything that does not match, for whatever reason, is the same
 * null, so the answer never tells which half was wrong or whether the order exists.
 */

function contactMatches(
  contact: Contact,
  order: { customerEmail: string; customerPhone: string; billing: { email?: string; phone?: string } },
): boolean {
  if (contact.kind === "email") {
    return [order.customerEmail, order.billing.email].some(
      (email) => typeof email === "string" && email.trim().toLowerCase() === contact.email,
    );
  }
  return [order.customerPhone, order.billing.phone].some(
    (phone) => typeof phone === "string" && comparablePhone(phone) === contact.phone,
  );
}

/**
 * The order with this number whose phone or e-mail (the account's or the billing form's) is
 * `contact`; null for a wrong pair, an unknown number or input that cannot be either. Does not
 * count attempts: `lookUpOrder` does.
 */
export async function trackOrder(
  db: Db,
  input: { orderNumber: string; contact: string },
): Promise<TrackedOrder | null> {
  const number = normaliseOrderNumber(input.orderNumber);
  const contact = parseContact(input.contact);
  if (!number || !contact) return null;
  const candidates = [...new Set([number, number.toUpperCase()])];
  const found = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      totalPaise: orders.totalPaise,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      billing: orders.billing,
      confirmedAt: orders.confirmedAt,
      cancelledAt: orders.cancelledAt,
      cancellationReason: orders.cancellationReason,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(inArray(orders.orderNumber, candidates))
    .limit(2);
  const order = found.find((o) => contactMatches(contact, o));
  if (!order) return null;

  const [lines, history] = await Promise.all([
    db
      .select({
        name: orderLines.name,
        size: orderLines.size,
        colour: orderLines.colour,
        quantity: orderLines.quantity,
        imageUrl: orderLines.imageUrl,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.name), asc(orderLines.id)),
    db
      .select({
        fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus,
        reason: orderStatusHistory.reason,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  return {
    orderNumber: order.orderNumber,
    placedAt: order.createdAt,
    status: order.status,
    paymentMethod: order.paymentMethod,
    totalPaise: order.totalPaise,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    lines,
    courier: order.courier?.trim() || null,
    trackingNumber: order.trackingNumber?.trim() || null,
    timeline: orderTimeline(history, order),
  };
}

export type LookUpResult =
  | { outcome: "found"; order: TrackedOrder }
  | { outcome: "not-found" }
  | { outcome: "limited"; limit: "address" | "order"; retryAfterSeconds: number; message: string };

/**
 * One lookup from the page, within the limits: first per client address (so one network cannot try
 * many numbers), then per order number (so many networks cannot try many contacts for one order).
 * Every lookup counts, found or not (the limit must not tell either). An address already over its
 * limit does not use up the order number's lookups. Limits: ATTEMPT_RULES (app/modules/limits/rules.ts).
 */
export async function lookUpOrder(
  db: Db,
  input: { orderNumber: string; contact: string; clientAddress: string | null },
): Promise<LookUpResult> {
  const byAddress = await checkAttempt(db, {
    ...ATTEMPT_RULES.trackOrderPerAddress,
    key: input.clientAddress ?? "unknown",
  });
  if (!byAddress.allowed) {
    return {
      outcome: "limited",
      limit: "address",
      retryAfterSeconds: byAddress.retryAfterSeconds,
      message: TRACK_MESSAGES.tooManyFromNetwork(tryAgainIn(byAddress.retryAfterSeconds)),
    };
  }
  const number = normaliseOrderNumber(input.orderNumber);
  // A number that cannot be an order matches nothing; there is no order behind it to protect.
  if (!number) return { outcome: "not-found" };
  const byOrder = await checkAttempt(db, { ...ATTEMPT_RULES.trackOrderPerOrderNumber, key: number.toUpperCase() });
  if (!byOrder.allowed) {
    return {
      outcome: "limited",
      limit: "order",
      retryAfterSeconds: byOrder.retryAfterSeconds,
      message: TRACK_MESSAGES.tooManyForOrder(tryAgainIn(byOrder.retryAfterSeconds)),
    };
  }
  const order = await trackOrder(db, input);
  return order ? { outcome: "found", order } : { outcome: "not-found" };
}
