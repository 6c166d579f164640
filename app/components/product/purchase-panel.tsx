import { useState } from "react";
import { useActionData, useNavigate, useSearchParams } from "react-router";
import type { ProductDetailView } from "~/modules/catalog";
import { sizeChartFor } from "~/modules/catalog";
import {
  colourSoldOut,
  DEFAULT_COLOUR,
  DEFAULT_SIZE,
  initialChoice,
  LOW_STOCK,
  sizeSoldOut,
  stockOf,
} from "~/modules/catalog";
import { MinusIcon, PlusIcon } from "./product-icons";
import { focusNotifyForm, NotifyMe } from "./notify-me";
import { useAddToCart } from "~/components/shopper/use-shopper";

/** Spec section 5: the selection rules, checked before a line is added. */
export function selectionError(
  product: Pick<ProductDetailView, "sizes" | "colors">,
  size: string | null,
  colour: string | null,
): string | null {
  if (product.sizes.length > 0 && !size) return "Please select a size";
  if (product.colors.length > 0 && !colour) return "Please select a color";
  return null;
}

/**
 * Size and colour selectors, size guide, quantity stepper, Add to Cart and Buy Now, all by variant
 * (decision 015): a size sold out in the chosen colour is struck through and cannot be chosen (and
 * a colour sold out in the chosen size); pressing it offers 'Notify me when it is back' instead,
 * which shows only then (or when nothing is left).
 */
export function PurchasePanel({ product, phone }: { product: ProductDetailView; phone: string | null }) {
  const [params] = useSearchParams();
  const axes = { sizes: product.sizes, colours: product.colors.map((c) => c.name) };
  const variants = product.variants;
  // First in-stock colour and size (spec section 4, skipping sold-out ones), or the ones the address
  // names; a second press on the chosen one clears it (decision 006).
  const [initial] = useState(() =>
    initialChoice(axes, variants, { size: params.get("size"), colour: params.get("colour") }),
  );
  const [size, setSize] = useState<string | null>(initial.size);
  const [colour, setColour] = useState<string | null>(initial.colour);
  const [quantity, setQuantity] = useState(1);
  const [guideOpen, setGuideOpen] = useState(false);
  // a product sold out everywhere offers the notify form from the start; so does its own answer (no script)
  const posted = useActionData();
  const [notifyOpen, setNotifyOpen] = useState(product.stock <= 0 || posted !== undefined);
  const [notifyVariant, setNotifyVariant] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | "cart" | "buy">(null);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const add = useAddToCart();
  const navigate = useNavigate();
  const soldOut = product.stock <= 0;
  const chart = sizeChartFor(product.category, product.sizes);

  const chosenSize = product.sizes.length > 0 ? size : DEFAULT_SIZE;
  const chosenColour = product.colors.length > 0 ? colour : DEFAULT_COLOUR;
  // the chosen variant's stock; unknown (null) until both are chosen
  const stock = chosenSize !== null && chosenColour !== null ? stockOf(variants, chosenSize, chosenColour) : null;
  const unavailable = soldOut || stock === 0;
  const limit = stock ?? 0;
  const shownQuantity = stock !== null && stock > 0 ? Math.min(quantity, stock) : quantity;
  // sizes that can be asked for in the chosen colour: the notify form's choices
  const soldOutSizes = (product.sizes.length > 0 ? product.sizes : [DEFAULT_SIZE]).filter((s) =>
    sizeSoldOut(axes, variants, s, chosenColour),
  );

  const notifySize = notifyOpen ? (variants.find((v) => v.id === notifyVariant)?.size ?? null) : null;
  // 'Notify me' is for a selection that is sold out (a struck-through size pressed, or nothing left),
  // never beside a size that can be bought
  const askingAboutSoldOut = soldOut || stock === 0 || notifySize !== null || posted !== undefined;
  const notify = (
    <NotifyMe
      productId={product.id}
      variants={variants}
      sizes={soldOutSizes}
      colour={chosenColour}
      hasSizes={product.sizes.length > 0}
      selected={notifyVariant}
      onSelect={setNotifyVariant}
      open={notifyOpen}
      onOpenChange={setNotifyOpen}
      phone={phone}
    />
  );
  const chooseSize = (s: string) => {
    setSize(size === s ? null : s);
    setMessage(null);
  };
  const chooseColour = (c: string) => {
    setColour(colour === c ? null : c);
    setNotifyVariant(null);
    setMessage(null);
  };
  const askAbout = (s: string) => {
    if (notifySize === s) {
      setNotifyOpen(false);
      return;
    }
    const variant = variants.find(
      (v) => v.size === s && v.stock <= 0 && (chosenColour === null || v.colour === chosenColour),
    );
    setNotifyVariant(variant?.id ?? null);
    setNotifyOpen(true);
    focusNotifyForm();
  };

  const submit = async (mode: "cart" | "buy") => {
    const problem = selectionError(product, size, colour);
    if (problem) {
      window.alert(problem);
      return;
    }
    setBusy(mode);
    setMessage(null);
    const result = await add(
      { productId: product.id, size: size ?? DEFAULT_SIZE, colour: colour ?? DEFAULT_COLOUR, quantity: shownQuantity },
      limit,
    );
    setBusy(null);
    if (!result.ok) {
      setMessage({
        kind: "error",
        text: result.error === "Invalid product data" ? result.error : "Failed to add item to cart. Please try again.",
      });
      return;
    }
    if (mode === "buy") {
      void navigate("/cart");
      return;
    }
    if (result.message) {
      // the stock stopped the quantity short: say what the bag now holds
      setMessage({ kind: "error", text: result.message });
      return;
    }
    setMessage({
      kind: "ok",
      text: `Added to cart: ${product.name}${size ? `, ${size}` : ""}${colour ? `, ${colour}` : ""} × ${shownQuantity}`,
    });
  };

  return (
    <div className="mt-8 space-y-7">
      {product.sizes.length > 0 ? (
        <fieldset>
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
          <div className="flex flex-wrap gap-2">
            {product.sizes.map((s) =>
              sizeSoldOut(axes, variants, s, colour) ? (
                // Not a choice: it opens the notify form for this size. Screen readers hear 'XL, sold out'.
                <button
                  key={s}
                  type="button"
                  data-sold-out=""
                  aria-label={`${s}, sold out`}
                  aria-expanded={notifySize === s}
                  aria-controls="notify-me"
                  aria-describedby="sold-out-hint"
                  onClick={() => askAbout(s)}
                  className={`relative min-w-12 overflow-hidden border px-3 py-2.5 text-sm text-stone line-through decoration-stone/70 transition-colors hover:border-stone ${notifySize === s ? "border-stone bg-sand/60" : "border-dashed border-linen bg-sand/30"}`}
                >
                  {s}
                </button>
              ) : (
                <button
                  key={s}
                  type="button"
                  aria-pressed={size === s}
                  onClick={() => chooseSize(s)}
                  className={`min-w-12 border px-3 py-2.5 text-sm transition-colors ${size === s ? "border-ink bg-ink text-ivory" : "border-linen text-ink hover:border-ink"}`}
                >
                  {s}
                </button>
              ),
            )}
          </div>
          {soldOutSizes.length > 0 ? (
            <p id="sold-out-hint" className="mt-3 text-xs text-stone">
              Struck-through sizes are sold out{colour ? ` in ${colour}` : ""}. Press one to get a text when it is back.
            </p>
          ) : null}
          {chart && guideOpen ? (
            <div id="size-guide" className="mt-4 overflow-x-auto border border-linen bg-sand/40 p-4">
              <table className="w-full text-left text-sm">
                <caption className="mb-3 text-left text-xs tracking-[0.18em] text-stone uppercase">
                  Size guide (inches)
                </caption>
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
          ) : null}
        </fieldset>
      ) : null}

      {product.colors.length > 0 ? (
        <fieldset>
          <legend className="eyebrow mb-3 !text-ink">
            Colour{colour ? <span className="ml-2 tracking-normal text-stone normal-case">{colour}</span> : null}
          </legend>
          <div className="flex flex-wrap gap-3">
            {product.colors.map((c) => {
              const out = colourSoldOut(axes, variants, c.name, size);
              return (
                <button
                  key={c.name}
                  type="button"
                  aria-pressed={colour === c.name}
                  aria-disabled={out || undefined}
                  aria-label={out ? `${c.name}, sold out${size ? ` in ${size}` : ""}` : c.name}
                  title={out ? `${c.name}: sold out${size ? ` in ${size}` : ""}` : c.name}
                  onClick={() => (out ? undefined : chooseColour(c.name))}
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
      ) : null}

      {soldOutSizes.length > 0 ? (
        askingAboutSoldOut ? (
          notify
        ) : (
          // Without JavaScript a struck-through size cannot be pressed: the plain form is there instead.
          <noscript>{notify}</noscript>
        )
      ) : null}

      <div>
        <p className="eyebrow mb-3 !text-ink" id="quantity-label">
          Quantity
        </p>
        <div className="inline-flex items-center border border-linen" role="group" aria-labelledby="quantity-label">
          <button
            type="button"
            onClick={() => setQuantity(Math.max(1, shownQuantity - 1))}
            disabled={shownQuantity <= 1 || unavailable}
            aria-label="Decrease quantity"
            className="flex h-11 w-11 items-center justify-center text-ink disabled:opacity-30"
          >
            <MinusIcon className="h-4 w-4" />
          </button>
          <output aria-live="polite" aria-label="Quantity" className="w-10 text-center text-sm" data-testid="quantity">
            {shownQuantity}
          </output>
          <button
            type="button"
            onClick={() => setQuantity(Math.min(limit, shownQuantity + 1))}
            disabled={unavailable || stock === null || shownQuantity >= limit}
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

      <div className="grid gap-3 sm:grid-cols-2">
        <button
          type="button"
          className="btn-outline disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent disabled:hover:text-ink"
          disabled={unavailable || busy !== null}
          onClick={() => void submit("cart")}
        >
          {unavailable ? "Out of stock" : busy === "cart" ? "Adding..." : "Add to Cart"}
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={unavailable || busy !== null}
          onClick={() => void submit("buy")}
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
    </div>
  );
}
