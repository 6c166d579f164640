import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Price } from "~/components/product/price";
import { CloseIcon, PlusIcon } from "~/components/product/product-icons";
import { ProductThumb } from "~/components/shopper/product-thumb";
import { STORE_FIELD, useAddToCart, useStore } from "~/components/shopper/use-shopper";
import { quickAddLine, quickAddStock } from "~/modules/catalog";
import type { ShopperProduct } from "~/modules/catalog";

/** A removed card fades for 0.3 s, then leaves the wishlist. */
const WISHLIST_FADE_MS = 300;

/**
 * A wishlist card: picture, brand, name (both open the product), price with the struck-through
 * original, the first four colour swatches, Add to Cart (the quick-add choices) and remove.
 */
export function WishlistCard({ product }: { product: ShopperProduct }) {
  const store = useStore();
  const remover = useFetcher({ key: `wishlist:${product.id}` });
  const add = useAddToCart();
  const [fading, setFading] = useState(false);
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const href = `/product/${product.id}`;
  const available = product.isActive && product.stock > 0;
  // Add to Cart uses the quick-add choices (size M, first colour); when that one is sold out but
  // another size is not, the button opens the product to choose (decision 015).
  const quickStock = quickAddStock(product);

  const onRemove = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFading(true);
    timer.current = window.setTimeout(
      () => void remover.submit(form, { method: "post", action: "/wishlist" }),
      WISHLIST_FADE_MS,
    );
  };

  const onAdd = async () => {
    setAdding(true);
    setMessage(null);
    const result = await add(quickAddLine(product), quickStock);
    setAdding(false);
    if (!result.ok) setMessage({ kind: "error", text: result.error });
    else setMessage(result.message ? { kind: "error", text: result.message } : { kind: "ok", text: "Added to cart" });
  };

  return (
    <article
      data-testid="wishlist-card"
      className={`group relative flex flex-col transition-opacity duration-300 motion-reduce:transition-none ${fading ? "opacity-0" : "opacity-100"}`}
    >
      <Link to={href} className="block focus-visible:outline-offset-4" aria-label={product.name} tabIndex={-1}>
        <ProductThumb
          image={product.image}
          name={product.name}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
          className={available ? "" : "opacity-70"}
        />
      </Link>
      <remover.Form method="post" action="/wishlist" onSubmit={onRemove} className="absolute top-2 right-2">
        <input type="hidden" name={STORE_FIELD} value={store} />
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="intent" value="remove" />
        <button
          type="submit"
          aria-label={`Remove ${product.name} from wishlist`}
          className="flex h-9 w-9 items-center justify-center rounded-full bg-ivory/90 text-ink shadow-sm transition-colors hover:text-maroon"
        >
          <CloseIcon className="h-4 w-4" />
        </button>
      </remover.Form>
      {!available ? (
        <span className="absolute top-3 left-3 bg-ink px-2.5 py-1 text-[0.65rem] font-medium tracking-[0.18em] text-ivory uppercase">
          {product.isActive ? "Sold out" : "Unavailable"}
        </span>
      ) : null}
      <div className="mt-3 flex flex-1 flex-col space-y-1 px-0.5">
        <p className="text-[0.68rem] tracking-[0.22em] text-stone uppercase">{product.brand}</p>
        <h2 className="font-display text-lg leading-snug text-ink sm:text-xl">
          <Link to={href} className="hover:text-maroon">
            {product.name}
          </Link>
        </h2>
        <Price pricePaise={product.pricePaise} originalPricePaise={product.originalPricePaise} />
        {product.colors.length > 0 ? (
          <ul
            className="flex items-center gap-1.5 pt-1"
            aria-label={`Colours: ${product.colors.map((c) => c.name).join(", ")}`}
          >
            {product.colors.slice(0, 4).map((c) => (
              <li
                key={c.name}
                title={c.name}
                className="h-4 w-4 rounded-full border border-ink/15"
                style={{ backgroundColor: c.hex }}
              />
            ))}
            {product.colors.length > 4 ? <li className="text-xs text-stone">+{product.colors.length - 4}</li> : null}
          </ul>
        ) : null}
        <div className="mt-auto pt-3">
          {available && quickStock <= 0 ? (
            <Link
              to={href}
              aria-label={`Choose size for ${product.name} (${quickAddLine(product).size} is sold out)`}
              className="inline-flex w-full items-center justify-center gap-1.5 border border-ink px-3 py-2.5 text-[0.68rem] font-medium tracking-[0.18em] text-ink uppercase transition-colors hover:bg-ink hover:text-ivory"
            >
              Choose size
            </Link>
          ) : (
            <button
              type="button"
              onClick={() => void onAdd()}
              disabled={!available || adding}
              aria-label={available ? `Add ${product.name} to cart` : `${product.name} is out of stock`}
              className="inline-flex w-full items-center justify-center gap-1.5 border border-ink px-3 py-2.5 text-[0.68rem] font-medium tracking-[0.18em] text-ink uppercase transition-colors hover:bg-ink hover:text-ivory disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent disabled:hover:text-ink"
            >
              {available ? <PlusIcon className="h-3.5 w-3.5" /> : null}
              {!available ? "Sold out" : adding ? "Adding..." : "Add to Cart"}
            </button>
          )}
          <p
            role="status"
            className={`mt-1.5 min-h-4 text-xs ${message?.kind === "error" ? "text-sale" : "text-leaf"}`}
          >
            {message?.text ?? ""}
          </p>
        </div>
      </div>
    </article>
  );
}
