import { TruckIcon } from "~/components/product/product-icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import { isPincode } from "~/modules/shipping";
import { COD_SWITCH_NOTICE, type DeliveryResult } from "./delivery-reply";

/**
 * The checkout's delivery line beside the payment choice (decision 041): what the billing pincode's
 * check answered, and, when cash on delivery was chosen where it is not available, that the payment
 * moved to Pay online. One polite live region, so that each change is read out.
 */
export function DeliveryNote({
  pincode,
  result,
  switched,
}: {
  /** the billing form's pincode, without spaces */
  pincode: string;
  /** the check's answer for that pincode, null while it is asked */
  result: DeliveryResult | null;
  /** the payment was moved off cash on delivery for this pincode */
  switched: boolean;
}) {
  const hydrated = useHydrated();
  const asking = hydrated && result === null && isPincode(pincode);
  const line =
    result?.line ??
    (asking ? `Checking delivery to ${pincode}...` : "Enter your pincode to see when your order arrives.");
  const tone =
    result?.kind === "error"
      ? "text-sale"
      : result?.kind === "answer" && !result.answer.serviceable
        ? "text-maroon"
        : result
          ? "text-ink"
          : "text-stone";
  return (
    <div className="mt-6 flex items-start gap-3 border border-linen bg-ivory px-4 py-3">
      <TruckIcon className="mt-px h-5 w-5 shrink-0 text-maroon" />
      <div role="status" aria-live="polite" data-testid="delivery-note" className="min-w-0 text-sm">
        <p className={tone}>{line}</p>
        {switched ? <p className="mt-1 text-xs leading-relaxed text-maroon">{COD_SWITCH_NOTICE}</p> : null}
      </div>
    </div>
  );
}
