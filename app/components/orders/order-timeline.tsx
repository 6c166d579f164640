import type { OrderTimelineView, TimelineStep, TimelineStepKey } from "~/modules/orders";
import { TIMELINE_TONES, type TimelineTone } from "./timeline-tones";

/*
 * An order's progress as an ordered list (placed -> confirmed -> processing -> shipped -> delivered,
 * or a cancellation as its end), built from `orderTimeline(history, order)`
 * (app/modules/orders/timeline.ts). Used by /track-order, the account's order page and the
 * order-success page:
 *
 *   <OrderTimeline timeline={orderTimeline(order.history, order)} />
 *
 * The current step carries aria-current="step" and the colour of the order's status; every step
 * also says in words whether it is done, current or still to come. A parcel that came back
 * undelivered ends the journey at 'Shipped' (the pure timeline stands a returned order there):
 * the steps it will never reach are left out and the current one says what happened.
 */

export interface OrderTimelineProps {
  timeline: OrderTimelineView;
  /** accessible name of the list; default 'Order progress' */
  label?: string;
  /** a sentence under the current step saying what happens now (default true) */
  describeCurrent?: boolean;
  /** the courier and tracking number under 'Shipped' (default true; off where <ParcelTracking> shows them) */
  showShippingDetails?: boolean;
  className?: string;
}

const stepDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** What the shopper can expect while the order stands on a step. */
const NOW: Record<TimelineStepKey, string> = {
  placed: "We have received your order.",
  awaiting_payment: "We confirm your order as soon as the payment comes through.",
  confirmed: "We have your order and will start on it shortly.",
  processing: "Your pieces are being prepared and packed at our studio.",
  shipped: "Your parcel is on its way.",
  delivered: "Your order has been delivered. We hope you love it.",
  cancelled: "This order has been cancelled.",
};

const RETURNED_NOW = "Your parcel came back to us undelivered.";

export function OrderTimeline({
  timeline,
  label = "Order progress",
  describeCurrent = true,
  showShippingDetails = true,
  className,
}: OrderTimelineProps) {
  const tone = TIMELINE_TONES[timeline.tone];
  const returned = timeline.status === "returned";
  const steps = returned ? timeline.steps.filter((step) => step.state !== "upcoming") : timeline.steps;
  return (
    <ol aria-label={label} data-status={timeline.status} className={className}>
      {steps.map((step, index) => {
        const next = steps[index + 1];
        return (
          <li
            key={step.key}
            data-step={step.key}
            data-state={step.state}
            aria-current={step.state === "current" ? "step" : undefined}
            className="relative flex gap-4 pb-7 last:pb-0"
          >
            {next ? (
              <span
                aria-hidden="true"
                className={`absolute top-9 bottom-1 left-[13px] border-l ${next.state === "upcoming" ? "border-dashed border-stone/35" : "border-ink/70"}`}
              />
            ) : null}
            <Marker step={step} tone={tone} returned={returned} />
            <div className="min-w-0 flex-1 pt-1">
              <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 leading-snug ${labelClass(step, tone)}`}>
                <span>{step.label}</span>
                <span className="sr-only">
                  {step.state === "done" ? ", done" : step.state === "upcoming" ? ", still to come" : ""}
                </span>
                {step.state === "current" && timeline.statusLabel !== step.label ? (
                  <span
                    className={`rounded-full px-2 py-0.5 text-[0.65rem] font-medium tracking-[0.14em] uppercase ${tone.tag}`}
                  >
                    {timeline.statusLabel}
                  </span>
                ) : null}
              </p>
              {step.at ? (
                <time dateTime={new Date(step.at).toISOString()} className="mt-0.5 block text-xs text-stone">
                  {stepDate.format(new Date(step.at))}
                </time>
              ) : null}
              {step.state === "current" && describeCurrent && !(step.key === "cancelled" && step.reason) ? (
                <p className="mt-1.5 text-sm leading-relaxed text-ink/80">{returned ? RETURNED_NOW : NOW[step.key]}</p>
              ) : null}
              {step.key === "cancelled" && step.reason ? (
                <p className="mt-1.5 text-sm leading-relaxed text-ink/80">Reason: {step.reason}</p>
              ) : null}
              {showShippingDetails && (step.courier || step.trackingNumber) ? (
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-l-2 border-linen pl-3 text-sm">
                  {step.courier ? (
                    <>
                      <dt className="text-stone">Courier</dt>
                      <dd className="text-ink">{step.courier}</dd>
                    </>
                  ) : null}
                  {step.trackingNumber ? (
                    <>
                      <dt className="text-stone">Tracking number</dt>
                      <dd className="font-medium tracking-wide break-all text-ink">{step.trackingNumber}</dd>
                    </>
                  ) : null}
                </dl>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function labelClass(step: TimelineStep, tone: TimelineTone): string {
  if (step.state === "current") return `text-base font-medium ${tone.text}`;
  if (step.state === "done") return "text-[0.95rem] font-medium text-ink";
  return "text-[0.95rem] text-stone";
}

function Marker({ step, tone, returned }: { step: TimelineStep; tone: TimelineTone; returned: boolean }) {
  const base = "relative z-10 flex h-7 w-7 shrink-0 items-center justify-center rounded-full";
  if (step.state === "done") {
    return (
      <span aria-hidden="true" className={`${base} bg-ink text-ivory`}>
        <svg
          viewBox="0 0 16 16"
          className="h-3.5 w-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M3.5 8.5l3 3 6-7" />
        </svg>
      </span>
    );
  }
  if (step.state === "current") {
    return (
      <span aria-hidden="true" className={`${base} border-2 ring-4 ${tone.marker} ${tone.halo} text-white`}>
        {step.key === "cancelled" ? (
          <svg
            viewBox="0 0 16 16"
            className="h-3.5 w-3.5"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
          >
            <path d="M4.5 4.5l7 7M11.5 4.5l-7 7" />
          </svg>
        ) : returned ? (
          // a parcel turned back: an arrow returning to where it came from
          <svg
            viewBox="0 0 16 16"
            className="h-3.5 w-3.5"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M6 3.5L3 6.5l3 3M3.5 6.5h6a3 3 0 010 6H8" />
          </svg>
        ) : (
          <span className="h-2 w-2 rounded-full bg-white" />
        )}
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={`${base} border border-stone/40 bg-ivory`}>
      <span className="h-1.5 w-1.5 rounded-full bg-stone/30" />
    </span>
  );
}
