import { colourSoldOut, LOW_STOCK, type ProductDetailView } from "~/modules/catalog";
import { MinusIcon, PlusIcon } from "./product-icons";

type Axes = Parameters<typeof colourSoldOut>[0];

/** The colour swatches; a colour sold out in the chosen size is crossed out and cannot be chosen. */
export function ColourPicker({
  product,
  axes,
  size,
  colour,
  onChoose,
}: {
  product: Pick<ProductDetailView, "colors" | "variants">;
  axes: Axes;
  size: string | null;
  colour: string | null;
  onChoose: (colour: string) => void;
}) {
  return (
    <fieldset>
      <legend className="eyebrow mb-3 !text-ink">
        Colour{colour ? <span className="ml-2 tracking-normal text-stone normal-case">{colour}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-3">
        {product.colors.map((c) => {
          const out = colourSoldOut(axes, product.variants, c.name, size);
          return (
            <button
              key={c.name}
              type="button"
              aria-pressed={colour === c.name}
              aria-disabled={out || undefined}
              aria-label={out ? `${c.name}, sold out${size ? ` in ${size}` : ""}` : c.name}
              title={out ? `${c.name}: sold out${size ? ` in ${size}` : ""}` : c.name}
              onClick={() => (out ? undefined : onChoose(c.name))}
              className={`relative flex h-10 w-10 items-center justify-center rounded-full border transition-colors ${colour === c.name ? "border-ink" : "border-transparent"} ${out ? "cursor-not-allowed" : "hover:border-stone"}`}
            >
              <span
                className={`h-7 w-7 rounded-full border border-ink/15 ${out ? "opacity-40" : ""}`}
                style={{ backgroundColor: c.hex }}
              />
              {out ? <span aria-hidden="true" className="absolute h-px w-9 -rotate-45 bg-ink/70" /> : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Minus, the quantity, plus (up to the chosen variant's stock), and 'Only N left' when it runs low. */
export function QuantityStepper({
  quantity,
  stock,
  unavailable,
  onChange,
}: {
  quantity: number;
  /** the chosen variant's stock; null until both size and colour are chosen */
  stock: number | null;
  unavailable: boolean;
  onChange: (quantity: number) => void;
}) {
  const limit = stock ?? 0;
  return (
    <div>
      <p className="eyebrow mb-3 !text-ink" id="quantity-label">
        Quantity
      </p>
      <div className="inline-flex items-center border border-linen" role="group" aria-labelledby="quantity-label">
        <button
          type="button"
          onClick={() => onChange(Math.max(1, quantity - 1))}
          disabled={quantity <= 1 || unavailable}
          aria-label="Decrease quantity"
          className="flex h-11 w-11 items-center justify-center text-ink disabled:opacity-30"
        >
          <MinusIcon className="h-4 w-4" />
        </button>
        <output aria-live="polite" aria-label="Quantity" className="w-10 text-center text-sm" data-testid="quantity">
          {quantity}
        </output>
        <button
          type="button"
          onClick={() => onChange(Math.min(limit, quantity + 1))}
          disabled={unavailable || stock === null || quantity >= limit}
          aria-label="Increase quantity"
          className="flex h-11 w-11 items-center justify-center text-ink disabled:opacity-30"
        >
          <PlusIcon className="h-4 w-4" />
        </button>
      </div>
      {stock !== null && stock > 0 && stock <= LOW_STOCK ? (
        <p className="mt-2 text-xs font-medium text-maroon" data-testid="low-stock">
          Only {stock} left
        </p>
      ) : null}
    </div>
  );
}

export type PurchaseMessage = { kind: "ok" | "error"; text: string } | null;

/** Add to Cart and Buy Now ('Out of stock' when the selection cannot be bought), then what the last press did. */
export function PurchaseButtons({
  unavailable,
  busy,
  message,
  onSubmit,
}: {
  unavailable: boolean;
  busy: null | "cart" | "buy";
  message: PurchaseMessage;
  onSubmit: (mode: "cart" | "buy") => void;
}) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <button
          type="button"
          className="btn-outline disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent disabled:hover:text-ink"
          disabled={unavailable || busy !== null}
          onClick={() => onSubmit("cart")}
        >
          {unavailable ? "Out of stock" : busy === "cart" ? "Adding..." : "Add to Cart"}
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={unavailable || busy !== null}
          onClick={() => onSubmit("buy")}
        >
          {unavailable ? "Out of stock" : busy === "buy" ? "Adding..." : "Buy Now"}
        </button>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={`min-h-5 text-sm ${message?.kind === "error" ? "text-sale" : "text-leaf"}`}
      >
        {message?.text ?? ""}
      </p>
    </>
  );
}
