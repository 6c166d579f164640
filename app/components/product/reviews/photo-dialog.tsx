import { useEffect, useRef } from "react";
import { CloseIcon } from "../product-icons";

/**
 * A buyer's photo, large, in the browser's own modal dialog: focus moves into it, Escape and the
 * close button (or a press outside the photo) close it, and focus returns to the thumbnail.
 */
export function PhotoDialog({ url, label, onClose }: { url: string | null; label: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (url && !dialog.open) dialog.showModal();
    if (!url && dialog.open) dialog.close();
  }, [url]);
  return (
    <dialog
      ref={ref}
      aria-label={label}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
      className="m-auto max-h-[92vh] max-w-[min(92vw,56rem)] bg-ivory p-0 shadow-2xl backdrop:bg-[rgb(31_26_23/0.72)]"
    >
      {url ? (
        <div className="relative">
          <img src={url} alt={label} className="block max-h-[88vh] w-auto object-contain" />
          <button
            type="button"
            onClick={() => ref.current?.close()}
            aria-label="Close photo"
            className="absolute top-3 right-3 flex h-10 w-10 items-center justify-center rounded-full bg-ivory/95 text-ink shadow hover:text-maroon"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
