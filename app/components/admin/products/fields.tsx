import { useId } from "react";

/*
 * The editor's labelled controls: a visible label, the required mark, a hint and the error, tied to
 * the control with aria-describedby so screen readers read them with it.
 */

const control = (error?: string) =>
  `mt-1.5 block w-full border bg-white px-3.5 py-2.5 text-[0.95rem] text-ink placeholder:text-stone/70 focus:border-ink focus:outline-none focus:ring-1 focus:ring-ink ${error ? "border-sale" : "border-linen"}`;

interface Common {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

function Describe({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-sale">
          {error}
        </p>
      ) : null}
    </>
  );
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="block text-[0.7rem] font-medium tracking-[0.18em] text-stone uppercase">
      {label}
      {required ? (
        <span aria-hidden="true" className="text-maroon">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;

export function TextInput({
  label,
  error,
  hint,
  required,
  className,
  prefix,
  ...input
}: Common & { prefix?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "required" | "prefix">) {
  const id = useId();
  return (
    <div className={className}>
      <Label id={id} label={label} required={required} />
      <div className="relative">
        {prefix ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3.5 mt-1.5 flex items-center text-stone"
          >
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={`${control(error)} ${prefix ? "pl-8" : ""}`}
          {...input}
        />
      </div>
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextArea({
  label,
  error,
  hint,
  required,
  className,
  ...input
}: Common & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "required">) {
  const id = useId();
  return (
    <div className={className}>
      <Label id={id} label={label} required={required} />
      <textarea
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`${control(error)} min-h-24 leading-relaxed`}
        {...input}
      />
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

export function Select({
  label,
  error,
  hint,
  required,
  className,
  children,
  ...select
}: Common & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id" | "required">) {
  const id = useId();
  return (
    <div className={className}>
      <Label id={id} label={label} required={required} />
      <div className="relative">
        <select
          id={id}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={`${control(error)} appearance-none pr-10`}
          {...select}
        >
          {children}
        </select>
        <Chevron />
      </div>
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

/** The open-list mark of a select whose own arrow is hidden (appearance: none). */
export function Chevron() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 12 8"
      className="pointer-events-none absolute top-1/2 right-3.5 mt-[3px] h-2 w-3 -translate-y-1/2 text-stone"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <path d="M1 1.5 6 6.5l5-5" />
    </svg>
  );
}

/** A section of the editor with its heading. */
export function Section({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  id?: string;
}) {
  const generated = useId();
  const headingId = id ?? generated;
  return (
    <section aria-labelledby={headingId} className="border-t border-linen pt-7 first:border-t-0 first:pt-0">
      <h3 id={headingId} className="font-display text-2xl leading-tight text-ink">
        {title}
      </h3>
      {description ? <p className="mt-1 text-sm text-stone">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A pressed/not-pressed chip (sizes, occasions, colours). */
export function ToggleChip({
  pressed,
  onToggle,
  children,
  label,
}: {
  pressed: boolean;
  onToggle: () => void;
  children: React.ReactNode;
  label?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onToggle}
      className={`inline-flex min-h-10 items-center gap-2 border px-3.5 py-2 text-sm transition-colors ${
        pressed ? "border-ink bg-ink text-ivory" : "border-linen bg-white text-ink hover:border-ink"
      }`}
    >
      {children}
    </button>
  );
}
