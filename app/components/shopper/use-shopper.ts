import { useCallback, useMemo, useSyncExternalStore } from "react";
import { useFetcher, useFetchers, useRevalidator, useRouteLoaderData } from "react-router";
import { STORE_FIELD, type Store } from "~/modules/cart";
import { addLocalLine, localCartSnapshot, serverCartSnapshot, subscribeLocalCart } from "~/modules/cart";
import { countItems, stockCapMessage, type CartLine } from "~/modules/cart";
import {
  localWishlistSnapshot,
  serverWishlistSnapshot,
  subscribeLocalWishlist,
  toggleLocalWishlist,
} from "~/modules/wishlist";
import type { loader as rootLoader } from "~/root";
import { SIGNED_OUT, type ShopperView } from "~/lib/shopper-view";
import { useEarlyView } from "./me-client";
import { withPendingLines, withPendingWishlist } from "./pending";

/*
 * The shopper's cart and wishlist as every component sees them (decision 012): a guest's from the
 * browser's local storage, a signed-in shopper's from the root loader, both with the changes still
 * on their way applied, so the header badge, the cart page and every heart agree.
 */

const NO_LINES: CartLine[] = [];
const NO_IDS: string[] = [];

/**
 * The shopper as the page shows them (decision 029): the root's data, except on a shared page before
 * the root has been loaded in the browser, where the early request's answer stands in (hydration
 * never waits for it).
 */
export function useShopperView(): ShopperView {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const early = useEarlyView();
  if (!root) return SIGNED_OUT;
  if (root.scope !== "shared" || "fromClient" in root) return { user: root.user, shopper: root.shopper };
  return early ?? SIGNED_OUT;
}

/** The signed-in shopper's stored cart and wishlist: null for guests. */
function useStoredShopper() {
  return useShopperView().shopper;
}

/** True when the root loader found a signed-in shopper (their cart and wishlist live on the server). */
export function useSignedIn(): boolean {
  return useStoredShopper() !== null;
}

/** Where this shopper's changes go: the browser's storage or the server. */
export function useStore(): Store {
  return useSignedIn() ? "server" : "local";
}

export { STORE_FIELD };

export function useCartLines(): readonly CartLine[] {
  const stored = useStoredShopper();
  const local = useSyncExternalStore(subscribeLocalCart, localCartSnapshot, serverCartSnapshot);
  const fetchers = useFetchers();
  const base = stored ? stored.cart : local;
  return useMemo(() => withPendingLines(base ?? NO_LINES, fetchers), [base, fetchers]);
}

/** The header badge's number; every page counts the same lines. */
export function useCartCount(): number {
  return countItems(useCartLines());
}

export function useWishlistIds(): readonly string[] {
  const stored = useStoredShopper();
  const local = useSyncExternalStore(subscribeLocalWishlist, localWishlistSnapshot, serverWishlistSnapshot);
  const fetchers = useFetchers();
  const base = stored ? stored.wishlist : local;
  return useMemo(() => withPendingWishlist(base ?? NO_IDS, fetchers), [base, fetchers]);
}

/**
 * A wishlist heart: guests toggle local storage at once; signed-in shoppers post to /wishlist
 * through a fetcher shared by every heart of the product, so all of them change together and
 * fall back if the save fails.
 */
export function useWishlist(productId: string): { wishlisted: boolean; toggle: () => void } {
  const ids = useWishlistIds();
  const signedIn = useSignedIn();
  const fetcher = useFetcher({ key: `wishlist:${productId}` });
  const wishlisted = ids.includes(productId);
  const toggle = useCallback(() => {
    if (!productId) return;
    if (!signedIn) {
      toggleLocalWishlist(productId);
      return;
    }
    // Once saved, React Router reloads the loaders of the page the shopper is on by then (the root's
    // among them), so a page opened meanwhile shows the heart too. A page that goes before the save
    // has landed sends it again (useSaveOnLeave).
    void fetcher.submit(
      { intent: wishlisted ? "remove" : "add", productId, [STORE_FIELD]: "server" },
      { method: "post", action: "/wishlist" },
    );
  }, [productId, signedIn, wishlisted, fetcher]);
  return { wishlisted, toggle };
}

export type AddResult =
  { ok: true; quantity: number; capped: boolean; message?: string } | { ok: false; error: string };

const ADD_FAILED = "Failed to add item to cart. Please try again.";

/**
 * Add to cart for guests (local storage, decision 004) and signed-in shoppers (POST /api/cart,
 * then the loaders revalidate so the badge and the cart follow). Capped quantities say so.
 */
export function useAddToCart(): (
  line: { productId: string; size: string; colour: string; quantity: number },
  stock: number,
) => Promise<AddResult> {
  const signedIn = useSignedIn();
  const revalidator = useRevalidator();
  return useCallback(
    async (line, stock) => {
      if (!line.productId) return { ok: false, error: "Invalid product data" };
      if (stock <= 0) return { ok: false, error: "This product is out of stock" };
      if (!signedIn) {
        try {
          const result = addLocalLine(line, stock);
          return {
            ok: true,
            quantity: result.quantity,
            capped: result.capped,
            ...(result.capped ? { message: stockCapMessage(stock, result.quantity) } : {}),
          };
        } catch {
          return { ok: false, error: ADD_FAILED };
        }
      }
      try {
        const body = new FormData();
        body.set("intent", "add");
        for (const [k, v] of Object.entries(line)) body.set(k, String(v));
        // keepalive: the line is added even when the shopper leaves the page before the answer
        const response = await fetch("/api/cart", { method: "POST", body, keepalive: true });
        const result = (await response.json()) as
          { ok: true; quantity: number; message?: string } | { ok: false; error: string };
        if (!result.ok) return result;
        void revalidator.revalidate();
        return {
          ok: true,
          quantity: result.quantity,
          capped: Boolean(result.message),
          ...(result.message ? { message: result.message } : {}),
        };
      } catch {
        return { ok: false, error: ADD_FAILED };
      }
    },
    [signedIn, revalidator],
  );
}

/** A piece just put in the bag, as the page's 'Added to bag' message names it. */
export interface AddedToBag {
  name: string;
  /** size and colour, as the shopper would say them */
  detail: string;
}

/** The window event that carries it to that message (BagToast, drawn once by the shell). */
export const ADDED_TO_BAG_EVENT = "shop:added-to-bag";

/**
 * Says 'Added to bag' for `item` where the shopper is looking. An event rather than a shared store:
 * a card needs no code of the message's own, so the list page's cards weigh what they did.
 */
export function announceAddedToBag(item: AddedToBag): void {
  window.dispatchEvent(new CustomEvent<AddedToBag>(ADDED_TO_BAG_EVENT, { detail: item }));
}
