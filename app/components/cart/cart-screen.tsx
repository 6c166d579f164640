import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Link, useFetcher, useFetchers, useRevalidator } from "react-router";
import { pendingCoupon } from "~/components/shopper/pending";
import { STORE_FIELD, useCartLines, useSignedIn, useStore } from "~/components/shopper/use-shopper";
import { buildCartView, type CartCatalogue } from "~/modules/cart";
import { localCouponSnapshot, subscribeLocalCart, writeLocalCoupon } from "~/modules/cart";
import type { CartActionResult } from "~/modules/cart";
import { couponRemovedMessage } from "~/modules/pricing";
import { CartLineRow } from "./cart-line";
import { CartSummary } from "./cart-summary";

const noCoupon = () => null;

/** The cart page: loading, empty, or the lines beside the summary. */
export function CartScreen({
  catalogue,
  failed,
  actionData,
  notice: checkoutNotice = null,
}: {
  catalogue: CartCatalogue | null;
  failed: boolean;
  actionData?: CartActionResult;
  /** why the checkout sent the shopper back here */
  notice?: string | null;
}) {
  const lines = useCartLines();
  const signedIn = useSignedIn();
  const store = useStore();
  const fetchers = useFetchers();
  const revalidator = useRevalidator();
  const clearFetcher = useFetcher({ key: "cart-clear" });
  const localCoupon = useSyncExternalStore(subscribeLocalCart, localCouponSnapshot, noCoupon);

  const pending = pendingCoupon(fetchers);
  const coupon =
    !catalogue || pending?.intent === "remove-coupon" || (!signedIn && !localCoupon) ? null : catalogue.coupon;
  const view = useMemo(
    () => (catalogue ? buildCartView(lines, { ...catalogue, coupon }) : null),
    [lines, catalogue, coupon],
  );

  // A line whose product the page has not seen yet (added in another tab): ask for its price.
  const unseen = view?.lines.some((l) => l.state.kind === "loading") ?? false;
  const idle = revalidator.state === "idle";
  useEffect(() => {
    if (unseen && idle) void revalidator.revalidate();
  }, [unseen, idle, revalidator]);

  // A coupon that stops qualifying is removed with a message (the server drops a stored one itself).
  const serverNotice = catalogue?.couponNotice ?? null;
  const problem = view?.priced.couponProblem ?? null;
  const notice = useCouponNotice(serverNotice, problem, pending?.intent === "apply-coupon");
  const dropLocal = !signedIn && Boolean(serverNotice || problem);
  useEffect(() => {
    if (dropLocal) writeLocalCoupon(null);
  }, [dropLocal]);

  if (!view) {
    return (
      <Page>
        {failed ? (
          <div role="alert" className="py-20 text-center">
            <p className="font-display text-2xl text-ink">We could not load your cart</p>
            <p className="mt-2 text-sm text-stone">Please check your connection and try again.</p>
            <button type="button" className="btn-primary mt-8" onClick={() => void revalidator.revalidate()}>
              Try again
            </button>
          </div>
        ) : (
          <CartLoading />
        )}
      </Page>
    );
  }

  const backFromCheckout = checkoutNotice ? <CartAlert>{checkoutNotice}</CartAlert> : null;

  if (view.lines.length === 0) {
    return (
      <Page>
        {backFromCheckout}
        <div className="mx-auto max-w-md py-16 text-center">
          <p className="font-display text-3xl text-ink">Your cart is empty</p>
          <p className="mt-3 text-sm text-stone">Kurtas, sarees, co-ords and more are waiting for you.</p>
          <Link to="/products" className="btn-primary mt-10">
            Start shopping
          </Link>
        </div>
      </Page>
    );
  }

  const noScriptError =
    actionData && !actionData.ok && !["apply-coupon", "remove-coupon", "checkout"].includes(actionData.intent)
      ? actionData.error
      : null;

  return (
    <Page count={view.count} aside={<ClearCart clearFetcher={clearFetcher} store={store} />}>
      {backFromCheckout}
      {noScriptError ? <CartAlert>{noScriptError}</CartAlert> : null}
      <div className="grid gap-10 lg:grid-cols-[1fr_24rem] lg:gap-14">
        <section aria-labelledby="cart-lines-heading">
          <h2 id="cart-lines-heading" className="sr-only">
            Pieces in your cart
          </h2>
          <ul>
            {view.lines.map((line) => (
              <CartLineRow key={line.cartId} line={line} />
            ))}
          </ul>
        </section>
        <CartSummary view={view} couponNotice={notice} actionData={actionData} />
      </div>
    </Page>
  );
}

/**
 * The last 'Coupon X removed: ...' message: set when the server or the pricing module says an
 * applied coupon stopped qualifying, kept after the coupon is gone, cleared by the next apply.
 */
function useCouponNotice(
  serverNotice: string | null,
  problem: { code: string; message: string } | null,
  applying: boolean,
): string | null {
  const problemNotice = problem ? couponRemovedMessage(problem.code, problem.message) : null;
  const [state, setState] = useState({ notice: serverNotice ?? problemNotice, serverNotice, problemNotice, applying });
  if (state.serverNotice !== serverNotice || state.problemNotice !== problemNotice || state.applying !== applying) {
    let notice = state.notice;
    if (serverNotice && serverNotice !== state.serverNotice) notice = serverNotice;
    else if (problemNotice && problemNotice !== state.problemNotice) notice = problemNotice;
    else if (applying && !state.applying) notice = null;
    setState({ notice, serverNotice, problemNotice, applying });
  }
  return state.notice;
}

function Page({ children, count, aside }: { children: React.ReactNode; count?: number; aside?: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-20 sm:px-8 sm:pt-12">
      <header className="mb-8 flex items-end justify-between gap-4 border-b border-linen pb-6 [&>form]:shrink-0 [&>form_button]:whitespace-nowrap">
        <div>
          <p className="eyebrow">Your bag</p>
          {/* one line for the title at any width: on phones the count goes under it */}
          <h1 className="mt-2 font-display text-4xl text-ink sm:text-5xl">
            <span className="whitespace-nowrap">Shopping Cart</span>{" "}
            {count ? (
              <span className="mt-1 block font-sans text-sm tracking-normal whitespace-nowrap text-stone sm:mt-0 sm:ml-3 sm:inline sm:align-middle">
                ({count} {count === 1 ? "item" : "items"})
              </span>
            ) : null}
          </h1>
        </div>
        {aside}
      </header>
      {children}
    </div>
  );
}

function CartLoading() {
  return (
    <div role="status" aria-live="polite" className="grid gap-10 lg:grid-cols-[1fr_24rem] lg:gap-14">
      <span className="sr-only">Loading your cart...</span>
      <div className="space-y-6" aria-hidden="true">
        {[0, 1].map((i) => (
          <div key={i} className="flex animate-pulse gap-5 border-b border-linen pb-6 motion-reduce:animate-none">
            <div className="aspect-[3/4] w-24 bg-sand sm:w-32" />
            <div className="flex-1 space-y-3 pt-1">
              <div className="h-3 w-24 bg-sand" />
              <div className="h-5 w-2/3 bg-sand" />
              <div className="h-3 w-1/3 bg-sand" />
            </div>
          </div>
        ))}
        <p className="text-sm text-stone">Loading your cart...</p>
      </div>
      <div className="hidden h-80 animate-pulse bg-sand/60 motion-reduce:animate-none lg:block" aria-hidden="true" />
      <noscript>
        <p className="text-sm text-ink">
          Your cart is kept in this browser. Please turn on JavaScript, or sign in to see it.
        </p>
      </noscript>
    </div>
  );
}

/** A message about the whole cart, in red: why the checkout sent the shopper back, or a change that failed. */
function CartAlert({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="mb-6 border border-sale/30 bg-red-50 px-4 py-3 text-sm text-sale">
      {children}
    </p>
  );
}

/** 'Clear cart' in the page's header, after a confirmation. */
function ClearCart({ clearFetcher, store }: { clearFetcher: ReturnType<typeof useFetcher>; store: string }) {
  return (
    <clearFetcher.Form
      method="post"
      action="/cart"
      onSubmit={(event) => {
        if (!window.confirm("Remove every piece from your cart?")) event.preventDefault();
      }}
    >
      <input type="hidden" name={STORE_FIELD} value={store} />
      <button
        type="submit"
        name="intent"
        value="clear"
        className="-mb-1.5 py-1.5 text-xs tracking-[0.18em] text-stone uppercase underline-offset-4 hover:text-maroon hover:underline"
      >
        Clear cart
      </button>
    </clearFetcher.Form>
  );
}
