import { StoreCreditLedger } from "~/components/credit/store-credit-ledger";
import type { StoreCreditSummary } from "~/modules/credit";
import { formatPrice } from "~/modules/pricing";

/**
 * 'Store credit' on the shopper's account (decision 042): what she can spend at checkout and her
 * entries. Only for a shopper who has or had credit; the loader gives null otherwise.
 */
export function StoreCreditSection({ credit }: { credit: StoreCreditSummary }) {
  return (
    <section aria-labelledby="store-credit-heading" className="mt-12">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h2 id="store-credit-heading" className="font-display text-3xl text-ink">
          Store credit
        </h2>
        <p className="text-sm text-stone">
          Balance{" "}
          <span className="ml-1 font-display text-2xl text-ink" data-testid="store-credit-balance">
            {formatPrice(credit.balancePaise)}
          </span>
        </p>
      </div>
      <p className="mt-2 text-sm text-stone">
        {credit.balancePaise > 0
          ? "Use it at checkout: tick 'Use store credit' and it comes off your order."
          : "You have no store credit to spend right now."}
      </p>
      <div className="mt-5 border border-linen bg-white px-4 sm:px-5">
        <StoreCreditLedger entries={credit.entries} caption="Your store credit, newest first" />
      </div>
      {credit.more ? <p className="mt-2 text-xs text-stone">Showing your latest entries.</p> : null}
    </section>
  );
}
