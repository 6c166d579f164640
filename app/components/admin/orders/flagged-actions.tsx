import { useFetcher } from "react-router";
import type { OrderActionAnswer } from "~/modules/orders";
import { useOrderAnswerToasts } from "./use-order-answer";

/**
 * One fetcher for every flagged payment's buttons: the row (or the payment's box) disappears once
 * its flag is answered, so the answer's toasts come from <FlagAnswerToasts>, which stays.
 */
const FLAG_FETCHER_KEY = "order-flag-action";

export function FlagAnswerToasts() {
  const fetcher = useFetcher<OrderActionAnswer>({ key: FLAG_FETCHER_KEY });
  useOrderAnswerToasts(fetcher.state === "idle" ? fetcher.data : undefined, undefined, { skipInitial: true });
  return null;
}

/**
 * Confirm or refund a flagged payment ('payment succeeded but order not confirmed'). Each button is
 * its own small form naming the order's version; a refusal (a stale version, a sold-out piece) is
 * shown beside the buttons and as a toast.
 */
export function FlaggedActions({
  action,
  orderId,
  orderNumber,
  version,
  paymentId,
  confirmable,
  retryRefund,
}: {
  action: string;
  orderId: string;
  orderNumber: string;
  version: number;
  paymentId: string;
  confirmable: boolean;
  /** the refund failed before: the button tries it again */
  retryRefund?: boolean;
}) {
  const fetcher = useFetcher<OrderActionAnswer>({ key: FLAG_FETCHER_KEY });
  const answer = fetcher.state === "idle" && fetcher.data?.orderId === orderId ? fetcher.data : undefined;
  const mine = fetcher.formData?.get("paymentId") === paymentId;
  const busy = fetcher.state !== "idle";
  const pending = busy && mine ? fetcher.formData?.get("intent") : null;
  const hidden = (
    <>
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="paymentId" value={paymentId} />
    </>
  );
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {confirmable ? (
          <fetcher.Form method="post" action={action}>
            {hidden}
            <button
              type="submit"
              name="intent"
              value="confirm-payment"
              disabled={busy}
              className="btn-primary !px-4 !py-2 text-xs"
              aria-label={`Confirm order ${orderNumber} with this payment`}
            >
              {pending === "confirm-payment" ? "Confirming..." : "Confirm order"}
            </button>
          </fetcher.Form>
        ) : null}
        <fetcher.Form
          method="post"
          action={action}
          onSubmit={(event) => {
            if (!window.confirm(`Refund this payment of order ${orderNumber} to the shopper?`)) event.preventDefault();
          }}
        >
          {hidden}
          <button
            type="submit"
            name="intent"
            value="refund-payment"
            disabled={busy}
            className="btn-outline !px-4 !py-2 text-xs"
            aria-label={`${retryRefund ? "Try the refund again" : "Refund payment"} of order ${orderNumber}`}
          >
            {pending === "refund-payment" ? "Refunding..." : retryRefund ? "Try the refund again" : "Refund payment"}
          </button>
        </fetcher.Form>
      </div>
      {answer && !answer.ok ? (
        <p role="alert" className="text-sm text-sale">
          {answer.formError}
        </p>
      ) : null}
    </div>
  );
}

/** A payment that is not the order's total, side by side with what it should have been. */
export function AmountCheck({ reported, expected }: { reported: string; expected: string }) {
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 text-sm text-amber-900" data-testid="amount-check">
      <div className="flex gap-1">
        <dt>Gateway reported</dt>
        <dd className="font-medium tabular-nums">{reported}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Order total</dt>
        <dd className="font-medium tabular-nums">{expected}</dd>
      </div>
    </dl>
  );
}
