import { useState } from "react";
import { useActionData, useSearchParams } from "react-router";
import {
  DEFAULT_COLOUR,
  DEFAULT_SIZE,
  initialChoice,
  sizeSoldOut,
  stockOf,
  type ProductDetailView,
} from "~/modules/catalog";
import { focusNotifyForm, NotifyMe } from "./notify-me";
import { ColourPicker, PurchaseButtons, QuantityStepper } from "./purchase-parts";
import { SizePicker } from "./size-picker";
import { useAddToBag } from "./use-add-to-bag";

/**
 * Size and colour selectors, size guide, quantity stepper, Add to Cart and Buy Now, all by variant
 * (decision 015): a size sold out in the chosen colour is struck through and cannot be chosen (and
 * a colour sold out in the chosen size); pressing it offers 'Notify me when it is back' instead,
 * which shows only then (or when nothing is left).
 */
export function PurchasePanel({
  product,
  phone,
  fitAdvice = null,
}: {
  product: ProductDetailView;
  phone: string | null;
  /** the fit advice drawn from returns, beside the sizes (decision 042) */
  fitAdvice?: string | null;
}) {
  const [params] = useSearchParams();
  const axes = { sizes: product.sizes, colours: product.colors.map((c) => c.name) };
  const variants = product.variants;
  // The first colour and size in stock (sold-out ones are skipped), or the ones the address names;
  // a second press on the chosen one clears it (decision 006).
  const [initial] = useState(() =>
    initialChoice(axes, variants, { size: params.get("size"), colour: params.get("colour") }),
  );
  const [size, setSize] = useState<string | null>(initial.size);
  const [colour, setColour] = useState<string | null>(initial.colour);
  const [quantity, setQuantity] = useState(1);
  // a product sold out everywhere offers the notify form from the start; so does its own answer (no script)
  const posted = useActionData();
  const [notifyOpen, setNotifyOpen] = useState(product.stock <= 0 || posted !== undefined);
  const [notifyVariant, setNotifyVariant] = useState<string | null>(null);
  const { busy, message, clearMessage, submit } = useAddToBag(product);
  const soldOut = product.stock <= 0;

  const chosenSize = product.sizes.length > 0 ? size : DEFAULT_SIZE;
  const chosenColour = product.colors.length > 0 ? colour : DEFAULT_COLOUR;
  // the chosen variant's stock; unknown (null) until both are chosen
  const stock = chosenSize !== null && chosenColour !== null ? stockOf(variants, chosenSize, chosenColour) : null;
  const unavailable = soldOut || stock === 0;
  const limit = stock ?? 0;
  const shownQuantity = stock !== null && stock > 0 ? Math.min(quantity, stock) : quantity;
  // sizes that can be asked for in the chosen colour: the notify form's choices
  const soldOutSizes = (product.sizes.length > 0 ? product.sizes : [DEFAULT_SIZE]).filter((s) =>
    sizeSoldOut(axes, variants, s, chosenColour),
  );

  const notifySize = notifyOpen ? (variants.find((v) => v.id === notifyVariant)?.size ?? null) : null;
  // 'Notify me' is for a selection that is sold out (a struck-through size pressed, or nothing left),
  // never beside a size that can be bought
  const askingAboutSoldOut = soldOut || stock === 0 || notifySize !== null || posted !== undefined;
  const notify = (
    <NotifyMe
      productId={product.id}
      variants={variants}
      sizes={soldOutSizes}
      colour={chosenColour}
      hasSizes={product.sizes.length > 0}
      selected={notifyVariant}
      onSelect={setNotifyVariant}
      open={notifyOpen}
      onOpenChange={setNotifyOpen}
      phone={phone}
    />
  );
  const chooseSize = (s: string) => {
    setSize(size === s ? null : s);
    clearMessage();
  };
  const chooseColour = (c: string) => {
    setColour(colour === c ? null : c);
    setNotifyVariant(null);
    clearMessage();
  };
  const askAbout = (s: string) => {
    if (notifySize === s) {
      setNotifyOpen(false);
      return;
    }
    const variant = variants.find(
      (v) => v.size === s && v.stock <= 0 && (chosenColour === null || v.colour === chosenColour),
    );
    setNotifyVariant(variant?.id ?? null);
    setNotifyOpen(true);
    focusNotifyForm();
  };

  return (
    <div className="mt-8 space-y-7">
      {product.sizes.length > 0 ? (
        <SizePicker
          product={product}
          axes={axes}
          size={size}
          colour={colour}
          notifySize={notifySize}
          hasSoldOut={soldOutSizes.length > 0}
          fitAdvice={fitAdvice}
          onChoose={chooseSize}
          onAskAbout={askAbout}
        />
      ) : null}

      {product.colors.length > 0 ? (
        <ColourPicker product={product} axes={axes} size={size} colour={colour} onChoose={chooseColour} />
      ) : null}

      {soldOutSizes.length > 0 ? (
        askingAboutSoldOut ? (
          notify
        ) : (
          // Without JavaScript a struck-through size cannot be pressed: the plain form is there instead.
          <noscript>{notify}</noscript>
        )
      ) : null}

      <QuantityStepper quantity={shownQuantity} stock={stock} unavailable={unavailable} onChange={setQuantity} />
      <PurchaseButtons
        unavailable={unavailable}
        busy={busy}
        message={message}
        onSubmit={(mode) => void submit(mode, { size, colour, quantity: shownQuantity, limit })}
      />
    </div>
  );
}
