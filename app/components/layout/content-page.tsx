import { Link } from "react-router";
import { ArrowLeftIcon } from "~/components/ui/icons";

/** Frame of the policy and information pages: heading, readable measure, Back to Store. */
export function ContentPage({
  eyebrow,
  title,
  intro,
  updated,
  logo = false,
  children,
}: {
  /** the shop's wordmark above the heading (the privacy policy's logo header) */
  logo?: boolean;
  eyebrow: string;
  title: string;
  intro?: React.ReactNode;
  updated?: string;
  children: React.ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-6 pt-12 pb-8 sm:px-8 sm:pt-16">
      <BackToStore />
      <header className="mt-8 border-b border-linen pb-10">
        {logo ? (
          <p className="mb-6 font-display text-3xl tracking-[0.32em] text-ink uppercase" aria-hidden="true">
            Saanjh
          </p>
        ) : null}
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-3 font-display text-4xl leading-tight font-medium text-ink sm:text-5xl">{title}</h1>
        {intro ? <div className="mt-5 text-base leading-relaxed text-stone">{intro}</div> : null}
        {updated ? <p className="mt-4 text-xs tracking-[0.2em] text-stone uppercase">Last updated {updated}</p> : null}
      </header>
      <div className="mt-10">{children}</div>
      <div className="mt-14 border-t border-linen pt-8">
        <BackToStore />
      </div>
    </article>
  );
}

export function BackToStore() {
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-2 py-1 text-xs font-medium tracking-[0.22em] text-ink uppercase hover:text-maroon"
    >
      <ArrowLeftIcon className="h-4 w-4" />
      Back to Store
    </Link>
  );
}

/** One titled section of a policy page. */
export function PolicySection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-10">
      <h2 id={id} className="font-display text-2xl font-medium text-ink sm:text-[1.7rem]">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-[0.95rem] leading-relaxed text-ink/80">{children}</div>
    </section>
  );
}
