import { useId } from "react";
import { Field } from "~/components/account/field";
import { PincodeNote } from "~/components/address/pincode-note";
import type { PincodeLookup } from "~/components/address/use-pincode-lookup";
import type { FieldErrors } from "~/components/ui/live-errors";
import { INDIAN_STATES } from "~/modules/accounts";
import type { CheckoutValues } from "~/modules/checkout";

/** Who the order is for: first and last name, e-mail and phone, as typed (not held by the form). */
export function ContactFields({ start, errors }: { start: CheckoutValues; errors: FieldErrors }) {
  return (
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
  );
}

/**
 * Where the order goes: the street address, the pincode that fills city and state (both still
 * editable), and the country. The form holds these values; the fields report each change.
 */
export function AddressFields({
  address,
  onAddress,
  pincode,
  onPincode,
  city,
  onCity,
  state,
  lookup,
  errors,
}: {
  address: string;
  onAddress: (value: string) => void;
  pincode: string;
  onPincode: (value: string) => void;
  city: string;
  onCity: (value: string) => void;
  state: string;
  lookup: PincodeLookup;
  errors: FieldErrors;
}) {
  const stateId = useId();
  return (
    <>
      <Field
        label="Address"
        name="address"
        autoComplete="street-address"
        placeholder="House no., building, street, area"
        value={address}
        onChange={(event) => onAddress(event.currentTarget.value)}
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
            onChange={(event) => onPincode(event.currentTarget.value)}
            required
            error={errors.pincode}
          />
          <Field
            label="City"
            name="city"
            autoComplete="address-level2"
            value={city}
            onChange={(event) => onCity(event.currentTarget.value)}
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
    </>
  );
}
