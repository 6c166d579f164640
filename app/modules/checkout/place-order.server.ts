import type { Db } from "../../db/client.server";
import { inTransaction } from "../../db/transaction.server";
import { getLogger } from "../../lib/logger.server";
import { addAddress, listAddresses } from "../accounts/index.server";
import { buildCartView, lineStateMessage, sameVariant, type CartViewLine } from "../cart";
import { loadCart, takeCart } from "../cart/index.server";
import { ORDER_PURGE_GRACE_MS, reserveStock } from "../catalog/index.server";
import type { ProductVariantView } from "../catalog";
import { getStoreSettings, type StoreSettings } from "../content/index.server";
import { claimCouponUse } from "../coupons/index.server";
import {
  findOrderByCheckoutKey,
  insertOrder,
  type NewOrder,
  type NewOrderLine,
  type OrderRow,
} from "../orders/index.server";
import { createPaymentRecord } from "../payments/index.server";
import { formatPrice } from "../pricing";
import { checkoutTotals, COUPON_MESSAGES, type CheckoutTotals, type PaymentChoice } from "../pricing";
import { DELIVERY_MESSAGES } from "../shipping";
import { askCodConfirmation, deliveryAnswer } from "../shipping/index.server";
import { CHECKOUT_MESSAGES, codLimitMessage, type CheckoutForm } from "./billing";
import { queueConfirmation } from "./confirmation.server";
import { newOrderNumber } from "./order-number";
import { decideCredit, spendOnOrder } from "./store-credit.server";

/*
 * Placing an order (decision 020): one server action. Every price, discount and total is recomputed here
 * from the database; the browser's figures are never read, only the total it showed, so a change is
 * shown to the shopper before anything is charged. One transaction writes the order, its line
 * snapshots and history, takes the stock of every line's size and colour, counts the coupon's use
 * and empties the cart; if any step fails, nothing is written.
 */

export interface PlaceOrderInput {
  userId: string;
  form: CheckoutForm;
  /** whether online payment can be offered (a gateway is configured) */
  onlineAvailable: boolean;
  now?: Date;
}

export interface LineProblem {
  cartId: string;
  name: string;
  message: string;
}

export type PlaceOrderResult =
  | { ok: true; orderNumber: string; status: OrderRow["status"]; paymentMethod: PaymentChoice; repeated: boolean }
  | { ok: false; kind: "empty"; message: string }
  | { ok: false; kind: "lines"; message: string; problems: LineProblem[] }
  | { ok: false; kind: "changed"; message: string; totalPaise: number }
  | { ok: false; kind: "coupon" | "payment-method" | "over-limit" | "delivery" | "credit"; message: string };

/** What the checkout shows and charges: the cart's buyable lines and the totals for a payment method. */
export interface CheckoutQuote {
  lines: CartViewLine[];
  totals: CheckoutTotals;
  couponNotice: string | null;
  problems: LineProblem[];
  /** the pieces come to more than the store's maximum order: the message, or null */
  overLimit: string | null;
  /** each piece's variants with their ids and SKUs, as read with the bag (the order's lines record them) */
  variants: Map<string, ProductVariantView[]>;
}

export async function quoteCheckout(
  db: Db,
  userId: string,
  method: PaymentChoice,
  settings: StoreSettings,
  now = new Date(),
): Promise<CheckoutQuote> {
  const cart = await loadCart(db, userId, now, settings);
  const view = buildCartView(cart.lines, cart);
  const problems = view.lines.flatMap((l) => {
    const name = l.product?.name ?? "A piece in your bag";
    // a size sold out or short: named in the words of the order's own stock check (a race for the last unit)
    const message =
      l.state.kind === "out-of-stock"
        ? stockMessage(name, 0)
        : l.state.kind === "over-stock"
          ? stockMessage(name, l.state.stock)
          : lineStateMessage(l.state);
    return message ? [{ cartId: l.cartId, name, message }] : [];
  });
  return {
    lines: view.lines,
    totals: checkoutTotals(view.priced, method, {
      prepaidDiscountPercent: settings.prepaidDiscountPercent,
      codFeePaise: settings.codFeePaise,
    }),
    couponNotice: cart.couponNotice,
    problems,
    overLimit: view.overLimit,
    variants: cart.variants,
  };
}

/**
 * PostgreSQL may end one of two transactions that wait on each other (deadlock, 40P01) or cannot be
 * serialised (40001). Nothing of it was written; trying again is the documented remedy.
 */
async function retryOnConflict<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= attempts || (code !== "40P01" && code !== "40001")) throw error;
      getLogger().warn({ code, attempt }, "checkout: the order's transaction met another one and is tried again");
    }
  }
}

type Refusal = Exclude<PlaceOrderResult, { ok: true }>;

function paymentMethodProblem(
  method: PaymentChoice,
  totals: CheckoutTotals,
  settings: StoreSettings,
  onlineAvailable: boolean,
  creditPaise: number,
): string | null {
  // paid in full with store credit: no gateway and nothing to collect, whichever way was chosen
  if (creditPaise >= totals.totalPaise) return null;
  if (method === "online") return onlineAvailable ? null : CHECKOUT_MESSAGES.onlineOff;
  if (!settings.codEnabled) return CHECKOUT_MESSAGES.codOff;
  if (settings.codMaxOrderPaise !== null && totals.totalPaise > settings.codMaxOrderPaise)
    return codLimitMessage(formatPrice(settings.codMaxOrderPaise));
  return null;
}

/**
 * The courier's word on the pincode (decision 041): cash on delivery only where a courier collects it,
 * and no order at all where the courier service says no courier delivers. The shop's own estimate
 * (no courier service, or it is down) never turns an address away; it only withholds cash on delivery.
 */
async function deliveryProblem(db: Db, form: CheckoutForm, cashDue: boolean, now: Date): Promise<Refusal | null> {
  const answer = await deliveryAnswer(db, form.pincode, { now });
  if (!answer.serviceable && answer.source === "provider")
    return { ok: false, kind: "delivery", message: DELIVERY_MESSAGES.notServiceable(form.pincode) };
  if (form.paymentMethod === "cod" && cashDue && !answer.codAvailable)
    return { ok: false, kind: "payment-method", message: DELIVERY_MESSAGES.codRefused(form.pincode) };
  return null;
}

function stockMessage(name: string, available: number | null): string {
  if (!available) return `${name} has just sold out in this size and colour.`;
  return `Only ${available} of ${name} left in this size and colour: please reduce the quantity.`;
}

/** Why the quoted bag cannot be ordered as it stands, or null. The browser's total is only compared, never used. */
function quoteProblem(
  quote: CheckoutQuote,
  form: CheckoutForm,
  settings: StoreSettings,
  onlineAvailable: boolean,
  creditPaise: number,
): Refusal | null {
  if (quote.lines.length === 0) return { ok: false, kind: "empty", message: CHECKOUT_MESSAGES.empty };
  if (quote.problems.length > 0)
    return { ok: false, kind: "lines", message: quote.problems[0]!.message, problems: quote.problems };
  if (quote.overLimit) return { ok: false, kind: "over-limit", message: quote.overLimit };
  // A coupon that stopped applying since the page was shown (window, usage limit, minimum).
  if (quote.couponNotice) return { ok: false, kind: "coupon", message: quote.couponNotice };
  const { totals } = quote;
  const methodProblem = paymentMethodProblem(form.paymentMethod, totals, settings, onlineAvailable, creditPaise);
  if (methodProblem) return { ok: false, kind: "payment-method", message: methodProblem };
  if (form.expectedTotalPaise !== undefined && form.expectedTotalPaise !== totals.totalPaise) {
    return { ok: false, kind: "changed", message: CHECKOUT_MESSAGES.totalChanged, totalPaise: totals.totalPaise };
  }
  return null;
}

/** The order to write: its head from the form and the server's totals, a snapshot of each line's variant. */
function orderFromQuote(
  input: PlaceOrderInput,
  quote: CheckoutQuote,
  settings: StoreSettings,
  creditPaise: number,
  now: Date,
): NewOrder {
  const { form, userId } = input;
  const { totals } = quote;
  const lines: NewOrderLine[] = quote.lines.map((l) => {
    const variant = quote.variants.get(l.productId)?.find((v) => v.size === l.size && v.colour === l.colour);
    if (!l.product || !variant) throw new Error(`checkout: no variant for ${l.cartId}`);
    return {
      productId: l.productId,
      variantId: variant.id,
      name: l.product.name,
      brand: l.product.brand,
      sku: variant.sku,
      imageUrl: l.product.image?.url ?? null,
      size: l.size,
      colour: l.colour,
      unitPricePaise: l.unitPricePaise,
      quantity: l.quantity,
    };
  });
  // paid in full with store credit, it is confirmed at once like cash on delivery, with nothing to collect
  const paidByCredit = creditPaise > 0 && creditPaise === totals.totalPaise;
  const confirmedAtOnce = form.paymentMethod === "cod" || paidByCredit;
  return {
    orderNumber: newOrderNumber(now),
    userId,
    customerName: `${form.firstName} ${form.lastName}`,
    customerEmail: form.email,
    customerPhone: form.phone,
    billing: {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phone: form.phone,
      address: form.address,
      city: form.city,
      state: form.state,
      pincode: form.pincode,
      country: "India",
    },
    status: confirmedAtOnce ? "confirmed" : "pending_payment",
    paymentMethod: form.paymentMethod,
    subtotalPaise: totals.subtotalPaise,
    shippingPaise: totals.shippingPaise,
    discountPaise: totals.discountPaise,
    prepaidDiscountPaise: totals.prepaidDiscountPaise,
    codFeePaise: totals.codFeePaise,
    totalPaise: totals.totalPaise,
    storeCreditPaise: creditPaise,
    ...(paidByCredit ? { confirmedBecause: "Paid with store credit" } : {}),
    couponCode: totals.coupon?.code ?? null,
    noteToSeller: form.noteToSeller,
    checkoutKey: form.checkoutKey,
    paymentDueAt: confirmedAtOnce ? null : new Date(now.getTime() + settings.paymentTimeoutMinutes * 60_000),
    lines,
  };
}

/** How writing the order ended: written, already placed by a double submit, or refused (nothing written). */
type Written = { kind: "placed" } | { kind: "repeated" } | { kind: "refused"; result: Refusal };

/**
 * The one transaction: the cart taken, the stock of every line, the coupon's use, the order, and for
 * cash on delivery its payment row and confirmation. Any refusal rolls all of it back.
 */
async function writeOrder(
  db: Db,
  quote: CheckoutQuote,
  order: NewOrder,
  settings: StoreSettings,
  now: Date,
): Promise<Written> {
  const { totals } = quote;
  return retryOnConflict(() =>
    inTransaction<Written>(db, async (tx, rollBack) => {
      const refuse = (result: Refusal) => rollBack({ kind: "refused", result });
      // Locks are taken in one order everywhere (cart, then products by id, then the coupon, then the
      // store credit). The order is written before the stock is taken: its lines' foreign keys only
      // share the products' rows (stock is taken under NO KEY UPDATE), and what is written after the
      // stock is taken is what every checkout of a hot piece waits for (decision 050).
      const taken = await takeCart(tx, order.userId);
      const same =
        taken.lines.length === quote.lines.length &&
        quote.lines.every((l) => taken.lines.some((t) => sameVariant(t, l) && t.quantity === l.quantity));
      if (!same) {
        // A double submit waited for the cart behind the first one, which has just emptied it.
        if (await findOrderByCheckoutKey(tx, order.userId, order.checkoutKey)) return rollBack({ kind: "repeated" });
        // Otherwise the bag changed in another tab: shown, not charged.
        return refuse({
          ok: false,
          kind: "changed",
          message: CHECKOUT_MESSAGES.totalChanged,
          totalPaise: totals.totalPaise,
        });
      }

      const written = await insertOrder(tx, order, now);
      // The same checkout, placed a moment ago by a double submit: undo this one and answer that one.
      if (!written) return rollBack({ kind: "repeated" });
      const creditPaise = order.storeCreditPaise ?? 0;
      const duePaise = totals.totalPaise - creditPaise;
      // Online orders get their payment row when the shopper opens the gateway (/payment); one paid
      // in full with store credit needs none (the credit's ledger entry is its record).
      const cashDue = order.paymentMethod === "cod" && duePaise > 0;
      if (cashDue) await createPaymentRecord(tx, { orderId: written.id, provider: "cod", amountPaise: duePaise });
      if (order.status === "confirmed") await queueConfirmation(tx, written.id, { order, settings, confirmedAt: now });
      // above the store's threshold (of what is collected) the shopper confirms it before it ships (decision 041)
      if (cashDue) await askCodConfirmation(tx, { ...order, id: written.id, totalPaise: duePaise }, settings, now);

      const reserved = await reserveStock(
        tx,
        order.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
        { purgeGraceMs: ORDER_PURGE_GRACE_MS },
      );
      if (!reserved.ok) {
        const line = quote.lines[reserved.line]!;
        const message = stockMessage(line.product?.name ?? "A piece", reserved.available);
        return refuse({
          ok: false,
          kind: "lines",
          message,
          problems: [{ cartId: line.cartId, name: line.product?.name ?? "", message }],
        });
      }
      if (totals.coupon && !(await claimCouponUse(tx, totals.coupon.code, now))) {
        return refuse({ ok: false, kind: "coupon", message: COUPON_MESSAGES.usedUp });
      }
      // The store credit last: two checkouts spending the last of it take turns on the account's lock.
      const spent = await spendOnOrder(tx, { ...order, orderId: written.id, creditPaise, now });
      if (!spent.ok) return refuse({ ok: false, kind: "credit", message: spent.message });
      return { kind: "placed" };
    }),
  );
}

export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const now = input.now ?? new Date();
  const { form, userId } = input;
  // A form sent twice (a double tap, a reload) is answered with the order it placed. The first order
  // emptied the bag, so the second finds it empty or changed and is refused before writing anything;
  // the order is looked up then, on the way out of any refusal, rather than before every checkout.
  const refused = async (refusal: Refusal): Promise<PlaceOrderResult> =>
    (await placedBefore(db, userId, form.checkoutKey)) ?? refusal;

  const settings = await getStoreSettings(db);
  const quote = await quoteCheckout(db, userId, form.paymentMethod, settings, now);
  const credit = await decideCredit(db, {
    userId,
    use: form.useStoreCredit,
    totalPaise: quote.totals.totalPaise,
    expectedCreditPaise: form.expectedCreditPaise,
    now,
  });
  const creditPaise = credit.ok ? credit.creditPaise : 0;
  const problem = quoteProblem(quote, form, settings, input.onlineAvailable, creditPaise);
  if (problem) return refused(problem);
  if (!credit.ok) return refused({ ok: false, kind: "credit", message: credit.message });
  const delivery = await deliveryProblem(db, form, creditPaise < quote.totals.totalPaise, now);
  if (delivery) return refused(delivery);
  const order = orderFromQuote(input, quote, settings, creditPaise, now);
  const written = await writeOrder(db, quote, order, settings, now);
  if (written.kind === "refused") return refused(written.result);
  if (written.kind === "repeated") {
    const existing = await placedBefore(db, userId, form.checkoutKey);
    if (!existing) throw new Error("checkout: an order with this key exists for another shopper");
    return existing;
  }
  if (form.saveAddress) await saveBillingAddress(db, userId, form);
  return {
    ok: true,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentMethod: form.paymentMethod,
    repeated: false,
  };
}

/** The order this checkout (its key) has already placed for this shopper, answered as placed again; or null. */
async function placedBefore(db: Db, userId: string, checkoutKey: string): Promise<PlaceOrderResult | null> {
  const existing = await findOrderByCheckoutKey(db, userId, checkoutKey);
  if (!existing) return null;
  return {
    ok: true,
    orderNumber: existing.orderNumber,
    status: existing.status,
    paymentMethod: existing.paymentMethod,
    repeated: true,
  };
}

/** 'Save this address to my account': kept when it differs from the saved ones; never fails the order. */
async function saveBillingAddress(db: Db, userId: string, form: CheckoutForm): Promise<void> {
  try {
    const saved = await listAddresses(db, userId);
    const norm = (s: string | null | undefined) => (s ?? "").trim().toLowerCase();
    const known = saved.some(
      (a) => norm(a.line1) === norm(form.address) && a.pincode === form.pincode && norm(a.city) === norm(form.city),
    );
    if (known) return;
    await addAddress(db, userId, {
      fullName: `${form.firstName} ${form.lastName}`,
      phone: form.phone,
      line1: form.address,
      line2: null,
      city: form.city,
      state: form.state,
      pincode: form.pincode,
      makePrimary: saved.length === 0,
    });
  } catch (error) {
    getLogger().warn({ err: error }, "checkout: the billing address could not be saved to the account");
  }
}
