import { Link } from "react-router";
import { StatusBadge } from "~/components/admin/dashboard/status-badge";
import { REFUND_STATUS_LABELS } from "~/modules/orders";
import { formatPrice } from "~/modules/pricing";
import type { StaffReturnView } from "~/modules/returns/index.server";
import { formatDateTime } from "../orders/dates";

/*
 * How a closed return ended: the exchange's order, the refund (each gateway refund with its state,
 * tried again from the order's page), the store credit, the credit note to download; or why it was
 * declined, or when the shopper withdrew it.
 */

type View = StaffReturnView;

const REFUND_TONES: Record<View["refunds"][number]["status"], string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  processed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
};

const LINK =
  "text-xs font-medium tracking-[0.18em] text-stone uppercase underline-offset-4 hover:text-ink hover:underline";

function Refunds({ view }: { view: View }) {
  if (view.refunds.length === 0) return null;
  return (
    <ul className="mt-2 space-y-2">
      {view.refunds.map((r) => (
        <li key={r.id} className="border border-linen bg-white p-3 text-sm" data-testid="return-refund">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium text-ink tabular-nums">{formatPrice(r.amountPaise)}</p>
            <span
              data-testid="return-refund-status"
              className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${REFUND_TONES[r.status]}`}
            >
              {REFUND_STATUS_LABELS[r.status]}
            </span>
          </div>
          <p className="mt-1 text-xs text-stone">
            {r.provider === "test" ? "Test gateway" : r.provider === "razorpay" ? "Razorpay" : r.provider}
            {r.providerRefundId ? (
              <>
                {" · "}
                <span className="font-mono break-all">{r.providerRefundId}</span>
              </>
            ) : null}
            {" · "}
            {formatDateTime(r.processedAt ?? r.requestedAt)}
          </p>
          {r.errorDescription ? <p className="mt-1 text-sale">Why it failed: {r.errorDescription}</p> : null}
          {r.status !== "processed" ? (
            <Link to={`/admin/orders/${view.order.id}`} className={`mt-2 inline-block ${LINK}`}>
              {r.status === "failed" ? "Try it again on the order's page →" : "Check it on the order's page →"}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Resolved({ view }: { view: View }) {
  const { request } = view;
  const nothing = !view.exchangeOrder && request.refundedPaise === 0 && request.creditedPaise === 0;
  return (
    <div className="space-y-4 text-sm text-ink" data-testid="return-outcome">
      {view.exchangeOrder ? (
        <div>
          <p className="text-stone">Exchange order</p>
          <p className="mt-1 flex flex-wrap items-center gap-3">
            <Link
              to={`/admin/orders/${view.exchangeOrder.id}`}
              className="order-code text-lg text-ink underline-offset-4 hover:text-maroon hover:underline"
              data-testid="exchange-order"
            >
              {view.exchangeOrder.orderNumber}
            </Link>
            <StatusBadge status={view.exchangeOrder.status} />
          </p>
          <p className="mt-1 text-xs text-stone">A confirmed order of {formatPrice(0)}: ship it from its page.</p>
        </div>
      ) : null}
      {request.refundedPaise > 0 ? (
        <div>
          <p className="text-stone">Refunded</p>
          <p className="mt-1 text-lg tabular-nums" data-testid="return-refunded">
            {formatPrice(request.refundedPaise)}
          </p>
          {request.payoutReference ? (
            <p className="text-xs text-stone">
              Paid by transfer · reference <span className="font-mono break-all">{request.payoutReference}</span>
            </p>
          ) : null}
          <Refunds view={view} />
        </div>
      ) : null}
      {request.creditedPaise > 0 ? (
        <div>
          <p className="text-stone">Store credit issued</p>
          <p className="mt-1 text-lg tabular-nums" data-testid="return-credited">
            {formatPrice(request.creditedPaise)}
          </p>
        </div>
      ) : null}
      {nothing ? <p>No piece was accepted, so nothing was given back.</p> : null}
      {view.creditNoteId ? (
        <Link
          to={`/admin/orders/${view.order.id}/credit-notes/${view.creditNoteId}`}
          reloadDocument
          className="btn-outline !px-4 !py-2.5 text-xs"
          data-testid="return-credit-note"
        >
          Download credit note (PDF)
        </Link>
      ) : null}
      {request.resolvedAt ? <p className="text-xs text-stone">Resolved {formatDateTime(request.resolvedAt)}</p> : null}
    </div>
  );
}

/** The closed return's outcome; null while it is still open. */
export function ReturnOutcome({ view }: { view: View }) {
  const { request } = view;
  if (request.status === "resolved") return <Resolved view={view} />;
  if (request.status === "declined")
    return (
      <div className="text-sm text-ink" data-testid="return-outcome">
        <p className="text-stone">Declined{request.decidedAt ? ` ${formatDateTime(request.decidedAt)}` : ""}:</p>
        <p className="mt-1 whitespace-pre-line">{request.declineReason}</p>
      </div>
    );
  if (request.status === "cancelled")
    return (
      <p className="text-sm text-ink" data-testid="return-outcome">
        The shopper withdrew this request{request.cancelledAt ? ` on ${formatDateTime(request.cancelledAt)}` : ""}. Any
        pieces held for it went back on sale.
      </p>
    );
  return null;
}
