import { STATUS_TONE_CLASSES, type StatusTone } from "~/modules/orders";
import {
  RESOLUTIONS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  returnStatusLabel,
  type ReturnReason,
  type ReturnResolution,
  type ReturnStatus,
} from "~/modules/returns";

/* How the back office names and colours a return's status, reason and resolution. */

/** The queue's tabs in the order staff work through them: the requests waiting for an answer first. */
export const RETURN_TABS: ReadonlyArray<{ value: ReturnStatus | "all"; label: string }> = [
  { value: "requested", label: RETURN_STATUS_LABELS.requested },
  { value: "approved", label: RETURN_STATUS_LABELS.approved },
  { value: "pickup_scheduled", label: RETURN_STATUS_LABELS.pickup_scheduled },
  { value: "picked_up", label: RETURN_STATUS_LABELS.picked_up },
  { value: "received", label: RETURN_STATUS_LABELS.received },
  { value: "resolved", label: RETURN_STATUS_LABELS.resolved },
  { value: "declined", label: RETURN_STATUS_LABELS.declined },
  { value: "cancelled", label: RETURN_STATUS_LABELS.cancelled },
  { value: "all", label: "All" },
];

const TONES: Record<ReturnStatus, StatusTone | "grey"> = {
  requested: "yellow",
  approved: "blue",
  pickup_scheduled: "blue",
  picked_up: "blue",
  received: "blue",
  resolved: "green",
  declined: "red",
  cancelled: "grey",
};

const GREY = "bg-stone/10 text-stone ring-stone/30";

/** The status as a coloured pill; a resolved return says what it became when its resolution is given. */
export function ReturnStatusBadge({ status, resolution }: { status: ReturnStatus; resolution?: ReturnResolution }) {
  const tone = TONES[status];
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tone === "grey" ? GREY : STATUS_TONE_CLASSES[tone]}`}
    >
      {resolution ? returnStatusLabel(status, resolution) : RETURN_STATUS_LABELS[status]}
    </span>
  );
}

export const reasonLabel = (reason: ReturnReason) => RETURN_REASONS.find((r) => r.value === reason)?.label ?? reason;

export const resolutionLabel = (resolution: ReturnResolution) =>
  RESOLUTIONS.find((r) => r.value === resolution)?.label ?? resolution;

export const LABEL = "block text-[0.7rem] font-medium uppercase tracking-[0.18em] text-stone";

export const control = (error?: string) =>
  `mt-1.5 block w-full border bg-white px-3.5 py-2.5 text-[0.95rem] text-ink placeholder:text-stone/70 focus:border-ink focus:outline-none focus:ring-1 focus:ring-ink ${error ? "border-sale" : "border-linen"}`;

/** A panel of the return's page, as the order page draws its cards. */
export function Card({
  title,
  children,
  className = "",
  testId,
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
  testId?: string;
}) {
  const id = `card-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className={`border border-linen bg-ivory p-4 sm:p-6 ${className}`}
      data-testid={testId}
    >
      <h2 id={id} className="mb-4 text-[0.7rem] font-medium tracking-[0.22em] text-stone uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}
