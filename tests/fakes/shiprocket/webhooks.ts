import {
  indiaDateTime,
  indiaDayFirst,
  STATUS_NAMES,
  type FakeScan,
  type FakeShipment,
  type FakeState,
  type WebhookDelivery,
} from "./model";

/*
 * Scans and the tracking webhook as Shiprocket sends it: POST to the shop's URL with the owner's
 * token in `x-api-key`, a JSON body naming the AWB, our reference (`order_id`), the status now (its
 * number, name and '28 11 2026 14:31:00' India time) and every scan so far, oldest first.
 */

export interface AdvanceOptions {
  /** the courier's words; default Shiprocket's usual text for the status */
  activity?: string;
  location?: string;
  /** when it happened; default now */
  at?: Date;
}

export interface SendWebhookOptions {
  awb: string;
  /** report this status (at `at`, default now) instead of the newest scan's */
  code?: number;
  at?: Date;
  /** default the fake's webhookUrl */
  url?: string;
  /** the x-api-key to send; default the fake's webhookToken; null sends none */
  token?: string | null;
  /** send this raw body instead (garbage, a tampered replay) */
  body?: string;
}

export function shipmentByAwb(state: FakeState, awb: string): FakeShipment {
  const shipment = [...state.shipments.values()].find((s) => s.awb && s.awb === awb);
  if (!shipment) throw new Error(`fake Shiprocket: no shipment has AWB ${awb}`);
  return shipment;
}

export function labelOf(code: number): string {
  return STATUS_NAMES[code]?.label ?? `STATUS ${code}`;
}

/** Appends a scan to the shipment and makes it its status now. */
export function appendScan(shipment: FakeShipment, code: number, options: AdvanceOptions, now: Date): FakeScan {
  const known = STATUS_NAMES[code];
  const at = options.at ?? now;
  const scan: FakeScan = {
    date: indiaDateTime(at),
    status: known?.courierCode ?? String(code),
    activity: options.activity ?? known?.activity ?? labelOf(code),
    location: options.location ?? "MUMBAI",
    "sr-status": String(code),
    "sr-status-label": labelOf(code),
  };
  shipment.scans.push(scan);
  shipment.statusCode = code;
  shipment.statusLabel = labelOf(code);
  shipment.statusAt = at;
  return scan;
}

export function webhookBody(shipment: FakeShipment, current: { code: number; at: Date }): Record<string, unknown> {
  const label = labelOf(current.code);
  return {
    awb: shipment.awb,
    courier_name: shipment.courierName,
    current_status: label,
    current_status_id: current.code,
    shipment_status: label,
    shipment_status_id: current.code,
    current_timestamp: indiaDayFirst(current.at),
    order_id: shipment.reference,
    sr_order_id: shipment.orderId,
    awb_assigned_date: shipment.awbAssignedAt ? indiaDateTime(shipment.awbAssignedAt) : null,
    pickup_scheduled_date: shipment.pickup?.scheduledDate ?? null,
    etd: shipment.etd || null,
    scans: shipment.scans,
    is_return: shipment.isReturn ? 1 : 0,
    channel_id: 5_550_001,
    pod_status: "",
    pod: "Not Available",
  };
}

export async function postWebhook(url: string, rawBody: string, token: string | null): Promise<WebhookDelivery> {
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "Shiprocket-Webhook" };
  if (token !== null) headers["x-api-key"] = token;
  const response = await fetch(url, { method: "POST", headers, body: rawBody, signal: AbortSignal.timeout(10_000) });
  return { url, rawBody, token, status: response.status, responseBody: await response.text() };
}
