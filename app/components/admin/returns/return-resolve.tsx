import { useId } from "react";
import { formatPrice } from "~/modules/pricing";
import type { StaffReturnView } from "~/modules/returns/index.server";
import { FullDestination } from "./return-request";
import { ActionError, TextField, useReturnAction } from "./use-return-action";

/*
 * Resolving a received return: what will happen, said before it does. An exchange becomes a new
 * order of zero value in the sizes held; store credit and a refund are worth the return's credit note,
 * worked out as it is resolved (the pieces' price less their share of the order's discounts is shown as
 * a guide). A cash-on-delivery refund is paid by hand first and its transfer's reference entered here.
 */

type View = StaffReturnView;

function WhatHappens({ view }: { view: View }) {
  const accepted = view.lines.filter((l) => l.acceptedQuantity > 0);
  const { request, order } = view;
  if (accepted.length === 0)
    return (
      <p className="text-sm text-ink">
        No piece was accepted, so nothing is sent or given back. Resolving closes the return and tells the shopper.
      </p>
    );
  if (request.resolution === "exchange")
    return (
      <div className="text-sm text-ink">
        <p>A new order of {formatPrice(0)} is placed and confirmed for the accepted pieces, in the sizes held:</p>
        <ul className="mt-2 space-y-1" data-testid="exchange-pieces">
          {accepted.map((l) => (
            <li key={l.id} className="border-l-2 border-maroon/40 pl-3">
              {l.name}: size {l.exchangeSize ?? l.size} · {l.exchangeColour ?? l.colour} × {l.acceptedQuantity}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-stone">Ship it from its order page like any order. No credit note is issued.</p>
      </div>
    );
  // what the resolution will give: the credit note's total (or, without an invoice, the same rule)
  const guide = view.worthPaise ?? 0;
  const pieces = accepted.reduce((n, l) => n + l.acceptedQuantity, 0);
  const what =
    request.resolution === "store_credit"
      ? "is added to the shopper's store credit"
      : order.paymentMethod === "cod"
        ? "is what you pay the shopper by transfer"
        : "is refunded to the shopper's payment through the gateway";
  return (
    <div className="space-y-2 text-sm text-ink">
      <p>
        The credit note for the {pieces} accepted piece{pieces === 1 ? "" : "s"} is issued, and its total {what}.
      </p>
      <p className="border border-linen bg-white px-3 py-2">
        <strong className="tabular-nums" data-testid="resolve-guide">
          {formatPrice(guide)}
        </strong>
        <span className="block text-xs text-stone">
          The credit note&apos;s total: the pieces&apos; price less their share of the order&apos;s discounts. Shipping
          and the cash-on-delivery fee are not given back.
        </span>
      </p>
      {request.resolution === "refund" && order.storeCreditPaise > 0 ? (
        <p className="text-stone">
          The order paid {formatPrice(order.storeCreditPaise)} with store credit: that part comes back as store credit
          first, and only the rest is refunded.
        </p>
      ) : null}
    </div>
  );
}

export function ResolveForm({ view }: { view: View }) {
  const id = useId();
  const { fetcher, busy, failed, fieldError } = useReturnAction();
  const { request, order } = view;
  const accepted = view.lines.some((l) => l.acceptedQuantity > 0);
  const byTransfer = accepted && request.resolution === "refund" && order.paymentMethod === "cod";
  return (
    <fetcher.Form
      method="post"
      noValidate
      className="space-y-4"
      aria-label="Resolve the return"
      data-testid="resolve-form"
    >
      <input type="hidden" name="intent" value="resolve" />
      <input type="hidden" name="version" value={request.version} />
      <WhatHappens view={view} />
      {byTransfer ? (
        <>
          {request.refundTo ? <FullDestination to={request.refundTo} /> : null}
          <TextField
            id={`${id}-payout`}
            name="payoutReference"
            label="Transfer reference"
            required
            mono
            maxLength={60}
            error={fieldError("payoutReference")}
            hint="Pay the shopper by UPI or bank transfer first, then enter the transfer's reference (UTR)."
          />
        </>
      ) : null}
      <ActionError failed={failed} />
      <button type="submit" disabled={busy} className="btn-primary w-full !py-3 disabled:opacity-50">
        {busy
          ? "Resolving..."
          : !accepted
            ? "Close the return"
            : request.resolution === "exchange"
              ? "Place the exchange order"
              : request.resolution === "store_credit"
                ? "Issue store credit"
                : byTransfer
                  ? "Record the transfer"
                  : "Refund the shopper"}
      </button>
      {accepted && request.resolution === "exchange" ? (
        <button
          type="submit"
          name="instead"
          value="store_credit"
          disabled={busy}
          className="w-full text-center text-sm text-stone underline underline-offset-4 hover:text-maroon disabled:opacity-50"
        >
          Give store credit instead (when the sizes cannot be sent)
        </button>
      ) : null}
    </fetcher.Form>
  );
}
