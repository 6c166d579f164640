import { useCallback, useEffect, useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { addLocalLine } from "~/modules/cart/local-cart";
import { readLocalWishlist, toggleLocalWishlist, WISHLIST_EVENT, WISHLIST_STORAGE_KEY } from "~/modules/wishlist/local-wishlist";
import type { loader as rootLoader } from "~/root";

/** True when the root loader found a signed-in shopper (their cart and wishlist live on the server). */
export function useSignedIn(): boolean {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return Boolean(root?.user);
}

export type AddResult = { ok: true; quantity: number } | { ok: false; error: string };

/**
 * Add to cart for guests (local storage, decision 004) and signed-in shoppers (POST /api/cart,
 * then the root loader revalidates so the header badge follows).
 */
export function useAddToCart(): (line: { productId: string; size: string; colour: string; quantity: number }, stock: number) => Promise<AddResult> {
  const signedIn = useSignedIn();
  const revalidator = useRevalidator();
  return useCallback(
    async (line, stock) => {
      if (!line.productId) return { ok: false, error: "Invalid product data" };
      if (stock <= 0) return { ok: false, error: "This product is out of stock" };
      if (!signedIn) {
        try {
          return { ok: true, quantity: addLocalLine(line, stock) };
        } catch {
          return { ok: false, error: "Failed to add item to cart. Please try again." };
        }
      }
      try {
        const body = new FormData();
        body.set("intent", "add");
        for (const [k, v] of Object.entries(line)) body.set(k, String(v));
        const response = await fetch("/api/cart", { method: "POST", body });
        const result = (await response.json()) as { ok: true; quantity: number } | { ok: false; error: string };
        if (result.ok) void revalidator.revalidate();
        return result;
      } catch {
        return { ok: false, error: "Failed to add item to cart. Please try again." };
      }
    },
    [signedIn, revalidator],
  );
}

/** A wishlist heart's state and toggle; `serverWishlisted` is what the loader knew for a signed-in shopper. */
export function useWishlist(productId: string, serverWishlisted: boolean): { wishlisted: boolean; toggle: () => Promise<void> } {
  const signedIn = useSignedIn();
  const [local, setLocal] = useState(false);
  // a signed-in shopper's toggle shows at once; the loader's value takes over after revalidation
  const [override, setOverride] = useState<{ server: boolean; value: boolean } | null>(null);
  useEffect(() => {
    if (signedIn) return;
    const update = () => setLocal(readLocalWishlist().includes(productId));
    update();
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === WISHLIST_STORAGE_KEY) update();
    };
    window.addEventListener(WISHLIST_EVENT, update);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(WISHLIST_EVENT, update);
      window.removeEventListener("storage", onStorage);
    };
  }, [signedIn, productId]);
  const wishlisted = signedIn ? (override && override.server === serverWishlisted ? override.value : serverWishlisted) : local;
  const toggle = useCallback(async () => {
    if (!productId) return;
    if (!signedIn) {
      setLocal(toggleLocalWishlist(productId));
      return;
    }
    const before = wishlisted;
    setOverride({ server: serverWishlisted, value: !before });
    try {
      const body = new FormData();
      body.set("intent", "toggle");
      body.set("productId", productId);
      const response = await fetch("/api/wishlist", { method: "POST", body });
      const result = (await response.json()) as { ok: boolean; wishlisted?: boolean };
      setOverride({ server: serverWishlisted, value: result.ok ? Boolean(result.wishlisted) : before });
    } catch {
      setOverride({ server: serverWishlisted, value: before });
    }
  }, [productId, signedIn, wishlisted, serverWishlisted]);
  return { wishlisted, toggle };
}
