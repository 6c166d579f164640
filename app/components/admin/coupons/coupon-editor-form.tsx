import { useEffect, useId, useMemo, useRef, useState } from "react";
import { EditorHeader, FormErrorBanner } from "~/components/admin/editor-parts";
import { TextArea, TextInput } from "~/components/admin/products/fields";
import {
  focusFirstInvalid,
  textBinder,
  useEditorMessages,
  type BoundText,
} from "~/components/admin/use-editor-messages";
import type { ActivityItem } from "~/modules/audit/index.server";
import type { CouponForEdit } from "~/modules/coupons/index.server";
import {
  checkCouponForm,
  COUPON_ADMIN_MESSAGES,
  couponValueLabel,
  emptyCouponForm,
  type CouponFieldErrors,
  type CouponFormValues,
} from "~/modules/coupons";
import { formatPrice } from "~/modules/pricing";
import { CouponDetail, type CouponOrdersPage } from "./coupon-detail";

/*
 * The coupon editor's form: it holds the values typed, checks them, shows what shoppers would get,
 * and hands the values to `onSave`. An existing coupon's uses and orders show beside it.
 */

export type SaveAnswer =
  | { ok: true; id: string; created: boolean; code: string }
  | { ok: false; formError: string; fieldErrors: CouponFieldErrors; conflict?: boolean };

type Field = Exclude<keyof CouponFormValues, "isActive" | "type" | "version">;
type CouponType = "percentage" | "fixed";

interface FormProps {
  titleId: string;
  coupon: CouponForEdit | null;
  orders: CouponOrdersPage | null;
  activity: ActivityItem[];
  search: string;
  saving: boolean;
  reloading: boolean;
  answer: Extract<SaveAnswer, { ok: false }> | undefined;
  onDirty: (dirty: boolean) => void;
  onSave: (values: CouponFormValues) => void;
  onClose: () => void;
  onReload: () => void;
}

export function CouponForm({
  titleId,
  coupon,
  orders,
  activity,
  search,
  saving,
  reloading,
  answer,
  onDirty,
  onSave,
  onClose,
  onReload,
}: FormProps) {
  const start = useMemo(() => coupon?.values ?? emptyCouponForm(), [coupon]);
  const [values, setValues] = useState<CouponFormValues>(start);
  const bodyRef = useRef<HTMLDivElement>(null);
  const formId = useId();

  const isDirty = JSON.stringify(values) !== JSON.stringify(start);
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);

  useEffect(() => {
    if (answer) bodyRef.current?.scrollTo({ top: 0, behavior: "smooth" });
  }, [answer]);

  const check = checkCouponForm(values, { usedCount: coupon?.usedCount ?? 0 });
  const clientErrors: CouponFieldErrors = check.ok ? {} : check.fieldErrors;
  const messages = useEditorMessages<keyof CouponFieldErrors>(answer, clientErrors);
  const { formError, conflict, shownError, forget, beginSave } = messages;
  const text = textBinder<Field, CouponFormValues>(values, setValues, messages);

  const save = () => {
    if (!beginSave(check.ok, COUPON_ADMIN_MESSAGES.saveFailed)) {
      focusFirstInvalid(bodyRef);
      return;
    }
    onSave(values);
  };

  const preview = check.ok
    ? `${couponValueLabel(check.draft.type, check.draft.value)}${check.draft.minAmountPaise > 0 ? ` orders of ${formatPrice(check.draft.minAmountPaise)} or more` : " any order"}`
    : null;

  return (
    <>
      <EditorHeader
        eyebrow={coupon ? "Coupon" : "New coupon"}
        title={coupon ? `Edit ${coupon.code}` : "Create coupon"}
        titleId={titleId}
        onClose={onClose}
      />

      <div ref={bodyRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-6 sm:px-8">
        <FormErrorBanner message={formError} conflict={conflict} reloading={reloading} onReload={onReload} />

        <div className={coupon ? "grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]" : ""}>
          <form
            id={formId}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
            className="min-w-0 space-y-6"
          >
            <CouponFields
              text={text}
              formId={formId}
              coupon={coupon}
              type={values.type}
              typeError={shownError("type")}
              onType={(type) => {
                setValues((v) => ({ ...v, type }));
                forget("value");
                forget("type");
              }}
              isActive={values.isActive}
              onActive={(active) => setValues((v) => ({ ...v, isActive: active }))}
            />
            {preview ? (
              <p className="border-l-2 border-gold bg-sand/50 px-4 py-3 text-sm text-ink" aria-live="polite">
                Shoppers get <strong className="font-medium">{preview}</strong>
                {values.startsAt || values.endsAt ? " within its dates" : ""}.
              </p>
            ) : null}
          </form>

          {coupon ? <CouponDetail coupon={coupon} orders={orders} activity={activity} search={search} /> : null}
        </div>
      </div>

      <CouponFooter formId={formId} isNew={!coupon} saving={saving} onClose={onClose} />
    </>
  );
}

/** The coupon's fields: code, type, amount, minimum, dates, limit, whether it is active, description. */
function CouponFields({
  text,
  formId,
  coupon,
  type,
  typeError,
  onType,
  isActive,
  onActive,
}: {
  text: (field: Field) => BoundText;
  formId: string;
  coupon: CouponForEdit | null;
  type: string;
  typeError: string | undefined;
  onType: (type: CouponType) => void;
  isActive: boolean;
  onActive: (active: boolean) => void;
}) {
  const percentage = type === "percentage";
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextInput
        label="Code"
        required
        autoFocus={!coupon}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        readOnly={Boolean(coupon)}
        hint={
          coupon
            ? "A code cannot be changed: orders keep the code they used"
            : "3 to 32 letters and digits; saved in capitals"
        }
        className="[&_input]:font-medium [&_input]:tracking-[0.12em] [&_input]:uppercase [&_input:read-only]:bg-sand/50"
        {...text("code")}
      />
      <CouponTypeField name={`${formId}-type`} type={type} error={typeError} onType={onType} />
      <TextInput
        label={percentage ? "Percent off" : "Amount off"}
        required
        prefix={percentage ? undefined : "₹"}
        inputMode={percentage ? "numeric" : "decimal"}
        autoComplete="off"
        hint={
          percentage
            ? "A whole percent from 1 to 100; never more than half the subtotal"
            : "In rupees, e.g. 50 or 99.50; never more than the subtotal"
        }
        {...text("value")}
      />
      <TextInput
        label="Minimum order amount"
        prefix="₹"
        inputMode="decimal"
        autoComplete="off"
        hint="The cart subtotal needed; empty for no minimum"
        {...text("minAmount")}
      />
      <TextInput
        label="Valid from"
        type="datetime-local"
        hint="Shop time (IST); empty to start at once"
        {...text("startsAt")}
      />
      <TextInput
        label="Valid until"
        type="datetime-local"
        hint="Shop time (IST); empty for no end"
        {...text("endsAt")}
      />
      <TextInput
        label="Usage limit"
        inputMode="numeric"
        autoComplete="off"
        hint={
          coupon
            ? `Used ${coupon.usedCount} ${coupon.usedCount === 1 ? "time" : "times"} so far; empty for no limit`
            : "Orders that may use it in all; empty for no limit"
        }
        {...text("usageLimit")}
      />
      <div className="flex items-end">
        <label className="flex w-full cursor-pointer items-start gap-3 border border-linen bg-white p-3.5 text-sm">
          <input
            type="checkbox"
            checked={isActive}
            onChange={(e) => onActive(e.target.checked)}
            className="mt-0.5 h-4 w-4 accent-maroon"
          />
          <span>
            <span className="font-medium text-ink">Active</span>
            <span className="block text-xs text-stone">Shoppers can apply it within its dates and limit.</span>
          </span>
        </label>
      </div>
      <TextArea
        label="Description"
        rows={2}
        maxLength={400}
        hint="For staff and the order history, e.g. ‘10% off orders of ₹500 or more’"
        className="sm:col-span-2"
        {...text("description")}
      />
    </div>
  );
}

const TYPES = [
  ["percentage", "Percentage"],
  ["fixed", "Fixed amount"],
] as const;

/** Percentage or fixed amount, as two radio buttons drawn as a switch. */
function CouponTypeField({
  name,
  type,
  error,
  onType,
}: {
  name: string;
  type: string;
  error: string | undefined;
  onType: (type: CouponType) => void;
}) {
  return (
    <fieldset>
      <legend className="block text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase">
        Type
        <span aria-hidden="true" className="text-maroon">
          {" "}
          *
        </span>
      </legend>
      <div className="mt-1.5 grid grid-cols-2 border border-linen bg-white p-1">
        {TYPES.map(([value, label]) => (
          <label
            key={value}
            className={`flex cursor-pointer items-center justify-center px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-maroon ${
              type === value ? "bg-ink text-ivory" : "text-ink hover:bg-sand"
            }`}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={type === value}
              onChange={() => onType(value)}
              className="sr-only"
            />
            {label}
          </label>
        ))}
      </div>
      {error ? <p className="mt-1 text-sm text-sale">{error}</p> : null}
    </fieldset>
  );
}

/** 'Saving...' while the save runs, Cancel and the submit button. */
function CouponFooter({
  formId,
  isNew,
  saving,
  onClose,
}: {
  formId: string;
  isNew: boolean;
  saving: boolean;
  onClose: () => void;
}) {
  return (
    <footer className="flex items-center justify-end gap-2 border-t border-linen bg-ivory px-4 py-3 sm:px-8 sm:py-3.5">
      <p aria-live="polite" className="mr-auto text-sm text-stone">
        {saving ? "Saving..." : ""}
      </p>
      <button type="button" onClick={onClose} className="btn-outline !px-4 !py-3 sm:!px-5">
        Cancel
      </button>
      <button
        type="submit"
        form={formId}
        disabled={saving}
        className="btn-primary !px-4 !py-3 whitespace-nowrap sm:!px-6"
      >
        {saving ? "Saving..." : isNew ? "Create coupon" : "Save changes"}
      </button>
    </footer>
  );
}
