import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { PRODUCT_MESSAGES } from "~/modules/catalog";

/** The confirmation asked before a delete ('Are you sure you want to delete this product?'). */
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
  return (
    <ConfirmDialog
      open={product !== null}
      eyebrow="Delete product"
      title={PRODUCT_MESSAGES.confirmDelete}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {product ? <p className="font-medium text-ink">{product.name}</p> : null}
      <p>
        {everOrdered
          ? "It has orders, so it will be archived instead: made inactive and kept for the order history."
          : "Its sizes, stock and pictures are removed for good. A product that has orders is archived instead."}
      </p>
    </ConfirmDialog>
  );
}
