import { useEffect, useMemo } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { STORE_FIELD, useStore, useWishlistIds } from "~/components/shopper/use-shopper";
import type { WishlistActionResult } from "~/modules/cart";
import type { ShopperProduct } from "~/modules/catalog";
import { WishlistCard } from "./wishlist-card";

/** The wishlist page: loading, empty, or the cards with Add All to Cart, Clear Wishlist and Continue Shopping. */
export function WishlistScreen({
  products,
  lookedUp,
  failed,
  actionData,
}: {
  products: ShopperProduct[] | null;
  lookedUp: string[];
  failed: boolean;
  actionData?: WishlistActionResult;
}) {
  const ids = useWishlistIds();
  const store = useStore();
  const revalidator = useRevalidator();
  const addAll = useFetcher<WishlistActionResult>({ key: "wishlist-add-all" });
  const clear = useFetcher<WishlistActionResult>({ key: "wishlist-clear" });

  const byId = useMemo(() => new Map((products ?? []).map((p) => [p.id, p])), [products]);
  const items = ids.flatMap((id) => {
    const product = byId.get(id);
    return product ? [product] : [];
  });
  // A piece added in another tab or on another page: fetch it.
  const unseen = products !== null && ids.some((id) => !lookedUp.includes(id));
  const idle = revalidator.state === "idle";
  useEffect(() => {
    if (unseen && idle) void revalidator.revalidate();
  }, [unseen, idle, revalidator]);

  const addAllResult =
    addAll.state === "idle" ? (addAll.data ?? (actionData?.intent === "add-all" ? actionData : undefined)) : undefined;
  const noScriptError = actionData && !actionData.ok && actionData.intent !== "add-all" ? actionData.error : null;

  let body: React.ReactNode;
  if (products === null) {
    body = failed ? (
      <div role="alert" className="py-20 text-center">
        <p className="font-display text-2xl text-ink">We could not load your wishlist</p>
        <button type="button" className="btn-primary mt-8" onClick={() => void revalidator.revalidate()}>
          Try again
        </button>
      </div>
    ) : (
      <div role="status" className="py-20 text-center text-sm text-stone">
        Loading your wishlist...
        <noscript>
          <p className="mt-2 text-ink">
            Your wishlist is kept in this browser. Please turn on JavaScript, or sign in to see it.
          </p>
        </noscript>
      </div>
    );
  } else if (items.length === 0 && !unseen) {
    body = (
      <div className="mx-auto max-w-md py-16 text-center">
        <p className="font-display text-3xl text-ink">Your wishlist is empty</p>
        <p className="mt-3 text-sm text-stone">Tap the heart on any piece to keep it here for later.</p>
        <Link to="/products" className="btn-primary mt-10">
          Start Shopping
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <WishlistActions addAll={addAll} clear={clear} store={store} />
        <WishlistMessages addAllResult={addAllResult} noScriptError={noScriptError} />
        <div className="grid grid-cols-2 gap-x-4 gap-y-10 sm:grid-cols-3 lg:grid-cols-4 lg:gap-x-8">
          {items.map((product) => (
            <WishlistCard key={product.id} product={product} />
          ))}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-20 sm:px-8 sm:pt-12">
      <header className="mb-8 border-b border-linen pb-6">
        <p className="eyebrow">Saved for later</p>
        <h1 className="mt-2 font-display text-4xl text-ink sm:text-5xl">
          My Wishlist
          {items.length > 0 ? (
            <span className="ml-3 align-middle font-sans text-sm tracking-normal text-stone">
              ({items.length} {items.length === 1 ? "piece" : "pieces"})
            </span>
          ) : null}
        </h1>
      </header>
      {body}
    </div>
  );
}

type WishlistFetcher = ReturnType<typeof useFetcher<WishlistActionResult>>;

/** Add All to Cart and Clear Wishlist (after a confirmation), each through its own fetcher, and Continue Shopping. */
function WishlistActions({ addAll, clear, store }: { addAll: WishlistFetcher; clear: WishlistFetcher; store: string }) {
  return (
    <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <addAll.Form method="post" action="/wishlist">
        <input type="hidden" name={STORE_FIELD} value={store} />
        <button
          type="submit"
          name="intent"
          value="add-all"
          disabled={addAll.state !== "idle"}
          className="btn-primary w-full sm:w-auto"
        >
          {addAll.state !== "idle" ? "Adding..." : "Add All to Cart"}
        </button>
      </addAll.Form>
      <clear.Form
        method="post"
        action="/wishlist"
        onSubmit={(event) => {
          if (!window.confirm("Remove every piece from your wishlist?")) event.preventDefault();
        }}
      >
        <input type="hidden" name={STORE_FIELD} value={store} />
        <button type="submit" name="intent" value="clear" className="btn-outline w-full sm:w-auto">
          Clear Wishlist
        </button>
      </clear.Form>
      <Link
        to="/products"
        className="text-center text-xs tracking-[0.18em] text-stone uppercase underline-offset-4 hover:text-ink hover:underline sm:ml-auto"
      >
        Continue Shopping
      </Link>
    </div>
  );
}

/** What Add All to Cart did, or a change that failed without the page's script. */
function WishlistMessages({
  addAllResult,
  noScriptError,
}: {
  addAllResult: WishlistActionResult | undefined;
  noScriptError: string | null;
}) {
  return (
    <div aria-live="polite">
      {addAllResult ? (
        <p
          role={addAllResult.ok ? "status" : "alert"}
          className={`mb-6 border px-4 py-3 text-sm ${addAllResult.ok ? "border-leaf/30 bg-emerald-50 text-leaf" : "border-sale/30 bg-red-50 text-sale"}`}
        >
          {addAllResult.ok ? addAllResult.message : addAllResult.error}
        </p>
      ) : null}
      {noScriptError ? (
        <p role="alert" className="mb-6 border border-sale/30 bg-red-50 px-4 py-3 text-sm text-sale">
          {noScriptError}
        </p>
      ) : null}
    </div>
  );
}
