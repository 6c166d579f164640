import { LockIcon } from "~/components/ui/icons";

/** The checkout pages' frame: the lock eyebrow and the page title over the content. */
export function CheckoutShell({
  children,
  eyebrow = "Secure checkout",
  title = "Checkout",
}: {
  children: React.ReactNode;
  eyebrow?: string;
  title?: string;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-20 sm:px-8 sm:pt-12">
      <header className="mb-8 border-b border-linen pb-6">
        <p className="eyebrow flex items-center gap-2">
          <LockIcon className="h-3.5 w-3.5" />
          {eyebrow}
        </p>
        <h1 className="mt-2 font-display text-4xl text-ink sm:text-5xl">{title}</h1>
      </header>
      {children}
    </div>
  );
}
