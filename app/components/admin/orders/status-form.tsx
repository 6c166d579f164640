import { useId, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import {
  checkStatusChange,
  FIELD_LIMITS,
  ORDER_ADMIN_MESSAGES,
  statusChoices,
  type OrderActionAnswer,
  type StatusChangeValues,
  type StatusFieldErrors,
} from "~/modules/orders";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/modules/orders";
import { formatPrice } from "~/modules/pricing";
import { Chevron } from "~/components/admin/products/fields";
import { useOrderAnswerToasts } from "./use-order-answer";

/*
 * Changing an order's status. 'Shipped' asks for the courier and the tracking number, 'Cancelled' for
 * a reason (and says what will be refunded); other statuses take an optional note. The form names
 * the order's version; when someone else changed the order first, the refusal says so, the reload
 * button fetches the latest, and everything typed stays in the form.
 */

const COURIERS = ["Blue Dart", "Delhivery", "DTDC", "Ekart", "India Post", "Xpressbees", "Shadowfax", "Ecom Express"];

const LABEL = "block text-[0.7rem] font-medium uppercase tracking-[0.18em] text-stone";
const control = (error?: string) =>
  `mt-1.5 block w-full border bg-white px-3.5 py-2.5 text-[0.95rem] text-ink placeholder:text-stone/70 focus:border-ink focus:outline-none focus:ring-1 focus:ring-ink ${error ? "border-sale" : "border-linen"}`;

export interface StatusFormOrder {
  id: string;
  status: OrderStatus;
  version: number;
  courier: string | null;
  trackingNumber: string | null;
  paymentMethod: "online" | "cod";
}

export function StatusForm({ order, refundablePaise }: { order: StatusFormOrder; refundablePaise: number }) {
  const fetcher = useFetcher<OrderActionAnswer>();
  const revalidator = useRevalidator();
  const id = useId();
  // the current status only as 'Shipped' again, to correct the courier or tracking number
  const choices = statusChoices(order.status).filter((s) => s !== order.status || s === "shipped");
  const blank = (): StatusChangeValues => ({
    status: "",
    courier: order.courier ?? "",
    trackingNumber: order.trackingNumber ?? "",
    reason: "",
  });
  const [values, setValues] = useState<StatusChangeValues>(blank);
  const [errors, setErrors] = useState<StatusFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useOrderAnswerToasts(answer, (a) => {
    if (a.ok) {
      setValues({ status: "", courier: "", trackingNumber: "", reason: "" });
      setErrors({});
      setFormError(null);
      setConflict(false);
    } else {
      setErrors(a.fieldErrors);
      setFormError(a.formError);
      setConflict(Boolean(a.conflict));
    }
  });

  const set =
    (key: keyof StatusChangeValues) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({
        ...v,
        [key]: value,
        ...(key === "status" && value === "shipped" && !v.courier && !v.trackingNumber
          ? { courier: order.courier ?? "", trackingNumber: order.trackingNumber ?? "" }
          : {}),
      }));
      if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
    };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    const checked = checkStatusChange(values);
    if (!checked.ok) {
      event.preventDefault();
      setErrors(checked.fieldErrors);
      setFormError(null);
      const first = Object.keys(checked.fieldErrors)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
    }
  };

  const busy = fetcher.state !== "idle";
  const cancelling = values.status === "cancelled";
  const shipping = values.status === "shipped";
  const describe = (key: keyof StatusChangeValues, hint?: boolean) =>
    [errors[key] ? `${id}-${key}-error` : null, hint ? `${id}-${key}-hint` : null].filter(Boolean).join(" ") ||
    undefined;
  const error = (k: keyof StatusChangeValues) =>
    errors[k] ? (
      <p id={`${id}-${k}-error`} className="mt-1 text-sm text-sale">
        {errors[k]}
      </p>
    ) : null;

  return (
    <fetcher.Form
      method="post"
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label="Change status"
      data-testid="status-form"
    >
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="version" value={order.version} />
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
            aria-describedby={describe("status")}
            className={`${control(errors.status)} appearance-none pr-9`}
          >
            <option value="" disabled>
              Choose a status
            </option>
            {choices.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
                {s === order.status ? " (change tracking)" : ""}
              </option>
            ))}
          </select>
          <Chevron />
        </div>
        {error("status")}
      </div>

      {shipping ? (
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
              aria-describedby={describe("courier")}
              className={control(errors.courier)}
            />
            <datalist id={`${id}-couriers`}>
              {COURIERS.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            {error("courier")}
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
              aria-describedby={describe("trackingNumber")}
              className={`${control(errors.trackingNumber)} font-mono`}
            />
            {error("trackingNumber")}
          </div>
          <p className="text-xs text-stone sm:col-span-2 md:col-span-1 xl:col-span-2">
            The shopper gets a text message with the courier and the tracking number; both show on Track Your Order.
          </p>
        </div>
      ) : (
        <input type="hidden" name="courier" value="" />
      )}
      {!shipping ? <input type="hidden" name="trackingNumber" value="" /> : null}

      {values.status ? (
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
            aria-describedby={describe("reason", cancelling)}
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
          {error("reason")}
        </div>
      ) : (
        <input type="hidden" name="reason" value="" />
      )}

      {formError ? (
        <div
          role="alert"
          className={`border px-3.5 py-3 text-sm ${conflict ? "border-amber-300 bg-amber-50 text-amber-900" : "border-sale/40 bg-red-50 text-sale"}`}
        >
          <p>{formError}</p>
          {conflict ? (
            <button
              type="button"
              onClick={() => {
                void revalidator.revalidate();
                setConflict(false);
                setFormError(null);
              }}
              className="mt-2 text-xs font-medium tracking-[0.18em] text-ink uppercase underline underline-offset-4"
            >
              {revalidator.state !== "idle" ? "Loading the latest..." : "Reload the latest (keeps what you typed)"}
            </button>
          ) : null}
        </div>
      ) : null}

      <button
        type="submit"
        disabled={busy || !values.status}
        className={`${cancelling ? "btn-primary !bg-sale hover:!bg-sale/90" : "btn-primary"} w-full !py-3 disabled:opacity-50`}
      >
        {busy ? "Saving..." : cancelling ? "Cancel order" : shipping ? "Mark shipped" : "Update status"}
      </button>
      {!values.status ? (
        <p className="text-center text-xs text-stone">
          {ORDER_ADMIN_MESSAGES.statusRequired.replace("Please choose", "Choose")} to change this order.
        </p>
      ) : null}
    </fetcher.Form>
  );
}
