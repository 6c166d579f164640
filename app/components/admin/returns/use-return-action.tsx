import type { ReturnActionAnswer } from "~/modules/admin/index.server";
import { ActionError, useActionAnswer } from "../use-action-answer";
import { LABEL, control } from "./return-format";

/*
 * One form of the return's page: its fetcher, the answer shown once as a toast, and the refusal kept
 * beside the form with the fields' own errors. The form's controls are never reset by a refusal, so
 * what was typed stays; after someone else moved the return on, 'Reload the latest' fetches it.
 */

export function useReturnAction() {
  const { fetcher, busy, failed } = useActionAnswer<ReturnActionAnswer>();
  return { fetcher, busy, failed, fieldError: (name: string) => failed?.fieldErrors[name] };
}

export { ActionError };

/** A labelled text control with its error below it (ids `<id>`, `<id>-error`, `<id>-hint`). */
export function TextField({
  id,
  name,
  label,
  error,
  hint,
  required,
  multiline,
  maxLength,
  mono,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: React.ReactNode;
  required?: boolean;
  multiline?: boolean;
  maxLength: number;
  mono?: boolean;
  defaultValue?: string;
}) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    maxLength,
    defaultValue,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    className: `${control(error)} ${mono ? "font-mono" : ""}`,
  } as const;
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
        {required ? (
          <span className="text-maroon" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {multiline ? <textarea rows={3} {...common} /> : <input autoComplete="off" spellCheck={false} {...common} />}
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
    </div>
  );
}
