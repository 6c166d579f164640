import { useId, type ReactNode } from "react";
import { Field, FieldError, FieldLabel } from "~/components/account/field";
import type { FieldErrors } from "~/components/ui/live-errors";
import { INDIAN_STATES } from "~/modules/accounts";
import { PincodeNote } from "./pincode-note";
import type { PincodeLookup } from "./use-pincode-lookup";

/**
 * Pincode, city and state, as every address form has them (the address book and the checkout): the
 * form holds the three values, so that the pincode can fill the other two (still editable); the
 * lookup's note sits under them. `besideState` shares the state's row (the checkout's country).
 */
export interface PlaceFieldsProps {
  pincode: string;
  onPincode: (value: string) => void;
  city: string;
  onCity: (value: string) => void;
  state: string;
  lookup: PincodeLookup;
  errors: FieldErrors;
}

export function PlaceFields({
  pincode,
  onPincode,
  city,
  onCity,
  state,
  lookup,
  errors,
  besideState,
}: PlaceFieldsProps & { besideState?: ReactNode }) {
  const stateField = <StateSelect state={state} lookup={lookup} error={errors.state} />;
  return (
    <>
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
      {besideState ? (
        <div className="grid gap-5 sm:grid-cols-2">
          {stateField}
          {besideState}
        </div>
      ) : (
        stateField
      )}
    </>
  );
}

/** The list of India's states and union territories; choosing one tells the pincode lookup. */
function StateSelect({ state, lookup, error }: { state: string; lookup: PincodeLookup; error: string | undefined }) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={id} required>
        State
      </FieldLabel>
      <select
        id={id}
        name="state"
        value={state}
        onChange={(event) => lookup.chooseState(event.currentTarget.value)}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-2 block w-full min-w-0 border bg-white px-4 py-3 text-base text-ink focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon ${error ? "border-sale" : "border-linen"}`}
      >
        <option value="">Choose a state</option>
        {INDIAN_STATES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
