import type { FormValues } from "~/components/ui/live-errors";
import { useLiveErrors } from "~/components/ui/use-live-errors";
import { fieldErrors } from "~/lib/forms";
import { formSummary, profileSchema } from "~/modules/accounts";
import { Field } from "./field";

export type ProfileValues = { firstName: string; lastName: string; email: string };

/** First name, last name and e-mail, each input bound to its own field. */
export function ProfileFields({ values, errors }: { values: Partial<ProfileValues>; errors?: Record<string, string> }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field
        label="First name"
        name="firstName"
        autoComplete="given-name"
        defaultValue={values.firstName}
        required
        error={errors?.firstName}
      />
      <Field
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        defaultValue={values.lastName}
        required
        error={errors?.lastName}
      />
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

const checkProfile = (values: FormValues) => {
  const result = profileSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
};

/**
 * The profile form's field messages, live with the server's schema, and the one message above the
 * form ('Please fill in all required fields' once, not under every field). `state` is the action's last
 * answer; its `error` shows when it is not about the fields.
 */
export function useProfileErrors(state: {
  fieldErrors?: Record<string, string>;
  values?: Partial<ProfileValues>;
  error?: string;
}) {
  const sent: FormValues | undefined =
    state.values &&
    Object.fromEntries(Object.entries(state.values).filter((e): e is [string, string] => typeof e[1] === "string"));
  const live = useLiveErrors({ check: checkProfile, server: state.fieldErrors, sent });
  const summary = Object.keys(live.errors).length > 0 ? formSummary(live.errors, live.values) : null;
  return { live, message: summary ?? (state.fieldErrors ? undefined : state.error) };
}
