/** One card of the dashboard: a titled section with an optional line under the title and an action on the right. */
export function Panel({
  id,
  title,
  note,
  action,
  className = "",
  children,
}: {
  id: string;
  title: string;
  note?: React.ReactNode;
  action?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`flex min-w-0 flex-col border border-linen bg-ivory ${className}`}
    >
      <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1 border-b border-linen px-5 pt-4 pb-3.5 sm:px-6">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="font-display text-[1.45rem] leading-tight text-ink">
            {title}
          </h2>
          {note ? <p className="mt-0.5 text-xs text-stone">{note}</p> : null}
        </div>
        {action}
      </header>
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
    </section>
  );
}

/** A quiet text link in a panel's header or footer. */
export const panelLinkClass =
  "text-[0.7rem] font-medium uppercase tracking-[0.2em] text-maroon underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon";
