import { useState } from "react";
import {
  edit,
  initialLiveErrors,
  leave,
  submitAll,
  visibleErrors,
  type Check,
  type FieldErrors,
  type FormValues,
} from "./live-errors";

/** Inputs whose change is a choice made at once, not typing under way. */
const CHOICES = new Set(["select-one", "select-multiple", "checkbox", "radio"]);

function readForm(form: HTMLFormElement): FormValues {
  const out: FormValues = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string") out[key] = value;
  return out;
}

export interface LiveErrors {
  /** the message each field shows now */
  errors: FieldErrors;
  /** the form's values as last read, with the controlled ones as they are now */
  values: FormValues;
  /** for the <form>: each change and each field left updates the messages */
  handlers: {
    onChange: (event: React.FormEvent<HTMLFormElement>) => void;
    onBlur: (event: React.FocusEvent<HTMLFormElement>) => void;
  };
  /** For the form's onSubmit: true when the browser's check passes; otherwise every message shows. */
  submit: (form: HTMLFormElement) => boolean;
}

/**
 * A form's field messages, live (live-errors.ts has the rules): spread `handlers` on the <form> and
 * call `submit(event.currentTarget)` in its onSubmit. `server` and `sent` are the action's last answer
 * (its messages and the values it was sent); `controlled` are the values the component holds itself,
 * which change without the shopper typing too (a pincode filling the city): the check sees them as
 * they are at each render.
 */
export function useLiveErrors({
  check,
  server,
  sent,
  dependents,
  controlled,
}: {
  check: Check;
  server?: FieldErrors;
  sent?: FormValues;
  dependents?: Readonly<Record<string, readonly string[]>>;
  controlled?: FormValues;
}): LiveErrors {
  const [answer, setAnswer] = useState(server);
  const [state, setState] = useState(() => initialLiveErrors(check, server, sent));
  // a new answer of the server starts again from its messages
  if (server !== answer) {
    setAnswer(server);
    setState(initialLiveErrors(check, server, sent));
  }
  const values = controlled ? { ...state.values, ...controlled } : state.values;

  return {
    errors: visibleErrors(state, check(values)),
    values,
    handlers: {
      onChange: (event) => {
        const target = event.target as HTMLInputElement;
        if (!target.name) return;
        const now = readForm(event.currentTarget);
        setState((s) =>
          edit(s, target.name, now, { chosen: CHOICES.has(target.type), dependents: dependents?.[target.name] }),
        );
      },
      onBlur: (event) => {
        const name = (event.target as { name?: unknown }).name;
        if (typeof name === "string" && name) setState((s) => leave(s, name));
      },
    },
    submit: (form) => {
      const now = readForm(form);
      setState((s) => submitAll(s, check, now));
      return Object.keys(check(now)).length === 0;
    },
  };
}
