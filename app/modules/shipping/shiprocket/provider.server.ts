import { getLogger } from "../../../lib/logger.server";
import {
  ShippingProviderError,
  type CourierQuote,
  type CourierScan,
  type ShippingProvider,
  type TrackingReport,
} from "../provider-contract.server";
import type { CourierCompany, PickupLocation, TrackingData } from "./answers.server";
import { adhocOrderBody, kilograms, returnOrderBody, rupees } from "./bodies.server";
import { createShiprocketClient, ShiprocketError, type ShiprocketClient } from "./client.server";
import { mergePdfs } from "../labels.server";
import { batches, downloadPdf } from "./documents.server";
import { parseIndiaTime, readScan, shiprocketDay, shiprocketStatus } from "./scans";
import { readShiprocketWebhook } from "./webhook.server";

/*
 * The shipping provider over Shiprocket's REST API (decision 041): pure HTTP, no database. It converts
 * the shop's paise, grams and string ids into Shiprocket's rupees, kilograms and integer ids, and
 * Shiprocket's answers into the interface's. Failures are ShippingProviderErrors (the client's
 * ShiprocketError), logged here with what was asked, never with the password or the token.
 */

export const SHIPROCKET_API_URL = "https://apiv2.shiprocket.in";
/** How long the pickup location (its nickname, pincode and address) is kept before it is asked again. */
const PICKUP_LOCATION_TTL_MS = 60 * 60 * 1000;

export interface ShiprocketProviderOptions {
  email: string;
  password: string;
  /** default https://apiv2.shiprocket.in */
  apiUrl?: string;
  /** the pickup location's nickname; default the account's primary location */
  pickupLocation?: string;
  /** the token Shiprocket's webhooks carry as `x-api-key` */
  webhookToken: string;
  /** per request; default 8000 ms */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** A Shiprocket id (an integer) from the interface's text; refused before any request when it is not one. */
function shiprocketId(value: string, what: string): number {
  if (!/^\d{1,15}$/.test(value)) {
    throw new ShippingProviderError(
      "rejected",
      `${JSON.stringify(value.slice(0, 40))} is not a Shiprocket ${what} id`,
      `"${value.slice(0, 40)}" is not a Shiprocket ${what} number`,
    );
  }
  return Number(value);
}

function quoteOf(courier: CourierCompany): CourierQuote {
  const days = courier.estimated_delivery_days;
  return {
    courierId: courier.courier_company_id,
    courierName: courier.courier_name,
    ratePaise: Math.round(courier.rate * 100),
    estimatedDays: /^\d+$/.test(days) ? Number(days) : null,
    estimatedDelivery: shiprocketDay(courier.etd),
    cod: courier.cod,
    surface: courier.is_surface,
  };
}

/** The location parcels leave from: the configured nickname's, else the primary one, else the first. */
function chooseLocation(locations: PickupLocation[], nickname: string | undefined): PickupLocation | null {
  const named = nickname ? locations.find((l) => l.pickup_location === nickname) : undefined;
  if (nickname && !named) {
    getLogger().warn(
      { pickupLocation: nickname, known: locations.map((l) => l.pickup_location) },
      "shipping: Shiprocket has no pickup location of that nickname; using the primary one",
    );
  }
  return named ?? locations.find((l) => l.is_primary_location) ?? locations[0] ?? null;
}

function trackingReport(awb: string, data: TrackingData): TrackingReport {
  const scans = data.shipment_track_activities.map(readScan).filter((s): s is CourierScan => s !== null);
  const newest = scans.reduce<CourierScan | null>((a, b) => (a && a.occurredAt >= b.occurredAt ? a : b), null);
  const code = data.shipment_status === null || data.shipment_status === undefined ? "" : String(data.shipment_status);
  const label = data.shipment_track[0]?.current_status ?? "";
  const current: CourierScan | null =
    newest && (code || label)
      ? {
          ...newest,
          status: shiprocketStatus(code, label),
          code: code || label.toUpperCase(),
          activity: label || newest.activity,
        }
      : newest;
  return {
    awb,
    reference: null,
    scans,
    current,
    estimatedDelivery: shiprocketDay(data.etd) ?? shiprocketDay(data.shipment_track[0]?.edd),
  };
}

/** Logs a failed call with what was asked (at error level when the credentials were refused). */
async function logged<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ShippingProviderError) {
      const fields = {
        kind: error.kind,
        providerMessage: error.providerMessage,
        ...(error instanceof ShiprocketError ? { request: error.request, status: error.status } : {}),
      };
      const log = getLogger();
      if (error.kind === "unauthorized")
        log.error(fields, `shipping: Shiprocket refused the shop's API user while trying to ${action}`);
      else if (error.kind === "unavailable")
        log.warn(fields, `shipping: Shiprocket unavailable while trying to ${action}`);
      else log.warn(fields, `shipping: Shiprocket refused to ${action}: ${error.providerMessage ?? "no reason given"}`);
    }
    throw error;
  }
}

/** What the provider remembers between calls: the pickup location (an hour), and shipment -> order ids. */
function accountMemory(client: ShiprocketClient, options: ShiprocketProviderOptions) {
  const now = () => (options.now?.() ?? new Date()).getTime();
  let pickup: { location: PickupLocation; at: number } | null = null;
  /** Shipment id -> order id, as Shiprocket answered them (only to spare a lookup for manifests). */
  const orderOfShipment = new Map<string, string>();
  return {
    async pickupLocation(): Promise<PickupLocation> {
      if (pickup && now() - pickup.at < PICKUP_LOCATION_TTL_MS) return pickup.location;
      const location = chooseLocation(await client.pickupLocations(), options.pickupLocation);
      if (!location) {
        throw new ShippingProviderError(
          "rejected",
          "Shiprocket has no pickup location",
          "No pickup location is set up",
        );
      }
      pickup = { location, at: now() };
      return location;
    },
    remember(shipmentId: string, orderId: string): void {
      orderOfShipment.set(shipmentId, orderId);
    },
    /** The orders of these shipments (Shiprocket prints an old manifest by order). */
    async orderIdsOf(shipmentIds: string[]): Promise<number[]> {
      const ids = new Set<number>();
      for (const shipmentId of shipmentIds) {
        let orderId = orderOfShipment.get(shipmentId);
        if (!orderId) {
          orderId = (await client.shipment(shiprocketId(shipmentId, "shipment"))).orderId;
          orderOfShipment.set(shipmentId, orderId);
        }
        ids.add(Number(orderId));
      }
      return [...ids];
    },
  };
}

/** One batch's manifest: generated, or when Shiprocket made it before, printed again. */
async function manifestBatch(
  client: ShiprocketClient,
  memory: ReturnType<typeof accountMemory>,
  shipmentIds: string[],
): Promise<Uint8Array> {
  let url: string;
  try {
    url = await client.generateManifest(shipmentIds.map((id) => shiprocketId(id, "shipment")));
  } catch (error) {
    const again = error instanceof ShiprocketError && /already generated/i.test(error.providerMessage ?? "");
    if (!again) throw error;
    url = await client.printManifest(await memory.orderIdsOf(shipmentIds));
  }
  return downloadPdf(client, url);
}

function needsShipments(ids: string[], what: string): void {
  if (ids.length === 0)
    throw new ShippingProviderError("rejected", `${what} of no shipments`, "No shipments were chosen");
}

export function shiprocketProvider(
  options: ShiprocketProviderOptions,
  client: ShiprocketClient = createShiprocketClient({ ...options, apiUrl: options.apiUrl ?? SHIPROCKET_API_URL }),
): ShippingProvider {
  const memory = accountMemory(client, options);
  const pickupLocation = () => memory.pickupLocation();

  return {
    name: "shiprocket",

    serviceability: (query) =>
      logged(`check serviceability to ${query.deliveryPincode}`, async () => {
        const couriers = await client.serviceability({
          pickupPostcode: query.pickupPincode || (await pickupLocation()).pin_code,
          deliveryPostcode: query.deliveryPincode,
          weightKg: kilograms(query.weightGrams),
          cod: query.cod,
          declaredValueRupees: query.declaredValuePaise === undefined ? undefined : rupees(query.declaredValuePaise),
        });
        return couriers.filter((courier) => !query.cod || courier.cod).map(quoteOf);
      }),

    pickupPincode: () => logged("read the pickup location", async () => (await pickupLocation()).pin_code),

    createOrder: (request) =>
      logged(`book ${request.reference}`, async () => {
        const { pickup_location } = await pickupLocation();
        const created = await client.createOrder(adhocOrderBody(request, pickup_location));
        memory.remember(created.shipment_id, created.order_id);
        return { providerOrderId: created.order_id, providerShipmentId: created.shipment_id };
      }),

    assignAwb: ({ providerShipmentId, courierId }) =>
      logged(`assign an AWB to shipment ${providerShipmentId}`, async () => {
        const assigned = await client.assignAwb(
          shiprocketId(providerShipmentId, "shipment"),
          shiprocketId(courierId, "courier"),
        );
        return { ...assigned, courierId: assigned.courierId || courierId };
      }),

    findBooking: (reference) =>
      logged(`look up ${reference}`, async () => {
        const order = (await client.searchOrders(reference)).find((entry) => entry.channel_order_id === reference);
        const shipment = order?.shipments[0];
        if (!order || !shipment) return null;
        memory.remember(shipment.id, order.id);
        return {
          providerOrderId: order.id,
          providerShipmentId: shipment.id,
          awb: shipment.awb
            ? { awb: shipment.awb, courierId: shipment.courier_company_id, courierName: shipment.courier }
            : null,
        };
      }),

    requestPickup: (providerShipmentIds) =>
      logged(`schedule a pickup of ${providerShipmentIds.length} shipments`, async () => {
        needsShipments(providerShipmentIds, "a pickup");
        const answer = await client.generatePickup(providerShipmentIds.map((id) => shiprocketId(id, "shipment")));
        return { scheduledFor: parseIndiaTime(answer.scheduledDate), token: answer.token };
      }),

    labels: (providerShipmentIds) =>
      logged(`print the labels of ${providerShipmentIds.length} shipments`, async () => {
        needsShipments(providerShipmentIds, "labels");
        const pdfs: Uint8Array[] = [];
        for (const batch of batches(providerShipmentIds)) {
          const url = await client.generateLabel(batch.map((id) => shiprocketId(id, "shipment")));
          pdfs.push(await downloadPdf(client, url));
        }
        return pdfs.length === 1 ? pdfs[0]! : mergePdfs(pdfs);
      }),

    manifest: (providerShipmentIds) =>
      logged(`print the manifest of ${providerShipmentIds.length} shipments`, async () => {
        needsShipments(providerShipmentIds, "a manifest");
        const pdfs: Uint8Array[] = [];
        for (const batch of batches(providerShipmentIds)) pdfs.push(await manifestBatch(client, memory, batch));
        return pdfs.length === 1 ? pdfs[0]! : mergePdfs(pdfs);
      }),

    track: ({ awb }) => logged(`track ${awb}`, async () => trackingReport(awb, await client.track(awb))),

    cancel: ({ providerOrderIds, awbs }) =>
      logged(`cancel orders ${providerOrderIds.join(", ")}`, async () => {
        if (providerOrderIds.length === 0 && awbs.length > 0) {
          throw new ShippingProviderError("rejected", "cancel by AWB alone", "Shiprocket cancels by its order number");
        }
        if (providerOrderIds.length === 0) return;
        await client.cancelOrders(providerOrderIds.map((id) => shiprocketId(id, "order")));
      }),

    createReturn: (request) =>
      logged(`book the return ${request.reference}`, async () => {
        const created = await client.createReturn(returnOrderBody(request, await pickupLocation()));
        memory.remember(created.shipment_id, created.order_id);
        return { providerOrderId: created.order_id, providerShipmentId: created.shipment_id };
      }),

    readWebhook: readShiprocketWebhook(options.webhookToken),
  };
}
