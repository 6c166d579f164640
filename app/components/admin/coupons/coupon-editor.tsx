import { useEffect, useId, useRef } from "react";
import { useFetcher, useLocation, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { useToast } from "~/components/admin/toast";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { ActivityItem } from "~/modules/audit/index.server";
import type { CouponForEdit } from "~/modules/coupons/index.server";
import { COUPON_ADMIN_MESSAGES } from "~/modules/coupons";
import type { CouponOrdersPage } from "./coupon-detail";
import { CouponForm, type SaveAnswer } from "./coupon-editor-form";

/*
 * The coupon editor: a modal <dialog> over the list at desktop widths, the whole screen on a phone.
 * Saving sends the form as JSON through a fetcher, so whatever the answer nothing typed is lost; the
 * server checks everything again. An existing coupon shows its uses and the orders that used it.
 */

export interface CouponEditorData {
  coupon: CouponForEdit | null;
  orders: CouponOrdersPage | null;
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
        key={coupon ? `${coupon.id}:${coupon.values.version}` : "new"}
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
        onSave={(values) => fetcher.submit({ intent: "save", coupon: JSON.stringify(values) }, { method: "post" })}
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
