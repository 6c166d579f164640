import type { PaymentsConfig } from "../../config.server";
import { getLogger } from "../../lib/logger.server";
import type { GatewayPayment, PaymentOrder } from "./provider";
import { assertAmount, checkSignedResult, PaymentGatewayError, type PaymentProvider } from "./provider-contract.server";
import { createRazorpayClient, RazorpayError, type RazorpayClient } from "./razorpay.server";
import { testGatewayProvider } from "./test-gateway.server";

/*
 * The payment provider the checkout calls (docs/decisions/017). Two implementations behind one
 * interface: `razorpay` (Orders API + Checkout + signature) and `test` (demo mode: the shop's own TEST
 * MODE page, signing its results in Razorpay's format with a local secret). Both return results in
 * the same shapes, and both are verified by the same function: verifyPaymentSignature.
 *
 * Cash on delivery has no provider: it never touches a gateway.
 */

// what the provider answers to (the interface, its answers, its error) and the demo gateway live beside it
export { PaymentGatewayError, type PaymentProvider } from "./provider-contract.server";
export { testGatewayProvider, type TestGatewayProvider } from "./test-gateway.server";

const DEFAULT_STORE_NAME = "Saanjh";
const THEME_COLOR = "#7a2333";
// Razorpay's notes: at most 15 pairs of at most 256 characters.
const NOTE_MAX = 256;

function notesFor(order: PaymentOrder): Record<string, string> {
  const notes: Record<string, string> = { order_number: order.orderNumber };
  if (order.shippingAddress?.trim()) notes.address = order.shippingAddress.trim().slice(0, NOTE_MAX);
  return notes;
}

function toGatewayError(error: unknown, action: string): PaymentGatewayError {
  if (error instanceof RazorpayError) {
    const kind = error.kind === "rejected" ? "rejected" : "unavailable";
    const log = getLogger();
    const fields = {
      status: error.status,
      code: error.details.code,
      field: error.details.field,
      reason: error.details.reason,
      request: error.details.request,
    };
    if (error.kind === "unauthorized")
      log.error(fields, `payments: Razorpay refused the shop's keys while trying to ${action}: ${error.description}`);
    else if (kind === "unavailable")
      log.warn(fields, `payments: Razorpay unavailable while trying to ${action}: ${error.description}`);
    else log.warn(fields, `payments: Razorpay refused to ${action}: ${error.description}`);
    return new PaymentGatewayError(kind, `${action}: ${error.message}`, { cause: error });
  }
  return new PaymentGatewayError(
    "unavailable",
    `${action}: ${error instanceof Error ? error.message : String(error)}`,
    { cause: error },
  );
}

export interface RazorpayProviderOptions {
  keyId: string;
  keySecret: string;
  apiUrl: string;
  checkoutUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function razorpayProvider(
  options: RazorpayProviderOptions,
  client: RazorpayClient = createRazorpayClient(options),
): PaymentProvider {
  return {
    name: "razorpay",

    async createPaymentSession(order, session) {
      assertAmount(order);
      let created;
      try {
        created = await client.createOrder({
          amountPaise: order.amountPaise,
          currency: order.currency,
          receipt: order.orderNumber,
          notes: notesFor(order),
        });
      } catch (error) {
        throw toGatewayError(error, `create a Razorpay order for ${order.orderNumber}`);
      }
      if (created.currency !== "INR")
        throw new PaymentGatewayError("rejected", `Razorpay opened order ${created.id} in ${created.currency}`);
      return {
        provider: "razorpay",
        providerOrderId: created.id,
        // as Razorpay reported its order: the caller checks it against the order's total
        amountPaise: created.amountPaise,
        currency: created.currency,
        checkout: {
          provider: "razorpay",
          scriptUrl: options.checkoutUrl,
          callbackUrl: session.callbackUrl,
          options: {
            key: options.keyId,
            amount: order.amountPaise,
            currency: order.currency,
            name: session.storeName ?? DEFAULT_STORE_NAME,
            description: order.description ?? `Order ${order.orderNumber}`,
            order_id: created.id,
            prefill: { name: order.customer.name, email: order.customer.email, contact: order.customer.phone },
            notes: notesFor(order),
            theme: { color: THEME_COLOR },
          },
        },
      };
    },

    async verifyReturn(input) {
      const checked = checkSignedResult(input, options.keySecret);
      if (checked.outcome !== "signed") return checked;
      let payment: GatewayPayment;
      try {
        payment = await client.fetchPayment(checked.providerPaymentId);
      } catch (error) {
        if (error instanceof RazorpayError && error.kind === "rejected") {
          // A signature made with our key for a payment Razorpay does not know: refuse, and look into it.
          getLogger().error(
            {
              providerOrderId: input.providerOrderId,
              providerPaymentId: checked.providerPaymentId,
              status: error.status,
            },
            `payments: signature holds but Razorpay refuses the payment: ${error.description}`,
          );
          return { outcome: "rejected", reason: "not_paid", detail: `Razorpay: ${error.description}` };
        }
        getLogger().warn(
          { err: error, providerOrderId: input.providerOrderId, providerPaymentId: checked.providerPaymentId },
          "payments: signature holds but the payment could not be fetched; accepting on the signature",
        );
        return { outcome: "paid", providerPaymentId: checked.providerPaymentId, payment: null, captured: null };
      }
      return { outcome: "paid", providerPaymentId: payment.id, payment, captured: payment.captured };
    },

    async refund(input) {
      try {
        return await client.refund(input.providerPaymentId, {
          amountPaise: input.amountPaise,
          idempotencyKey: input.idempotencyKey,
          notes: input.notes,
        });
      } catch (error) {
        if (error instanceof RangeError) throw error;
        throw toGatewayError(error, `refund ${input.providerPaymentId}`);
      }
    },

    async findPayments(providerOrderId) {
      try {
        return await client.fetchOrderPayments(providerOrderId);
      } catch (error) {
        throw toGatewayError(error, `list the payments of ${providerOrderId}`);
      }
    },
  };
}

/**
 * The provider the configuration selects, or null when the shop takes cash on delivery alone
 * (`provider: "none"`). Check `config.online` before offering online payment at checkout: with
 * PAYMENTS=cod-only a configured Razorpay is still returned, for webhooks and refunds.
 */
export function paymentProviderFor(config: PaymentsConfig): PaymentProvider | null {
  switch (config.provider) {
    case "razorpay":
      return razorpayProvider(config);
    case "test":
      return testGatewayProvider({ keySecret: config.keySecret });
    case "none":
      return null;
  }
}
