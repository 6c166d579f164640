import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useToast } from "~/components/admin/toast";
import {
  MIN_STAFF_PASSWORD_LENGTH,
  parseStaffForm,
  type StaffFieldErrors,
  type StaffFormValues,
} from "~/modules/accounts";

type AddAnswer =
  | { intent: "add"; ok: true; message: string }
  | { intent: "add"; ok: false; formError?: string; fieldErrors: StaffFieldErrors; values: StaffFormValues };

const INPUT =
  "mt-1.5 w-full border bg-white px-3 py-2.5 text-sm text-ink focus:border-ink focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon aria-[invalid=true]:border-sale";

/**
 * An owner adds a staff member: name, e-mail, a first password (the rules of `npm run admin:create`,
 * checked here with the server's schema and again by the server) and whether they are an owner.
 * Whatever goes wrong, what was typed stays, with a message beside each field.
 */
export function AddStaffForm({ onAdded }: { onAdded: () => void }) {
  const fetcher = useFetcher<AddAnswer>();
  const toast = useToast();
  // the browser's own check of the last submit (null: it passed, so the server's answer counts)
  const [clientErrors, setClientErrors] = useState<StaffFieldErrors | null>(null);
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const errors = clientErrors ?? refused?.fieldErrors ?? {};
  const formError = clientErrors ? null : (refused?.formError ?? null);
  const shown = useRef<AddAnswer | undefined>(undefined);
  const busy = fetcher.state !== "idle";
  const firstInvalid = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || shown.current === answer || fetcher.state !== "idle") return;
    shown.current = answer;
    if (answer.ok) {
      toast(answer.message);
      onAdded();
      return;
    }
    if (answer.formError) toast(answer.formError, "error");
  }, [fetcher.data, fetcher.state, toast, onAdded]);

  useEffect(() => {
    firstInvalid.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [clientErrors, refused]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = parseStaffForm(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.ok) {
      event.preventDefault();
      setClientErrors(parsed.fieldErrors);
    } else setClientErrors(null);
  };

  return (
    <section
      id="add-staff"
      aria-labelledby="add-staff-title"
      className="mb-8 border border-linen bg-ivory p-5 shadow-sm sm:p-7"
    >
      <h2 id="add-staff-title" className="font-display text-2xl text-ink">
        Add a staff member
      </h2>
      <p className="mt-1 text-sm text-stone">
        They sign in at /admin with this e-mail and password. Share the password with them privately.
      </p>
      <fetcher.Form
        ref={firstInvalid}
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="add" />
        <StaffField
          name="name"
          label="Full name"
          error={errors.name}
          type="text"
          autoComplete="off"
          maxLength={100}
          defaultValue={fetcher.data && !fetcher.data.ok ? fetcher.data.values.name : ""}
        />
        <StaffField
          name="email"
          label="E-mail"
          error={errors.email}
          type="email"
          autoComplete="off"
          maxLength={254}
          defaultValue={fetcher.data && !fetcher.data.ok ? fetcher.data.values.email : ""}
        />
        <StaffField
          name="password"
          label="Password"
          error={errors.password}
          hint={`At least ${MIN_STAFF_PASSWORD_LENGTH} characters, mixing letters and digits; common passwords are refused.`}
          type="password"
          autoComplete="new-password"
          maxLength={128}
        />
        <div className="flex items-end">
          <label className="flex cursor-pointer items-start gap-3 text-sm text-ink">
            <input
              type="checkbox"
              name="isOwner"
              defaultChecked={fetcher.data && !fetcher.data.ok ? fetcher.data.values.isOwner : false}
              className="mt-0.5 h-4 w-4 accent-maroon focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon"
            />
            <span>
              Owner
              <span className="block text-xs text-stone">Owners can add and remove staff.</span>
            </span>
          </label>
        </div>
        {formError ? (
          <p role="alert" className="text-sm text-sale sm:col-span-2">
            {formError}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <button type="submit" disabled={busy} className="btn-primary w-full sm:w-auto">
            {busy ? "Adding..." : "Add staff member"}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

/** A labelled input of the form, with its error (or else its hint) below it. */
function StaffField({
  name,
  label,
  error,
  hint,
  ...input
}: {
  name: keyof StaffFieldErrors;
  label: string;
  error: string | undefined;
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name">) {
  return (
    <div>
      <label htmlFor={`staff-${name}`} className="block text-xs font-medium tracking-[0.14em] text-stone uppercase">
        {label}
      </label>
      <input
        id={`staff-${name}`}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `staff-${name}-error` : hint ? `staff-${name}-hint` : undefined}
        className={`${INPUT} ${error ? "border-sale" : "border-linen"}`}
        {...input}
      />
      {error ? (
        <p id={`staff-${name}-error`} className="mt-1.5 text-sm text-sale">
          {error}
        </p>
      ) : hint ? (
        <p id={`staff-${name}-hint`} className="mt-1.5 text-xs text-stone">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
