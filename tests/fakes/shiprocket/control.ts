import { assignAwb, createAdhocOrder, type ApiContext } from "./api";
import { HttpError, type FakeShipment, type FakeState, type ServiceabilityRule, type WebhookDelivery } from "./model";
import { shipmentByAwb, type AdvanceOptions, type SendWebhookOptions } from "./webhooks";

/*
 * What tests do to the fake besides calling its API: book a parcel without HTTP, and the control API
 * under /_fake for tests in another process (serve.ts).
 */

export interface BookOptions {
  pincode?: string;
  cod?: boolean;
  courierId?: number;
  weightKg?: number;
}

/** An order with an AWB, made through the same code as the API (default: prepaid to Mumbai, Delhivery). */
export function bookDirect(ctx: ApiContext, reference: string, o: BookOptions = {}): FakeShipment {
  const { state } = ctx;
  const location = state.pickupLocations.find((l) => l.is_primary_location) ?? state.pickupLocations[0];
  const created = createAdhocOrder(ctx, {
    order_id: reference,
    order_date: "2026-11-27 10:00",
    pickup_location: location?.pickup_location,
    billing_customer_name: "Priya",
    billing_last_name: "Shah",
    billing_address: "21 Marine Drive",
    billing_city: "Mumbai",
    billing_pincode: o.pincode ?? "400020",
    billing_state: "Maharashtra",
    billing_country: "India",
    billing_email: "priya@example.com",
    billing_phone: "9876543210",
    shipping_is_billing: true,
    order_items: [{ name: "Kurta", sku: "KUR-1001-M-IND", units: 1, selling_price: 1299, discount: 0, hsn: "6211" }],
    payment_method: o.cod ? "COD" : "Prepaid",
    sub_total: 1299,
    length: 30,
    breadth: 25,
    height: 3,
    weight: o.weightKg ?? 0.5,
  });
  const answer = assignAwb(ctx, { shipment_id: created.shipment_id, courier_id: o.courierId ?? 12 });
  if (answer.awb_assign_status !== 1) throw new Error(`fake Shiprocket: book(${reference}): no AWB`);
  return state.shipments.get(created.shipment_id)!;
}

/** The part of the fake the control API drives. */
export interface Controllable {
  readonly state: FakeState;
  failNext(status: number, options?: { times?: number; path?: string; body?: unknown }): void;
  delayNext(ms: number, options?: { times?: number; path?: string }): void;
  expireTokens(): void;
  setServiceability(pincode: string, rule: ServiceabilityRule): void;
  advance(awb: string, code: number, options?: AdvanceOptions): Promise<WebhookDelivery | null>;
  sendWebhook(options: SendWebhookOptions): Promise<WebhookDelivery>;
  reset(): void;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const when = (value: unknown) => (typeof value === "string" ? new Date(value) : undefined);

function snapshot(state: FakeState) {
  const tokens = [...state.tokens.values()];
  return {
    orders: [...state.orders.values()],
    shipments: [...state.shipments.values()],
    pickupLocations: state.pickupLocations,
    pickups: state.pickups,
    requests: state.requests,
    webhooks: state.webhooks,
    tokens: { issued: tokens.length, valid: tokens.filter((t) => t.valid).length },
  };
}

/** The answer to a /_fake request. */
export async function controlAnswer(
  fake: Controllable,
  method: string | undefined,
  path: string,
  body: Record<string, unknown>,
): Promise<unknown> {
  if (method === "GET" && path === "/_fake/health") return { ok: true };
  if (method === "GET" && path === "/_fake/state") return snapshot(fake.state);
  if (method !== "POST") throw new HttpError(404, { message: "No such fake route" });
  const times = typeof body.times === "number" ? body.times : undefined;
  switch (path) {
    case "/_fake/reset":
      fake.reset();
      return { ok: true };
    case "/_fake/expire-tokens":
      fake.expireTokens();
      return { ok: true };
    case "/_fake/fail":
      fake.failNext(Number(body.status), { times, path: text(body.path), body: body.body });
      return { ok: true };
    case "/_fake/delay":
      fake.delayNext(Number(body.ms), { times, path: text(body.path) });
      return { ok: true };
    case "/_fake/serviceability":
      fake.setServiceability(String(body.pincode), body as unknown as ServiceabilityRule);
      return { ok: true };
    case "/_fake/advance": {
      const awb = String(body.awb);
      const options = { activity: text(body.activity), location: text(body.location), at: when(body.at) };
      const delivery = await fake.advance(awb, Number(body.code), options);
      return { scan: shipmentByAwb(fake.state, awb).scans.at(-1), delivery };
    }
    case "/_fake/webhooks":
      return fake.sendWebhook({ ...(body as unknown as SendWebhookOptions), at: when(body.at) });
    default:
      throw new HttpError(404, { message: "No such fake route" });
  }
}
