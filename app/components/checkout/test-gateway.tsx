import { Form, type useFetcher } from "react-router";
import { TEST_GATEWAY_FAILURES } from "~/modules/payments";
import { formatPrice } from "~/modules/pricing";
import type { PaymentActionData } from "./payment-screen";

/** Demo mode's gateway: the amount with Approve, Decline and Fail with reason, then the same verification as Razorpay's. */
export function TestGateway({
  orderAmount,
  providerOrderId,
  hydrated,
  fetcher,
  busy,
}: {
  orderAmount: number;
  providerOrderId: string;
  hydrated: boolean;
  fetcher: ReturnType<typeof useFetcher<PaymentActionData>>;
  busy: boolean;
}) {
  const FormTag = hydrated ? fetcher.Form : Form;
  return (
    <div className="mt-6 border-2 border-dashed border-gold/60 bg-ivory p-6" aria-labelledby="test-gateway-heading">
      <p className="text-[0.7rem] font-semibold tracking-[0.24em] text-gold-deep uppercase">
        Test mode · no money moves
      </p>
      <h3 id="test-gateway-heading" className="mt-2 font-display text-2xl text-ink">
        Test payment gateway
      </h3>
      <p className="mt-1 text-sm text-stone">
        Amount <span className="text-ink">{formatPrice(orderAmount)}</span>
      </p>
      <FormTag method="post" className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <input type="hidden" name="providerOrderId" value={providerOrderId} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <button type="submit" name="intent" value="test-approve" className="btn-primary" disabled={busy}>
          {busy ? "Processing..." : "Approve"}
        </button>
        <button type="submit" name="intent" value="test-decline" className="btn-outline" disabled={busy}>
          Decline
        </button>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <label className="text-xs text-stone">
            <span className="eyebrow block text-ink">Fail with reason</span>
            <select name="reason" className="mt-2 block border border-linen bg-white px-3 py-2.5 text-sm text-ink">
              {Object.entries(TEST_GATEWAY_FAILURES).map(([key, value]) => (
                <option key={key} value={key}>
                  {value.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" name="intent" value="test-fail" className="btn-outline" disabled={busy}>
            Fail
          </button>
        </div>
      </FormTag>
    </div>
  );
}
