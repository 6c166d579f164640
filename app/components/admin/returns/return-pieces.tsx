import { Link } from "react-router";
import { variantUrl } from "~/modules/media";
import { formatPrice } from "~/modules/pricing";
import { returnStatusLabel, type ReturnResolution } from "~/modules/returns";
import type { StaffReturnView } from "~/modules/returns/index.server";
import { formatDateTime } from "../orders/dates";
import { Photos } from "./return-request";

/*
 * The pieces coming back, beside what was bought (picture, size, colour, price), what each becomes
 * for an exchange (with the pieces held for it), and after inspection how many were accepted and why
 * not the rest; and the return's steps, each with who took it and when.
 */

type View = StaffReturnView;
type Line = View["lines"][number];

function Inspection({ line }: { line: Line }) {
  if (line.inspection === "pending") return null;
  const all = line.acceptedQuantity === line.quantity;
  return (
    <div className="mt-2 text-sm" data-testid="piece-inspection">
      <p className={all ? "text-emerald-800" : line.acceptedQuantity === 0 ? "text-sale" : "text-amber-900"}>
        {all
          ? `Accepted (${line.quantity})`
          : line.acceptedQuantity === 0
            ? "Not accepted"
            : `${line.acceptedQuantity} of ${line.quantity} accepted`}
      </p>
      {line.inspectionNote ? <p className="text-stone italic">“{line.inspectionNote}”</p> : null}
      {line.inspectionPhotos.length > 0 ? (
        <div className="mt-1">
          <Photos photos={line.inspectionPhotos} label="Inspection photo" />
        </div>
      ) : null}
    </div>
  );
}

export function ReturnPieces({ view }: { view: View }) {
  const exchange = view.request.resolution === "exchange";
  return (
    <ul className="divide-y divide-linen">
      {view.lines.map((l) => (
        <li key={l.id} className="flex gap-4 py-4 first:pt-0 last:pb-0" data-testid="return-piece">
          <div className="relative aspect-[3/4] w-16 shrink-0 overflow-hidden bg-sand sm:w-20">
            {l.imageUrl ? (
              <img
                src={variantUrl(l.imageUrl, 400)}
                alt={l.name}
                loading="lazy"
                decoding="async"
                className="absolute inset-0 h-full w-full object-cover"
              />
            ) : (
              <span className="absolute inset-0 flex items-center justify-center p-1 text-center text-[0.6rem] tracking-[0.12em] text-stone uppercase">
                No picture
              </span>
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:justify-between sm:gap-4">
            <div className="min-w-0">
              <p className="font-display text-lg leading-snug text-ink">
                {l.productId ? (
                  <Link to={`/admin/products/${l.productId}`} className="hover:text-maroon">
                    {l.name}
                  </Link>
                ) : (
                  l.name
                )}
              </p>
              <p className="text-xs text-stone">
                {l.brand}
                {l.sku ? ` · ${l.sku}` : ""}
              </p>
              <p className="mt-1 text-sm text-ink">
                Size {l.size} · {l.colour}
              </p>
              {exchange && l.exchangeSize ? (
                <p className="mt-1 text-sm text-ink" data-testid="piece-exchange">
                  <span className="text-stone">Wants</span> size {l.exchangeSize} · {l.exchangeColour}
                  <span className="block text-xs text-stone">
                    {l.heldQuantity > 0
                      ? `${l.heldQuantity} held from stock for the exchange`
                      : view.request.status === "resolved"
                        ? "Sent in the exchange order"
                        : "Nothing held"}
                  </span>
                </p>
              ) : null}
              <Inspection line={l} />
            </div>
            <div className="shrink-0 text-sm sm:text-right">
              <p className="text-stone tabular-nums">
                {l.quantity} × {formatPrice(l.unitPricePaise)}
              </p>
              <p className="text-xs text-stone">sent back</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ReturnSteps({ events, resolution }: { events: View["events"]; resolution: ReturnResolution }) {
  return (
    <ol className="space-y-4" data-testid="return-steps">
      {events.map((e) => (
        <li key={e.id} className="relative border-l-2 border-linen pl-4" data-testid="return-step">
          <p className="text-sm font-medium text-ink">{returnStatusLabel(e.toStatus, resolution)}</p>
          <p className="text-xs text-stone">
            {e.who} · {formatDateTime(e.at)}
          </p>
          {e.note ? <p className="mt-1 text-sm whitespace-pre-line text-ink">{e.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
