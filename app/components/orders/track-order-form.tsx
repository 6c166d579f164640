import { useState } from "react";
import { Form } from "react-router";
import { Field, Notice } from "~/components/account/field";
import {
  CONTACT_MAX,
  ORDER_NUMBER_MAX,
  trackOrderFieldErrors,
  type TrackOrderFields,
  type TrackOrderState,
} from "~/modules/orders";

/**
 * The order number and 'Phone or e-mail' form of /track-order. A plain POST form, so it works before
 * (and without) the page's script; with it, React Router submits it without a reload. Empty fields
 * are caught here with the server's own messages; every answer hands back what was typed.
 */
export function TrackOrderForm({
  state,
  busy,
  signedIn = false,
}: {
  state: TrackOrderState | undefined;
  busy: boolean;
  signedIn?: boolean;
}) {
  const [clientErrors, setClientErrors] = useState<Partial<Record<TrackOrderFields, string>> | null>(null);
  const errors = clientErrors ?? (state?.kind === "invalid" ? state.fieldErrors : undefined);
  const problem =
    !busy && !clientErrors && (state?.kind === "not-found" || state?.kind === "limited") ? state.message : null;
  return (
    <Form
      method="post"
      noValidate
      aria-labelledby="track-form-heading"
      className="border border-linen bg-white px-5 py-6 sm:px-7 sm:py-7"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget);
        const found = trackOrderFieldErrors({
          orderNumber: String(form.get("orderNumber") ?? ""),
          contact: String(form.get("contact") ?? ""),
        });
        setClientErrors(found);
        if (found) event.preventDefault();
      }}
    >
      <h2 id="track-form-heading" className="font-display text-2xl font-medium text-ink">
        {state?.kind === "found" ? "Track another order" : "Find your order"}
      </h2>
      <p className="mt-1.5 text-sm leading-relaxed text-stone">
        {signedIn
          ? "Any order, yours or one placed for you: its number and the phone number or e-mail given with it."
          : "No need to sign in: the order number and the phone number or e-mail you ordered with are enough."}
      </p>
      <div className="mt-6 space-y-5">
        <Field
          label="Order number"
          name="orderNumber"
          required
          defaultValue={state?.values.orderNumber}
          placeholder="ORD-..."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={ORDER_NUMBER_MAX}
          hint="It starts with ORD- and is in your order confirmation."
          error={errors?.orderNumber}
        />
        <Field
          label="Phone or e-mail"
          name="contact"
          required
          defaultValue={state?.values.contact}
          placeholder="98765 43210 or you@example.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={CONTACT_MAX}
          hint="The mobile number or e-mail given with the order."
          error={errors?.contact}
        />
      </div>
      <div className="mt-5" aria-live="polite">
        {problem ? <Notice tone="error">{problem}</Notice> : null}
      </div>
      <button type="submit" className="btn-primary mt-5 w-full" disabled={busy}>
        {busy ? "Finding your order..." : "Track order"}
      </button>
    </Form>
  );
}
