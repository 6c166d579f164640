import { useFetcher } from "react-router";
import { REFUND_STATUS_LABELS, type OrderActionAnswer } from "~/modules/orders";
import type { StaffOrderDetail } from "~/modules/reports/index.server";
import { describeAmount, paysOrderTotal } from "~/modules/payments";
import { formatPrice } from "~/modules/pricing";
import { formatDateTime } from "./dates";
import { AmountCheck, FlaggedActions } from "./flagged-actions";
import { useOrderAnswerToasts } from "./use-order-answer";

/*
 * The order's payment record(s): gateway ids, state, a flag waiting for staff, the whole-order refund
 * with its state, and returns' refunds of some pieces, each named by its return.
 */

type Payment = StaffOrderDetail["payments"][number];
type Refund = NonNullable<Payment["refund"]>;

const PROVIDERS: Record<string, string> = { razorpay: "Razorpay", test: "Test gateway", cod: "Cash on delivery" };
const PAYMENT_STATES: Record<string, { label: string; tone: string }> = {
  created: { label: "Not paid", tone: "bg-sky-50 text-sky-800 ring-sky-200" },
  authorized: { label: "Authorised", tone: "bg-sky-50 text-sky-800 ring-sky-200" },
  captured: { label: "Paid", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  failed: { label: "Failed", tone: "bg-red-50 text-red-800 ring-red-200" },
  refunded: { label: "Refunded", tone: "bg-stone/10 text-ink ring-stone/30" },
};
const REFUND_TONES: Record<Refund["status"], string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  processed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
};

function Pill({ tone, children, testId }: { tone: string; children: React.ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tone}`}
    >
      {children}
    </span>
  );
}

function Row({ label, value, mono }: { label: string; value: React.ReactNode; mono?: boolean }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-2 py-1">
      <dt className="text-stone">{label}</dt>
      <dd className={`break-all text-ink ${mono ? "font-mono text-[0.8rem]" : ""}`}>{value}</dd>
    </div>
  );
}

function RefundBox({
  refund,
  orderId,
  version,
  forReturn,
}: {
  refund: Refund;
  orderId: string;
  version: number;
  /** a return's refund of some pieces: its return's number, or null when the return is not found */
  forReturn?: { returnNumber: string | null };
}) {
  const fetcher = useFetcher<OrderActionAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useOrderAnswerToasts(answer);
  return (
    <div className="mt-3 border border-linen bg-white p-3" data-testid="refund">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-ink">
          Refund of {formatPrice(refund.amountPaise)}
          {forReturn ? (
            <span className="font-normal text-stone" data-testid="refund-return">
              {" "}
              · {forReturn.returnNumber ? `Return ${forReturn.returnNumber}` : "Return"}
            </span>
          ) : null}
        </p>
        <Pill tone={REFUND_TONES[refund.status]} testId="refund-status">
          {REFUND_STATUS_LABELS[refund.status]}
        </Pill>
      </div>
      <dl className="mt-2 text-sm">
        <Row
          label="Gateway refund id"
          value={refund.providerRefundId ?? "Not yet given"}
          mono={Boolean(refund.providerRefundId)}
        />
        <Row
          label="Asked"
          value={`${formatDateTime(refund.createdAt)}${refund.requestedBy ? ` by ${refund.requestedBy}` : ""}`}
        />
        {refund.processedAt ? <Row label="Processed" value={formatDateTime(refund.processedAt)} /> : null}
        {refund.errorDescription ? (
          <Row label="Why it failed" value={<span className="text-sale">{refund.errorDescription}</span>} />
        ) : null}
      </dl>
      {refund.status !== "processed" ? (
        <fetcher.Form method="post" action={`/admin/orders/${orderId}`} className="mt-2">
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="refundId" value={refund.id} />
          <button
            type="submit"
            name="intent"
            value="retry-refund"
            disabled={fetcher.state !== "idle"}
            className="btn-outline !px-4 !py-2 text-xs"
          >
            {fetcher.state !== "idle"
              ? "Asking the gateway..."
              : refund.status === "failed"
                ? "Try the refund again"
                : "Check the refund again"}
          </button>
          {answer && !answer.ok ? (
            <p role="alert" className="mt-2 text-sm text-sale">
              {answer.formError}
            </p>
          ) : null}
        </fetcher.Form>
      ) : null}
    </div>
  );
}

export function PaymentsPanel({ detail }: { detail: StaffOrderDetail }) {
  const { order, payments } = detail;
  if (payments.length === 0) {
    return (
      <p className="text-sm text-stone">
        {order.paymentMethod === "cod"
          ? "Cash on delivery: paid to the courier on delivery."
          : "No payment has been started for this order yet."}
      </p>
    );
  }
  return (
    <ul className="space-y-4">
      {payments.map((p) => {
        const state =
          p.provider === "cod" && p.status === "created"
            ? { label: "Pay on delivery", tone: PAYMENT_STATES.created!.tone }
            : (PAYMENT_STATES[p.status] ?? { label: p.status, tone: PAYMENT_STATES.created!.tone });
        const open = p.flaggedAt !== null && (!p.refund || p.refund.status === "failed");
        const wrongAmount = (p.status === "captured" || p.status === "refunded") && !paysOrderTotal(p, order);
        return (
          <li key={p.id} data-testid="payment" className="border-b border-linen pb-4 last:border-b-0 last:pb-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium text-ink">
                {PROVIDERS[p.provider] ?? p.provider} ·{" "}
                {p.currency === "INR" ? formatPrice(p.amountPaise) : describeAmount(p.amountPaise, p.currency)}
              </p>
              <Pill tone={state.tone}>{state.label}</Pill>
            </div>
            <dl className="mt-2 text-sm">
              {p.providerOrderId ? <Row label="Gateway order" value={p.providerOrderId} mono /> : null}
              {p.providerPaymentId ? <Row label="Gateway payment" value={p.providerPaymentId} mono /> : null}
              {p.method ? <Row label="Method" value={p.method.toUpperCase()} /> : null}
              <Row label="Started" value={formatDateTime(p.createdAt)} />
              {p.capturedAt ? <Row label="Paid" value={formatDateTime(p.capturedAt)} /> : null}
              {p.amountRefundedPaise > 0 ? <Row label="Refunded" value={formatPrice(p.amountRefundedPaise)} /> : null}
              {p.errorDescription ? <Row label="Error" value={p.errorDescription} /> : null}
              {p.flagReason && !p.flaggedAt ? <Row label="Was flagged" value={`${p.flagReason} (answered)`} /> : null}
            </dl>
            {open ? (
              <div className="mt-3 border border-amber-300 bg-amber-50 p-3" data-testid="payment-flag">
                <p className="text-sm font-medium text-amber-900">Payment succeeded but order not confirmed</p>
                <p className="mt-0.5 text-sm text-amber-900">{p.flagReason ?? "The order could not be confirmed."}</p>
                {wrongAmount ? (
                  <AmountCheck
                    reported={describeAmount(p.amountPaise, p.currency)}
                    expected={describeAmount(order.totalPaise, "INR")}
                  />
                ) : null}
                <div className="mt-3">
                  <FlaggedActions
                    action={`/admin/orders/${order.id}`}
                    orderId={order.id}
                    orderNumber={order.orderNumber}
                    version={order.version}
                    paymentId={p.id}
                    confirmable={
                      !wrongAmount && !p.refund && (order.status === "cancelled" || order.status === "pending_payment")
                    }
                    retryRefund={p.refund?.status === "failed"}
                  />
                </div>
              </div>
            ) : null}
            {p.refund && !(open && p.refund.status === "failed") ? (
              <RefundBox refund={p.refund} orderId={order.id} version={order.version} />
            ) : null}
            {p.refund && open && p.refund.status === "failed" ? (
              <p className="mt-2 text-sm text-sale" data-testid="refund-status">
                Refund failed: {p.refund.errorDescription ?? "no reason given"}
              </p>
            ) : null}
            {p.returnRefunds.map((r) => (
              <RefundBox
                key={r.id}
                refund={r}
                orderId={order.id}
                version={order.version}
                forReturn={{ returnNumber: r.returnNumber }}
              />
            ))}
          </li>
        );
      })}
    </ul>
  );
}
