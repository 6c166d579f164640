import { Form, Link, useNavigate, useNavigation } from "react-router";
import { DeliveryCheck } from "~/components/shipping/delivery-check";
import { LockIcon } from "~/components/ui/icons";
import { STORE_FIELD, useSignedIn, useStore } from "~/components/shopper/use-shopper";
import type { CartView } from "~/modules/cart";
import { CART_MESSAGES, type CartActionResult } from "~/modules/cart";
import { formatPrice } from "~/modules/pricing";
import { CouponBox } from "./coupon-box";

function Row({
  label,
  value,
  strong = false,
  testId,
}: {
  label: React.ReactNode;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? "border-t border-linen pt-4 text-base font-medium text-ink" : "text-sm text-stone"}`}
    >
      <dt>{label}</dt>
      <dd className={strong ? "text-lg" : "text-ink"} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The summary: subtotal, shipping, coupon, total, the coupon box,
 * PROCEED TO CHECKOUT, CONTINUE SHOPPING, accepted payments and the secure-checkout badge.
 */
export function CartSummary({
  view,
  couponNotice,
  actionData,
}: {
  view: CartView;
  couponNotice: string | null;
  actionData?: CartActionResult;
}) {
  const { priced } = view;
  const signedIn = useSignedIn();
  const store = useStore();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const processing = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const checkoutError = actionData && !actionData.ok && actionData.intent === "checkout" ? actionData.error : null;

  const onCheckout = (event: React.FormEvent<HTMLFormElement>) => {
    if (signedIn) return;
    // Guests are asked to sign in; 'cart' brings them back here afterwards.
    event.preventDefault();
    if (window.confirm(CART_MESSAGES.checkoutLogin)) void navigate("/authentication?redirectTo=cart");
  };

  return (
    <aside aria-labelledby="summary-heading" className="border border-linen bg-white/70 p-6 sm:p-8 lg:sticky lg:top-28">
      <h2 id="summary-heading" className="font-display text-2xl text-ink">
        Order summary
      </h2>
      <dl className="mt-6 space-y-3">
        <Row
          label={`Subtotal (${priced.itemCount} ${priced.itemCount === 1 ? "item" : "items"})`}
          value={formatPrice(priced.subtotalPaise)}
          testId="summary-subtotal"
        />
        <Row
          label="Shipping"
          value={priced.shippingPaise === 0 ? "Free" : formatPrice(priced.shippingPaise)}
          testId="summary-shipping"
        />
        {priced.coupon ? (
          <Row
            label={`Coupon (${priced.coupon.code})`}
            value={`−${formatPrice(priced.coupon.discountPaise)}`}
            testId="summary-discount"
          />
        ) : null}
        <Row label="Total" value={formatPrice(priced.totalPaise)} strong testId="summary-total" />
      </dl>
      {priced.freeShippingHint ? <p className="mt-3 text-xs text-maroon">{priced.freeShippingHint}</p> : null}

      <DeliveryCheck className="mt-6" />

      <div className="mt-6">
        <CouponBox applied={priced.coupon} notice={couponNotice} noScriptResult={actionData} />
      </div>

      <Form method="post" action="/cart" onSubmit={onCheckout} className="mt-6">
        <input type="hidden" name={STORE_FIELD} value={store} />
        <button
          type="submit"
          name="intent"
          value="checkout"
          disabled={view.blocked || view.overLimit !== null || processing}
          className="btn-primary w-full"
        >
          <LockIcon className="h-4 w-4" />
          {processing ? "Processing..." : "Proceed to checkout"}
        </button>
      </Form>
      {view.blocked ? (
        <p className="mt-2 text-sm text-sale">Remove or update the pieces marked in your bag to continue.</p>
      ) : null}
      {view.overLimit ? (
        <p className="mt-2 text-sm text-sale" data-testid="over-limit">
          {view.overLimit}
        </p>
      ) : null}
      {checkoutError ? (
        <p role="alert" className="mt-2 text-sm text-sale">
          {checkoutError}
        </p>
      ) : null}
      <Link to="/products" className="btn-outline mt-3 w-full">
        Continue shopping
      </Link>

      <div className="mt-8 border-t border-linen pt-6">
        <p className="eyebrow">We accept</p>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Accepted payments">
          {["VISA", "RUPAY", "UPI"].map((method) => (
            <li
              key={method}
              className="border border-linen bg-ivory px-3 py-1.5 text-[0.7rem] font-semibold tracking-[0.2em] text-ink"
            >
              {method}
            </li>
          ))}
        </ul>
        <p className="mt-4 flex items-center gap-2 text-xs text-stone">
          <LockIcon className="h-4 w-4 text-leaf" />
          Secure checkout: payments are encrypted and never stored by us
        </p>
      </div>
    </aside>
  );
}
