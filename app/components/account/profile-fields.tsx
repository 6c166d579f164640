import { MESSAGES, fieldErrors, profileSchema } from "~/modules/accounts/forms";
import { Field } from "./field";

export type ProfileValues = { firstName: string; lastName: string; email: string };

/** First name, last name (bound to the last name: DESIGN deviation 3) and e-mail. */
export function ProfileFields({ values, errors }: { values: Partial<ProfileValues>; errors?: Record<string, string> }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label="First name" name="firstName" autoComplete="given-name" defaultValue={values.firstName} required error={errors?.firstName} />
      <Field label="Last name" name="lastName" autoComplete="family-name" defaultValue={values.lastName} required error={errors?.lastName} />
      <Field
        label="E-mail"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        defaultValue={values.email}
        required
        error={errors?.email}
        className="sm:col-span-2"
      />
    </div>
  );
}

/** Browser-side check with the server's schema; returns the field errors and the form message, or null. */
export function checkProfileForm(form: HTMLFormElement): { fieldErrors: Record<string, string>; error: string } | null {
  const result = profileSchema.safeParse(Object.fromEntries(new FormData(form)));
  if (result.success) return null;
  const errors = fieldErrors(result.error);
  const missing = Object.values(errors).includes(MESSAGES.requiredFields);
  return { fieldErrors: errors, error: missing ? MESSAGES.requiredFields : (Object.values(errors)[0] ?? MESSAGES.requiredFields) };
}
