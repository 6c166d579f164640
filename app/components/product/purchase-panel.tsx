import { useState } from "react";
import { useNavigate } from "react-router";
import type { ProductDetailView } from "~/modules/catalog/types";
import { sizeChartFor } from "~/modules/catalog/size-chart";
import { MinusIcon, PlusIcon } from "./product-icons";
import { useAddToCart } from "~/components/shopper/use-shopper";

/** Spec section 5: the selection rules, checked before a line is added. */
export function selectionError(product: Pick<ProductDetailView, "sizes" | "colors">, size: string | null, colour: string | null): string | null {
  if (product.sizes.length > 0 && !size) return "Please select a size";
  if (product.colors.length > 0 && !colour) return "Please select a color";
  return null;
}

/** Size and colour selectors, size guide, quantity stepper, Add to Cart and Buy Now. */
export function PurchasePanel({ product }: { product: ProductDetailView }) {
  // First colour and first size preselected (spec section 4); a second click on the chosen one clears it.
  const [size, setSize] = useState<string | null>(product.sizes[0] ?? null);
  const [colour, setColour] = useState<string | null>(product.colors[0]?.name ?? null);
  const [quantity, setQuantity] = useState(1);
  const [guideOpen, setGuideOpen] = useState(false);
  const [busy, setBusy] = useState<null | "cart" | "buy">(null);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const add = useAddToCart();
  const navigate = useNavigate();
  const soldOut = product.stock <= 0;
  const chart = sizeChartFor(product.category, product.sizes);

  const submit = async (mode: "cart" | "buy") => {
    const problem = selectionError(product, size, colour);
    if (problem) {
      window.alert(problem);
      return;
    }
    setBusy(mode);
    setMessage(null);
    const result = await add({ productId: product.id, size: size ?? "One Size", colour: colour ?? "Default", quantity }, product.stock);
    setBusy(null);
    if (!result.ok) {
      setMessage({ kind: "error", text: result.error === "Invalid product data" ? result.error : "Failed to add item to cart. Please try again." });
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
    setMessage({ kind: "ok", text: `Added to cart: ${product.name}${size ? `, ${size}` : ""}${colour ? `, ${colour}` : ""} × ${quantity}` });
  };

  return (
    <div className="mt-8 space-y-7">
      {product.sizes.length > 0 ? (
        <fieldset>
          <div className="mb-3 flex items-baseline justify-between">
            <legend className="eyebrow !text-ink">
              Size{size ? <span className="ml-2 normal-case tracking-normal text-stone">{size}</span> : null}
            </legend>
            {chart ? (
              <button type="button" onClick={() => setGuideOpen(!guideOpen)} aria-expanded={guideOpen} aria-controls="size-guide" className="text-xs text-stone underline underline-offset-4 hover:text-ink">
                Size guide
              </button>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {product.sizes.map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={size === s}
                onClick={() => setSize(size === s ? null : s)}
                className={`min-w-12 border px-3 py-2.5 text-sm transition-colors ${size === s ? "border-ink bg-ink text-ivory" : "border-linen text-ink hover:border-ink"}`}
              >
                {s}
              </button>
            ))}
          </div>
          {chart && guideOpen ? (
            <div id="size-guide" className="mt-4 overflow-x-auto border border-linen bg-sand/40 p-4">
              <table className="w-full text-left text-sm">
                <caption className="mb-3 text-left text-xs uppercase tracking-[0.18em] text-stone">Size guide (inches)</caption>
                <thead>
                  <tr className="border-b border-linen text-xs uppercase tracking-wider text-stone">
                    <th scope="col" className="py-2 pr-4 font-medium">Size</th>
                    {chart.rows[0]?.bust !== null ? <th scope="col" className="py-2 pr-4 font-medium">Bust</th> : null}
                    <th scope="col" className="py-2 pr-4 font-medium">Waist</th>
                    <th scope="col" className="py-2 pr-4 font-medium">Hip</th>
                    <th scope="col" className="py-2 font-medium">{chart.lengthLabel}</th>
                  </tr>
                </thead>
                <tbody>
                  {chart.rows.map((r) => (
                    <tr key={r.size} className="border-b border-linen/60 last:border-0">
                      <th scope="row" className="py-2 pr-4 font-medium">{r.size}</th>
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
            Colour{colour ? <span className="ml-2 normal-case tracking-normal text-stone">{colour}</span> : null}
          </legend>
          <div className="flex flex-wrap gap-3">
            {product.colors.map((c) => (
              <button
                key={c.name}
                type="button"
                aria-pressed={colour === c.name}
                aria-label={c.name}
                title={c.name}
                onClick={() => setColour(colour === c.name ? null : c.name)}
                className={`flex h-10 w-10 items-center justify-center rounded-full border transition-colors ${colour === c.name ? "border-ink" : "border-transparent hover:border-stone"}`}
              >
                <span className="h-7 w-7 rounded-full border border-ink/15" style={{ backgroundColor: c.hex }} />
              </button>
            ))}
          </div>
        </fieldset>
      ) : null}

      <div>
        <p className="eyebrow mb-3 !text-ink" id="quantity-label">Quantity</p>
        <div className="inline-flex items-center border border-linen" role="group" aria-labelledby="quantity-label">
          <button type="button" onClick={() => setQuantity((q) => Math.max(1, q - 1))} disabled={quantity <= 1 || soldOut} aria-label="Decrease quantity" className="flex h-11 w-11 items-center justify-center text-ink disabled:opacity-30">
            <MinusIcon className="h-4 w-4" />
          </button>
          <output aria-live="polite" aria-label="Quantity" className="w-10 text-center text-sm" data-testid="quantity">
            {quantity}
          </output>
          <button
            type="button"
            onClick={() => setQuantity((q) => Math.min(product.stock, q + 1))}
            disabled={soldOut || quantity >= product.stock}
            aria-label="Increase quantity"
            className="flex h-11 w-11 items-center justify-center text-ink disabled:opacity-30"
          >
            <PlusIcon className="h-4 w-4" />
          </button>
        </div>
        {!soldOut && product.stock <= 10 ? <p className="mt-2 text-xs text-gold">Only {product.stock} left</p> : null}
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <button type="button" className="btn-outline disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent disabled:hover:text-ink" disabled={soldOut || busy !== null} onClick={() => void submit("cart")}>
          {soldOut ? "Out of stock" : busy === "cart" ? "Adding..." : "Add to Cart"}
        </button>
        <button type="button" className="btn-primary" disabled={soldOut || busy !== null} onClick={() => void submit("buy")}>
          {soldOut ? "Out of stock" : busy === "buy" ? "Adding..." : "Buy Now"}
        </button>
      </div>
      <p role="status" aria-live="polite" className={`min-h-5 text-sm ${message?.kind === "error" ? "text-sale" : "text-leaf"}`}>
        {message?.text ?? ""}
      </p>
    </div>
  );
}
