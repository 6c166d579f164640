import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { TruckIcon } from "~/components/product/product-icons";
import { DELIVERY_MESSAGES, isPincode, normalisePincode } from "~/modules/shipping";
import { askDelivery, type DeliveryResult, rememberedPincode, rememberPincode } from "./delivery-reply";

/**
 * 'Check delivery' on the product page and in the cart (decision 041): a pincode box, a Check button
 * and a polite live region with the answer ('Delivery by Sat, 29 Nov · Cash on delivery available').
 * The server renders the empty form only, the same for every shopper (the product page is a shared,
 * cached page); the browser asks /api/delivery after load, remembers the pincode in localStorage and
 * checks a remembered one by itself on the next page. The box is uncontrolled, so nothing typed
 * before the script runs is lost or overwritten.
 */
export function DeliveryCheck({ className = "" }: { className?: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const asking = useRef<AbortController | null>(null);
  const [result, setResult] = useState<DeliveryResult | null>(null);
  const [checking, setChecking] = useState<string | null>(null);

  // the latest question wins: an earlier one still on its way is dropped
  const ask = (pincode: string) => {
    asking.current?.abort();
    const controller = new AbortController();
    asking.current = controller;
    askDelivery(pincode, controller.signal).then(
      (answered) => {
        setResult(answered);
        setChecking(null);
        if (answered.kind === "answer") rememberPincode(pincode);
      },
      () => undefined,
    );
  };

  const checkRemembered = useEffectEvent(() => {
    const pincode = rememberedPincode();
    const input = field.current;
    if (pincode === null || input === null || input.value !== "") return;
    input.value = pincode;
    ask(pincode);
  });
  useEffect(() => checkRemembered(), []);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pincode = normalisePincode(field.current?.value ?? "");
    if (!isPincode(pincode)) {
      asking.current?.abort();
      setChecking(null);
      setResult({ kind: "error", pincode, line: DELIVERY_MESSAGES.invalid });
      return;
    }
    setChecking(pincode);
    ask(pincode);
  };

  const answerId = `${id}-answer`;
  const invalid = result?.kind === "error";
  const notServed = result?.kind === "answer" && !result.answer.serviceable;
  const line = checking ? `Checking delivery to ${checking}...` : (result?.line ?? "");
  const tone = checking ? "text-stone" : invalid ? "text-sale" : notServed ? "text-maroon" : "text-ink/85";
  return (
    <form noValidate onSubmit={onSubmit} className={className} data-testid="delivery-check">
      <label htmlFor={id} className="eyebrow mb-3 block !text-ink">
        Check delivery
      </label>
      <div
        className={`flex items-stretch border bg-ivory transition-colors focus-within:border-ink ${invalid ? "border-sale" : "border-linen"}`}
      >
        <span className="flex items-center pl-3 text-maroon" aria-hidden="true">
          <TruckIcon className="h-5 w-5" />
        </span>
        <input
          ref={field}
          id={id}
          name="pincode"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder="Enter pincode"
          aria-describedby={answerId}
          aria-invalid={invalid || undefined}
          onChange={() => (result ? setResult(null) : undefined)}
          className="min-w-0 flex-1 bg-transparent px-3 py-3 text-sm tracking-[0.08em] text-ink outline-none placeholder:tracking-normal placeholder:text-stone/70"
        />
        <button
          type="submit"
          className="border-l border-linen px-5 text-xs font-medium tracking-[0.22em] text-ink uppercase transition-colors hover:bg-ink hover:text-ivory focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon"
        >
          Check
        </button>
      </div>
      <p id={answerId} role="status" aria-live="polite" className={`mt-2.5 min-h-5 text-sm ${tone}`}>
        {line}
      </p>
    </form>
  );
}
