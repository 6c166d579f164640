import { useId } from "react";
import { useModalDialog } from "~/components/layout/use-modal-dialog";

/**
 * A modal alert dialog asking before a change that cannot simply be undone (a delete, locking someone
 * out): focus starts on Cancel, Escape and the backdrop cancel, and focus returns to the button that
 * opened it.
 */
export function ConfirmDialog({
  open,
  eyebrow,
  title,
  confirmLabel,
  busyLabel,
  busy,
  onCancel,
  onConfirm,
  children,
}: {
  open: boolean;
  eyebrow: string;
  title: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children?: React.ReactNode;
}) {
  const ref = useModalDialog(open, onCancel);
  const id = useId();
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none items-center justify-center bg-transparent p-4 backdrop:bg-ink/50 open:flex"
    >
      <div className="w-full max-w-md bg-ivory p-7 text-ink shadow-2xl sm:p-8">
        <p className="eyebrow">{eyebrow}</p>
        <h2 id={`${id}-title`} className="mt-2 font-display text-2xl leading-snug">
          {title}
        </h2>
        <div id={`${id}-text`} className="mt-3 space-y-3 text-sm text-stone">
          {children}
        </div>
        <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" autoFocus onClick={onCancel} className="btn-outline !px-5 !py-3">
            Cancel
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy}
            className="btn-primary !bg-sale !px-5 !py-3 hover:!bg-maroon-dark"
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
