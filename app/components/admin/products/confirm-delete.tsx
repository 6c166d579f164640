import { useId } from "react";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import { PRODUCT_MESSAGES } from "~/modules/catalog/product-form";

/**
 * The spec's confirm before a delete ('Are you sure you want to delete this product?') as a modal
 * alert dialog: focus starts on Cancel, Escape cancels, and focus returns to the button that opened it.
 */
export function ConfirmDelete({
  product,
  everOrdered,
  busy,
  onCancel,
  onConfirm,
}: {
  product: { id: string; name: string } | null;
  everOrdered?: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const ref = useModalDialog(product !== null, onCancel);
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
        <p className="eyebrow">Delete product</p>
        <h2 id={`${id}-title`} className="mt-2 font-display text-2xl leading-snug">
          {PRODUCT_MESSAGES.confirmDelete}
        </h2>
        <div id={`${id}-text`} className="mt-3 space-y-2 text-sm text-stone">
          {product ? <p className="font-medium text-ink">{product.name}</p> : null}
          <p>
            {everOrdered
              ? "It has orders, so it will be archived instead: made inactive and kept for the order history."
              : "Its sizes, stock and pictures are removed for good. A product that has orders is archived instead."}
          </p>
        </div>
        <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" autoFocus onClick={onCancel} className="btn-outline !px-5 !py-3">
            Cancel
          </button>
          <button type="button" onClick={onConfirm} disabled={busy} className="btn-primary !bg-sale !px-5 !py-3 hover:!bg-maroon-dark">
            {busy ? "Deleting..." : "Delete"}
          </button>
        </div>
      </div>
    </dialog>
  );
}
