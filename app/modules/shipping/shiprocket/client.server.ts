import {
  acknowledgement,
  awbAnswer,
  createdOrderAnswer,
  labelAnswer,
  manifestAnswer,
  ordersAnswer,
  pickupAnswer,
  pickupLocationsAnswer,
  serviceabilityAnswer,
  shipmentAnswer,
  trackAnswer,
  type CourierCompany,
  type CreatedOrder,
  type OrderEntry,
  type PickupLocation,
  type TrackingData,
} from "./answers.server";
import type { AdhocOrderBody, ReturnOrderBody } from "./bodies.server";
import { createConnection, reasonText, ShiprocketError, type Connection, type ConnectionOptions } from "./http.server";

/*
 * A small typed client for the parts of Shiprocket's REST API the shop uses (decision 041), one method
 * per endpoint, in Shiprocket's units (rupees, kilograms, centimetres) and ids (integers). How it
 * connects, signs in and fails is in http.server.ts: every failure is a ShiprocketError.
 */

export { ShiprocketError, TOKEN_RENEWAL_MS } from "./http.server";
export type ShiprocketClientOptions = ConnectionOptions;

export interface ServiceabilityParams {
  pickupPostcode: string;
  deliveryPostcode: string;
  weightKg: number;
  cod: boolean;
  declaredValueRupees?: number;
}

export interface ShiprocketClient {
  pickupLocations(): Promise<PickupLocation[]>;
  /** the couriers for a route; [] when it is not serviceable (however Shiprocket says so) */
  serviceability(params: ServiceabilityParams): Promise<CourierCompany[]>;
  createOrder(body: AdhocOrderBody): Promise<CreatedOrder>;
  /** orders whose fields match `search` (Shiprocket searches loosely: the caller picks the exact one) */
  searchOrders(search: string): Promise<OrderEntry[]>;
  assignAwb(shipmentId: number, courierId: number): Promise<{ awb: string; courierId: string; courierName: string }>;
  /** `scheduledDate` as Shiprocket writes it ('2026-11-28 12:00:00', India time) */
  generatePickup(shipmentIds: number[]): Promise<{ scheduledDate: string | null; token: string | null }>;
  /** the label PDF's address */
  generateLabel(shipmentIds: number[]): Promise<string>;
  /** the manifest PDF's address */
  generateManifest(shipmentIds: number[]): Promise<string>;
  /** the address of a manifest generated before */
  printManifest(orderIds: number[]): Promise<string>;
  shipment(shipmentId: number): Promise<{ id: string; orderId: string; awb: string }>;
  track(awb: string): Promise<TrackingData>;
  cancelOrders(orderIds: number[]): Promise<void>;
  createReturn(body: ReturnOrderBody): Promise<CreatedOrder>;
  /** a document Shiprocket made (a label, a manifest): a plain GET without the token */
  download(url: string): Promise<Uint8Array>;
}

/** A refusal Shiprocket sends as a 200 with a flag at 0. */
function refusal(request: string, said: string): ShiprocketError {
  const reason = reasonText(said);
  return new ShiprocketError("rejected", reason, reason, 200, request);
}

async function serviceability(conn: Connection, params: ServiceabilityParams): Promise<CourierCompany[]> {
  const query = new URLSearchParams({
    pickup_postcode: params.pickupPostcode,
    delivery_postcode: params.deliveryPostcode,
    weight: String(params.weightKg),
    cod: params.cod ? "1" : "0",
  });
  if (params.declaredValueRupees !== undefined) query.set("declared_value", String(params.declaredValueRupees));
  try {
    return (await conn.get(`/courier/serviceability/?${query}`, serviceabilityAnswer)).data;
  } catch (error) {
    // Shiprocket also says 'not serviceable' as an HTTP 404.
    if (error instanceof ShiprocketError && error.status === 404) return [];
    throw error;
  }
}

async function assignAwb(conn: Connection, shipmentId: number, courierId: number) {
  const answer = await conn.post("/courier/assign/awb", awbAnswer, { shipment_id: shipmentId, courier_id: courierId });
  const data = answer.response.data;
  if (answer.awb_assign_status !== 1 || !data.awb_code) {
    throw refusal("POST /courier/assign/awb", data.awb_assign_error || "The courier could not be assigned");
  }
  return { awb: data.awb_code, courierId: data.courier_company_id, courierName: data.courier_name };
}

async function generatePickup(conn: Connection, shipmentIds: number[]) {
  const answer = await conn.post("/courier/generate/pickup", pickupAnswer, { shipment_id: shipmentIds });
  if (answer.pickup_status !== 1) {
    const said = answer.response.data;
    throw refusal("POST /courier/generate/pickup", typeof said === "string" && said ? said : "No pickup was scheduled");
  }
  return {
    scheduledDate: answer.response.pickup_scheduled_date ?? null,
    token: answer.response.pickup_token_number || null,
  };
}

async function generateLabel(conn: Connection, shipmentIds: number[]): Promise<string> {
  const answer = await conn.post("/courier/generate/label", labelAnswer, { shipment_id: shipmentIds });
  if (answer.label_created !== 1 || !answer.label_url || answer.not_created.length > 0) {
    const said = typeof answer.response === "string" && answer.response ? answer.response : "No label was created";
    const missing = answer.not_created.length > 0 ? ` (no label for shipment ${answer.not_created.join(", ")})` : "";
    throw refusal("POST /courier/generate/label", `${said}${missing}`);
  }
  return answer.label_url;
}

export function createShiprocketClient(
  options: ShiprocketClientOptions,
  conn: Connection = createConnection(options),
): ShiprocketClient {
  return {
    pickupLocations: async () =>
      (await conn.get("/settings/company/pickup", pickupLocationsAnswer)).data.shipping_address,
    serviceability: (params) => serviceability(conn, params),
    createOrder: (body) => conn.post("/orders/create/adhoc", createdOrderAnswer, body),
    async searchOrders(search) {
      const query = new URLSearchParams({ search, per_page: "10" });
      return (await conn.get(`/orders?${query}`, ordersAnswer)).data;
    },
    assignAwb: (shipmentId, courierId) => assignAwb(conn, shipmentId, courierId),
    generatePickup: (shipmentIds) => generatePickup(conn, shipmentIds),
    generateLabel: (shipmentIds) => generateLabel(conn, shipmentIds),
    generateManifest: async (shipmentIds) =>
      (await conn.post("/manifests/generate", manifestAnswer, { shipment_id: shipmentIds })).manifest_url,
    printManifest: async (orderIds) =>
      (await conn.post("/manifests/print", manifestAnswer, { order_ids: orderIds })).manifest_url,
    async shipment(shipmentId) {
      const { data } = await conn.get(`/shipments/${shipmentId}`, shipmentAnswer);
      return { id: data.id, orderId: data.order_id, awb: data.awb };
    },
    track: async (awb) => (await conn.get(`/courier/track/awb/${encodeURIComponent(awb)}`, trackAnswer)).tracking_data,
    async cancelOrders(orderIds) {
      await conn.post("/orders/cancel", acknowledgement, { ids: orderIds });
    },
    createReturn: (body) => conn.post("/orders/create/return", createdOrderAnswer, body),
    download: (url) => conn.download(url),
  };
}
