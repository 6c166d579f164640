import { useState, type ChangeEvent, type Dispatch, type SetStateAction } from "react";

/** What the server answers a refused save with. */
export interface RefusedSave<Field extends string> {
  formError: string | null;
  fieldErrors: Partial<Record<Field, string>>;
  conflict?: boolean;
}

/**
 * The messages of an admin editor (products, coupons, settings): the server's answer to the last
 * save replaces what is shown (React's 'state from a changed prop' pattern); a field's own check
 * shows once it was left or a save was tried; typing in a field clears the server's message on it.
 */
export function useEditorMessages<Field extends string>(
  answer: RefusedSave<Field> | null | undefined,
  clientErrors: Partial<Record<Field, string>>,
) {
  const [attempted, setAttempted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);

  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    if (answer) {
      setServerErrors(answer.fieldErrors);
      setFormError(answer.formError);
      setConflict(Boolean(answer.conflict));
    }
  }

  return {
    attempted,
    serverErrors,
    formError,
    conflict,
    shownError: (field: Field) =>
      serverErrors[field] ?? (attempted || touched.has(field) ? clientErrors[field] : undefined),
    /** the server's message on a field goes once the field is changed */
    forget: (field: Field) =>
      setServerErrors((e) => {
        if (!(field in e)) return e;
        const { [field]: _gone, ...rest } = e;
        return rest as Partial<Record<Field, string>>;
      }),
    touch: (field: Field) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field))),
    /** a save is tried: false while the form's own checks fail (showing `message` when one is given) */
    beginSave: (ok: boolean, message?: string): boolean => {
      setAttempted(true);
      if (!ok) {
        if (message !== undefined) setFormError(message);
        return false;
      }
      setFormError(null);
      setConflict(false);
      return true;
    },
    /** back to a fresh form (after the latest version was loaded) */
    reset: () => {
      setServerErrors({});
      setFormError(null);
      setAttempted(false);
      setTouched(new Set());
    },
  };
}

/** What an editor's `text(field)` spreads onto a labelled control: the value, its change and leave handlers, its error. */
export interface BoundText {
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: () => void;
  error: string | undefined;
}

/**
 * An editor's `text(field)`: ties a text field of the form's values to its control. Typing sets the
 * value and clears the server's message on the field; leaving the field lets its own check show.
 */
export function textBinder<F extends string, V extends Record<F, string>>(
  values: V,
  setValues: Dispatch<SetStateAction<V>>,
  messages: {
    forget: (field: F) => void;
    touch: (field: F) => void;
    shownError: (field: F) => string | undefined;
  },
): (field: F) => BoundText {
  return (field) => ({
    value: values[field],
    onChange: (e) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      messages.forget(field);
    },
    onBlur: () => messages.touch(field),
    error: messages.shownError(field),
  });
}

/** After a refused save, the first field marked invalid takes the focus (once the messages are drawn). */
export function focusFirstInvalid(root: { readonly current: HTMLElement | null }) {
  requestAnimationFrame(() => root.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}
