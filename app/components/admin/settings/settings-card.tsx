import { useId } from "react";

/** One group of the store settings (store, contact, GST, payments...), in the form and in the read-only view. */
export function SettingsCard({
  title,
  description,
  children,
  aside,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  aside?: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border border-linen bg-ivory p-5 sm:p-7">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="font-display text-2xl leading-tight text-ink">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-stone">{description}</p> : null}
        </div>
        {aside}
      </div>
      <div className="mt-5 grid gap-5">{children}</div>
    </section>
  );
}
