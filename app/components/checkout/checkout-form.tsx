import { useId, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Notice } from "~/components/account/field";
import { usePincodeLookup } from "~/components/address/use-pincode-lookup";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useLiveErrors } from "~/components/ui/use-live-errors";
import { billingSchema, checkoutErrors, checkoutSummary, NOTE_MAX_LENGTH } from "~/modules/checkout";
import { refinePincodeState, type PlacesOf } from "~/modules/shipping";
import type { CheckoutPage, LineProblem } from "~/modules/checkout/index.server";
import type { PaymentChoice } from "~/modules/pricing";
import { AddressFields, ContactFields } from "./billing-fields";
import { CheckoutShell } from "./checkout-shell";
import type { CheckoutActionData } from "./checkout-screen";
import { OrderSummary } from "./order-summary";
import { useCheckoutCredit } from "./store-credit-option";
import { useCheckoutDelivery } from "./use-checkout-delivery";

export type ReadyPage = Extract<CheckoutPage, { kind: "ready" }>;

/** The way of paying the form starts with: what was sent or prefilled, when it is open. */
function initialMethodOf(page: ReadyPage, sent: string | undefined): PaymentChoice {
  return sent === "cod" && page.methods.cod ? "cod" : page.methods.online ? "online" : "cod";
}

/**
 * The billing form beside the order summary. It holds what the shopper chooses (the way of paying,
 * and the address fields the pincode lookup fills) and the live field messages; its parts draw them.
 */
export function CheckoutForm({
  page,
  actionData,
}: {
  page: ReadyPage;
  actionData?: Extract<CheckoutActionData, { ok: false }>;
}) {
  const navigation = useNavigation();
  const noteId = useId();
  const start = actionData?.values ?? page.prefill;
  const [chosenMethod, setMethod] = useState<PaymentChoice>(() => initialMethodOf(page, start.paymentMethod));
  const credit = useCheckoutCredit(page, start.useStoreCredit === "on");
  const method: PaymentChoice = credit.paidInFull ? "online" : chosenMethod;
  const [address, setAddress] = useState(start.address ?? "");
  const [pincode, setPincode] = useState(start.pincode ?? "");
  const [city, setCity] = useState(start.city ?? "");
  const [state, setState] = useState(start.state ?? "");
  const lookup = usePincodeLookup({ pincode, city, state, setCity, setState });
  const delivery = useCheckoutDelivery(pincode, method, page.methods.online, () => setMethod("online"));
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

  return (
    <CheckoutShell>
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
          <CheckoutMessages message={message} problems={actionData?.problems} couponNotice={page.couponNotice} />
          <h2 id="billing-heading" className="font-display text-2xl text-ink">
            Billing details
          </h2>
          <ContactFields start={start} errors={errors} />
          <AddressFields
            address={address}
            onAddress={setAddress}
            pincode={pincode}
            onPincode={setPincode}
            city={city}
            onCity={setCity}
            state={state}
            lookup={lookup}
            errors={errors}
          />
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

        <OrderSummary
          page={page}
          totals={totals}
          method={method}
          onMethod={setMethod}
          methodError={errors.paymentMethod}
          processing={processing}
          delivery={delivery}
          credit={credit.forTotal(totals.totalPaise)}
        />
      </Form>
    </CheckoutShell>
  );
}

/** The form's message (its summary, or the server's answer), the lines that stopped the order, the coupon's news. */
function CheckoutMessages({
  message,
  problems,
  couponNotice,
}: {
  message: string | null;
  problems: LineProblem[] | undefined;
  couponNotice: string | null;
}) {
  return (
    <div id="checkout-message" tabIndex={-1} className="outline-none">
      {message ? <Notice tone="error">{message}</Notice> : null}
      {problems && problems.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm text-sale">
          {problems.map((p) => (
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
      {couponNotice ? <Notice tone="info">{couponNotice}</Notice> : null}
    </div>
  );
}
