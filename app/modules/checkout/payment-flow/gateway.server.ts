import { getConfig, type PaymentsConfig } from "../../../config.server";
import type { CspSources } from "../../../lib/csp";
import { processSlot } from "../../../lib/process-singleton";
import { paymentProviderFor, type PaymentProvider } from "../../payments/index.server";

/* The shop's configured gateway, and what its pages must allow the browser to load from it. */

/** The gateway made for the configuration in force, one per process (a changed configuration makes it again). */
const made = processSlot<{ config: PaymentsConfig; provider: PaymentProvider | null }>("paymentProvider");

/** The configured gateway (decision 017), made once per configuration. */
export function shopPaymentProvider(config: PaymentsConfig = getConfig().payments): PaymentProvider | null {
  const current = made.get();
  if (current?.config === config) return current.provider;
  return made.set({ config, provider: paymentProviderFor(config) }).provider;
}

/** The payment page's policy: the gateway's script, frames and calls are allowed there, and nowhere else. */
export function paymentPageSources(config: PaymentsConfig = getConfig().payments): CspSources {
  if (config.provider !== "razorpay") return {};
  const origins = [...new Set([new URL(config.checkoutUrl).origin, new URL(config.apiUrl).origin])];
  const razorpay = origins.some((o) => /(^|\.)razorpay\.com$/.test(new URL(o).hostname))
    ? ["https://*.razorpay.com"]
    : [];
  const all = [...origins, ...razorpay];
  return {
    script: [new URL(config.checkoutUrl).origin, ...razorpay],
    frame: all,
    connect: all,
    img: all,
    formAction: all,
  };
}
