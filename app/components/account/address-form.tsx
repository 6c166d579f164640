import { useState } from "react";
import { Form, Link } from "react-router";
import { PlaceFields } from "~/components/address/place-fields";
import { usePincodeLookup } from "~/components/address/use-pincode-lookup";
import type { FieldErrors } from "~/components/ui/live-errors";
import { useLiveErrors } from "~/components/ui/use-live-errors";
import { fieldErrors as toFieldErrors } from "~/lib/forms";
import { addressSchema, formSummary } from "~/modules/accounts";
import { refinePincodeState, type PlacesOf } from "~/modules/shipping";
import type { AddressView } from "./account-overview";
import { Field, Notice } from "./field";

type AddressValues = Omit<AddressView, "country"> & { id?: string; isPrimary?: boolean };

/** Add or edit an address: Indian states list, 6-digit pincode, 10-digit phone. */
export function AddressForm({
  address,
  values,
  error,
  fieldErrors,
  busy,
  isFirst,
}: {
  address: AddressValues | null;
  values: Record<string, string> | null;
  error?: string;
  fieldErrors?: Record<string, string>;
  busy: boolean;
  isFirst: boolean;
}) {
  const v = (name: keyof AddressValues): string => {
    if (values && name in values) return values[name] ?? "";
    const raw = address?.[name];
    if (name === "phone" && typeof raw === "string") return raw.replace(/^\+91/, "");
    return typeof raw === "string" ? raw : "";
  };
  // pincode, city and state are held here so that the pincode can fill the other two (still editable)
  const [pincode, setPincode] = useState(() => v("pincode"));
  const [city, setCity] = useState(() => v("city"));
  const [state, setState] = useState(() => v("state"));
  const lookup = usePincodeLookup({ pincode, city, state, setCity, setState });
  // the server's rules, with what the pincode lookup knows of the pincode in the field
  const placesOf: PlacesOf = (pin) =>
    lookup.result.status === "found" && lookup.result.pincode === pin ? lookup.result.places : null;
  const live = useLiveErrors({
    check: (formValues) => {
      const result = refinePincodeState(addressSchema, placesOf).safeParse(formValues);
      return result.success ? {} : toFieldErrors(result.error);
    },
    server: fieldErrors,
    sent: values ?? undefined,
    dependents: { pincode: ["state"] },
    controlled: { pincode, city, state },
  });
  const errors = live.errors;
  // the summary follows the fields; another answer of the server ('Address not found') stays
  const message =
    Object.keys(errors).length > 0
      ? formSummary(errors, live.values)
      : fieldErrors && Object.keys(fieldErrors).length > 0
        ? undefined
        : error;
  return (
    <Form
      method="post"
      noValidate
      className="mt-6 space-y-5"
      {...live.handlers}
      onSubmit={(event) => {
        if (!live.submit(event.currentTarget)) event.preventDefault();
      }}
    >
      {message ? <Notice tone="error">{message}</Notice> : null}
      {address?.id ? <input type="hidden" name="id" value={address.id} /> : null}
      <RecipientFields value={v} errors={errors} />
      <PlaceFields
        pincode={pincode}
        onPincode={setPincode}
        city={city}
        onCity={setCity}
        state={state}
        lookup={lookup}
        errors={errors}
      />
      <p className="text-sm text-stone">Country: India</p>
      {!isFirst && !address?.isPrimary ? (
        <label className="flex items-center gap-3 text-sm text-ink">
          <input
            type="checkbox"
            name="makePrimary"
            defaultChecked={values?.makePrimary === "on"}
            className="h-4 w-4 accent-maroon"
          />
          Make this my primary address
        </label>
      ) : null}
      <div className="flex flex-col gap-3 pt-2 sm:flex-row">
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
          {busy ? "Saving..." : address ? "Save changes" : "Add address"}
        </button>
        {address ? (
          <Link to="/account/addresses" className="btn-outline">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Who receives the parcel and the street address: typed, not held by the form. */
function RecipientFields({
  value,
  errors,
}: {
  /** each field's starting value (what was sent, else the address being edited) */
  value: (name: keyof AddressValues) => string;
  errors: FieldErrors;
}) {
  return (
    <>
      <Field
        label="Full name"
        name="fullName"
        autoComplete="name"
        defaultValue={value("fullName")}
        required
        error={errors.fullName}
      />
      <Field
        label="Phone"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="98765 43210"
        defaultValue={value("phone")}
        required
        error={errors.phone}
      />
      <Field
        label="Address line 1"
        name="line1"
        autoComplete="address-line1"
        placeholder="House no., building, street"
        defaultValue={value("line1")}
        required
        error={errors.line1}
      />
      <Field
        label="Address line 2 (optional)"
        name="line2"
        autoComplete="address-line2"
        placeholder="Area, landmark"
        defaultValue={value("line2")}
        error={errors.line2}
      />
    </>
  );
}
