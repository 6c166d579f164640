import { useEffect, useEffectEvent, useState } from "react";
import { isPincode, normalisePincode } from "~/modules/shipping";
import { askDelivery, type DeliveryResult, rememberPincode } from "./delivery-reply";

/** How long the pincode must rest before it is asked about: a shopper typing is not asked six times. */
export const DELIVERY_DEBOUNCE_MS = 350;

/**
 * The pincode check driven by an address form's pincode field (the checkout's billing form): once the
 * field holds six digits and rests, the shop is asked; the answer counts only for the pincode in the
 * field now (null while it is asked, or when the field holds no pincode). `onAnswer` hears each answer.
 * The pincode asked about is remembered for the product page and the cart.
 */
export function useDeliveryAnswer(raw: string, onAnswer?: (result: DeliveryResult) => void): DeliveryResult | null {
  const pincode = normalisePincode(raw);
  const [result, setResult] = useState<DeliveryResult | null>(null);
  const answered = useEffectEvent((answer: DeliveryResult) => {
    setResult(answer);
    if (answer.kind === "answer") rememberPincode(answer.pincode);
    onAnswer?.(answer);
  });

  useEffect(() => {
    if (!isPincode(pincode)) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      askDelivery(pincode, controller.signal).then(
        (answer) => answered(answer),
        () => undefined,
      );
    }, DELIVERY_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [pincode]);

  return result !== null && result.pincode === pincode ? result : null;
}
