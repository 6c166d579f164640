import { useEffect, useState } from "react";
import type { StaffShipment } from "~/modules/shipping/index.server";
import { deliveryDay } from "~/modules/shipping";
import { formatPrice } from "~/modules/pricing";
import { formatDateTime } from "./dates";
import { ShipmentBadge } from "./shipping-badge";
import { DemoCourier, ShipmentActions } from "./shipping-shipment-actions";
import { newestFirst, parcelText } from "./shipping-format";

/*
 * One shipment on the order page: its courier (the heading) and status, the AWB (with a copy button),
 * our reference, the rate, the delivery date, cash to collect, the parcel, the pickup, failed attempts
 * in the courier's words, what may be done with it, demo mode's courier buttons and the scans, newest
 * first.
 */

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 py-1 sm:grid-cols-[8.5rem_minmax(0,1fr)]">
      <dt className="text-stone">{label}</dt>
      <dd className="min-w-0 text-ink" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The AWB with a button that copies it (the text is selected instead where the clipboard is refused). */
function Awb({ awb }: { awb: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async (event: React.MouseEvent<HTMLButtonElement>) => {
    const code = event.currentTarget.previousElementSibling;
    try {
      await navigator.clipboard.writeText(awb);
      setCopied(true);
    } catch {
      if (code) window.getSelection()?.selectAllChildren(code);
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <code className="font-mono text-[0.85rem] break-all text-ink" data-testid="shipment-awb">
        {awb}
      </code>
      <button
        type="button"
        onClick={(event) => void copy(event)}
        className="min-h-6 text-xs font-medium tracking-[0.14em] text-stone uppercase underline-offset-4 hover:text-ink hover:underline"
        aria-label={`Copy AWB ${awb}`}
      >
        Copy
      </button>
      <span role="status" className="text-xs text-leaf">
        {copied ? "Copied" : ""}
      </span>
    </span>
  );
}

function Details({ shipment: s }: { shipment: StaffShipment }) {
  return (
    <dl className="text-sm">
      {s.awb ? (
        <Row label="AWB">
          <Awb awb={s.awb} />
        </Row>
      ) : null}
      <Row label="Reference">
        <span className="order-code break-all !whitespace-normal">{s.reference}</span>
      </Row>
      {s.ratePaise !== null ? <Row label="Rate">{formatPrice(s.ratePaise)}</Row> : null}
      {s.estimatedDelivery && s.status !== "delivered" ? (
        <Row label="Expected by">{deliveryDay(s.estimatedDelivery)}</Row>
      ) : null}
      <Row label="Cash to collect">{s.codAmountPaise > 0 ? formatPrice(s.codAmountPaise) : "None (prepaid)"}</Row>
      <Row label="Parcel">{parcelText(s.parcel)}</Row>
      {s.pickupScheduledFor ? (
        <Row label="Pickup" testId="shipment-pickup">
          {formatDateTime(s.pickupScheduledFor)}
          {s.pickupToken ? <span className="block text-xs text-stone">Pickup token {s.pickupToken}</span> : null}
        </Row>
      ) : null}
      {s.failedAttempts > 0 ? (
        <Row label="Failed attempts">
          {s.failedAttempts}
          {s.failureReason ? <span className="block text-stone">“{s.failureReason}”</span> : null}
        </Row>
      ) : null}
    </dl>
  );
}

/** The courier's scans, newest first: its words, where, and when (India time). */
function Scans({ scans }: { scans: StaffShipment["scans"] }) {
  if (scans.length === 0)
    return (
      <p className="text-sm text-stone">No scans yet. The courier&rsquo;s scans appear here as it reports them.</p>
    );
  return (
    <ol className="relative ml-1.5 border-l border-linen" aria-label="Courier scans, newest first" data-testid="scans">
      {newestFirst(scans).map((scan, n) => (
        <li key={`${scan.occurredAt}-${n}`} className="relative pb-4 pl-5 last:pb-0">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[5px] h-2.5 w-2.5 rounded-full ring-2 ring-ivory ${n === 0 ? "bg-maroon" : "bg-stone/40"}`}
          />
          <p className={`text-sm ${n === 0 ? "font-medium text-ink" : "text-ink"}`}>{scan.activity}</p>
          <p className="text-xs text-stone">
            {scan.location ? `${scan.location} · ` : ""}
            <time dateTime={scan.occurredAt}>{formatDateTime(scan.occurredAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

export function ShipmentCard({
  shipment,
  orderId,
  pieces,
  demoMode,
}: {
  shipment: StaffShipment;
  orderId: string;
  pieces: number;
  demoMode: boolean;
}) {
  const headingId = `shipment-${shipment.id}`;
  return (
    <article aria-labelledby={headingId} className="border border-linen bg-white p-4 sm:p-5" data-testid="shipment">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="font-display text-xl leading-snug text-ink">
          {shipment.courierName ?? "Shipment"}
        </h3>
        <ShipmentBadge status={shipment.status} />
      </header>
      {shipment.lastError && shipment.status === "draft" ? (
        <div role="alert" className="mt-3 border border-sale/40 bg-red-50 px-3.5 py-3 text-sm text-sale">
          <p>{shipment.lastError}</p>
          <p className="mt-1 text-ink">Book it again below: the booking continues where it stopped.</p>
        </div>
      ) : null}
      <div className="mt-3">
        <Details shipment={shipment} />
      </div>
      <ShipmentActions shipment={shipment} orderId={orderId} pieces={pieces} />
      {demoMode && shipment.demoMoves.length > 0 ? <DemoCourier shipment={shipment} orderId={orderId} /> : null}
      <section aria-labelledby={`${headingId}-scans`} className="mt-5 border-t border-linen pt-4">
        <h4 id={`${headingId}-scans`} className="mb-3 text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase">
          Courier scans
        </h4>
        <Scans scans={shipment.scans} />
      </section>
    </article>
  );
}
