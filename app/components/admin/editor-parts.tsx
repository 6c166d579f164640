import { CloseIcon } from "~/components/ui/icons";

/*
 * Pieces every admin editor shares (products, coupons, settings): the editor's heading with its
 * close button, and the form's error banner that offers the latest version after a refused save.
 */

export function EditorHeader({
  eyebrow,
  title,
  titleId,
  onClose,
}: {
  eyebrow: string;
  title: string;
  titleId: string;
  onClose: () => void;
}) {
  return (
    <header className="flex items-start justify-between gap-4 border-b border-linen px-5 py-4 sm:px-8 sm:py-5">
      <div className="min-w-0">
        <p className="eyebrow">{eyebrow}</p>
        <h2 id={titleId} className="mt-1 truncate font-display text-3xl leading-tight">
          {title}
        </h2>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close the editor"
        className="-mr-2 rounded-full p-2 text-ink hover:text-maroon focus-visible:outline-2 focus-visible:outline-maroon"
      >
        <CloseIcon className="h-6 w-6" />
      </button>
    </header>
  );
}

/** The form's error; after a save refused because someone else saved first, a button to load their version. */
export function FormErrorBanner({
  message,
  conflict,
  reloading,
  onReload,
  className = "mb-6",
}: {
  message: string | null;
  conflict: boolean;
  reloading: boolean;
  onReload: () => void;
  className?: string;
}) {
  if (!message) return null;
  return (
    <div role="alert" className={`${className} border border-sale/30 bg-[#fbefed] px-4 py-3 text-sm text-sale`}>
      <p>{message}</p>
      {conflict ? (
        <button
          type="button"
          onClick={onReload}
          disabled={reloading}
          className="mt-2 font-medium text-ink underline underline-offset-4 hover:text-maroon"
        >
          {reloading ? "Loading the latest version..." : "Reload the latest version (replaces what you typed)"}
        </button>
      ) : null}
    </div>
  );
}
