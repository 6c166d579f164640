import {
  badRequest,
  HttpError,
  indiaDateTime,
  indiaDaysLater,
  indiaMonthDay,
  invalid,
  PICKED_UP_CODES,
  STANDARD_COURIERS,
  type FakeCourier,
  type FakeOrder,
  type FakeShipment,
  type FakeState,
  type ServiceabilityRule,
} from "./model";
import { checkAdhocOrder, checkReturnOrder, checkServiceabilityQuery } from "./validate";

/*
 * The fake's endpoints under /v1/external, over its state: what each answers, in Shiprocket's shapes
 * and words. Amounts in rupees, weights in kilograms. Texts marked 'fake wording' are not Shiprocket's.
 */

export interface ApiContext {
  state: FakeState;
  now: () => Date;
  /** the fake's address, for document links */
  url: () => string;
  next: (counter: "order" | "shipment" | "awb" | "file" | "pickup") => number;
}

const MAX_PER_CALL = 100;

/** Where a pincode stands: set by setServiceability, else north-east (79...) none, islands (744...) no COD. */
export function ruleFor(state: FakeState, pincode: string): ServiceabilityRule {
  const set = state.serviceability.get(pincode);
  if (set) return set;
  if (pincode.startsWith("79")) return { serviceable: false, cod: false };
  if (pincode.startsWith("744")) return { serviceable: true, cod: false };
  return { serviceable: true, cod: true };
}

const slabs = (weightKg: number) => Math.max(1, Math.ceil(weightKg / 0.5 - 1e-9));
const money = (rupees: number) => Math.round(rupees * 100) / 100;

/** The couriers that carry a parcel to `pincode` (COD-capable or not: Shiprocket lists both). */
export function couriersFor(state: FakeState, pincode: string): Array<FakeCourier & { codHere: boolean }> {
  const rule = ruleFor(state, pincode);
  if (!rule.serviceable) return [];
  return (rule.couriers ?? STANDARD_COURIERS).map((c) => ({ ...c, codHere: rule.cod && c.cod }));
}

export function serviceability(ctx: ApiContext, query: Record<string, string>): unknown {
  checkServiceabilityQuery(query);
  const pincode = query.delivery_postcode!;
  if (!ruleFor(ctx.state, pincode).serviceable)
    return { status: 404, message: `Delivery postcode ${pincode} is not serviceable.` };
  const weight = Number(query.weight);
  const codAsked = query.cod === "1";
  const companies = couriersFor(ctx.state, pincode).map((c) => {
    const freight = money(c.ratePerSlab * slabs(weight));
    const codCharges = codAsked && c.codHere ? c.codCharges : 0;
    return {
      courier_company_id: c.id,
      courier_name: c.name,
      rate: money(freight + codCharges),
      freight_charge: freight,
      cod_charges: codCharges,
      cod: c.codHere ? 1 : 0,
      etd: indiaMonthDay(indiaDaysLater(ctx.now(), c.days, 12)),
      estimated_delivery_days: String(c.days),
      etd_hours: c.days * 24,
      is_surface: c.surface,
      rating: c.rating,
      min_weight: 0.5,
      pickup_availability: "1",
      city: "",
      state: "",
    };
  });
  const cheapest = [...companies].sort((a, b) => a.rate - b.rate)[0];
  return {
    status: 200,
    data: {
      available_courier_companies: companies,
      recommended_courier_company_id: cheapest?.courier_company_id ?? null,
    },
  };
}

function orderAnswer(order: FakeOrder, shipment: FakeShipment) {
  return {
    order_id: order.id,
    shipment_id: shipment.id,
    status: order.status,
    status_code: order.status_code,
    onboarding_completed_now: 0,
    awb_code: shipment.awb,
    courier_company_id: shipment.courierId ?? "",
    courier_name: shipment.courierName,
  };
}

function createOrder(ctx: ApiContext, body: Record<string, unknown>, isReturn: boolean) {
  const reference = String(body.order_id);
  const existing = [...ctx.state.orders.values()].find(
    (o) => o.channel_order_id === reference && o.isReturn === isReturn,
  );
  if (existing) return orderAnswer(existing, ctx.state.shipments.get(existing.shipmentId)!);
  const order: FakeOrder = {
    id: ctx.next("order"),
    channel_order_id: reference,
    status: isReturn ? "RETURN PENDING" : "NEW",
    status_code: isReturn ? 21 : 1,
    isReturn,
    shipmentId: ctx.next("shipment"),
    createdAt: ctx.now(),
    body,
  };
  const shipment: FakeShipment = {
    id: order.shipmentId,
    orderId: order.id,
    reference,
    isReturn,
    deliveryPincode: String(isReturn ? body.shipping_pincode : body.billing_pincode),
    consignee: String(
      isReturn ? body.shipping_customer_name : `${body.billing_customer_name} ${body.billing_last_name ?? ""}`,
    ).trim(),
    cod: String(body.payment_method).toLowerCase() === "cod",
    weightKg: Number(body.weight),
    awb: "",
    courierId: null,
    courierName: "",
    awbAssignedAt: null,
    pickup: null,
    manifest: null,
    cancelled: false,
    statusCode: null,
    statusLabel: isReturn ? "RETURN PENDING" : "NEW",
    statusAt: null,
    scans: [],
    etd: "",
  };
  ctx.state.orders.set(order.id, order);
  ctx.state.shipments.set(shipment.id, shipment);
  return orderAnswer(order, shipment);
}

export function createAdhocOrder(ctx: ApiContext, body: Record<string, unknown>) {
  checkAdhocOrder(body);
  const known = ctx.state.pickupLocations.map((l) => l.pickup_location);
  if (!known.includes(String(body.pickup_location))) {
    throw new HttpError(422, {
      message: `Wrong Pickup location entered. Your existing pickup locations: ${known.join(", ")}`,
      status_code: 422,
    });
  }
  return createOrder(ctx, body, false);
}

export function createReturnOrder(ctx: ApiContext, body: Record<string, unknown>) {
  checkReturnOrder(body);
  return createOrder(ctx, body, true);
}

export function searchOrders(ctx: ApiContext, query: Record<string, string>) {
  const search = (query.search ?? "").toLowerCase();
  const perPage = Math.min(Math.max(Number(query.per_page) || 15, 1), 100);
  const matching = [...ctx.state.orders.values()]
    .filter((o) => {
      const s = ctx.state.shipments.get(o.shipmentId)!;
      return !search || o.channel_order_id.toLowerCase().includes(search) || s.awb === query.search;
    })
    .sort((a, b) => b.id - a.id);
  const data = matching.slice(0, perPage).map((o) => {
    const s = ctx.state.shipments.get(o.shipmentId)!;
    return {
      id: o.id,
      channel_id: 5_550_001,
      channel_order_id: o.channel_order_id,
      customer_name: s.consignee,
      status: s.cancelled ? "CANCELED" : o.status,
      status_code: o.status_code,
      payment_method: s.cod ? "cod" : "prepaid",
      created_at: indiaDateTime(o.createdAt),
      shipments: [{ id: s.id, awb: s.awb, courier: s.courierName, courier_company_id: s.courierId ?? "" }],
    };
  });
  const total = matching.length;
  return {
    data,
    meta: {
      pagination: {
        total,
        count: data.length,
        per_page: perPage,
        current_page: 1,
        total_pages: Math.ceil(total / perPage),
      },
    },
  };
}

/** `shipment_id: [ints]` (or one int), each a known shipment. */
export function shipmentsOf(ctx: ApiContext, value: unknown, field = "shipment_id"): FakeShipment[] {
  const ids = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  if (ids.length === 0) throw invalid({ [field]: [`The ${field.replace(/_/g, " ")} field is required.`] });
  if (ids.length > MAX_PER_CALL) throw badRequest(`You can select at most ${MAX_PER_CALL} shipments at a time.`); // fake wording
  return ids.map((id) => {
    const shipment = Number.isInteger(Number(id)) ? ctx.state.shipments.get(Number(id)) : undefined;
    if (!shipment) throw badRequest(`Shipment ${String(id)} not found.`); // fake wording
    return shipment;
  });
}

export function assignAwb(ctx: ApiContext, body: Record<string, unknown>) {
  const [shipment] = shipmentsOf(ctx, body.shipment_id);
  if (shipment!.cancelled) throw badRequest("Shipment is cancelled."); // fake wording
  if (shipment!.awb) throw badRequest("AWB is already assigned");
  const s = shipment!;
  const courier = couriersFor(ctx.state, s.deliveryPincode).find((c) => c.id === Number(body.courier_id));
  if (!courier || (s.cod && !courier.codHere)) {
    const why = courier ? "does not collect cash on delivery at" : "is not serviceable for";
    return {
      awb_assign_status: 0,
      response: { data: { awb_assign_error: `Selected courier ${why} pincode ${s.deliveryPincode}.` } },
    };
  }
  s.awb = `${String(courier.id).padStart(2, "0")}${String(ctx.next("awb")).padStart(11, "0")}`;
  s.courierId = courier.id;
  s.courierName = courier.name;
  s.awbAssignedAt = ctx.now();
  s.statusLabel = "AWB ASSIGNED";
  s.etd = indiaDateTime(indiaDaysLater(ctx.now(), courier.days, 10));
  return {
    awb_assign_status: 1,
    response: {
      data: {
        courier_company_id: courier.id,
        awb_code: s.awb,
        cod: s.cod ? 1 : 0,
        order_id: s.orderId,
        shipment_id: s.id,
        awb_code_status: 1,
        assigned_date_time: { date: `${indiaDateTime(ctx.now())}.000000`, timezone_type: 3, timezone: "Asia/Kolkata" },
        applied_weight: s.weightKg,
        courier_name: courier.name,
        child_courier_name: null,
      },
    },
  };
}

export function generatePickup(ctx: ApiContext, body: Record<string, unknown>) {
  const shipments = shipmentsOf(ctx, body.shipment_id);
  for (const s of shipments) {
    if (!s.awb) throw badRequest(`AWB is not assigned for shipment ${s.id}.`); // fake wording
    if (s.pickup) throw badRequest("Already in Pickup Queue.");
  }
  const scheduledDate = indiaDateTime(indiaDaysLater(ctx.now(), 1, 12));
  const token = `Reference No: ${194_582_000 + ctx.next("pickup")}`;
  for (const s of shipments) {
    s.pickup = { scheduledDate, token };
    s.statusLabel = "PICKUP SCHEDULED";
  }
  ctx.state.pickups.push({ shipmentIds: shipments.map((s) => s.id), scheduledDate, token });
  return {
    pickup_status: 1,
    response: {
      pickup_scheduled_date: scheduledDate,
      pickup_token_number: token,
      status: 3,
      others: "",
      pickup_generated_date: { date: `${indiaDateTime(ctx.now())}.000000`, timezone_type: 3, timezone: "Asia/Kolkata" },
      data: `Pickup is scheduled for ${scheduledDate.slice(0, 10)}`,
    },
  };
}

export function cancelOrders(ctx: ApiContext, body: Record<string, unknown>) {
  const ids = Array.isArray(body.ids) ? body.ids : [];
  if (ids.length === 0) throw invalid({ ids: ["The ids field is required."] });
  const orders = ids.map((id) => {
    const order = ctx.state.orders.get(Number(id));
    if (!order) throw badRequest(`Order ${String(id)} not found.`); // fake wording
    return order;
  });
  for (const order of orders) {
    const s = ctx.state.shipments.get(order.shipmentId)!;
    if (s.statusCode !== null && PICKED_UP_CODES.has(s.statusCode))
      throw badRequest(`Order ${order.id} cannot be cancelled once picked up.`); // fake wording
  }
  for (const order of orders) {
    const s = ctx.state.shipments.get(order.shipmentId)!;
    s.cancelled = true;
    s.statusLabel = "CANCELED";
    order.status = "CANCELED";
  }
  return { status: 200, message: "Order cancelled successfully." };
}
