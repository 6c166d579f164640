import { z } from "zod";

/*
 * Shiprocket's answers, as its API sends them, checked before the shop reads them. Shiprocket is loose
 * with types (an id or a price may come as a number or as text, a flag as 0/1 or true/false, an empty
 * list as null): these schemas accept both spellings and hand the client one. Unknown fields are
 * ignored; a missing field the shop needs makes the whole answer malformed (the client reports it as
 * `unavailable`).
 */

/** An id: 123 or "123", as text. */
const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(String);
/** Text that may be missing, null, or a number: "" when absent. */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? "" : String(v).trim()));
/** 1, "1" or true. */
const flag = z
  .union([z.number(), z.string(), z.boolean()])
  .nullish()
  .transform((v) => v === 1 || v === "1" || v === true);
const number = z.union([z.number(), z.string().regex(/^\s*-?\d+(\.\d+)?\s*$/)]).transform(Number);
/** A list Shiprocket may send as null, or leave out, when empty. */
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);

export const loginAnswer = z.object({ token: z.string().min(1) });

const pickupLocation = z.object({
  id: text,
  pickup_location: z.string(),
  name: text,
  email: text,
  phone: text,
  address: text,
  address_2: text,
  city: text,
  state: text,
  country: text,
  pin_code: text,
  is_primary_location: flag,
});
export type PickupLocation = z.output<typeof pickupLocation>;

export const pickupLocationsAnswer = z.object({
  data: z.object({ shipping_address: list(pickupLocation) }),
});

const courier = z.object({
  courier_company_id: id,
  courier_name: z.string(),
  rate: number,
  cod: flag,
  etd: z.string().nullish(),
  estimated_delivery_days: text,
  is_surface: flag,
});
export type CourierCompany = z.output<typeof courier>;

/**
 * Couriers for a route. Not serviceable comes as `{ status: 404, message }` (no `data`), as `data: []`
 * (PHP's empty object) or as an empty list; all read as no couriers.
 */
export const serviceabilityAnswer = z.object({
  status: z.number().optional(),
  data: z
    .preprocess(
      (v) => (Array.isArray(v) ? null : v),
      z.object({ available_courier_companies: list(courier) }).nullish(),
    )
    .transform((v) => v?.available_courier_companies ?? []),
});

export const createdOrderAnswer = z.object({
  order_id: id,
  shipment_id: id,
  status: text,
});
export type CreatedOrder = z.output<typeof createdOrderAnswer>;

const orderShipment = z.object({
  id,
  awb: text,
  courier: text,
  courier_company_id: text,
});
const orderEntry = z.object({
  id,
  channel_order_id: text,
  status: text,
  shipments: list(orderShipment),
});
export type OrderEntry = z.output<typeof orderEntry>;

export const ordersAnswer = z.object({ data: list(orderEntry) });

/** Assigned: `awb_assign_status: 1` with the AWB; refused: `0` with `awb_assign_error`. */
export const awbAnswer = z.object({
  awb_assign_status: number,
  response: z.object({
    data: z.object({
      awb_code: text,
      courier_company_id: text,
      courier_name: text,
      awb_assign_error: text,
    }),
  }),
});

export const pickupAnswer = z.object({
  pickup_status: number,
  response: z.object({
    pickup_scheduled_date: z.string().nullish(),
    pickup_token_number: text,
    data: z.unknown(),
  }),
});

export const labelAnswer = z.object({
  label_created: number,
  label_url: text,
  response: z.unknown(),
  not_created: list(z.union([z.number(), z.string()])),
});

export const manifestAnswer = z.object({ manifest_url: z.string().min(1) });

export const shipmentAnswer = z.object({
  data: z.object({ id, order_id: id, awb: text }),
});

const trackedShipment = z.object({
  current_status: text,
  edd: z.string().nullish(),
});

export const trackAnswer = z.object({
  tracking_data: z.object({
    track_status: number,
    shipment_status: z.union([z.number(), z.string()]).nullish(),
    shipment_track: list(trackedShipment),
    shipment_track_activities: list(z.unknown()),
    etd: z.string().nullish(),
    error: z.string().nullish(),
  }),
});
export type TrackingData = z.output<typeof trackAnswer>["tracking_data"];

/** Any object: cancellations answer `{ status: 200, message }`. */
export const acknowledgement = z.object({ message: z.string().nullish() });

/** Shiprocket's error body: `{ message, status_code }`, and for 422 `errors: { field: [messages] }`. */
export const errorBody = z.object({
  message: z.string().nullish(),
  errors: z.preprocess(
    (v) => (v && typeof v === "object" && !Array.isArray(v) ? v : null),
    z.record(z.string(), z.union([z.array(z.unknown()), z.string()])).nullable(),
  ),
});
