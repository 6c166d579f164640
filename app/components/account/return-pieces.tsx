import { LOW_STOCK } from "~/modules/catalog";
import { formatPrice } from "~/modules/pricing";
import type { ExchangeOption, ReturnOfferLine } from "~/modules/returns/index.server";
import { FieldError } from "./field";

/*
 * The request form's pieces: each order line with how many to send back, and for an exchange the
 * size and colour wanted instead with what is in stock now.
 */

/** A line's picture, or the sand block the order page shows in its place. */
export function LinePicture({ src, small = false }: { src: string | null; small?: boolean }) {
  const size = small ? "h-16 w-12" : "h-24 w-[72px]";
  return src ? (
    <img
      src={src}
      alt=""
      width={small ? 48 : 72}
      height={small ? 64 : 96}
      loading="lazy"
      className={`${size} shrink-0 bg-sand object-cover`}
    />
  ) : (
    <div aria-hidden="true" className={`${size} shrink-0 bg-sand`} />
  );
}

export function ReturnPieces({
  lines,
  quantities,
  errors,
  onQuantity,
}: {
  lines: ReturnOfferLine[];
  quantities: Record<string, number>;
  errors: Record<string, string>;
  onQuantity: (lineId: string, quantity: number) => void;
}) {
  return (
    <fieldset aria-describedby={errors.pieces ? "pieces-error" : undefined}>
      <legend className="font-display text-2xl text-ink">The pieces</legend>
      <p className="mt-1 text-sm text-stone">Choose how many of each piece you would like to send back.</p>
      <ul className="mt-5 divide-y divide-linen border-y border-linen">
        {lines.map((line) => {
          const field = `qty:${line.orderLineId}`;
          const id = `qty-${line.orderLineId}`;
          return (
            <li key={line.orderLineId} className="flex gap-4 py-5" data-testid="return-line">
              <LinePicture src={line.imageUrl} />
              <div className="min-w-0 flex-1">
                <p className="eyebrow">{line.brand}</p>
                <p className="mt-1 text-ink">{line.name}</p>
                <p className="mt-1 text-xs text-stone">
                  Size {line.size} · {line.colour} · {formatPrice(line.unitPricePaise)}
                </p>
                {line.blocked ? (
                  <p className="mt-3 text-sm text-stone">{line.blocked}</p>
                ) : (
                  <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                    <label htmlFor={id} className="text-xs tracking-[0.16em] text-ink uppercase">
                      Quantity to send back
                    </label>
                    <select
                      id={id}
                      name={field}
                      value={quantities[line.orderLineId] ?? 0}
                      onChange={(e) => onQuantity(line.orderLineId, Number(e.target.value))}
                      aria-invalid={errors[field] ? true : undefined}
                      aria-describedby={errors[field] ? `${id}-error` : undefined}
                      className={`border bg-white py-2 pr-8 pl-3 text-sm text-ink focus:border-ink focus:outline-none ${errors[field] ? "border-sale" : "border-linen"}`}
                    >
                      {Array.from({ length: line.returnable + 1 }, (_, n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                    {line.delivered > line.returnable ? (
                      <span className="text-xs text-stone">
                        {line.returnable} of {line.delivered} can still be sent back
                      </span>
                    ) : null}
                  </div>
                )}
                <FieldError id={`${id}-error`} error={errors[field]} />
              </div>
            </li>
          );
        })}
      </ul>
      <FieldError id="pieces-error" error={errors.pieces} />
    </fieldset>
  );
}

function stockNote(option: ExchangeOption): string | null {
  if (option.stock <= 0) return "Sold out";
  if (option.stock <= LOW_STOCK) return `Only ${option.stock} left`;
  return null;
}

/** For an exchange: per chosen line, the sizes and colours she may have instead. */
export function ExchangeChoices({
  lines,
  chosen,
  errors,
  onChoose,
  withoutScript,
}: {
  lines: ReturnOfferLine[];
  chosen: Record<string, string>;
  errors: Record<string, string>;
  onChoose: (lineId: string, variantId: string) => void;
  /** the page runs without JavaScript: every line is shown, for whichever she sends back */
  withoutScript: boolean;
}) {
  return (
    <section aria-labelledby="exchange-heading">
      <h2 id="exchange-heading" className="font-display text-2xl text-ink">
        The size and colour you would like
      </h2>
      <p className="mt-1 text-sm text-stone">
        {withoutScript
          ? "For an exchange only: the size and colour you would like for each piece you send back."
          : "The same piece in another size or colour, at the same price. We hold it for you from now."}
      </p>
      <div className="mt-5 space-y-6">
        {lines.map((line) => {
          const field = `exchange:${line.orderLineId}`;
          const errorId = `exchange-${line.orderLineId}-error`;
          return (
            <fieldset
              key={line.orderLineId}
              className="border border-linen bg-white px-4 py-4 sm:px-5"
              aria-describedby={errors[field] ? errorId : undefined}
            >
              <legend className="sr-only">
                {line.name}, size {line.size} in {line.colour}: exchange for
              </legend>
              <div className="flex items-center gap-3" aria-hidden="true">
                <LinePicture src={line.imageUrl} small />
                <div className="min-w-0">
                  <p className="truncate text-sm text-ink">{line.name}</p>
                  <p className="mt-0.5 text-xs text-stone">
                    You have size {line.size} · {line.colour}
                  </p>
                </div>
              </div>
              {line.exchangeOptions.length === 0 ? (
                <p className="mt-4 text-sm text-stone">
                  This piece comes in no other size or colour. Choose store credit or a refund for it instead.
                </p>
              ) : (
                <div className="mt-4 flex flex-wrap gap-2">
                  {line.exchangeOptions.map((option) => (
                    <ExchangeChip
                      key={option.variantId}
                      name={field}
                      option={option}
                      checked={chosen[line.orderLineId] === option.variantId}
                      onChoose={() => onChoose(line.orderLineId, option.variantId)}
                    />
                  ))}
                </div>
              )}
              <FieldError id={errorId} error={errors[field]} />
            </fieldset>
          );
        })}
      </div>
    </section>
  );
}

function ExchangeChip({
  name,
  option,
  checked,
  onChoose,
}: {
  name: string;
  option: ExchangeOption;
  checked: boolean;
  onChoose: () => void;
}) {
  const note = stockNote(option);
  const soldOut = option.stock <= 0;
  return (
    <label
      className={`relative flex min-w-20 flex-col border px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-maroon ${
        soldOut
          ? "cursor-not-allowed border-dashed border-linen bg-sand/30 text-stone"
          : checked
            ? "cursor-pointer border-ink bg-ink text-ivory"
            : "cursor-pointer border-linen text-ink hover:border-ink"
      }`}
    >
      <input
        type="radio"
        name={name}
        value={option.variantId}
        checked={checked}
        disabled={soldOut}
        onChange={onChoose}
        className="sr-only"
      />
      <span className={soldOut ? "line-through decoration-stone/70" : ""}>
        {option.size} · {option.colour}
      </span>
      {note ? (
        <span className={`mt-0.5 text-[0.7rem] ${checked ? "text-ivory/80" : soldOut ? "text-stone" : "text-maroon"}`}>
          {note}
        </span>
      ) : null}
    </label>
  );
}
