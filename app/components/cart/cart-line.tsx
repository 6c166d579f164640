import { Link, useFetcher } from "react-router";
import { MinusIcon, PlusIcon } from "~/components/product/product-icons";
import { ProductThumb } from "~/components/shopper/product-thumb";
import { STORE_FIELD, useStore } from "~/components/shopper/use-shopper";
import { lineStateMessage, type CartViewLine } from "~/modules/cart";
import type { CartActionResult } from "~/modules/cart";
import { LOW_STOCK } from "~/modules/catalog";
import { formatPrice } from "~/modules/pricing";

/** Hidden fields naming a line: its product, size and colour (its cartId), and where it is kept. */
function LineFields({ line, store }: { line: CartViewLine; store: string }) {
  return (
    <>
      <input type="hidden" name={STORE_FIELD} value={store} />
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="size" value={line.size} />
      <input type="hidden" name="colour" value={line.colour} />
      {line.product && line.stock > 0 ? <input type="hidden" name="stock" value={line.stock} /> : null}
    </>
  );
}

/**
 * One cart line: picture, name, size, colour, price, quantity stepper, remove, line total.
 * Its changes go through a fetcher keyed by the cartId, so the page shows them at once
 * (useCartLines) and falls back with the answer's message when a save fails.
 */
export function CartLineRow({ line }: { line: CartViewLine }) {
  const fetcher = useFetcher<CartActionResult>({ key: `cart-line:${line.cartId}` });
  const store = useStore();
  const name = line.product?.name ?? "This piece";
  const href = `/product/${line.productId}`;
  const flag = lineStateMessage(line.state);
  const buyable = line.state.kind === "ok" || line.state.kind === "over-stock";
  // the line's own size and colour (decision 015)
  const stock = line.stock;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  return (
    <li className="flex gap-4 border-b border-linen py-6 first:pt-0 sm:gap-6" data-testid="cart-line">
      <Link to={href} className="block w-24 shrink-0 sm:w-32" tabIndex={-1} aria-hidden="true">
        <ProductThumb
          image={line.product?.image ?? null}
          name={name}
          sizes="(min-width: 640px) 8rem, 6rem"
          className={buyable ? "" : "opacity-60"}
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            {line.product ? (
              <p className="text-[0.68rem] tracking-[0.22em] text-stone uppercase">{line.product.brand}</p>
            ) : null}
            <h3 className="mt-1 font-display text-xl leading-snug text-ink">
              <Link to={href} className="hover:text-maroon">
                {name}
              </Link>
            </h3>
            <p className="mt-1 text-sm text-stone">
              Size: <span className="text-ink">{line.size}</span>
              <span aria-hidden="true" className="mx-2">
                ·
              </span>
              Colour: <span className="text-ink">{line.colour}</span>
            </p>
            {line.product ? (
              <p className="mt-1 text-sm text-ink">
                <span className="sr-only">Price </span>
                {formatPrice(line.unitPricePaise)}
                {line.product.originalPricePaise && line.product.originalPricePaise > line.unitPricePaise ? (
                  <s className="ml-2 text-xs text-stone">
                    <span className="sr-only">Original price </span>
                    {formatPrice(line.product.originalPricePaise)}
                  </s>
                ) : null}
              </p>
            ) : null}
          </div>
          <p className="shrink-0 text-right text-sm font-medium text-ink" data-testid="line-total">
            <span className="sr-only">Item total </span>
            {buyable ? formatPrice(line.lineTotalPaise) : "—"}
          </p>
        </div>
        {flag ? (
          <p className="mt-2 text-sm font-medium text-sale" data-testid="line-flag">
            {flag}
          </p>
        ) : null}
        <LineControls
          line={line}
          name={name}
          store={store}
          fetcher={fetcher}
          canAddOne={buyable && line.quantity < stock}
        />
        {buyable && stock > 0 && stock <= LOW_STOCK && line.state.kind === "ok" ? (
          <p className="mt-2 text-xs text-stone">Only {stock} left</p>
        ) : null}
        {result && !result.ok ? (
          <p role="alert" className="mt-2 text-sm text-sale">
            {result.error}
          </p>
        ) : result?.ok && result.message ? (
          <p role="status" className="mt-2 text-sm text-sale">
            {result.message}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** The quantity stepper (its minus removes the last piece) and Remove, both posted through the line's fetcher. */
function LineControls({
  line,
  name,
  store,
  fetcher,
  canAddOne,
}: {
  line: CartViewLine;
  name: string;
  store: string;
  fetcher: ReturnType<typeof useFetcher<CartActionResult>>;
  /** the line can be bought and its variant's stock allows one more */
  canAddOne: boolean;
}) {
  return (
    <div className="mt-auto flex items-center justify-between gap-4 pt-4">
      <fetcher.Form
        method="post"
        action="/cart"
        className="inline-flex items-center border border-linen"
        aria-label={`Quantity of ${name}`}
      >
        <LineFields line={line} store={store} />
        <input type="hidden" name="intent" value="update" />
        <button
          type="submit"
          name="quantity"
          value={line.quantity - 1}
          aria-label={line.quantity <= 1 ? `Remove ${name} (quantity 1)` : `Decrease quantity of ${name}`}
          className="flex h-10 w-10 items-center justify-center text-ink hover:bg-sand"
        >
          <MinusIcon className="h-4 w-4" />
        </button>
        <output
          aria-live="polite"
          aria-label={`Quantity of ${name}`}
          className="w-9 text-center text-sm"
          data-testid="line-quantity"
        >
          {line.quantity}
        </output>
        <button
          type="submit"
          name="quantity"
          value={line.quantity + 1}
          disabled={!canAddOne}
          aria-label={`Increase quantity of ${name}`}
          className="flex h-10 w-10 items-center justify-center text-ink hover:bg-sand disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent"
        >
          <PlusIcon className="h-4 w-4" />
        </button>
      </fetcher.Form>
      <fetcher.Form method="post" action="/cart">
        <LineFields line={line} store={store} />
        <button
          type="submit"
          name="intent"
          value="remove"
          aria-label={`Remove ${name}`}
          className="py-1.5 text-xs tracking-[0.18em] text-stone uppercase underline-offset-4 hover:text-maroon hover:underline"
        >
          Remove
        </button>
      </fetcher.Form>
    </div>
  );
}
