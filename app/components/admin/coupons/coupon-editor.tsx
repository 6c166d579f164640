import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useEditorMessages } from "~/components/admin/use-editor-messages";
import { EditorHeader, FormErrorBanner } from "~/components/admin/editor-parts";
import { Link, useFetcher, useLocation, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { StatusBadge } from "~/components/admin/dashboard/status-badge";
import { TextArea, TextInput } from "~/components/admin/products/fields";
import { useToast } from "~/components/admin/toast";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { ActivityItem } from "~/modules/admin/index.server";
import type { CouponForEdit } from "~/modules/coupons/index.server";
import {
  checkCouponForm,
  COUPON_ADMIN_MESSAGES,
  couponValueLabel,
  emptyCouponForm,
  formatShopTime,
  type CouponFieldErrors,
  type CouponFormValues,
} from "~/modules/coupons";
import type { CouponOrderRow } from "~/modules/orders/index.server";
import { formatPrice } from "~/modules/pricing";
import { CouponStateBadge, UsageMeter } from "./coupon-parts";

/*
 * The coupon editor: a modal <dialog> over the list at desktop widths, the whole screen on a phone.
 * Saving sends the form as JSON through a fetcher, so whatever the answer nothing typed is lost; the
 * server checks everything again. An existing coupon shows its uses and the orders that used it.
 */

type SaveAnswer =
  | { ok: true; id: string; created: boolean; code: string }
  | { ok: false; formError: string; fieldErrors: CouponFieldErrors; conflict?: boolean };

export interface CouponEditorData {
  coupon: CouponForEdit | null;
  orders: { rows: CouponOrderRow[]; total: number; page: number; pages: number } | null;
  activity: ActivityItem[];
}

const DISCARD = "Discard your changes to this coupon?";

function EditorDialog({
  titleId,
  onClose,
  children,
}: {
  titleId: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const ref = useModalDialog(true, onClose);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none items-center justify-center overflow-hidden bg-transparent p-0 backdrop:bg-ink/55 open:flex md:p-6"
    >
      <div
        className="flex h-dvh w-full flex-col bg-ivory text-ink shadow-2xl md:h-auto md:max-h-[calc(100dvh-3rem)] md:max-w-5xl"
        data-testid="coupon-editor"
      >
        {children}
      </div>
    </dialog>
  );
}

export function CouponEditor({ coupon, orders, activity }: CouponEditorData) {
  const titleId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<SaveAnswer>();
  const dirty = useRef(false);
  const handled = useRef<SaveAnswer | undefined>(undefined);
  const [params] = useSearchParams();
  const listParams = new URLSearchParams(params);
  listParams.delete("orders");
  const listQuery = listParams.toString();
  const listHref = `/admin/coupons${listQuery ? `?${listQuery}` : ""}`;

  const close = () => {
    if (dirty.current && !window.confirm(DISCARD)) return;
    void navigate(listHref, { preventScrollReset: true });
  };

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast(
        answer.created
          ? `${COUPON_ADMIN_MESSAGES.created}: ${answer.code}`
          : `${COUPON_ADMIN_MESSAGES.updated}: ${answer.code}`,
      );
      dirty.current = false;
      void navigate(listHref, { preventScrollReset: !answer.created });
    } else {
      toast(answer.formError, "error");
    }
  }, [answer, toast, navigate, listHref]);

  return (
    <EditorDialog titleId={titleId} onClose={close}>
      <CouponForm
        key={coupon ? `${coupon.id}:${coupon.stamp}` : "new"}
        titleId={titleId}
        coupon={coupon}
        orders={orders}
        activity={activity}
        search={location.search}
        saving={fetcher.state !== "idle"}
        answer={answer && !answer.ok ? answer : undefined}
        onDirty={(d) => {
          dirty.current = d;
        }}
        onSave={(values) =>
          fetcher.submit(
            { intent: "save", coupon: JSON.stringify(values), stamp: coupon?.stamp ?? "" },
            { method: "post" },
          )
        }
        onClose={close}
        onReload={() => {
          dirty.current = false;
          void revalidator.revalidate();
        }}
        reloading={revalidator.state !== "idle"}
      />
    </EditorDialog>
  );
}

interface FormProps extends CouponEditorData {
  titleId: string;
  search: string;
  saving: boolean;
  reloading: boolean;
  answer: Extract<SaveAnswer, { ok: false }> | undefined;
  onDirty: (dirty: boolean) => void;
  onSave: (values: CouponFormValues) => void;
  onClose: () => void;
  onReload: () => void;
}

type Field = Exclude<keyof CouponFormValues, "isActive" | "type">;

function CouponForm({
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
  const { formError, conflict, shownError, forget, touch, beginSave } = useEditorMessages<keyof CouponFormValues>(
    answer,
    clientErrors,
  );
  const text = (field: Field) => ({
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      forget(field);
    },
    onBlur: () => touch(field),
    error: shownError(field),
  });

  const save = () => {
    if (!beginSave(check.ok, COUPON_ADMIN_MESSAGES.saveFailed)) {
      requestAnimationFrame(() => bodyRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    onSave(values);
  };

  const preview = check.ok
    ? `${couponValueLabel(check.draft.type, check.draft.value)}${check.draft.minAmountPaise > 0 ? ` orders of ${formatPrice(check.draft.minAmountPaise)} or more` : " any order"}`
    : null;
  const percentage = values.type === "percentage";

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
              <fieldset>
                <legend className="block text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase">
                  Type
                  <span aria-hidden="true" className="text-maroon">
                    {" "}
                    *
                  </span>
                </legend>
                <div className="mt-1.5 grid grid-cols-2 border border-linen bg-white p-1">
                  {(
                    [
                      ["percentage", "Percentage"],
                      ["fixed", "Fixed amount"],
                    ] as const
                  ).map(([type, label]) => (
                    <label
                      key={type}
                      className={`flex cursor-pointer items-center justify-center px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-maroon ${
                        values.type === type ? "bg-ink text-ivory" : "text-ink hover:bg-sand"
                      }`}
                    >
                      <input
                        type="radio"
                        name={`${formId}-type`}
                        value={type}
                        checked={values.type === type}
                        onChange={() => {
                          setValues((v) => ({ ...v, type }));
                          forget("value");
                          forget("type");
                        }}
                        className="sr-only"
                      />
                      {label}
                    </label>
                  ))}
                </div>
                {shownError("type") ? <p className="mt-1 text-sm text-sale">{shownError("type")}</p> : null}
              </fieldset>
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
                    checked={values.isActive}
                    onChange={(e) => setValues((v) => ({ ...v, isActive: e.target.checked }))}
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
          {saving ? "Saving..." : coupon ? "Save changes" : "Create coupon"}
        </button>
      </footer>
    </>
  );
}

const ACTIONS: Record<string, string> = {
  create: "Created",
  update: "Edited",
  deactivate: "Deactivated",
  reactivate: "Reactivated",
};

function CouponDetail({
  coupon,
  orders,
  activity,
  search,
}: {
  coupon: CouponForEdit;
  orders: CouponEditorData["orders"];
  activity: ActivityItem[];
  search: string;
}) {
  const pageLink = (page: number) => {
    const next = new URLSearchParams(search);
    if (page <= 1) next.delete("orders");
    else next.set("orders", String(page));
    const qs = next.toString();
    return `/admin/coupons/${coupon.id}${qs ? `?${qs}` : ""}`;
  };
  return (
    <aside className="space-y-6 lg:sticky lg:top-0 lg:self-start">
      <section aria-labelledby="coupon-usage-title" className="border border-linen bg-white p-5">
        <div className="flex items-center justify-between gap-3">
          <h3 id="coupon-usage-title" className="font-display text-xl">
            Usage
          </h3>
          <CouponStateBadge coupon={coupon.item} now={new Date()} />
        </div>
        <p className="mt-3 text-sm" data-testid="coupon-usage">
          <UsageMeter used={coupon.usedCount} limit={coupon.usageLimit} />
        </p>
        <p className="mt-2 text-xs text-stone">
          Uses count orders placed with it; a cancelled or unpaid order gives its use back.
        </p>
      </section>

      <section aria-labelledby="coupon-orders-title" className="border border-linen bg-white">
        <h3 id="coupon-orders-title" className="px-5 pt-5 font-display text-xl">
          Orders with {coupon.code}
        </h3>
        <p className="px-5 text-xs text-stone">
          {orders && orders.total > 0
            ? `${orders.total.toLocaleString("en-IN")} ${orders.total === 1 ? "order" : "orders"}, newest first`
            : "No order has used it yet."}
        </p>
        {orders && orders.rows.length > 0 ? (
          <ol className="mt-3 divide-y divide-linen border-t border-linen" data-testid="coupon-orders">
            {orders.rows.map((o) => (
              <li key={o.id}>
                <Link
                  to={`/admin/orders/${o.id}`}
                  className="flex items-start justify-between gap-3 px-5 py-3 hover:bg-sand/40 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-maroon"
                >
                  <span className="min-w-0">
                    <span className="order-code block truncate text-ink">{o.orderNumber}</span>
                    <span className="block truncate text-xs text-stone">
                      {o.customerName} · {formatShopTime(o.createdAt)}
                    </span>
                  </span>
                  <span className="shrink-0 text-right">
                    <span className="block text-sm text-ink tabular-nums">{formatPrice(o.totalPaise)}</span>
                    <span className="block text-xs text-leaf tabular-nums">−{formatPrice(o.discountPaise)}</span>
                    <span className="mt-1 block">
                      <StatusBadge status={o.status} />
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        ) : null}
        {orders && orders.pages > 1 ? (
          <nav
            aria-label="Pages of orders"
            className="flex items-center justify-between gap-2 border-t border-linen px-5 py-3 text-xs text-stone"
          >
            {orders.page > 1 ? (
              <Link
                to={pageLink(orders.page - 1)}
                preventScrollReset
                className="text-ink underline underline-offset-4"
                rel="prev"
              >
                Newer
              </Link>
            ) : (
              <span />
            )}
            <span>
              Page {orders.page} of {orders.pages}
            </span>
            {orders.page < orders.pages ? (
              <Link
                to={pageLink(orders.page + 1)}
                preventScrollReset
                className="text-ink underline underline-offset-4"
                rel="next"
              >
                Older
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : (
          <div className="h-2" />
        )}
      </section>

      <section aria-labelledby="coupon-activity-title" className="border border-linen bg-white p-5">
        <h3 id="coupon-activity-title" className="font-display text-xl">
          Recent activity
        </h3>
        {activity.length === 0 ? (
          <p className="mt-3 text-sm text-stone">No changes recorded yet.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {activity.map((item) => (
              <li key={item.id} className="border-l-2 border-gold/60 pl-4">
                <p className="text-sm text-ink">{item.summary}</p>
                <p className="mt-0.5 text-xs text-stone">
                  {ACTIONS[item.action] ?? item.action} by {item.actorName} ·{" "}
                  <time dateTime={item.at}>{formatShopTime(item.at)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </aside>
  );
}

/** The editor's answer for an address that is no coupon. */
export function CouponEditorMissing({ notFound }: { notFound: boolean }) {
  const titleId = useId();
  const navigate = useNavigate();
  const close = () => void navigate("/admin/coupons");
  return (
    <EditorDialog titleId={titleId} onClose={close}>
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-10 text-center md:min-h-80">
        <p className="eyebrow">{notFound ? "404" : "Error"}</p>
        <h2 id={titleId} className="font-display text-3xl">
          {notFound ? COUPON_ADMIN_MESSAGES.notFound : "The coupon could not be loaded"}
        </h2>
        <p className="text-sm text-stone">
          {notFound ? "Check the address, or pick it from the list." : "Please try again."}
        </p>
        <button type="button" onClick={close} className="btn-primary mt-2">
          Back to coupons
        </button>
      </div>
    </EditorDialog>
  );
}
