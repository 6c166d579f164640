import { useId } from "react";

type FieldProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  name: string;
  error?: string;
  hint?: string;
};

/** A labelled text input with its error announced to screen readers. */
export function Field({ label, name, error, hint, className, ...input }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} required={input.required}>
        {label}
      </FieldLabel>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-2 block w-full border bg-white px-4 py-3 text-base text-ink placeholder:text-stone/60 focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon ${error ? "border-sale" : "border-linen"}`}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's label, with a star when it is required. */
export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean | undefined;
  children: React.ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className="eyebrow block text-ink">
      {children}
      {required ? (
        <span aria-hidden="true" className="text-maroon">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

/** What is wrong with a field, under it (the control names it with aria-describedby). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1.5 text-sm text-sale">
      {error}
    </p>
  ) : null;
}

/** A message box: errors are alerts, the rest polite status updates. */
export function Notice({ tone, children }: { tone: "error" | "success" | "info"; children: React.ReactNode }) {
  const styles = {
    error: "border-sale/30 bg-red-50 text-sale",
    success: "border-leaf/30 bg-emerald-50 text-leaf",
    info: "border-linen bg-sand text-ink",
  }[tone];
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`border px-4 py-3 text-sm ${styles}`}>
      {children}
    </p>
  );
}
