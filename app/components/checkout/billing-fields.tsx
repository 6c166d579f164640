import { Field } from "~/components/account/field";
import { PlaceFields, type PlaceFieldsProps } from "~/components/address/place-fields";
import type { FieldErrors } from "~/components/ui/live-errors";
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
  ...place
}: PlaceFieldsProps & { address: string; onAddress: (value: string) => void }) {
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
        error={place.errors.address}
      />
      <PlaceFields
        {...place}
        besideState={
          <Field
            label="Country"
            name="country"
            value="India"
            readOnly
            aria-readonly="true"
            className="[&_input]:bg-sand [&_input]:text-stone"
          />
        }
      />
    </>
  );
}
