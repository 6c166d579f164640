import { useState } from "react";
import { codClosedAt, type DeliveryResult } from "~/components/shipping/delivery-reply";
import { useDeliveryAnswer } from "~/components/shipping/use-delivery-answer";
import type { PaymentChoice } from "~/modules/pricing";
import { normalisePincode } from "~/modules/shipping";

export interface CheckoutDelivery {
  /** the billing pincode without spaces */
  pincode: string;
  /** the check's answer for it; null while it is asked or when the field holds no pincode */
  result: DeliveryResult | null;
  /** no courier collects cash there (the option closes when the shop also takes online payments) */
  codUnavailable: boolean;
  /** the shopper's cash on delivery was moved to Pay online for this pincode */
  switched: boolean;
}

/**
 * The billing pincode's delivery check at the checkout (decision 041). Where no courier collects cash,
 * cash on delivery closes and a shopper who had chosen it is moved to Pay online and told so; a shop
 * that takes no online payments leaves the choice open and its server answers. Where nobody delivers,
 * the order can still be sent: the server decides and says why.
 */
export function useCheckoutDelivery(
  billingPincode: string,
  method: PaymentChoice,
  onlineOpen: boolean,
  payOnline: () => void,
): CheckoutDelivery {
  const pincode = normalisePincode(billingPincode);
  const [switchedAt, setSwitchedAt] = useState<string | null>(null);
  const result = useDeliveryAnswer(pincode, (answer) => {
    if (answer.kind !== "answer" || answer.answer.codAvailable || method !== "cod" || !onlineOpen) return;
    payOnline();
    setSwitchedAt(answer.pincode);
  });
  return {
    pincode,
    result,
    codUnavailable: codClosedAt(result, pincode),
    switched: switchedAt === pincode,
  };
}
