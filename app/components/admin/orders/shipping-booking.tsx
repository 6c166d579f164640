import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { StaffShippingView } from "~/modules/shipping/index.server";
import { checkPackage, SHIPPING_MESSAGES, type PackageField, type PackageValues } from "~/modules/shipping";
import { isStale, useShippingAnswer } from "./shipping-answer";
import { CourierChoices } from "./shipping-couriers";
import { keptChoice, parcelValues } from "./shipping-format";
import { StatusFormError } from "./status-fields";

/*
 * Booking the order's parcel with a courier: the parcel's weight and sides (prefilled from the pieces'
 * packed sizes), the couriers that deliver to the pincode with the cheapest chosen, and the booking
 * itself, which can take the courier service a few seconds. A refusal keeps everything typed; a field
 * the server or the browser finds wrong gets its message under it and the focus.
 */

type Booking = NonNullable<StaffShippingView["booking"]>;
type BookingField = PackageField | "courierId";
type BookingErrors = Partial<Record<BookingField, string>>;

const FIELDS: Array<{ name: PackageField; label: string; unit: string }> = [
  { name: "weightGrams", label: "Weight", unit: "g" },
  { name: "lengthCm", label: "Length", unit: "cm" },
  { name: "breadthCm", label: "Breadth", unit: "cm" },
  { name: "heightCm", label: "Height", unit: "cm" },
];
const ORDER: BookingField[] = ["weightGrams", "lengthCm", "breadthCm", "heightCm", "courierId"];

const LABEL = "block text-[0.7rem] font-medium uppercase tracking-[0.18em] text-stone";
const control = (error?: string) =>
  `mt-1.5 block w-full border bg-white px-3 py-2.5 text-[0.95rem] text-ink tabular-nums focus:border-ink focus:outline-none focus:ring-1 focus:ring-ink ${error ? "border-sale" : "border-linen"}`;

function ParcelFields({
  id,
  values,
  errors,
  onChange,
}: {
  id: string;
  values: PackageValues;
  errors: BookingErrors;
  onChange: (field: PackageField, value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink">Parcel</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {FIELDS.map((f) => (
          <div key={f.name}>
            <label htmlFor={`${id}-${f.name}`} className={LABEL}>
              {f.label} ({f.unit})
            </label>
            <input
              id={`${id}-${f.name}`}
              name={f.name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={values[f.name]}
              onChange={(event) => onChange(f.name, event.currentTarget.value)}
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={errors[f.name] ? `${id}-${f.name}-error` : undefined}
              className={control(errors[f.name])}
            />
            {errors[f.name] ? (
              <p id={`${id}-${f.name}-error`} className="mt-1 text-sm text-sale">
                {errors[f.name]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The courier service did not answer: its words and a way to ask again. */
function QuoteError({ message }: { message: string }) {
  const revalidator = useRevalidator();
  const loading = revalidator.state !== "idle";
  return (
    <div role="alert" className="border border-sale/40 bg-red-50 px-3.5 py-3 text-sm text-sale">
      <p>{message}</p>
      <button
        type="button"
        onClick={() => void revalidator.revalidate()}
        disabled={loading}
        className="mt-2 text-xs font-medium tracking-[0.18em] text-ink uppercase underline underline-offset-4"
      >
        {loading ? "Asking the courier service..." : "Try again"}
      </button>
    </div>
  );
}

export function BookingForm({
  orderId,
  orderVersion,
  pincode,
  booking,
}: {
  orderId: string;
  orderVersion: number;
  pincode: string;
  booking: Booking;
}) {
  const id = useId();
  const revalidator = useRevalidator();
  const [values, setValues] = useState<PackageValues>(() => parcelValues(booking.parcel));
  const [picked, setPicked] = useState("");
  const [errors, setErrors] = useState<BookingErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const sent = useRef(false);
  const chosen = keptChoice(picked, booking.couriers);

  const focusFirst = (found: BookingErrors) => {
    const first = ORDER.find((f) => found[f]);
    if (first) document.getElementById(first === "courierId" ? `${id}-courier-0` : `${id}-${first}`)?.focus();
  };

  const fetcher = useShippingAnswer((answer) => {
    if (!sent.current) return;
    sent.current = false;
    if (answer.ok) return; // the page loads again without this form
    setErrors(answer.fieldErrors);
    setFormError(answer.formError);
    focusFirst(answer.fieldErrors);
  });
  const busy = fetcher.state !== "idle";
  const pending = busy && fetcher.formData?.get("intent") === "book-shipment";

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    const checked = checkPackage(values);
    const found: BookingErrors = {
      ...(checked.ok ? {} : checked.fieldErrors),
      ...(chosen ? {} : { courierId: SHIPPING_MESSAGES.courierRequired }),
    };
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setErrors(found);
      setFormError(null);
      focusFirst(found);
      return;
    }
    setErrors({});
    setFormError(null);
    sent.current = true;
  };

  if (booking.error) return <QuoteError message={booking.error} />;
  if (booking.couriers.length === 0)
    return (
      <p role="note" className="border border-linen bg-white px-3.5 py-3 text-sm text-ink">
        {SHIPPING_MESSAGES.noCouriers(pincode)}
      </p>
    );

  return (
    <fetcher.Form
      method="post"
      action={`/admin/orders/${orderId}`}
      onSubmit={submit}
      noValidate
      aria-label="Book with a courier"
      aria-busy={pending || undefined}
      className="space-y-5"
      data-testid="booking-form"
    >
      <input type="hidden" name="intent" value="book-shipment" />
      <input type="hidden" name="version" value={orderVersion} />
      <ParcelFields
        id={id}
        values={values}
        errors={errors}
        onChange={(field, value) => {
          setValues((v) => ({ ...v, [field]: value }));
          if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
        }}
      />
      <CourierChoices
        id={id}
        couriers={booking.couriers}
        chosen={chosen}
        error={errors.courierId}
        weightGrams={booking.parcel.weightGrams}
        onChoose={(courierId) => {
          setPicked(courierId);
          if (errors.courierId) setErrors((e) => ({ ...e, courierId: undefined }));
        }}
      />
      {formError && !Object.values(errors).includes(formError) ? (
        <StatusFormError
          message={formError}
          conflict={isStale(formError)}
          reloading={revalidator.state !== "idle"}
          onReload={() => {
            void revalidator.revalidate();
            setFormError(null);
          }}
        />
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <button type="submit" disabled={busy} className="btn-primary !py-3 sm:self-start">
          {pending ? "Booking with the courier..." : "Book with courier"}
        </button>
        <p className="text-xs text-stone" aria-live="polite">
          {pending ? "The courier service can take a few seconds to answer." : null}
        </p>
      </div>
    </fetcher.Form>
  );
}
