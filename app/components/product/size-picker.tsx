import { useState } from "react";
import { sizeChartFor, sizeSoldOut, type ProductDetailView } from "~/modules/catalog";
import { RulerIcon } from "./product-icons";

type SizeChart = NonNullable<ReturnType<typeof sizeChartFor>>;
type Axes = Parameters<typeof sizeSoldOut>[0];

/**
 * The size buttons with the size guide. A size sold out in the chosen colour is struck through: it
 * is not a choice, pressing it asks about it (the notify form) instead. Fit advice drawn from returns
 * ('Runs small: ...') sits between the label and the buttons, where the choice is made.
 */
export function SizePicker({
  product,
  axes,
  size,
  colour,
  notifySize,
  hasSoldOut,
  fitAdvice = null,
  onChoose,
  onAskAbout,
}: {
  product: Pick<ProductDetailView, "category" | "sizes" | "variants">;
  axes: Axes;
  size: string | null;
  colour: string | null;
  /** the struck-through size the notify form is open for */
  notifySize: string | null;
  /** some size is sold out in the chosen colour: the hint under the buttons says what striking means */
  hasSoldOut: boolean;
  /** 'Runs small: most shoppers took one size up', or null */
  fitAdvice?: string | null;
  onChoose: (size: string) => void;
  onAskAbout: (size: string) => void;
}) {
  const [guideOpen, setGuideOpen] = useState(false);
  const chart = sizeChartFor(product.category, product.sizes);
  return (
    <fieldset aria-describedby={fitAdvice ? "fit-advice" : undefined}>
      <div className="mb-3 flex items-baseline justify-between">
        <legend className="eyebrow !text-ink">
          Size{size ? <span className="ml-2 tracking-normal text-stone normal-case">{size}</span> : null}
        </legend>
        {chart ? (
          <button
            type="button"
            onClick={() => setGuideOpen(!guideOpen)}
            aria-expanded={guideOpen}
            aria-controls="size-guide"
            className="-my-1.5 py-1.5 text-xs text-stone underline underline-offset-4 hover:text-ink"
          >
            Size guide
          </button>
        ) : null}
      </div>
      {fitAdvice ? (
        <p id="fit-advice" data-testid="fit-advice" className="-mt-1 mb-3 flex items-start gap-2 text-sm text-ink/85">
          <RulerIcon className="mt-px h-4 w-4 shrink-0 text-maroon" />
          <span>{fitAdvice}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {product.sizes.map((s) =>
          sizeSoldOut(axes, product.variants, s, colour) ? (
            // Not a choice: it opens the notify form for this size. Screen readers hear 'XL, sold out'.
            <button
              key={s}
              type="button"
              data-sold-out=""
              aria-label={`${s}, sold out`}
              aria-expanded={notifySize === s}
              aria-controls="notify-me"
              aria-describedby="sold-out-hint"
              onClick={() => onAskAbout(s)}
              className={`relative min-w-12 overflow-hidden border px-3 py-2.5 text-sm text-stone line-through decoration-stone/70 transition-colors hover:border-stone ${notifySize === s ? "border-stone bg-sand/60" : "border-dashed border-linen bg-sand/30"}`}
            >
              {s}
            </button>
          ) : (
            <button
              key={s}
              type="button"
              aria-pressed={size === s}
              onClick={() => onChoose(s)}
              className={`min-w-12 border px-3 py-2.5 text-sm transition-colors ${size === s ? "border-ink bg-ink text-ivory" : "border-linen text-ink hover:border-ink"}`}
            >
              {s}
            </button>
          ),
        )}
      </div>
      {hasSoldOut ? (
        <p id="sold-out-hint" className="mt-3 text-xs text-stone">
          Struck-through sizes are sold out{colour ? ` in ${colour}` : ""}. Press one to get a text when it is back.
        </p>
      ) : null}
      {chart && guideOpen ? <SizeGuide chart={chart} /> : null}
    </fieldset>
  );
}

/** The category's measurements (inches) for the sizes the product comes in. */
function SizeGuide({ chart }: { chart: SizeChart }) {
  return (
    <div id="size-guide" className="mt-4 overflow-x-auto border border-linen bg-sand/40 p-4">
      <table className="w-full text-left text-sm">
        <caption className="mb-3 text-left text-xs tracking-[0.18em] text-stone uppercase">Size guide (inches)</caption>
        <thead>
          <tr className="border-b border-linen text-xs tracking-wider text-stone uppercase">
            <th scope="col" className="py-2 pr-4 font-medium">
              Size
            </th>
            {chart.rows[0]?.bust !== null ? (
              <th scope="col" className="py-2 pr-4 font-medium">
                Bust
              </th>
            ) : null}
            <th scope="col" className="py-2 pr-4 font-medium">
              Waist
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Hip
            </th>
            <th scope="col" className="py-2 font-medium">
              {chart.lengthLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((r) => (
            <tr key={r.size} className="border-b border-linen/60 last:border-0">
              <th scope="row" className="py-2 pr-4 font-medium">
                {r.size}
              </th>
              {r.bust !== null ? <td className="py-2 pr-4">{r.bust}</td> : null}
              <td className="py-2 pr-4">{r.waist}</td>
              <td className="py-2 pr-4">{r.hip}</td>
              <td className="py-2">{r.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
