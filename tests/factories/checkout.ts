import type { Db } from "../../app/db/client.server";
import { checkoutFormSchema, type CheckoutForm } from "../../app/modules/checkout/billing";
import { newCheckoutKey } from "../../app/modules/checkout/checkout-page.server";
import { placeOrder } from "../../app/modules/checkout/place-order.server";
import { findOrderByNumber, type OrderRow } from "../../app/modules/orders/orders.server";

/*
 * Orders placed the way shoppers place them: a checkout form parsed as the checkout's action parses
 * it, and the shopper's cart placed through the checkout.
 */

/** Meera Iyer in Bengaluru paying cash on delivery, with a new checkout key; pass what the test cares about. */
export function checkoutForm(overrides: Partial<Record<string, string>> = {}): CheckoutForm {
  return checkoutFormSchema.parse({
    firstName: "Meera",
    lastName: "Iyer",
    email: "meera@example.com",
    phone: "98111 22333",
    address: "14 Residency Road",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560025",
    paymentMethod: "cod",
    checkoutKey: newCheckoutKey(),
    ...overrides,
  });
}

/**
 * Places the shopper's cart through the checkout (online payment offered unless `onlineAvailable`
 * is false) and answers the order's row; throws the checkout's message when it refuses.
 */
export async function placeCheckoutOrder(
  db: Db,
  input: { userId: string; form?: CheckoutForm; onlineAvailable?: boolean },
): Promise<OrderRow> {
  const placed = await placeOrder(db, {
    userId: input.userId,
    form: input.form ?? checkoutForm(),
    onlineAvailable: input.onlineAvailable ?? true,
  });
  if (!placed.ok) throw new Error(placed.message);
  return (await findOrderByNumber(db, placed.orderNumber))!;
}
