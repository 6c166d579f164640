import type { Db } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { findOrderById, orderLinesOf } from "../orders/index.server";
import { parcelOfOrder } from "./booking.server";
import { ShippingProviderError, type ShippingProvider } from "./provider-contract.server";
import { shopShippingProvider } from "./provider.server";

/*
 * A return's reverse pickup (decision 042): the courier collects some pieces of a delivered order from
 * the shopper's address and brings them back to the shop's pickup location. The provider books it
 * under the return's number; with `manual` staff book it with their courier and type its AWB instead.
 */

export type ReturnPickupAnswer =
  | { ok: true; provider: string; providerOrderId: string; courier: string; awb: string }
  | { ok: false; message: string };

export async function bookReturnPickup(
  db: Db,
  input: { orderId: string; returnNumber: string; pieces: ReadonlyArray<{ orderLineId: string; quantity: number }> },
  provider: ShippingProvider = shopShippingProvider(),
): Promise<ReturnPickupAnswer> {
  if (provider.name === "manual")
    return {
      ok: false,
      message: "Returns are collected by hand: book the pickup with your courier and enter its AWB.",
    };
  const order = await findOrderById(db, input.orderId);
  if (!order) return { ok: false, message: "Order not found" };
  const lines = new Map((await orderLinesOf(db, order.id)).map((l) => [l.id, l]));
  const picked = input.pieces.flatMap((p) => {
    const line = lines.get(p.orderLineId);
    return line ? [{ name: line.name, sku: line.sku, units: p.quantity, unitPricePaise: line.unitPricePaise }] : [];
  });
  const parcel = await parcelOfOrder(db, order.id);
  const b = order.billing;
  try {
    const booked = await provider.createReturn({
      reference: input.returnNumber,
      orderDate: order.createdAt,
      pickup: {
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
      lines: picked,
      subTotalPaise: picked.reduce((sum, l) => sum + l.units * l.unitPricePaise, 0),
      package: parcel,
    });
    // the demo courier gives its surface service's AWB at once; a courier service assigns one later
    // (shown as 'AWB to follow' until then)
    const awb =
      provider.name === "demo"
        ? await provider.assignAwb({ providerShipmentId: booked.providerShipmentId, courierId: "demo-surface" })
        : ((await provider.findBooking(input.returnNumber).catch(() => null))?.awb ?? null);
    return {
      ok: true,
      provider: provider.name,
      providerOrderId: booked.providerOrderId,
      courier: awb?.courierName ?? "Courier to be assigned",
      awb: awb?.awb ?? "",
    };
  } catch (error) {
    if (error instanceof ShippingProviderError) return { ok: false, message: error.userMessage };
    getLogger().error({ err: error }, "shipping: a return pickup could not be booked");
    return { ok: false, message: "The pickup could not be booked. Please try again in a minute." };
  }
}
