import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { inTransaction } from "../../db/transaction.server";
import { getLogger } from "../../lib/logger.server";
import { recordAudit, type Actor } from "../audit/index.server";
import { PACKAGE_DEFAULTS } from "../catalog";
import { packedSizesOf } from "../catalog/index.server";
import {
  findOrderById,
  lockOrder,
  moveOrder,
  orderLinesOf,
  raiseOrderVersion,
  type OrderRow,
} from "../orders/index.server";
import { ORDER_STATUS_LABELS } from "../orders";
import {
  type AssignedAwb,
  type CourierQuote,
  type PackageSize,
  type ShipmentRequest,
  type ShippingProvider,
  ShippingProviderError,
} from "./provider-contract.server";
import { codConfirmationOf, codHoldsShipping } from "./cod-confirmation.server";
import { shopShippingProvider } from "./provider.server";
import { shipmentEvents, shipments } from "./schema.server";
import { liveShipmentOf, type ShipmentRow } from "./shipments.server";
import { markChoices, SHIPPING_MESSAGES, type CourierChoice } from "./staff-shipping";

/*
 * Staff book an order's parcel with a courier (decision 041): the parcel prefilled from the pieces'
 * packed sizes, the couriers that serve the pincode with their rates and dates, then the booking in
 * steps that each store the provider's answer before the next one starts. A retry after a failure
 * asks the provider what it already holds under our reference, so nothing is booked or given an AWB
 * twice; two staff booking one order at once make one shipment.
 */

export type ShippingAnswer =
  { ok: true; message: string; shipmentId: string } | { ok: false; status: number; message: string };

const fail = (status: number, message: string): ShippingAnswer => ({ ok: false, status, message });

/** Orders that may be booked: confirmed and not yet on their way. */
const SHIPPABLE: ReadonlySet<string> = new Set(["confirmed", "pending", "processing"]);

export function isShippable(status: OrderRow["status"]): boolean {
  return SHIPPABLE.has(status);
}

/** The parcel of an order's pieces: weights added, the largest footprint, the heights stacked. */
export async function parcelOfOrder(db: Db | Tx, orderId: string): Promise<PackageSize> {
  const lines = await orderLinesOf(db, orderId);
  const sizes = await packedSizesOf(
    db,
    lines.flatMap((l) => (l.productId ? [l.productId] : [])),
  );
  const fallback = PACKAGE_DEFAULTS.fallback!;
  let parcel = { weightGrams: 0, lengthCm: 1, breadthCm: 1, heightCm: 0 };
  for (const line of lines) {
    const size = (line.productId && sizes.get(line.productId)) || fallback;
    parcel = {
      weightGrams: parcel.weightGrams + size.weightGrams * line.quantity,
      lengthCm: Math.max(parcel.lengthCm, size.lengthCm),
      breadthCm: Math.max(parcel.breadthCm, size.breadthCm),
      heightCm: parcel.heightCm + size.heightCm * line.quantity,
    };
  }
  return {
    weightGrams: Math.max(parcel.weightGrams, 10),
    lengthCm: parcel.lengthCm,
    breadthCm: parcel.breadthCm,
    heightCm: Math.min(Math.max(parcel.heightCm, 1), 150),
  };
}

// what the courier collects: the total less what store credit paid (decision 042)
const codAmountOf = (order: OrderRow) =>
  order.paymentMethod === "cod" ? order.totalPaise - order.storeCreditPaise : 0;

export interface CourierList {
  deliveryPincode: string;
  couriers: CourierChoice[];
}

/** The couriers that can carry this parcel to the order's pincode, cheapest first, cheapest and fastest marked. */
export async function courierChoices(
  provider: ShippingProvider,
  order: OrderRow,
  parcel: PackageSize,
): Promise<CourierList> {
  const quotes = await provider.serviceability({
    pickupPincode: await provider.pickupPincode(),
    deliveryPincode: order.billing.pincode,
    weightGrams: parcel.weightGrams,
    cod: order.paymentMethod === "cod",
    declaredValuePaise: order.totalPaise,
  });
  return { deliveryPincode: order.billing.pincode, couriers: markChoices(quotes) };
}

/** What the order page's shipping form starts from; `error` when the courier service did not answer. */
export async function shippingFormOf(
  db: Db,
  orderId: string,
  provider: ShippingProvider = shopShippingProvider(),
): Promise<{ parcel: PackageSize; couriers: CourierChoice[]; error: string | null }> {
  const order = await findOrderById(db, orderId);
  if (!order) return { parcel: await parcelOfOrder(db, orderId), couriers: [], error: SHIPPING_MESSAGES.notFound };
  const parcel = await parcelOfOrder(db, orderId);
  if (provider.name === "manual") return { parcel, couriers: [], error: null };
  try {
    return { parcel, couriers: (await courierChoices(provider, order, parcel)).couriers, error: null };
  } catch (error) {
    return { parcel, couriers: [], error: messageOf(error) };
  }
}

function messageOf(error: unknown): string {
  if (error instanceof ShippingProviderError) return error.userMessage;
  getLogger().error({ err: error }, "shipping: unexpected failure");
  return SHIPPING_MESSAGES.failed;
}

/** The next reference for an order: its number, then '-2', '-3' after cancelled shipments. */
async function nextReference(tx: Tx, order: OrderRow): Promise<string> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .where(eq(shipments.orderId, order.id));
  const n = row?.n ?? 0;
  return n === 0 ? order.orderNumber : `${order.orderNumber}-${n + 1}`;
}

function shipmentRequest(
  order: OrderRow,
  shipment: ShipmentRow,
  lines: Awaited<ReturnType<typeof orderLinesOf>>,
): ShipmentRequest {
  const b = order.billing;
  return {
    reference: shipment.reference,
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    customer: {
      firstName: b.firstName,
      lastName: b.lastName,
      email: b.email,
      phone: b.phone.replace(/\D/g, "").slice(-10),
      address: b.address,
      city: b.city,
      state: b.state,
      pincode: b.pincode,
      country: b.country || "India",
    },
    lines: lines.map((l) => ({ name: l.name, sku: l.sku, units: l.quantity, unitPricePaise: l.unitPricePaise })),
    paymentMethod: order.paymentMethod === "cod" ? "cod" : "prepaid",
    subTotalPaise: order.subtotalPaise,
    shippingPaise: order.shippingPaise,
    discountPaise: order.discountPaise + order.prepaidDiscountPaise,
    codAmountPaise: shipment.codAmountPaise,
    package: {
      weightGrams: shipment.weightGrams,
      lengthCm: shipment.lengthCm,
      breadthCm: shipment.breadthCm,
      heightCm: shipment.heightCm,
    },
  };
}

export interface BookInput {
  orderId: string;
  /** the order's version the page was showing: a change made since refuses the booking */
  version: number;
  courierId: string;
  parcel: PackageSize;
}

/** Step 1: one draft shipment for the order, made or taken up again, in one transaction with the order locked. */
async function claimDraft(db: Db, staff: Actor, input: BookInput, providerName: string, now: Date) {
  return inTransaction<{ ok: true; order: OrderRow; shipment: ShipmentRow } | { ok: false; answer: ShippingAnswer }>(
    db,
    async (tx, rollBack) => {
      const refuse = (status: number, message: string) => rollBack({ ok: false, answer: fail(status, message) });
      const order = await lockOrder(tx, input.orderId);
      if (!order) return refuse(404, SHIPPING_MESSAGES.notFound);
      if (order.version !== input.version) return refuse(409, SHIPPING_MESSAGES.conflict);
      if (!isShippable(order.status))
        return refuse(409, SHIPPING_MESSAGES.notShippable(ORDER_STATUS_LABELS[order.status]));
      const live = await liveShipmentOf(tx, order.id);
      if (live && live.status !== "draft") return refuse(409, SHIPPING_MESSAGES.alreadyBooked);
      if (codHoldsShipping((await codConfirmationOf(tx, order.id))?.status))
        return refuse(409, SHIPPING_MESSAGES.codAwaiting);
      const parcel = { ...input.parcel };
      let shipment: ShipmentRow;
      if (live) {
        [shipment] = (await tx
          .update(shipments)
          .set({ ...parcel, version: live.version + 1, updatedAt: now })
          .where(eq(shipments.id, live.id))
          .returning()) as [ShipmentRow];
      } else {
        [shipment] = (await tx
          .insert(shipments)
          .values({
            orderId: order.id,
            provider: providerName,
            reference: await nextReference(tx, order),
            ...parcel,
            codAmountPaise: codAmountOf(order),
            createdBy: staff.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning()) as [ShipmentRow];
      }
      await raiseOrderVersion(tx, order, now);
      return { ok: true, order, shipment };
    },
  );
}

/** Saves what the provider answered for a step; only the first answer for a shipment is kept. */
async function saveBooking(
  db: Db,
  shipment: ShipmentRow,
  providerName: string,
  booked: { providerOrderId: string; providerShipmentId: string },
) {
  const [row] = await db
    .update(shipments)
    .set({
      provider: providerName,
      providerOrderId: booked.providerOrderId,
      providerShipmentId: booked.providerShipmentId,
      updatedAt: new Date(),
    })
    .where(and(eq(shipments.id, shipment.id), isNull(shipments.providerShipmentId)))
    .returning();
  return row ?? (await db.select().from(shipments).where(eq(shipments.id, shipment.id)))[0]!;
}

/** Step 3: the AWB on the shipment, the scan 'Booked', the order to processing, in one transaction. */
async function markBooked(
  db: Db,
  staff: Actor,
  shipment: ShipmentRow,
  awb: AssignedAwb,
  quote: CourierQuote | undefined,
  now: Date,
): Promise<ShippingAnswer> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(shipments)
      .set({
        awb: awb.awb,
        courierId: awb.courierId,
        courierName: awb.courierName,
        ratePaise: quote?.ratePaise ?? null,
        estimatedDelivery: quote?.estimatedDelivery ?? null,
        status: "awb_assigned",
        lastError: null,
        lastCheckedAt: now,
        version: shipment.version + 1,
        updatedAt: now,
      })
      .where(and(eq(shipments.id, shipment.id), isNull(shipments.awb)))
      .returning();
    if (!row) return { ok: true, message: SHIPPING_MESSAGES.alreadyBooked, shipmentId: shipment.id };
    await tx
      .insert(shipmentEvents)
      .values({
        shipmentId: row.id,
        status: "awb_assigned",
        code: "booked",
        activity: `Booked with ${awb.courierName}`,
        occurredAt: now,
        source: "staff",
        dedupeKey: `booked:${awb.awb}`,
      })
      .onConflictDoNothing();
    const order = await lockOrder(tx, row.orderId);
    if (order && (order.status === "confirmed" || order.status === "pending")) {
      await moveOrder(tx, order.id, {
        from: order.status,
        to: "processing",
        actor: "staff",
        actorUserId: staff.id,
        reason: `Booked with ${awb.courierName}, AWB ${awb.awb}`,
        now,
      });
    }
    if (order) await raiseOrderVersion(tx, order, now);
    await recordAudit(tx, staff, {
      entity: "order",
      entityId: row.orderId,
      action: "shipment.booked",
      summary: `Booked ${row.reference} with ${awb.courierName}, AWB ${awb.awb}`,
    });
    return { ok: true, message: SHIPPING_MESSAGES.booked(awb.courierName, awb.awb), shipmentId: row.id };
  });
}

/**
 * Books the order's parcel with the chosen courier: claims the draft, books it with the provider and
 * assigns the AWB. A provider failure leaves the draft with its error for the next try, which
 * continues from the last step the provider answered.
 */
export async function bookShipment(
  db: Db,
  staff: Actor,
  input: BookInput,
  provider: ShippingProvider = shopShippingProvider(),
  now: () => Date = () => new Date(),
): Promise<ShippingAnswer> {
  if (provider.name === "manual") return fail(409, SHIPPING_MESSAGES.byHand);
  if (!input.courierId) return fail(400, SHIPPING_MESSAGES.courierRequired);
  const claimed = await claimDraft(db, staff, input, provider.name, now());
  if (!claimed.ok) return claimed.answer;
  const { order } = claimed;
  let shipment = claimed.shipment;
  const retrying = shipment.lastError !== null;
  try {
    const { couriers } = await courierChoices(provider, order, input.parcel);
    const quote = couriers.find((c) => c.courierId === input.courierId);
    if (!quote) {
      const message =
        couriers.length === 0
          ? SHIPPING_MESSAGES.noCouriers(order.billing.pincode)
          : SHIPPING_MESSAGES.courierGone(order.billing.pincode);
      return fail(409, message);
    }
    const held = retrying ? await provider.findBooking(shipment.reference) : null;
    if (!shipment.providerShipmentId) {
      const booked =
        held ?? (await provider.createOrder(shipmentRequest(order, shipment, await orderLinesOf(db, order.id))));
      shipment = await saveBooking(db, shipment, provider.name, booked);
    }
    const awb =
      held?.awb ??
      (await provider.assignAwb({ providerShipmentId: shipment.providerShipmentId!, courierId: quote.courierId }));
    return await markBooked(db, staff, shipment, awb, quote, now());
  } catch (error) {
    const message = messageOf(error);
    await db.update(shipments).set({ lastError: message, updatedAt: now() }).where(eq(shipments.id, shipment.id));
    getLogger().warn({ err: error, reference: shipment.reference }, "shipping: booking stopped; a retry continues");
    return fail(error instanceof ShippingProviderError && error.kind === "rejected" ? 422 : 503, message);
  }
}
