import { useEffect, useRef } from "react";
import type { useFetcher } from "react-router";
import {
  PAYMENT_MESSAGES,
  razorpayCheckoutOptions,
  type PaymentCheckout,
  type RazorpayCheckoutOptions,
} from "~/modules/payments";
import type { PaymentActionData } from "./payment-screen";

interface RazorpayInstance {
  open(): void;
  on(event: "payment.failed", handler: (response: { error: Record<string, unknown> }) => void): void;
}
type RazorpayConstructor = new (options: RazorpayCheckoutOptions & Record<string, unknown>) => RazorpayInstance;

/** Loads the gateway's Checkout script once (allowed by this page's Content-Security-Policy only). */
function loadCheckoutScript(src: string): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error("Checkout did not load"));
    };
    script.onerror = () => reject(new Error("Checkout could not be loaded"));
    document.head.appendChild(script);
  });
}

/**
 * Razorpay: opens Checkout once the session exists (once per gateway order). A payment made is
 * posted for verification, a failed one with the gateway's reasons, both through `result`.
 */
export function useRazorpayGateway({
  checkout,
  redirectMode,
  result,
  setGatewayOpen,
  setClientError,
}: {
  checkout: PaymentCheckout | null;
  redirectMode: boolean;
  result: ReturnType<typeof useFetcher<PaymentActionData>>;
  setGatewayOpen: (open: boolean) => void;
  setClientError: (message: string | null) => void;
}): void {
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!checkout || checkout.provider !== "razorpay" || opened.current === checkout.options.order_id) return;
    opened.current = checkout.options.order_id;
    setGatewayOpen(true);
    loadCheckoutScript(checkout.scriptUrl)
      .then((Razorpay) => {
        const options = razorpayCheckoutOptions(checkout, redirectMode ? "redirect" : "modal");
        const instance = new Razorpay({
          ...options,
          handler: (response: Record<string, string>) => {
            setGatewayOpen(false);
            void result.submit({ intent: "verify", js: "1", ...response }, { method: "post" });
          },
          modal: {
            ondismiss: () => setGatewayOpen(false),
          },
        });
        instance.on("payment.failed", (response) => {
          const error = response.error ?? {};
          const fields: Record<string, string> = { intent: "failed", js: "1" };
          for (const key of ["code", "description", "source", "step", "reason", "field"]) {
            if (typeof error[key] === "string") fields[`error[${key}]`] = error[key] as string;
          }
          fields["error[metadata]"] = JSON.stringify(error.metadata ?? {});
          void result.submit(fields, { method: "post" });
        });
        instance.open();
      })
      .catch(() => {
        setGatewayOpen(false);
        setClientError(PAYMENT_MESSAGES.unavailable);
      });
  }, [checkout, redirectMode, result, setGatewayOpen, setClientError]);
}
