import { useId, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import {
  checkStatusChange,
  ORDER_ADMIN_MESSAGES,
  statusChoices,
  type OrderActionAnswer,
  type OrderStatus,
  type StatusChangeValues,
  type StatusFieldErrors,
} from "~/modules/orders";
import { ReasonField, ShippingFields, StatusFormError, StatusSelect } from "./status-fields";
import { useOrderAnswerToasts } from "./use-order-answer";

/*
 * Changing an order's status. 'Shipped' asks for the courier and the tracking number, 'Cancelled' for
 * a reason (and says what will be refunded); other statuses take an optional note. The form names
 * the order's version; when someone else changed the order first, the refusal says so, the reload
 * button fetches the latest, and everything typed stays in the form.
 */

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
  const fields = { id, values, errors, set };

  if (choices.length === 0)
    return (
      <p className="text-sm text-stone" data-testid="status-final">
        This order is closed: it came back undelivered and its pieces are back in stock.
      </p>
    );

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
      <StatusSelect {...fields} choices={choices} current={order.status} />

      {shipping ? <ShippingFields {...fields} /> : <input type="hidden" name="courier" value="" />}
      {!shipping ? <input type="hidden" name="trackingNumber" value="" /> : null}

      {values.status ? (
        <ReasonField {...fields} refundablePaise={refundablePaise} />
      ) : (
        <input type="hidden" name="reason" value="" />
      )}

      {formError ? (
        <StatusFormError
          message={formError}
          conflict={conflict}
          reloading={revalidator.state !== "idle"}
          onReload={() => {
            void revalidator.revalidate();
            setConflict(false);
            setFormError(null);
          }}
        />
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
