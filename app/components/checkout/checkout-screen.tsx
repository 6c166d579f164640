import { useEffect, useId, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { Field, Notice } from "~/components/account/field";
import { PincodeNote } from "~/components/address/pincode-note";
import { usePincodeLookup } from "~/components/address/use-pincode-lookup";
import { LockIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useLiveErrors } from "~/components/ui/use-live-errors";
import { INDIAN_STATES } from "~/modules/accounts/forms";
import { readLocalCart } from "~/modules/cart/local-cart";
import {
  billingSchema,
  CHECKOUT_MESSAGES,
  checkoutErrors,
  checkoutSummary,
  NOTE_MAX_LENGTH,
  type CheckoutValues,
} from "~/modules/checkout/billing";
import type { CheckoutPage } from "~/modules/checkout/checkout-page.server";
import { refinePincodeState, type PlacesOf } from "~/modules/checkout/pincodes";
import type { LineProblem } from "~/modules/checkout/place-order.server";
import { formatPrice } from "~/modules/pricing/money";
import type { CheckoutTotals, PaymentChoice } from "~/modules/pricing/pricing";

export type CheckoutActionData =
  | { ok: true; message: string; next: string }
  | {
      ok: false;
      message: string;
      values: CheckoutValues;
      fieldErrors?: Record<string, string>;
      problems?: LineProblem[];
    };

type PageData = CheckoutPage | { kind: "signed-out" };

/** How long 'Order Placed Successfully!' stays before the order page (spec section 9). */
const SUCCESS_REDIRECT_MS = 2000;

export function CheckoutScreen({ page, actionData }: { page: PageData; actionData?: CheckoutActionData }) {
  if (actionData?.ok) return <Placed message={actionData.message} next={actionData.next} />;
  switch (page.kind) {
    case "signed-out":
      return <SignInFirst />;
    case "empty":
    case "blocked":
    case "over-limit":
      return <EmptyBag />;
    case "ready":
      return <CheckoutForm page={page} actionData={actionData} />;
  }
}

function Shell({
  children,
  eyebrow = "Secure checkout",
  title = "Checkout",
}: {
  children: React.ReactNode;
  eyebrow?: string;
  title?: string;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-20 sm:px-8 sm:pt-12">
      <header className="mb-8 border-b border-linen pb-6">
        <p className="eyebrow flex items-center gap-2">
          <LockIcon className="h-3.5 w-3.5" />
          {eyebrow}
        </p>
        <h1 className="mt-2 font-display text-4xl text-ink sm:text-5xl">{title}</h1>
      </header>
      {children}
    </div>
  );
}

/** Spec section 5: signed-out shoppers are asked to sign in; 'cart' brings them back to the checkout. */
function SignInFirst() {
  return (
    <Shell>
      <section
        role="alertdialog"
        aria-labelledby="login-question"
        className="mx-auto max-w-lg border border-linen bg-white/70 p-8 text-center sm:p-10"
      >
        <h2 id="login-question" className="font-display text-2xl leading-snug text-ink">
          {CHECKOUT_MESSAGES.loginConfirm}
        </h2>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/authentication?redirectTo=cart" className="btn-primary">
            Go to login
          </Link>
          <Link to="/cart" className="btn-outline">
            Back to cart
          </Link>
        </div>
      </section>
    </Shell>
  );
}

/**
 * Nothing in the stored bag. Right after signing in, the bag kept in this browser may still be on its
 * way to the stored one (ShopperSync): wait for it; otherwise back to the cart with the spec's message.
 */
function EmptyBag() {
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    if (readLocalCart().length > 0) {
      // the merge revalidates this page when it is done; give up after a while
      const timer = window.setTimeout(() => setWaiting(false), 8000);
      return () => window.clearTimeout(timer);
    }
    void navigate("/cart?checkout=empty", { replace: true });
  }, [navigate]);
  return (
    <Shell>
      <div role="status" className="mx-auto max-w-md py-12 text-center">
        <p className="font-display text-3xl text-ink">{waiting ? "Bringing your bag..." : CHECKOUT_MESSAGES.empty}</p>
        <noscript>
          <p className="mt-3 font-display text-2xl text-ink">{CHECKOUT_MESSAGES.empty}</p>
        </noscript>
        <Link to="/cart" className="btn-outline mt-8">
          Back to cart
        </Link>
      </div>
    </Shell>
  );
}

function Placed({ message, next }: { message: string; next: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(next, { replace: true }), SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, next]);
  return (
    <Shell eyebrow="Thank you" title="Checkout">
      <div role="status" className="mx-auto max-w-lg border border-leaf/30 bg-white/70 p-10 text-center">
        <p className="font-display text-3xl text-leaf">{message}</p>
        <p className="mt-3 text-sm text-stone">Taking you to your order...</p>
        <Link to={next} className="btn-outline mt-8">
          View your order
        </Link>
      </div>
    </Shell>
  );
}

type ReadyPage = Extract<CheckoutPage, { kind: "ready" }>;

function CheckoutForm({
  page,
  actionData,
}: {
  page: ReadyPage;
  actionData?: Extract<CheckoutActionData, { ok: false }>;
}) {
  const navigation = useNavigation();
  const stateId = useId();
  const noteId = useId();
  const start = actionData?.values ?? page.prefill;
  const initialMethod: PaymentChoice =
    start.paymentMethod === "cod" && page.methods.cod ? "cod" : page.methods.online ? "online" : "cod";
  const [method, setMethod] = useState<PaymentChoice>(initialMethod);
  const [address, setAddress] = useState(start.address ?? "");
  const [pincode, setPincode] = useState(start.pincode ?? "");
  const [city, setCity] = useState(start.city ?? "");
  const [state, setState] = useState(start.state ?? "");
  const lookup = usePincodeLookup({ pincode, city, state, setCity, setState });
  const hydrated = useHydrated();
  // the server's rules, with what the pincode lookup knows of the pincode in the field
  const placesOf: PlacesOf = (pin) =>
    lookup.result.status === "found" && lookup.result.pincode === pin ? lookup.result.places : null;
  const live = useLiveErrors({
    check: (values) => {
      const result = refinePincodeState(billingSchema, placesOf).safeParse(values);
      return result.success ? {} : checkoutErrors(result.error, values).fields;
    },
    server: actionData?.fieldErrors,
    sent: actionData?.values,
    dependents: { pincode: ["state"] },
    controlled: { address, pincode, city, state },
  });

  const errors = live.errors;
  // a form's summary follows its fields; another answer of the server (prices changed...) stays
  const summary = Object.keys(errors).length > 0 ? checkoutSummary(errors, live.values) : null;
  const message = summary ?? (actionData?.fieldErrors ? null : (actionData?.message ?? null));
  const totals = page.totals[method];
  const processing = navigation.state !== "idle" && navigation.formAction?.startsWith("/checkout") === true;
  const norm = (s: string) => s.trim().toLowerCase();
  const knownAddress = page.saved.some(
    (a) => norm(a.address) === norm(address) && a.pincode === pincode.replace(/\s/g, "") && norm(a.city) === norm(city),
  );
  const noMethod = !page.methods.online && !page.methods.cod;

  return (
    <Shell>
      <Form
        method="post"
        noValidate
        className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-14"
        {...live.handlers}
        onSubmit={(event) => {
          if (live.submit(event.currentTarget)) return;
          event.preventDefault();
          document.getElementById("checkout-message")?.focus();
        }}
      >
        <input type="hidden" name="checkoutKey" value={page.checkoutKey} />
        <input type="hidden" name="expectedTotalPaise" value={totals.totalPaise} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}

        <section aria-labelledby="billing-heading" className="min-w-0 space-y-6">
          <div id="checkout-message" tabIndex={-1} className="outline-none">
            {message ? <Notice tone="error">{message}</Notice> : null}
            {actionData?.problems && actionData.problems.length > 0 ? (
              <ul className="mt-3 space-y-1 text-sm text-sale">
                {actionData.problems.map((p) => (
                  <li key={p.cartId}>
                    {p.name}: {p.message}
                  </li>
                ))}
                <li>
                  <Link to="/cart" className="text-ink underline underline-offset-4">
                    Review your bag
                  </Link>
                </li>
              </ul>
            ) : null}
            {page.couponNotice ? <Notice tone="info">{page.couponNotice}</Notice> : null}
          </div>
          <h2 id="billing-heading" className="font-display text-2xl text-ink">
            Billing details
          </h2>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label="First name"
              name="firstName"
              autoComplete="given-name"
              defaultValue={start.firstName}
              required
              error={errors.firstName}
            />
            <Field
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              defaultValue={start.lastName}
              required
              error={errors.lastName}
            />
            <Field
              label="E-mail"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              defaultValue={start.email}
              required
              error={errors.email}
            />
            <Field
              label="Phone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="98765 43210"
              defaultValue={start.phone}
              required
              error={errors.phone}
            />
          </div>
          <Field
            label="Address"
            name="address"
            autoComplete="street-address"
            placeholder="House no., building, street, area"
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            required
            error={errors.address}
          />
          <div>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                label="Pincode"
                name="pincode"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={6}
                pattern="[0-9]*"
                value={pincode}
                onChange={(event) => setPincode(event.currentTarget.value)}
                required
                error={errors.pincode}
              />
              <Field
                label="City"
                name="city"
                autoComplete="address-level2"
                value={city}
                onChange={(event) => setCity(event.currentTarget.value)}
                required
                error={errors.city}
              />
            </div>
            <PincodeNote lookup={lookup} state={state} />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor={stateId} className="eyebrow block text-ink">
                State
                <span aria-hidden="true" className="text-maroon">
                  {" "}
                  *
                </span>
              </label>
              <select
                id={stateId}
                name="state"
                value={state}
                onChange={(event) => lookup.chooseState(event.currentTarget.value)}
                required
                aria-invalid={errors.state ? true : undefined}
                aria-describedby={errors.state ? `${stateId}-error` : undefined}
                className={`mt-2 block w-full min-w-0 border bg-white px-4 py-3 text-base text-ink focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon ${errors.state ? "border-sale" : "border-linen"}`}
              >
                <option value="">Choose a state</option>
                {INDIAN_STATES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
              {errors.state ? (
                <p id={`${stateId}-error`} className="mt-1.5 text-sm text-sale">
                  {errors.state}
                </p>
              ) : null}
            </div>
            <Field
              label="Country"
              name="country"
              value="India"
              readOnly
              aria-readonly="true"
              className="[&_input]:bg-sand [&_input]:text-stone"
            />
          </div>
          {!knownAddress ? (
            <label className="flex items-center gap-3 text-sm text-ink">
              <input
                type="checkbox"
                name="saveAddress"
                defaultChecked={start.saveAddress === "on" || page.saved.length === 0}
                className="h-4 w-4 accent-maroon"
              />
              Save this address to my account
            </label>
          ) : null}
          <div>
            <label htmlFor={noteId} className="eyebrow block text-ink">
              Note to seller (optional)
            </label>
            <textarea
              id={noteId}
              name="noteToSeller"
              rows={3}
              maxLength={NOTE_MAX_LENGTH}
              defaultValue={start.noteToSeller}
              placeholder="A gift message, a preferred delivery time..."
              className="mt-2 block w-full border border-linen bg-white px-4 py-3 text-base text-ink placeholder:text-stone/60 focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon"
            />
          </div>
        </section>

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
          <Totals totals={totals} />

          <fieldset className="mt-6">
            <legend className="eyebrow text-ink">Payment method</legend>
            <div className="mt-3 space-y-3">
              <MethodOption
                value="online"
                checked={method === "online"}
                disabled={!page.methods.online}
                onChange={setMethod}
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
                disabled={!page.methods.cod}
                onChange={setMethod}
                title="Cash on delivery"
                detail={
                  page.methods.codUnavailableReason ??
                  (page.totals.cod.codFeePaise > 0
                    ? `A fee of ${formatPrice(page.totals.cod.codFeePaise)} applies`
                    : "Pay when your order arrives")
                }
              />
            </div>
            {errors.paymentMethod ? <p className="mt-2 text-sm text-sale">{errors.paymentMethod}</p> : null}
          </fieldset>

          <button type="submit" className="btn-primary mt-6 w-full" disabled={processing || noMethod}>
            <LockIcon className="h-4 w-4" />
            {processing
              ? "Processing..."
              : method === "online"
                ? `Place order and pay ${formatPrice(totals.totalPaise)}`
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
      </Form>
    </Shell>
  );
}

function Totals({ totals }: { totals: CheckoutTotals }) {
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
    </dl>
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
