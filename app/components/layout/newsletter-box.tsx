import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { NEWSLETTER_MESSAGES, parseNewsletterEmail, type NewsletterResult } from "~/modules/content";

/** Footer newsletter sign-up: the same check tests the address in the browser and in the action. */
export function NewsletterBox() {
  const fetcher = useFetcher<NewsletterResult>({ key: "newsletter" });
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const id = useId();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) formRef.current?.reset();
  }, [fetcher.state, result]);

  const error = clientError ?? (result && !result.ok ? result.message : null);
  const success = !clientError && result?.ok ? result.message : null;

  return (
    <div>
      <p className="eyebrow !text-ivory/60" id={`${id}-title`}>
        Newsletter
      </p>
      <p className="mt-3 text-sm leading-relaxed text-ivory/75">
        New collections, restocks and festive offers, about twice a month.
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/newsletter"
        noValidate
        aria-labelledby={`${id}-title`}
        className="mt-4"
        onSubmit={(event) => {
          if (parseNewsletterEmail(new FormData(event.currentTarget).get("email")) === null) {
            event.preventDefault();
            setClientError(NEWSLETTER_MESSAGES.invalid);
          } else {
            setClientError(null);
          }
        }}
      >
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <div className="flex border border-ivory/30 focus-within:border-ivory">
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="Your email address"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-message`}
            onChange={() => setClientError(null)}
            className="min-w-0 flex-1 bg-transparent px-4 py-3 text-sm text-ivory placeholder:text-ivory/55 focus:outline-none"
          />
          <button
            type="submit"
            disabled={busy}
            className="bg-ivory px-5 text-xs font-medium tracking-[0.2em] text-ink uppercase transition-colors hover:bg-gold hover:text-ink disabled:opacity-60"
          >
            {busy ? "Subscribing..." : "Subscribe"}
          </button>
        </div>
        <p
          id={`${id}-message`}
          aria-live="polite"
          className={`mt-2 min-h-5 text-sm ${error ? "text-[#f3b6bf]" : "text-ivory/85"}`}
        >
          {error ?? success ?? ""}
        </p>
      </fetcher.Form>
    </div>
  );
}
