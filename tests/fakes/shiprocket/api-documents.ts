import { labelPdf, manifestPdf } from "./documents";
import { shipmentsOf, type ApiContext } from "./api";
import { badRequest, HttpError, invalid } from "./model";

/*
 * The fake's documents and tracking under /v1/external: labels and manifests (real PDFs served under
 * /_files, no auth), a shipment by id, and tracking by AWB. Texts marked 'fake wording' are not
 * Shiprocket's.
 */

async function storeFile(ctx: ApiContext, kind: string, bytes: Promise<Uint8Array>): Promise<string> {
  const name = `${kind}-${ctx.next("file")}.pdf`;
  ctx.state.files.set(name, await bytes);
  return `${ctx.url()}/_files/${name}`;
}

export async function generateLabel(ctx: ApiContext, body: Record<string, unknown>) {
  const shipments = shipmentsOf(ctx, body.shipment_id);
  const ready = shipments.filter((s) => s.awb && !s.cancelled);
  const notCreated = shipments.filter((s) => !ready.includes(s)).map((s) => s.id);
  if (ready.length === 0) return { label_created: 0, response: "AWB not assigned", not_created: notCreated };
  return {
    label_created: 1,
    label_url: await storeFile(ctx, "label", labelPdf(ready)),
    response: "Label has been created and uploaded successfully!",
    not_created: notCreated,
  };
}

export async function generateManifest(ctx: ApiContext, body: Record<string, unknown>) {
  const shipments = shipmentsOf(ctx, body.shipment_id);
  if (shipments.some((s) => s.manifest)) throw badRequest("Manifest already generated");
  const unscheduled = shipments.find((s) => !s.pickup);
  if (unscheduled) throw badRequest(`Pickup is not generated for shipment ${unscheduled.id}.`); // fake wording
  const url = await storeFile(ctx, "manifest", manifestPdf(shipments, "Manifest"));
  for (const s of shipments) s.manifest = url;
  return { status: 1, manifest_url: url };
}

export async function printManifest(ctx: ApiContext, body: Record<string, unknown>) {
  const ids = Array.isArray(body.order_ids) ? body.order_ids : [];
  if (ids.length === 0) throw invalid({ order_ids: ["The order ids field is required."] });
  const shipments = ids.map((id) => {
    const order = ctx.state.orders.get(Number(id));
    const shipment = order && ctx.state.shipments.get(order.shipmentId);
    if (!shipment?.manifest) throw badRequest(`Manifest is not generated for order ${String(id)}.`); // fake wording
    return shipment;
  });
  return { manifest_url: await storeFile(ctx, "manifest", manifestPdf(shipments, "Manifest (printed again)")) };
}

export function getShipment(ctx: ApiContext, id: string) {
  const s = ctx.state.shipments.get(Number(id));
  if (!s) throw new HttpError(404, { message: "Shipment not found.", status_code: 404 }); // fake wording
  return {
    data: {
      id: s.id,
      order_id: s.orderId,
      channel_order_id: s.reference,
      awb: s.awb,
      courier: s.courierName,
      status: s.statusLabel,
      pickup_scheduled_date: s.pickup?.scheduledDate ?? null,
    },
  };
}

/** 'OUT FOR DELIVERY' -> 'Out For Delivery', as tracking's current_status reads. */
const titleCase = (label: string) => label.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

const NO_ACTIVITY = "Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.";

export function track(ctx: ApiContext, awb: string) {
  const s = [...ctx.state.shipments.values()].find((x) => x.awb && x.awb === awb);
  if (!s || s.scans.length === 0) return { tracking_data: { track_status: 0, error: NO_ACTIVITY } };
  const delivered = [...s.scans].reverse().find((scan) => scan["sr-status"] === "7");
  return {
    tracking_data: {
      track_status: 1,
      shipment_status: s.statusCode,
      shipment_track: [
        {
          id: 180_000_000 + s.id,
          awb_code: s.awb,
          courier_company_id: s.courierId,
          shipment_id: s.id,
          order_id: s.orderId,
          pickup_date: s.scans.find((scan) => scan["sr-status"] === "42")?.date ?? null,
          delivered_date: delivered?.date ?? null,
          weight: String(s.weightKg),
          packages: 1,
          current_status: titleCase(s.statusLabel),
          delivered_to: delivered ? s.consignee : "",
          destination: s.deliveryPincode,
          consignee_name: s.consignee,
          origin: ctx.state.pickupLocations[0]?.city ?? "",
          courier_agent_details: null,
          edd: s.etd || null,
        },
      ],
      // newest first, as Shiprocket lists them
      shipment_track_activities: [...s.scans].reverse(),
      track_url: `https://shiprocket.co/tracking/${s.awb}`,
      etd: s.etd || null,
      qc_response: { qc_image: "", qc_failed_reason: "" },
    },
  };
}
