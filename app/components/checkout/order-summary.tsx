import { Link } from "react-router";
import { DeliveryNote } from "~/components/shipping/delivery-note";
import { LockIcon } from "~/components/ui/icons";
import { CHECKOUT_MESSAGES, PAID_WITH_STORE_CREDIT } from "~/modules/checkout";
import { formatPrice } from "~/modules/pricing";
import type { CheckoutTotals, PaymentChoice } from "~/modules/pricing";
import { DELIVERY_MESSAGES } from "~/modules/shipping";
import type { ReadyPage } from "./checkout-form";
import { StoreCreditOption, type CheckoutCredit } from "./store-credit-option";
import type { CheckoutDelivery } from "./use-checkout-delivery";

/** The checkout's side panel: the bag's lines, the totals for the chosen way of paying, that choice and the button. */
export function OrderSummary({
  page,
  totals,
  method,
  onMethod,
  methodError,
  processing,
  delivery,
  credit,
}: {
  page: ReadyPage;
  totals: CheckoutTotals;
  method: PaymentChoice;
  onMethod: (method: PaymentChoice) => void;
  methodError: string | undefined;
  processing: boolean;
  delivery: CheckoutDelivery;
  credit: CheckoutCredit;
}) {
  const duePaise = totals.totalPaise - credit.creditPaise;
  const paidByCredit = credit.creditPaise > 0 && duePaise === 0;
  const noMethod = !paidByCredit && !page.methods.online && !page.methods.cod;
  return (
    <aside
      aria-labelledby="order-summary-heading"
      className="h-fit min-w-0 border border-linen bg-white/70 p-6 sm:p-8 lg:sticky lg:top-28"
    >
      <h2 id="order-summary-heading" className="font-display text-2xl text-ink">
        Order summary
      </h2>
      <ul className="mt-6 divide-y divide-linen border-y border-linen">
        {page.lines.map((line) => (
          <li key={line.cartId} className="flex gap-4 py-4">
            <div className="relative aspect-[3/4] w-16 shrink-0 bg-sand">
              {line.image ? (
                <img
                  src={line.image.url}
                  alt=""
                  width={64}
                  height={85}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              ) : null}
              <span
                className="absolute -top-2 -right-2 grid h-5 min-w-5 place-items-center rounded-full bg-ink px-1 text-[0.65rem] font-medium text-ivory"
                aria-hidden="true"
              >
                {line.quantity}
              </span>
            </div>
            <div className="min-w-0 flex-1">
              <p className="text-[0.65rem] tracking-[0.18em] text-stone uppercase">{line.brand}</p>
              <p className="truncate text-sm text-ink">{line.name}</p>
              <p className="mt-1 text-xs text-stone">
                {line.size} · {line.colour} · Qty {line.quantity}
              </p>
            </div>
            <p className="text-sm text-ink">{formatPrice(line.lineTotalPaise)}</p>
          </li>
        ))}
      </ul>
      <Totals totals={totals} creditPaise={credit.creditPaise} />
      <DeliveryNote pincode={delivery.pincode} result={delivery.result} switched={delivery.switched} />
      {credit.availablePaise > 0 ? (
        <StoreCreditOption
          availablePaise={credit.availablePaise}
          checked={credit.use}
          onChange={credit.onUse}
          creditPaise={credit.creditPaise}
        />
      ) : null}
      {paidByCredit ? (
        <p className="mt-6 text-sm text-ink">
          <input type="hidden" name="paymentMethod" value="online" />
          Your store credit pays the whole order: nothing to pay online or on delivery.
        </p>
      ) : (
        <PaymentMethods page={page} method={method} onMethod={onMethod} error={methodError} delivery={delivery} />
      )}

      <button type="submit" className="btn-primary mt-6 w-full" disabled={processing || noMethod}>
        <LockIcon className="h-4 w-4" />
        {processing
          ? "Processing..."
          : method === "online" && !paidByCredit
            ? `Place order and pay ${formatPrice(duePaise)}`
            : "Place order"}
      </button>
      <p className="mt-4 text-xs leading-relaxed text-stone">
        By placing your order you agree to our{" "}
        <Link to="/shipping-policy" className="underline underline-offset-2">
          shipping
        </Link>{" "}
        and{" "}
        <Link to="/return-policy" className="underline underline-offset-2">
          return policies
        </Link>
        . Prices include GST.
      </p>
    </aside>
  );
}

function Totals({ totals, creditPaise }: { totals: CheckoutTotals; creditPaise: number }) {
  const row = (label: string, value: string, testId: string) => (
    <div className="flex items-baseline justify-between gap-4 text-sm text-stone">
      <dt>{label}</dt>
      <dd className="text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <dl className="mt-6 space-y-3">
      {row(
        `Subtotal (${totals.itemCount} ${totals.itemCount === 1 ? "item" : "items"})`,
        formatPrice(totals.subtotalPaise),
        "checkout-subtotal",
      )}
      {row("Shipping", totals.shippingPaise === 0 ? "Free" : formatPrice(totals.shippingPaise), "checkout-shipping")}
      {totals.coupon
        ? row(`Coupon (${totals.coupon.code})`, `−${formatPrice(totals.coupon.discountPaise)}`, "checkout-discount")
        : null}
      {totals.prepaidDiscountPaise > 0
        ? row("Prepaid discount", `−${formatPrice(totals.prepaidDiscountPaise)}`, "checkout-prepaid")
        : null}
      {totals.codFeePaise > 0 ? row("Cash on delivery fee", formatPrice(totals.codFeePaise), "checkout-cod-fee") : null}
      <div className="flex items-baseline justify-between gap-4 border-t border-linen pt-4 text-base font-medium text-ink">
        <dt>Total</dt>
        <dd className="text-lg" data-testid="checkout-total">
          {formatPrice(totals.totalPaise)}
        </dd>
      </div>
      {creditPaise > 0 ? (
        <>
          {row(PAID_WITH_STORE_CREDIT, `−${formatPrice(creditPaise)}`, "checkout-store-credit")}
          <div className="flex items-baseline justify-between gap-4 text-sm font-medium text-ink">
            <dt>{totals.paymentMethod === "cod" ? "To pay on delivery" : "To pay now"}</dt>
            <dd data-testid="checkout-due">{formatPrice(totals.totalPaise - creditPaise)}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}

/**
 * Pay online or cash on delivery: each says why when it is closed, and what it costs. Cash on delivery
 * also closes at a pincode where no courier collects it, unless it is the only way to pay (then the
 * server's refusal says so).
 */
function PaymentMethods({
  page,
  method,
  onMethod,
  error,
  delivery,
}: {
  page: ReadyPage;
  method: PaymentChoice;
  onMethod: (method: PaymentChoice) => void;
  error: string | undefined;
  delivery: CheckoutDelivery;
}) {
  const codRefused = delivery.codUnavailable ? DELIVERY_MESSAGES.codRefused(delivery.pincode) : null;
  return (
    <fieldset className="mt-6">
      <legend className="eyebrow text-ink">Payment method</legend>
      <div className="mt-3 space-y-3">
        <MethodOption
          value="online"
          checked={method === "online"}
          disabled={!page.methods.online}
          onChange={onMethod}
          title="Pay online"
          detail={
            page.methods.online
              ? "UPI, cards and net banking through our secure payment partner"
              : CHECKOUT_MESSAGES.onlineOff
          }
        />
        <MethodOption
          value="cod"
          checked={method === "cod"}
          disabled={!page.methods.cod || (codRefused !== null && page.methods.online)}
          onChange={onMethod}
          title="Cash on delivery"
          detail={
            page.methods.codUnavailableReason ??
            codRefused ??
            (page.totals.cod.codFeePaise > 0
              ? `A fee of ${formatPrice(page.totals.cod.codFeePaise)} applies`
              : "Pay when your order arrives")
          }
        />
      </div>
      {error ? <p className="mt-2 text-sm text-sale">{error}</p> : null}
    </fieldset>
  );
}

function MethodOption({
  value,
  checked,
  disabled,
  onChange,
  title,
  detail,
}: {
  value: PaymentChoice;
  checked: boolean;
  disabled: boolean;
  onChange: (value: PaymentChoice) => void;
  title: string;
  detail: string;
}) {
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 border px-4 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-maroon ${
        checked ? "border-ink bg-ivory" : "border-linen bg-white"
      } ${disabled ? "cursor-not-allowed opacity-60" : "hover:border-ink"}`}
    >
      <input
        type="radio"
        name="paymentMethod"
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(value)}
        className="mt-1 h-4 w-4 accent-maroon focus:outline-none"
      />
      <span>
        <span className="block text-sm font-medium text-ink">{title}</span>
        <span className="mt-0.5 block text-xs text-stone">{detail}</span>
      </span>
    </label>
  );
}
