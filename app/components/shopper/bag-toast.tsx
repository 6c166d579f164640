import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { BagIcon, CloseIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ADDED_TO_BAG_EVENT, type AddedToBag } from "./use-shopper";

/*
 * 'Added to bag' where the shopper is looking after a quick add on a product card, with a way to the
 * bag. One message for the whole page, drawn by the shell, so no card carries one of its own (a list
 * page draws 24 cards); a card announces the piece with announceAddedToBag (use-shopper.ts). The live
 * region is always in the page, so screen readers hear each message. It goes after a few seconds,
 * but not while the pointer or the keyboard is on it.
 */

/** How long the message stays on its own. */
const BAG_TOAST_MS = 5000;

export function BagToast() {
  const hydrated = useHydrated();
  const [added, setAdded] = useState<(AddedToBag & { id: number }) | null>(null);
  useEffect(() => {
    let next = 1;
    const show = (event: Event) => setAdded({ ...(event as CustomEvent<AddedToBag>).detail, id: next++ });
    window.addEventListener(ADDED_TO_BAG_EVENT, show);
    return () => window.removeEventListener(ADDED_TO_BAG_EVENT, show);
  }, []);
  const dismiss = useCallback(() => setAdded(null), []);
  // only a page whose script runs can add from a card: without it, no region at all
  if (!hydrated) return null;
  return (
    // a polite live region (no status role: the page's own status messages stay the only ones)
    <div
      aria-live="polite"
      data-testid="bag-toast-region"
      className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex justify-center sm:inset-x-auto sm:right-6 sm:bottom-6"
    >
      {added ? <Message key={added.id} added={added} dismiss={dismiss} /> : null}
    </div>
  );
}

function Message({ added, dismiss }: { added: AddedToBag; dismiss: () => void }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(dismiss, BAG_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [held, dismiss]);
  return (
    <div
      data-testid="bag-toast"
      className="pointer-events-auto flex w-full max-w-sm items-center gap-3 border border-ink/10 bg-ivory py-3 pr-2 pl-4 text-ink shadow-lg"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <BagIcon className="h-5 w-5 shrink-0 text-maroon" />
      <p className="min-w-0 flex-1 text-sm">
        <span className="block font-medium">Added to bag</span>
        <span className="block truncate text-xs text-ink/80">{added.name}</span>
        <span className="block text-xs text-stone">{added.detail}</span>
      </p>
      <Link
        to="/cart"
        onClick={dismiss}
        className="shrink-0 border border-ink px-3 py-2 text-[0.65rem] font-medium tracking-[0.18em] uppercase hover:bg-ink hover:text-ivory"
      >
        View bag
      </Link>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Close"
        className="flex h-9 w-9 shrink-0 items-center justify-center text-stone hover:text-ink"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </div>
  );
}
