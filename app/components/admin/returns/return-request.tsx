import { photoThumbnailUrl } from "~/modules/media";
import type { StaffReturnView } from "~/modules/returns/index.server";
import { formatDateTime } from "../orders/dates";
import { reasonLabel, resolutionLabel } from "./return-format";

/*
 * What the shopper asked: the reason, her own words, her photos (thumbnails opening the full
 * picture), what she would like instead and, for a cash-on-delivery refund, where to send it: masked
 * as she sees it, and in full only while staff may still have to pay it.
 */

type View = StaffReturnView;
type Destination = NonNullable<View["request"]["refundTo"]>;

/** The full UPI ID or bank account, for the staff member paying a cash-on-delivery refund by hand. */
export function FullDestination({ to }: { to: Destination }) {
  return (
    <div className="border border-amber-300 bg-amber-50/70 px-3.5 py-3 text-sm" data-testid="refund-destination-full">
      <p className="text-[0.68rem] font-medium tracking-[0.18em] text-amber-900 uppercase">
        Only for paying this refund
      </p>
      {to.kind === "upi" ? (
        <p className="mt-1 text-ink">
          UPI ID <span className="font-mono break-all select-all">{to.upiId}</span>
        </p>
      ) : (
        <dl className="mt-1 grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-ink">
          <dt className="text-stone">Account holder</dt>
          <dd className="break-words">{to.accountName}</dd>
          <dt className="text-stone">Account number</dt>
          <dd className="font-mono break-all select-all">{to.accountNumber}</dd>
          <dt className="text-stone">IFSC</dt>
          <dd className="font-mono select-all">{to.ifsc}</dd>
        </dl>
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 py-1.5 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-stone">{label}</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  );
}

export function Photos({ photos, label }: { photos: readonly string[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {photos.map((url, i) => (
        <li key={url}>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="block h-20 w-20 overflow-hidden border border-linen bg-sand focus-visible:outline-2 focus-visible:outline-maroon"
          >
            <img
              src={photoThumbnailUrl(url)}
              alt={`${label} ${i + 1} of ${photos.length} (opens the full picture)`}
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function RequestDetails({ view, showFull }: { view: View; showFull: boolean }) {
  const { request } = view;
  return (
    <dl className="text-sm" data-testid="return-request">
      <Row label="Reason">
        <span data-testid="return-reason">{reasonLabel(request.reason)}</span>
      </Row>
      <Row label="Shopper's words">
        {request.details ? (
          <p className="whitespace-pre-line italic">“{request.details}”</p>
        ) : (
          <span className="text-stone">Nothing added</span>
        )}
      </Row>
      {request.photos.length > 0 ? (
        <Row label="Photos">
          <Photos photos={request.photos} label="Shopper's photo" />
        </Row>
      ) : null}
      <Row label="Asked for">
        <span data-testid="return-resolution">{resolutionLabel(request.resolution)}</span>
      </Row>
      {request.refundToMasked ? (
        <Row label="Refund to">
          <span>{request.refundToMasked}</span>
          {showFull && request.refundTo ? (
            <div className="mt-2">
              <FullDestination to={request.refundTo} />
            </div>
          ) : null}
        </Row>
      ) : null}
      <Row label="Requested">{formatDateTime(request.requestedAt)}</Row>
      {request.pickupScheduledAt ? (
        <Row label="Pickup">
          <span data-testid="return-pickup">
            {request.pickupCourier ?? "Courier to be assigned"}
            {request.pickupAwb ? (
              <>
                {" · AWB "}
                <span className="font-mono">{request.pickupAwb}</span>
              </>
            ) : (
              " · AWB to follow"
            )}
          </span>
          <span className="block text-xs text-stone">
            {request.pickupProvider === "manual" ? "Booked by hand" : `Booked through ${request.pickupProvider}`} ·{" "}
            {formatDateTime(request.pickupScheduledAt)}
          </span>
        </Row>
      ) : null}
    </dl>
  );
}
