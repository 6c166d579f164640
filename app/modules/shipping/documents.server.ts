import type { Db } from "../../db/client.server";
import { isUuid } from "../../lib/ids";
import { cachedStoreSettings } from "../content/index.server";
import { findOrderById, orderLinesOf, type OrderRow } from "../orders/index.server";
import { drawLabels, drawManifest, imposeOnA4, mergePdfs, type LabelData } from "./labels.server";
import { ShippingProviderError, type ShippingProvider } from "./provider-contract.server";
import { shopShippingProvider } from "./provider.server";
import { shipmentsById, type ShipmentRow } from "./shipments.server";

/*
 * Staff's shipping documents for one or many shipments (decision 041): labels (4x6 inch thermal, or
 * four to an A4 sheet) and the manifest the courier's pickup person signs. A shipment booked through
 * a courier service gets the courier's own label (its routing codes and barcodes); the demo courier's
 * and anything the service does not answer for are drawn by the shop.
 */

export type LabelFormat = "4x6" | "a4";

/** At most this many shipments in one document. */
export const DOCUMENT_MAX_SHIPMENTS = 200;

export type DocumentAnswer =
  { ok: true; pdf: Uint8Array; fileName: string } | { ok: false; status: number; message: string };

const NONE = "None of these orders has a booked parcel yet.";

/** The shipments a document link names: `?shipments=<id>,<id>`, ids only, at most DOCUMENT_MAX_SHIPMENTS. */
export function shipmentIdsParam(url: URL): string[] {
  return (url.searchParams.get("shipments") ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(isUuid)
    .slice(0, DOCUMENT_MAX_SHIPMENTS);
}

/** A document's answer for the browser: the PDF shown inline, or the reason as plain text. */
export function documentResponse(answer: DocumentAnswer, headers: Record<string, string>): Response {
  if (!answer.ok)
    return new Response(answer.message, {
      status: answer.status,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(new Uint8Array(answer.pdf), {
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${answer.fileName}"`,
    },
  });
}

/** The booked, live shipments among these, in the order asked. */
async function printable(db: Db, shipmentIds: readonly string[]): Promise<ShipmentRow[]> {
  const rows = await shipmentsById(db, shipmentIds.slice(0, DOCUMENT_MAX_SHIPMENTS));
  return rows.filter((s) => s.awb !== null && s.status !== "cancelled");
}

async function shopOf(db: Db) {
  const settings = await cachedStoreSettings(db);
  return { name: settings.storeName, address: settings.address, phone: settings.supportPhone };
}

async function labelDataOf(
  db: Db,
  shipment: ShipmentRow,
  order: OrderRow,
  from: LabelData["from"],
): Promise<LabelData> {
  const lines = await orderLinesOf(db, order.id);
  const b = order.billing;
  return {
    awb: shipment.awb!,
    courierName: shipment.courierName ?? "Courier",
    orderNumber: order.orderNumber,
    reference: shipment.reference,
    date: shipment.createdAt,
    paymentMethod: order.paymentMethod === "cod" ? "cod" : "prepaid",
    codAmountPaise: shipment.codAmountPaise,
    to: {
      name: `${b.firstName} ${b.lastName}`.trim(),
      address: b.address,
      city: b.city,
      state: b.state,
      pincode: b.pincode,
      phone: b.phone,
    },
    from,
    weightGrams: shipment.weightGrams,
    lengthCm: shipment.lengthCm,
    breadthCm: shipment.breadthCm,
    heightCm: shipment.heightCm,
    pieces: lines.map((l) => ({ sku: l.sku, name: l.name, quantity: l.quantity })),
  };
}

/** The courier service's own labels for its shipments, or null when it has none (or did not answer). */
async function courierLabels(provider: ShippingProvider, shipments: ShipmentRow[]): Promise<Uint8Array | null> {
  const ids = shipments.map((s) => s.providerShipmentId).filter((id): id is string => id !== null);
  if (ids.length !== shipments.length || ids.length === 0) return null;
  return provider.labels(ids);
}

export async function shippingLabels(
  db: Db,
  shipmentIds: readonly string[],
  format: LabelFormat,
  provider: ShippingProvider = shopShippingProvider(),
): Promise<DocumentAnswer> {
  const shipments = await printable(db, shipmentIds);
  if (shipments.length === 0) return { ok: false, status: 404, message: NONE };
  const theirs = shipments.filter((s) => s.provider === provider.name && provider.name === "shiprocket");
  const ours = shipments.filter((s) => !theirs.includes(s));
  const parts: Uint8Array[] = [];
  try {
    const courier = theirs.length > 0 ? await courierLabels(provider, theirs) : null;
    if (courier) parts.push(format === "a4" ? await imposeOnA4(courier) : courier);
    else ours.unshift(...theirs);
  } catch (error) {
    if (!(error instanceof ShippingProviderError)) throw error;
    return { ok: false, status: 503, message: error.userMessage };
  }
  if (ours.length > 0) {
    const from = await shopOf(db);
    const data: LabelData[] = [];
    for (const shipment of ours) {
      const order = await findOrderById(db, shipment.orderId);
      if (order) data.push(await labelDataOf(db, shipment, order, from));
    }
    parts.push(await drawLabels(data, format));
  }
  const pdf = parts.length === 1 ? parts[0]! : await mergePdfs(parts);
  const name = shipments.length === 1 ? shipments[0]!.reference : `${shipments.length}-parcels`;
  return { ok: true, pdf, fileName: `labels-${name}-${format}.pdf` };
}

export async function shippingManifest(
  db: Db,
  shipmentIds: readonly string[],
  provider: ShippingProvider = shopShippingProvider(),
): Promise<DocumentAnswer> {
  const shipments = await printable(db, shipmentIds);
  if (shipments.length === 0) return { ok: false, status: 404, message: NONE };
  if (provider.name === "shiprocket" && shipments.every((s) => s.provider === "shiprocket" && s.providerShipmentId)) {
    try {
      const theirs = await provider.manifest(shipments.map((s) => s.providerShipmentId!));
      if (theirs) return { ok: true, pdf: theirs, fileName: `manifest-${shipments.length}-parcels.pdf` };
    } catch (error) {
      if (!(error instanceof ShippingProviderError)) throw error;
      return { ok: false, status: 503, message: error.userMessage };
    }
  }
  const shop = await shopOf(db);
  const parcels = [];
  for (const s of shipments) {
    const order = await findOrderById(db, s.orderId);
    if (!order) continue;
    parcels.push({
      awb: s.awb!,
      orderNumber: order.orderNumber,
      consignee: `${order.billing.firstName} ${order.billing.lastName}`.trim(),
      city: order.billing.city,
      pincode: order.billing.pincode,
      paymentMethod: order.paymentMethod === "cod" ? ("cod" as const) : ("prepaid" as const),
      codAmountPaise: s.codAmountPaise,
      weightGrams: s.weightGrams,
    });
  }
  const couriers = [...new Set(shipments.map((s) => s.courierName ?? "Courier"))];
  const pdf = await drawManifest({
    shop,
    courierName: couriers.join(", "),
    date: new Date(),
    pickupReference: shipments.find((s) => s.pickupToken)?.pickupToken ?? null,
    parcels,
  });
  return { ok: true, pdf, fileName: `manifest-${shipments.length}-parcels.pdf` };
}
