import { invalid } from "./model";

/*
 * The checks Shiprocket makes on what the shop could get wrong, answered as Shiprocket does: 422
 * 'Oops! Invalid Data.' with Laravel's messages per field ('The billing phone must be 10 digits.').
 */

const words = (field: string) => field.replace(/^.*\./, "").replace(/_/g, " ");

class Fields {
  readonly errors: Record<string, string[]> = {};

  constructor(private readonly body: Record<string, unknown>) {}

  private fail(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  present(field: string, value: unknown = this.body[field]): boolean {
    const ok = value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");
    if (!ok) this.fail(field, `The ${words(field)} field is required.`);
    return ok;
  }

  text(...fields: string[]): void {
    for (const field of fields) this.present(field);
  }

  digits(field: string, count: number, value: unknown = this.body[field]): void {
    if (!this.present(field, value)) return;
    if (!new RegExp(`^\\d{${count}}$`).test(String(value)))
      this.fail(field, `The ${words(field)} must be ${count} digits.`);
  }

  positive(field: string, value: unknown = this.body[field]): void {
    if (!this.present(field, value)) return;
    const n = Number(value);
    if (typeof value === "boolean" || !Number.isFinite(n)) this.fail(field, `The ${words(field)} must be a number.`);
    else if (n <= 0) this.fail(field, `The ${words(field)} must be greater than 0.`);
  }

  atLeast(field: string, min: number, value: unknown = this.body[field]): void {
    if (!this.present(field, value)) return;
    const n = Number(value);
    if (typeof value === "boolean" || !Number.isFinite(n)) this.fail(field, `The ${words(field)} must be a number.`);
    else if (n < min) this.fail(field, `The ${words(field)} must be at least ${min}.`);
  }

  email(field: string): void {
    if (!this.present(field)) return;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(this.body[field])))
      this.fail(field, `The ${words(field)} must be a valid email address.`);
  }

  oneOf(field: string, allowed: string[]): void {
    if (!this.present(field)) return;
    const value = String(this.body[field]).toLowerCase();
    if (!allowed.some((a) => a.toLowerCase() === value)) this.fail(field, `The selected ${words(field)} is invalid.`);
  }

  orderDate(field: string): void {
    if (!this.present(field)) return;
    if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(String(this.body[field])))
      this.fail(field, `The ${words(field)} does not match the format Y-m-d H:i.`);
  }

  items(field: string): void {
    const items = this.body[field];
    if (!Array.isArray(items) || items.length === 0) {
      this.fail(field, `The ${words(field)} field is required.`);
      return;
    }
    items.forEach((raw, i) => {
      const item = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
      const at = `${field}.${i}`;
      this.present(`${at}.name`, item.name);
      this.present(`${at}.sku`, item.sku);
      const units = Number(item.units);
      if (!Number.isInteger(units) || units < 1) this.fail(`${at}.units`, "The units must be at least 1.");
      this.atLeast(`${at}.selling_price`, 0, item.selling_price);
    });
  }

  parcel(): void {
    this.positive("sub_total");
    for (const field of ["length", "breadth", "height", "weight"]) this.positive(field);
  }

  done(): void {
    if (Object.keys(this.errors).length > 0) throw invalid(this.errors);
  }
}

export function checkServiceabilityQuery(query: Record<string, string>): void {
  const f = new Fields(query);
  f.digits("pickup_postcode", 6);
  f.digits("delivery_postcode", 6);
  f.positive("weight");
  f.oneOf("cod", ["0", "1"]);
  f.done();
}

export function checkAdhocOrder(body: Record<string, unknown>): void {
  const f = new Fields(body);
  f.text("order_id", "pickup_location", "billing_customer_name", "billing_address", "billing_city", "billing_state");
  f.text("billing_country");
  f.orderDate("order_date");
  f.digits("billing_pincode", 6);
  f.email("billing_email");
  f.digits("billing_phone", 10);
  if (body.shipping_is_billing !== true && body.shipping_is_billing !== 1 && body.shipping_is_billing !== "1")
    f.present("shipping_customer_name"); // the fake supports shipping to the billing address only
  f.items("order_items");
  f.oneOf("payment_method", ["Prepaid", "COD"]);
  f.parcel();
  f.done();
}

export function checkReturnOrder(body: Record<string, unknown>): void {
  const f = new Fields(body);
  f.text("order_id", "pickup_customer_name", "pickup_address", "pickup_city", "pickup_state", "pickup_country");
  f.text("shipping_customer_name", "shipping_address", "shipping_city", "shipping_state", "shipping_country");
  f.orderDate("order_date");
  f.digits("pickup_pincode", 6);
  f.digits("pickup_phone", 10);
  f.email("pickup_email");
  f.digits("shipping_pincode", 6);
  f.digits("shipping_phone", 10);
  f.items("order_items");
  f.oneOf("payment_method", ["Prepaid"]);
  f.parcel();
  f.done();
}
