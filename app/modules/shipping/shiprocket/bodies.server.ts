import type { PackageSize, ReturnRequest, ShipmentLine, ShipmentRequest } from "../provider-contract.server";
import type { PickupLocation } from "./answers.server";
import { indiaTimeText } from "./scans";

/*
 * What the shop sends Shiprocket to book a parcel or a return, built from the provider interface's
 * requests: paise become rupees, grams kilograms, times India time ('YYYY-MM-DD HH:mm').
 */

interface OrderItem {
  name: string;
  sku: string;
  units: number;
  selling_price: number;
  discount: number;
  tax?: string;
  hsn: string;
}

interface Parcel {
  sub_total: number;
  length: number;
  breadth: number;
  height: number;
  weight: number;
}

/** POST /orders/create/adhoc */
export interface AdhocOrderBody extends Parcel {
  order_id: string;
  order_date: string;
  pickup_location: string;
  billing_customer_name: string;
  billing_last_name: string;
  billing_address: string;
  billing_address_2: string;
  billing_city: string;
  billing_pincode: string;
  billing_state: string;
  billing_country: string;
  billing_email: string;
  billing_phone: string;
  shipping_is_billing: true;
  order_items: OrderItem[];
  payment_method: "Prepaid" | "COD";
  shipping_charges: number;
  giftwrap_charges: 0;
  transaction_charges: 0;
  total_discount: number;
}

/** POST /orders/create/return: picked up from the shopper, delivered to the shop's pickup location. */
export interface ReturnOrderBody extends Parcel {
  order_id: string;
  order_date: string;
  pickup_customer_name: string;
  pickup_last_name: string;
  pickup_address: string;
  pickup_address_2: string;
  pickup_city: string;
  pickup_state: string;
  pickup_country: string;
  pickup_pincode: string;
  pickup_email: string;
  pickup_phone: string;
  shipping_customer_name: string;
  shipping_last_name: string;
  shipping_address: string;
  shipping_address_2: string;
  shipping_city: string;
  shipping_country: string;
  shipping_pincode: string;
  shipping_state: string;
  shipping_email: string;
  shipping_phone: string;
  order_items: OrderItem[];
  payment_method: "PREPAID";
  total_discount: 0;
}

/** Paise as rupees (12_345 -> 123.45). */
export const rupees = (paise: number): number => Math.round(paise) / 100;
/** Grams as kilograms (500 -> 0.5). */
export const kilograms = (grams: number): number => Math.round(grams) / 1000;

function parcel(subTotalPaise: number, size: PackageSize): Parcel {
  return {
    sub_total: rupees(subTotalPaise),
    length: size.lengthCm,
    breadth: size.breadthCm,
    height: size.heightCm,
    weight: kilograms(size.weightGrams),
  };
}

function items(lines: ShipmentLine[], withTax: boolean): OrderItem[] {
  return lines.map((line) => ({
    name: line.name,
    sku: line.sku,
    units: line.units,
    selling_price: rupees(line.unitPricePaise),
    discount: 0,
    ...(withTax ? { tax: "" } : {}),
    hsn: line.hsn ?? "",
  }));
}

/** Ten digits: Shiprocket refuses +91 and spaces. */
const tenDigits = (phone: string): string => phone.replace(/\D/g, "").slice(-10);

export function adhocOrderBody(request: ShipmentRequest, pickupLocation: string): AdhocOrderBody {
  const c = request.customer;
  return {
    order_id: request.reference,
    order_date: indiaTimeText(request.orderDate),
    pickup_location: pickupLocation,
    billing_customer_name: c.firstName,
    billing_last_name: c.lastName,
    billing_address: c.address,
    billing_address_2: "",
    billing_city: c.city,
    billing_pincode: c.pincode,
    billing_state: c.state,
    billing_country: c.country || "India",
    billing_email: c.email,
    billing_phone: tenDigits(c.phone),
    shipping_is_billing: true,
    order_items: items(request.lines, true),
    payment_method: request.paymentMethod === "cod" ? "COD" : "Prepaid",
    shipping_charges: rupees(request.shippingPaise),
    giftwrap_charges: 0,
    transaction_charges: 0,
    total_discount: rupees(request.discountPaise),
    ...parcel(request.subTotalPaise, request.package),
  };
}

export function returnOrderBody(request: ReturnRequest, shop: PickupLocation): ReturnOrderBody {
  const p = request.pickup;
  return {
    order_id: request.reference,
    order_date: indiaTimeText(request.orderDate),
    pickup_customer_name: p.firstName,
    pickup_last_name: p.lastName,
    pickup_address: p.address,
    pickup_address_2: "",
    pickup_city: p.city,
    pickup_state: p.state,
    pickup_country: p.country || "India",
    pickup_pincode: p.pincode,
    pickup_email: p.email,
    pickup_phone: tenDigits(p.phone),
    // the pickup location's contact person, whole (Shiprocket needs no last name)
    shipping_customer_name: shop.name || shop.pickup_location,
    shipping_last_name: "",
    shipping_address: shop.address,
    shipping_address_2: shop.address_2,
    shipping_city: shop.city,
    shipping_country: shop.country || "India",
    shipping_pincode: shop.pin_code,
    shipping_state: shop.state,
    shipping_email: shop.email,
    shipping_phone: tenDigits(shop.phone),
    order_items: items(request.lines, false),
    payment_method: "PREPAID",
    total_discount: 0,
    ...parcel(request.subTotalPaise, request.package),
  };
}
