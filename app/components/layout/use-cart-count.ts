import { useEffect, useState } from "react";
import { CART_STORAGE_KEY, localCartCount, readLocalCart } from "~/modules/cart/local-cart";

/**
 * The header badge's number: the stored cart's count for a signed-in shopper (known at server
 * render), the local-storage cart's count for a guest (known after hydration, kept in step across tabs).
 */
export function useCartCount(serverCount: number | null): number {
  const [guestCount, setGuestCount] = useState(0);
  useEffect(() => {
    if (serverCount !== null) return;
    const update = () => setGuestCount(localCartCount(readLocalCart()));
    update();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === CART_STORAGE_KEY) update();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [serverCount]);
  return serverCount ?? guestCount;
}
