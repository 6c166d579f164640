import { Fragment } from "react";
import type { CourierChoice } from "~/modules/shipping";
import { formatPrice } from "~/modules/pricing";
import { courierFacts } from "./shipping-format";

/*
 * The couriers that deliver the parcel, as radio choices (cheapest first): name, rate, the delivery
 * date and days, surface or air, cash on delivery, and 'Cheapest' / 'Fastest' marked. Each radio's id is
 * `<form id>-courier-<n>` so the form can put the focus on the first.
 */

function Badge({ children, tone }: { children: string; tone: "cheap" | "fast" }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-[0.68rem] font-medium tracking-[0.06em] uppercase ring-1 ring-inset ${tone === "cheap" ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-sky-50 text-sky-800 ring-sky-200"}`}
    >
      {children}
    </span>
  );
}

export function CourierChoices({
  id,
  couriers,
  chosen,
  error,
  weightGrams,
  onChoose,
}: {
  id: string;
  couriers: CourierChoice[];
  chosen: string;
  error?: string;
  weightGrams: number;
  onChoose: (courierId: string) => void;
}) {
  return (
    <fieldset aria-describedby={`${id}-courier-hint${error ? ` ${id}-courier-error` : ""}`}>
      <legend className="mb-1 text-sm font-medium text-ink">Courier</legend>
      <p id={`${id}-courier-hint`} className="mb-2 text-xs text-stone">
        Rates are quoted for {weightGrams.toLocaleString("en-IN")} g; the courier charges by the weight you book.
      </p>
      <ul className="space-y-2" data-testid="courier-choices">
        {couriers.map((c, n) => (
          <li key={c.courierId}>
            <label
              htmlFor={`${id}-courier-${n}`}
              className={`flex cursor-pointer items-start gap-3 border px-3.5 py-3 transition-colors hover:border-ink has-[:checked]:border-ink has-[:checked]:bg-white ${error ? "border-sale" : "border-linen"}`}
            >
              <input
                id={`${id}-courier-${n}`}
                type="radio"
                name="courierId"
                value={c.courierId}
                checked={chosen === c.courierId}
                onChange={() => onChoose(c.courierId)}
                className="mt-0.5 h-5 w-5 shrink-0 accent-ink"
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium text-ink">{c.courierName}</span>
                  {c.cheapest ? <Badge tone="cheap">Cheapest</Badge> : null}
                  {c.fastest ? <Badge tone="fast">Fastest</Badge> : null}
                </span>
                <span className="mt-0.5 block text-xs text-stone">
                  {courierFacts(c).map((fact, i, all) =>
                    i < all.length - 1 ? (
                      <Fragment key={fact}>
                        <span className="whitespace-nowrap">{fact} ·</span>{" "}
                      </Fragment>
                    ) : (
                      <span key={fact} className="whitespace-nowrap">
                        {fact}
                      </span>
                    ),
                  )}
                </span>
              </span>
              <span className="shrink-0 font-medium text-ink tabular-nums">{formatPrice(c.ratePaise)}</span>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${id}-courier-error`} className="mt-1 text-sm text-sale">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
