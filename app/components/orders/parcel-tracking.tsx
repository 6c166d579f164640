import { useId } from "react";
import type { StatusTone } from "~/modules/orders";
import type { ShopperParcel } from "~/modules/shipping/index.server";
import { CopyText } from "./copy-text";
import { ParcelScans } from "./parcel-scans";
import { parcelView, type ParcelNotice, type ParcelOrder } from "./parcel-view";
import { TIMELINE_TONES } from "./timeline-tones";

/*
 * The shopper's parcel on /track-order and the account's order page: when it arrives (or when it
 * was delivered), the courier and its AWB to copy, a notice when a delivery was missed or the parcel
 * is coming back to us (with what happens to her money), and the courier's scans, newest first.
 * Renders nothing before the parcel is booked.
 *
 *   <ParcelTracking parcel={parcel} order={order} support={{ phone, email }} />
 */

/** The shop's contact details from the store settings (either may be empty). */
export interface ParcelSupport {
  phone: string;
  email: string;
}

export interface ParcelTrackingProps {
  parcel: ShopperParcel | null;
  order: ParcelOrder;
  support: ParcelSupport | null | undefined;
  /** the level of the section's heading; its sub-heading is one below */
  headingLevel?: 2 | 3;
  className?: string;
}

/** The notice's box per tone: a rule in the strong colour on the soft one (timeline-tones.ts). */
const NOTICE_CLASSES: Record<StatusTone, string> = {
  green: "border-[#2f6b4f] bg-[#e6f0ea]",
  yellow: "border-[#8a5a00] bg-[#fdf3dc]",
  red: "border-[#9b2c2c] bg-[#f8e6e4]",
  blue: "border-[#1d5a8a] bg-[#e4eef6]",
};

export function ParcelTracking({ parcel, order, support, headingLevel = 2, className }: ParcelTrackingProps) {
  const headingId = useId();
  const view = parcelView(parcel, order);
  if (!view) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const tone = TIMELINE_TONES[view.tone];
  return (
    <section
      aria-labelledby={headingId}
      data-testid="parcel-tracking"
      data-status={view.status ?? order.status}
      className={`@container ${className ?? ""}`}
    >
      <div className="grid gap-9 @xl:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)] @xl:gap-12">
        <div>
          <Heading id={headingId} className="eyebrow">
            Your parcel
          </Heading>
          {view.headline !== view.statusLabel ? (
            <p className="mt-4">
              <span
                className={`inline-flex rounded-full px-2.5 py-0.5 text-[0.65rem] font-medium tracking-[0.16em] uppercase ${tone.tag}`}
              >
                {view.statusLabel}
              </span>
            </p>
          ) : null}
          <p
            data-testid="parcel-headline"
            className={`mt-2.5 font-display text-[1.9rem] leading-[1.1] font-medium text-balance sm:text-[2.15rem] ${view.notice ? tone.text : "text-ink"}`}
          >
            {view.headline}
          </p>
          {view.detail ? <p className="mt-2 text-sm leading-relaxed text-ink/80">{view.detail}</p> : null}
          {parcel ? <CourierLine courierName={parcel.courierName} awb={parcel.awb} /> : null}
          {view.notice ? <NoticeBox notice={view.notice} tone={view.tone} support={support} /> : null}
        </div>
        {view.scans.length > 0 ? (
          <ParcelScans scans={view.scans} tone={tone} heading={headingLevel === 2 ? "h3" : "h4"} />
        ) : null}
      </div>
    </section>
  );
}

/** The courier and its AWB, one under the other, the AWB to copy. */
function CourierLine({ courierName, awb }: { courierName: string; awb: string }) {
  return (
    <dl
      data-testid="parcel-courier"
      className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-1.5 border-t border-linen pt-4 text-sm"
    >
      <dt className="text-stone">Courier</dt>
      <dd className="text-ink">{courierName}</dd>
      <dt className="text-stone">AWB</dt>
      <dd>
        <CopyText text={awb} label={`AWB ${awb}`} />
      </dd>
    </dl>
  );
}

function NoticeBox({
  notice,
  tone,
  support,
}: {
  notice: ParcelNotice;
  tone: StatusTone;
  support: ParcelSupport | null | undefined;
}) {
  return (
    <div
      data-testid="parcel-notice"
      data-kind={notice.kind}
      className={`mt-6 flex gap-3 border-l-2 px-4 py-4 text-sm leading-relaxed text-ink ${NOTICE_CLASSES[tone]}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className={`icon mt-0.5 h-4 w-4 shrink-0 ${TIMELINE_TONES[tone].text}`}
      >
        <circle cx="10" cy="10" r="8" />
        <path d="M10 6v5M10 14h.01" />
      </svg>
      <div className="min-w-0 space-y-1.5">
        <p>{notice.text}</p>
        {notice.money ? <p>{notice.money}</p> : null}
        <p>
          {notice.help}, <SupportContact support={support} />.
        </p>
      </div>
    </div>
  );
}

const linkClass = "font-medium whitespace-nowrap underline underline-offset-4 hover:text-maroon";

/** 'call us at +91 98765 43210', else 'write to us at ...', else a plain request to get in touch. */
function SupportContact({ support }: { support: ParcelSupport | null | undefined }) {
  const phone = support?.phone.trim();
  const email = support?.email.trim();
  if (phone) {
    return (
      <>
        call us at{" "}
        <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={linkClass}>
          {phone}
        </a>
      </>
    );
  }
  if (email) {
    return (
      <>
        write to us at{" "}
        <a href={`mailto:${email}`} className={linkClass}>
          {email}
        </a>
      </>
    );
  }
  return <>please get in touch with us with your order number</>;
}
