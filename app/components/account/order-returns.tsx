import { Form, Link, useNavigation } from "react-router";
import { STATUS_TONE_CLASSES } from "~/modules/orders";
import { formatPaise } from "~/modules/pricing";
import type { ReturnStatus } from "~/modules/returns";
import { dateFormat } from "./account-overview";
import type { ShopperReturn } from "./order-returns-view";
import { LinePicture } from "./return-pieces";

/*
 * The order page's part of returns (decision 042): the way to ask for one while the windows are open,
 * and each request with its pieces, where it stands, what it gave back, and 'Withdraw request' until
 * the courier has collected it.
 */

const dayAndTime = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

const TONES: Record<ReturnStatus, string> = {
  requested: STATUS_TONE_CLASSES.blue,
  approved: STATUS_TONE_CLASSES.blue,
  pickup_scheduled: STATUS_TONE_CLASSES.blue,
  picked_up: STATUS_TONE_CLASSES.yellow,
  received: STATUS_TONE_CLASSES.yellow,
  resolved: STATUS_TONE_CLASSES.green,
  declined: STATUS_TONE_CLASSES.red,
  cancelled: "bg-sand text-stone ring-linen",
};

/** 'Return or exchange' beside the order's heading while there is something she may still send back. */
export function ReturnOrExchangeLink({ orderPath }: { orderPath: string }) {
  return (
    <Link to={`${orderPath}/return`} className="btn-primary !px-4 !py-2 text-xs">
      Return or exchange
    </Link>
  );
}

export function OrderReturns({ returns, orderPath }: { returns: ShopperReturn[]; orderPath: string }) {
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby="returns-heading" className="mt-10">
      <h2 id="returns-heading" className="font-display text-2xl text-ink">
        Returns and exchanges
      </h2>
      <ul className="mt-4 space-y-4">
        {returns.map((r) => (
          <li key={r.returnNumber}>
            <ReturnCard r={r} orderPath={orderPath} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReturnCard({ r, orderPath }: { r: ShopperReturn; orderPath: string }) {
  const navigation = useNavigation();
  const withdrawing =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "withdraw" &&
    navigation.formData.get("returnNumber") === r.returnNumber;
  return (
    <article
      aria-label={`Request ${r.returnNumber}`}
      data-testid="order-return"
      className="border border-linen bg-white px-5 py-6 sm:px-7"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="eyebrow">
            {r.resolutionLabel} · {r.reasonLabel}
          </p>
          <h3 className="order-code mt-1.5 text-lg text-ink">{r.returnNumber}</h3>
        </div>
        <span
          data-testid="return-status"
          className={`inline-flex items-center rounded-full px-3 py-1 text-[0.68rem] font-medium tracking-[0.14em] uppercase ring-1 ring-inset ${TONES[r.status]}`}
        >
          {r.statusLabel}
        </span>
      </header>

      <div className="mt-5 grid gap-6 md:grid-cols-[1.3fr_1fr]">
        <div className="space-y-5">
          <ul className="space-y-3">
            {r.pieces.map((p, i) => (
              <li key={i} className="flex gap-3">
                <LinePicture src={p.imageUrl} small />
                <div className="min-w-0 text-sm">
                  <p className="text-ink">{p.name}</p>
                  <p className="mt-0.5 text-xs text-stone">
                    {p.size ? `Size ${p.size} · ` : ""}
                    {p.colour ? `${p.colour} · ` : ""}Qty {p.quantity}
                  </p>
                  {p.exchangeFor ? <p className="mt-0.5 text-xs text-maroon">for {p.exchangeFor}</p> : null}
                </div>
              </li>
            ))}
          </ul>
          <ReturnFacts r={r} />
        </div>
        <ReturnSteps r={r} />
      </div>

      {r.canWithdraw ? (
        <Form
          method="post"
          action={orderPath}
          className="mt-6 border-t border-linen pt-5"
          onSubmit={(event) => {
            if (!window.confirm(`Withdraw request ${r.returnNumber}?`)) event.preventDefault();
          }}
        >
          <input type="hidden" name="returnNumber" value={r.returnNumber} />
          <input type="hidden" name="version" value={r.version} />
          <button
            type="submit"
            name="intent"
            value="withdraw"
            disabled={withdrawing}
            className="text-xs tracking-[0.16em] text-ink uppercase underline-offset-4 hover:text-maroon hover:underline disabled:opacity-50"
          >
            {withdrawing ? "Withdrawing…" : "Withdraw request"}
          </button>
        </Form>
      ) : null}
    </article>
  );
}

function ReturnFacts({ r }: { r: ShopperReturn }) {
  const facts: Array<[string, React.ReactNode]> = [];
  if (r.refundTo) facts.push(["Refund to", r.refundTo]);
  if (r.refundedPaise > 0) facts.push(["Refunded", formatPaise(r.refundedPaise)]);
  if (r.creditedPaise > 0) facts.push(["Store credit", formatPaise(r.creditedPaise)]);
  if (r.exchangeOrderNumber)
    facts.push([
      "Exchange order",
      <Link
        key="exchange"
        to={`/account/orders/${encodeURIComponent(r.exchangeOrderNumber)}`}
        className="order-code underline underline-offset-4 hover:text-maroon"
      >
        {r.exchangeOrderNumber}
      </Link>,
    ]);
  if (r.details) facts.push(["Your note", r.details]);
  return (
    <>
      {r.declineReason ? (
        <p className="border border-sale/30 bg-red-50 px-4 py-3 text-sm text-sale">Declined: {r.declineReason}</p>
      ) : null}
      {facts.length > 0 ? (
        <dl className="space-y-1.5 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="flex flex-wrap gap-x-3">
              <dt className="text-stone">{label}</dt>
              <dd className="min-w-0 break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {r.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Your photos">
          {r.photos.map((src, i) => (
            <li key={src}>
              <img
                src={src}
                alt={`Photo ${i + 1}`}
                width={56}
                height={56}
                loading="lazy"
                className="h-14 w-14 border border-linen bg-sand object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function ReturnSteps({ r }: { r: ShopperReturn }) {
  return (
    <ol
      aria-label={`Progress of request ${r.returnNumber}`}
      className="space-y-3 border-t border-linen pt-4 md:border-t-0 md:border-l md:pt-0 md:pl-6"
    >
      {r.steps.map((step, i) => {
        const at = new Date(step.at);
        return (
          <li key={i} className="relative flex items-baseline justify-between gap-4 text-sm">
            <span className={i === r.steps.length - 1 ? "text-ink" : "text-stone"}>{step.label}</span>
            <time dateTime={at.toISOString()} className="shrink-0 text-xs text-stone" title={dateFormat.format(at)}>
              {dayAndTime.format(at)}
            </time>
          </li>
        );
      })}
      {r.status === "requested" ? (
        <li className="text-xs leading-relaxed text-stone">We reply within one working day.</li>
      ) : null}
    </ol>
  );
}
