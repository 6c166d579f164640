import { useEffect, useRef } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { useShopperView } from "./use-shopper";
import { CART_STORAGE_KEY, readLocalCart, readLocalCoupon, removeLocalCart } from "~/modules/cart";
import { readLocalWishlist, removeLocalWishlist, WISHLIST_STORAGE_KEY } from "~/modules/wishlist";
import type { loader as rootLoader } from "~/root";
import { rememberSignedIn, SIGNED_IN_KEY } from "./me-client";
import { useSaveOnLeave } from "./save-on-leave";

/** Signed-in tabs refresh the stored cart when they come back into view, at most this often. */
const FOCUS_REFRESH_MS = 2_000;
const MERGE_LOCK = "saanjh.merge-guest-cart";

/**
 * Keeps the shopper's cart and wishlist in step (decision 012), rendering nothing:
 * - once signed in, the guest cart and wishlist left in this browser are merged into the stored ones
 *   and the local copies removed (under a lock, so two tabs never merge the same lines twice);
 * - a signed-in tab reloads the stored cart when it becomes visible again (changes made in another tab);
 * - a guest tab reloads when another tab removed the local cart: it has just signed in there;
 * - any tab reloads the shopper when another tab signed in or out (decision 029);
 * - a change still on its way when the page goes is sent once more (useSaveOnLeave).
 */
export function ShopperSync() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const userId = useShopperView().user?.id ?? null;
  // a personal page rendered on the server knows whether this browser is signed in: remember it
  const personal = root?.scope === "personal" && !("fromClient" in root) ? root.user !== null : null;
  useEffect(() => {
    if (personal !== null) rememberSignedIn(personal);
  }, [personal]);
  useSaveOnLeave();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    const merge = async () => {
      const lines = readLocalCart();
      const wishlist = readLocalWishlist();
      const coupon = readLocalCoupon();
      if (lines.length === 0 && wishlist.length === 0 && !coupon) return;
      const body = new FormData();
      body.set("intent", "merge");
      body.set("lines", JSON.stringify(lines));
      body.set("wishlist", JSON.stringify(wishlist));
      if (coupon) body.set("coupon", coupon);
      try {
        const response = await fetch("/api/cart", { method: "POST", body });
        if (!response.ok) return;
        removeLocalCart();
        removeLocalWishlist();
        if (!cancelled) void revalidate.current();
      } catch {
        // offline: the local copies stay and the next page load tries again
      }
    };
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    if (locks) void locks.request(MERGE_LOCK, merge);
    else void merge();
    return () => {
      cancelled = true;
    };
  }, [userId]);

  useEffect(() => {
    let last = Date.now();
    const onVisible = () => {
      if (!userId || document.visibilityState !== "visible" || Date.now() - last < FOCUS_REFRESH_MS) return;
      last = Date.now();
      void revalidate.current();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === SIGNED_IN_KEY && event.storageArea === window.localStorage) {
        void revalidate.current();
        return;
      }
      // only another tab's change (this tab's own announcements carry no storage area)
      if (userId || event.newValue !== null || event.storageArea !== window.localStorage) return;
      if (event.key === CART_STORAGE_KEY || event.key === WISHLIST_STORAGE_KEY) void revalidate.current();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    window.addEventListener("storage", onStorage);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
      window.removeEventListener("storage", onStorage);
    };
  }, [userId]);

  return null;
}
