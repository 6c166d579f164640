import { useState } from "react";
import { creditFor } from "~/modules/checkout";
import type { CheckoutPage } from "~/modules/checkout/index.server";
import { formatPrice } from "~/modules/pricing";

/** The shopper's store credit at the checkout: what she has, whether she uses it, what it pays. */
export interface CheckoutCredit {
  availablePaise: number;
  use: boolean;
  onUse: (use: boolean) => void;
  creditPaise: number;
}

/**
 * Whether the shopper uses her credit (ticked to start with when the page or her last try said so),
 * and whether it pays the whole order when paid online (no prepaid way costs less): then there is no
 * way of paying to choose.
 */
export function useCheckoutCredit(page: Extract<CheckoutPage, { kind: "ready" }>, startChecked: boolean) {
  const availablePaise = page.storeCreditPaise;
  const [use, setUse] = useState(availablePaise > 0 && startChecked);
  const online = page.totals.online.totalPaise;
  return {
    paidInFull: use && creditFor(availablePaise, online) === online,
    forTotal: (totalPaise: number): CheckoutCredit => ({
      availablePaise,
      use,
      onUse: setUse,
      creditPaise: use ? creditFor(availablePaise, totalPaise) : 0,
    }),
  };
}

/**
 * 'Use store credit (₹X available)' in the order summary (decision 042). The server decides how much
 * is used (all of it, up to the total) and refuses the order if that is not what this page showed;
 * the hidden figure is only compared there.
 */
export function StoreCreditOption({
  availablePaise,
  checked,
  onChange,
  creditPaise,
}: {
  availablePaise: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** what the credit pays of this order's total as it stands */
  creditPaise: number;
}) {
  return (
    <div className="mt-6 border border-linen bg-ivory/60 px-4 py-3">
      <label className="flex cursor-pointer items-start gap-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-maroon">
        <input
          type="checkbox"
          name="useStoreCredit"
          value="on"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          className="mt-1 h-4 w-4 accent-maroon focus:outline-none"
        />
        <span>
          <span className="block text-sm font-medium text-ink">
            Use store credit ({formatPrice(availablePaise)} available)
          </span>
          <span className="mt-0.5 block text-xs text-stone">
            {checked
              ? creditPaise < availablePaise
                ? `${formatPrice(creditPaise)} pays this order; ${formatPrice(availablePaise - creditPaise)} stays for later`
                : `All of it goes towards this order`
              : "Keep it for another order"}
          </span>
        </span>
      </label>
      <input type="hidden" name="expectedCreditPaise" value={checked ? creditPaise : 0} />
    </div>
  );
}
