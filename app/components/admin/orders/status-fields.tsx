import { Chevron } from "~/components/admin/products/fields";
import {
  FIELD_LIMITS,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type StatusChangeValues,
  type StatusFieldErrors,
} from "~/modules/orders";
import { formatPrice } from "~/modules/pricing";

/*
 * The status form's fields: the new status, the courier and tracking number for 'Shipped', the
 * reason (or note), and the form's error. Each control's id is `<form id>-<field>`, its error
 * `<form id>-<field>-error`; the form holds the values and the errors.
 */

const COURIERS = ["Blue Dart", "Delhivery", "DTDC", "Ekart", "India Post", "Xpressbees", "Shadowfax", "Ecom Express"];

const LABEL = "block text-[0.7rem] font-medium uppercase tracking-[0.18em] text-stone";
const control = (error?: string) =>
  `mt-1.5 block w-full border bg-white px-3.5 py-2.5 text-[0.95rem] text-ink placeholder:text-stone/70 focus:border-ink focus:outline-none focus:ring-1 focus:ring-ink ${error ? "border-sale" : "border-linen"}`;

type Key = keyof StatusChangeValues;
type Change = (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;

/** What the form gives every field: its id, the values, the errors and a change handler per field. */
export interface FieldsProps {
  id: string;
  values: StatusChangeValues;
  errors: StatusFieldErrors;
  set: (key: Key) => Change;
}

const describe = (id: string, errors: StatusFieldErrors, key: Key, hint?: boolean) =>
  [errors[key] ? `${id}-${key}-error` : null, hint ? `${id}-${key}-hint` : null].filter(Boolean).join(" ") || undefined;

function FieldError({ id, errors, field }: { id: string; errors: StatusFieldErrors; field: Key }) {
  return errors[field] ? (
    <p id={`${id}-${field}-error`} className="mt-1 text-sm text-sale">
      {errors[field]}
    </p>
  ) : null;
}

/** The statuses the order may move to; its current one only as 'Shipped', to correct the tracking. */
export function StatusSelect({
  id,
  values,
  errors,
  set,
  choices,
  current,
}: FieldsProps & { choices: OrderStatus[]; current: OrderStatus }) {
  return (
    <div>
      <label htmlFor={`${id}-status`} className={LABEL}>
        New status
      </label>
      <div className="relative">
        <select
          id={`${id}-status`}
          name="status"
          value={values.status}
          onChange={set("status")}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={describe(id, errors, "status")}
          className={`${control(errors.status)} appearance-none pr-9`}
        >
          <option value="" disabled>
            Choose a status
          </option>
          {choices.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
              {s === current ? " (change tracking)" : ""}
            </option>
          ))}
        </select>
        <Chevron />
      </div>
      <FieldError id={id} errors={errors} field="status" />
    </div>
  );
}

/** 'Shipped': the courier (with the usual ones suggested) and the tracking number, both required. */
export function ShippingFields({ id, values, errors, set }: FieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-1 xl:grid-cols-2">
      <div>
        <label htmlFor={`${id}-courier`} className={LABEL}>
          Courier{" "}
          <span className="text-maroon" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={`${id}-courier`}
          name="courier"
          list={`${id}-couriers`}
          value={values.courier}
          onChange={set("courier")}
          maxLength={FIELD_LIMITS.courier}
          autoComplete="off"
          aria-required="true"
          aria-invalid={errors.courier ? true : undefined}
          aria-describedby={describe(id, errors, "courier")}
          className={control(errors.courier)}
        />
        <datalist id={`${id}-couriers`}>
          {COURIERS.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <FieldError id={id} errors={errors} field="courier" />
      </div>
      <div>
        <label htmlFor={`${id}-trackingNumber`} className={LABEL}>
          Tracking number{" "}
          <span className="text-maroon" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={`${id}-trackingNumber`}
          name="trackingNumber"
          value={values.trackingNumber}
          onChange={set("trackingNumber")}
          maxLength={FIELD_LIMITS.trackingNumber}
          autoComplete="off"
          spellCheck={false}
          aria-required="true"
          aria-invalid={errors.trackingNumber ? true : undefined}
          aria-describedby={describe(id, errors, "trackingNumber")}
          className={`${control(errors.trackingNumber)} font-mono`}
        />
        <FieldError id={id} errors={errors} field="trackingNumber" />
      </div>
      <p className="text-xs text-stone sm:col-span-2 md:col-span-1 xl:col-span-2">
        The shopper gets a text message with the courier and the tracking number; both show on Track Your Order.
      </p>
    </div>
  );
}

/** The reason for cancelling (required, and what will be refunded), or an optional note for other statuses. */
export function ReasonField({ id, values, errors, set, refundablePaise }: FieldsProps & { refundablePaise: number }) {
  const cancelling = values.status === "cancelled";
  return (
    <div>
      <label htmlFor={`${id}-reason`} className={LABEL}>
        {cancelling ? (
          <>
            Reason for cancelling{" "}
            <span className="text-maroon" aria-hidden="true">
              *
            </span>
          </>
        ) : (
          "Note (optional)"
        )}
      </label>
      <textarea
        id={`${id}-reason`}
        name="reason"
        rows={cancelling ? 3 : 2}
        value={values.reason}
        onChange={set("reason")}
        maxLength={FIELD_LIMITS.reason}
        aria-required={cancelling || undefined}
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={describe(id, errors, "reason", cancelling)}
        className={control(errors.reason)}
      />
      {cancelling ? (
        <p id={`${id}-reason-hint`} className="mt-1 text-xs text-stone">
          The shopper sees this reason. The pieces go back on sale
          {refundablePaise > 0
            ? `, and ${formatPrice(refundablePaise)} is refunded to the shopper through the payment gateway`
            : ""}
          .
        </p>
      ) : null}
      <FieldError id={id} errors={errors} field="reason" />
    </div>
  );
}

/** The refusal of the last change; after someone else changed the order first, a button to load theirs. */
export function StatusFormError({
  message,
  conflict,
  reloading,
  onReload,
}: {
  message: string;
  conflict: boolean;
  reloading: boolean;
  onReload: () => void;
}) {
  return (
    <div
      role="alert"
      className={`border px-3.5 py-3 text-sm ${conflict ? "border-amber-300 bg-amber-50 text-amber-900" : "border-sale/40 bg-red-50 text-sale"}`}
    >
      <p>{message}</p>
      {conflict ? (
        <button
          type="button"
          onClick={onReload}
          className="mt-2 text-xs font-medium tracking-[0.18em] text-ink uppercase underline underline-offset-4"
        >
          {reloading ? "Loading the latest..." : "Reload the latest (keeps what you typed)"}
        </button>
      ) : null}
    </div>
  );
}
