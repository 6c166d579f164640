import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.server";
import { getCustomerProfile, listAddresses } from "../accounts/index.server";
import { getStoreSettings } from "../content/index.server";
import { storeCreditBalance } from "../credit/index.server";
import { formatPrice } from "../pricing";
import { checkoutTotals, type CheckoutTotals } from "../pricing";
import type { CheckoutValues } from "./billing";
import { quoteCheckout, type LineProblem } from "./place-order.server";

/*
 * What the checkout page shows: the shopper's bag at today's prices with the totals for each way of
 * paying, which ways are open, and the billing form prefilled from the profile and primary address.
 */

export interface CheckoutLineView {
  cartId: string;
  productId: string;
  name: string;
  brand: string;
  image: { url: string; alt: string } | null;
  size: string;
  colour: string;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
}

export interface SavedAddressView {
  address: string;
  city: string;
  state: string;
  pincode: string;
}

export type CheckoutPage =
  | { kind: "empty" }
  | { kind: "blocked"; problems: LineProblem[] }
  | { kind: "over-limit" }
  | {
      kind: "ready";
      lines: CheckoutLineView[];
      totals: { online: CheckoutTotals; cod: CheckoutTotals };
      couponNotice: string | null;
      methods: { online: boolean; cod: boolean; codUnavailableReason: string | null };
      prefill: CheckoutValues;
      saved: SavedAddressView[];
      /** a fresh idempotency key for this rendering of the form */
      checkoutKey: string;
      /** the shopper's spendable store credit (0: the option is not shown) */
      storeCreditPaise: number;
    };

export function newCheckoutKey(): string {
  return randomBytes(18).toString("base64url");
}

export async function checkoutPage(
  db: Db,
  userId: string,
  onlineAvailable: boolean,
  now = new Date(),
): Promise<CheckoutPage> {
  const settings = await getStoreSettings(db);
  const [online, profile, addresses, storeCreditPaise] = await Promise.all([
    quoteCheckout(db, userId, "online", settings, now),
    getCustomerProfile(db, userId),
    listAddresses(db, userId),
    storeCreditBalance(db, userId, { now }),
  ]);
  if (online.lines.length === 0) return { kind: "empty" };
  if (online.problems.length > 0) return { kind: "blocked", problems: online.problems };
  if (online.overLimit) return { kind: "over-limit" };
  const cod = checkoutTotals(online.totals, "cod", settings);

  let codUnavailableReason: string | null = null;
  if (!settings.codEnabled) codUnavailableReason = "Cash on delivery is not available at the moment.";
  else if (settings.codMaxOrderPaise !== null && cod.totalPaise > settings.codMaxOrderPaise) {
    codUnavailableReason = `Cash on delivery is available for orders up to ${formatPrice(settings.codMaxOrderPaise)}.`;
  }

  const primary = addresses.find((a) => a.isPrimary) ?? addresses[0] ?? null;
  const prefill: CheckoutValues = {
    firstName: profile?.firstName ?? "",
    lastName: profile?.lastName ?? "",
    email: profile?.email ?? "",
    phone: (profile?.phone ?? primary?.phone ?? "").replace(/^\+91/, ""),
    address: primary ? [primary.line1, primary.line2].filter(Boolean).join(", ") : "",
    city: primary?.city ?? "",
    state: primary?.state ?? "",
    pincode: primary?.pincode ?? "",
    paymentMethod: onlineAvailable ? "online" : "cod",
    // her credit is used unless she says otherwise
    useStoreCredit: storeCreditPaise > 0 ? "on" : "",
  };

  return {
    kind: "ready",
    lines: online.lines.map((l) => ({
      cartId: l.cartId,
      productId: l.productId,
      name: l.product?.name ?? "",
      brand: l.product?.brand ?? "",
      image: l.product?.image ? { url: l.product.image.url, alt: l.product.image.alt } : null,
      size: l.size,
      colour: l.colour,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      lineTotalPaise: l.lineTotalPaise,
    })),
    totals: { online: online.totals, cod },
    couponNotice: online.couponNotice,
    methods: { online: onlineAvailable, cod: codUnavailableReason === null, codUnavailableReason },
    prefill,
    saved: addresses.map((a) => ({
      address: [a.line1, a.line2].filter(Boolean).join(", "),
      city: a.city,
      state: a.state,
      pincode: a.pincode,
    })),
    checkoutKey: newCheckoutKey(),
    storeCreditPaise,
  };
}
