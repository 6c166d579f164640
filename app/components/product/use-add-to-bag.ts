import { useState } from "react";
import { useNavigate } from "react-router";
import { useAddToCart } from "~/components/shopper/use-shopper";
import { DEFAULT_COLOUR, DEFAULT_SIZE, type ProductDetailView } from "~/modules/catalog";
import type { PurchaseMessage } from "./purchase-parts";

/** The selection rules, checked before a line is added: a size first, then a colour. */
export function selectionError(
  product: Pick<ProductDetailView, "sizes" | "colors">,
  size: string | null,
  colour: string | null,
): string | null {
  if (product.sizes.length > 0 && !size) return "Please select a size";
  if (product.colors.length > 0 && !colour) return "Please select a color";
  return null;
}

export interface Selection {
  size: string | null;
  colour: string | null;
  quantity: number;
  /** the chosen variant's stock: the bag holds no more of it */
  limit: number;
}

/**
 * Add to Cart and Buy Now: checks the selection, adds the line, then says what the bag now holds
 * (or goes to the cart, for Buy Now). `busy` names the button pressed while the line is on its way.
 */
export function useAddToBag(product: ProductDetailView): {
  busy: null | "cart" | "buy";
  message: PurchaseMessage;
  clearMessage: () => void;
  submit: (mode: "cart" | "buy", selection: Selection) => Promise<void>;
} {
  const [busy, setBusy] = useState<null | "cart" | "buy">(null);
  const [message, setMessage] = useState<PurchaseMessage>(null);
  const add = useAddToCart();
  const navigate = useNavigate();

  const submit = async (mode: "cart" | "buy", { size, colour, quantity, limit }: Selection) => {
    const problem = selectionError(product, size, colour);
    if (problem) {
      window.alert(problem);
      return;
    }
    setBusy(mode);
    setMessage(null);
    const result = await add(
      { productId: product.id, size: size ?? DEFAULT_SIZE, colour: colour ?? DEFAULT_COLOUR, quantity },
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
      text: `Added to cart: ${product.name}${size ? `, ${size}` : ""}${colour ? `, ${colour}` : ""} × ${quantity}`,
    });
  };

  return { busy, message, clearMessage: () => setMessage(null), submit };
}
