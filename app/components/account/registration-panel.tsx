import { Form, useNavigation } from "react-router";
import { formatPhone } from "~/modules/accounts";
import { Notice } from "./field";
import { ProfileFields, useProfileErrors, type ProfileValues } from "./profile-fields";

export interface RegistrationState {
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: Partial<ProfileValues>;
}

/** Registration completion after the phone is verified in register mode. */
export function RegistrationPanel({
  phone,
  state,
  redirectTo,
}: {
  phone: string;
  state: RegistrationState;
  redirectTo: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "register";
  const { live, message: error } = useProfileErrors(state);
  return (
    <div className="mx-auto w-full max-w-lg">
      <p className="eyebrow text-center">Almost there</p>
      <h1 className="mt-3 text-center font-display text-4xl text-ink sm:text-5xl">Complete your registration</h1>
      <p className="mt-3 text-center text-sm text-stone">
        Your number <span className="font-medium text-ink">{formatPhone(phone)}</span> is verified.
      </p>
      <div className="mt-8 space-y-4" aria-live="polite">
        {error ? (
          <Notice tone="error">{error}</Notice>
        ) : state.message ? (
          <Notice tone="info">{state.message}</Notice>
        ) : null}
      </div>
      <Form
        method="post"
        replace
        noValidate
        className="mt-6 space-y-8"
        {...live.handlers}
        onSubmit={(event) => {
          if (!live.submit(event.currentTarget)) event.preventDefault();
        }}
      >
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <ProfileFields values={state.values ?? {}} errors={live.errors} />
        <button type="submit" name="intent" value="register" className="btn-primary w-full" disabled={busy}>
          {busy ? "Saving..." : "Complete registration"}
        </button>
      </Form>
      <Form method="post" className="mt-4 text-center">
        <button
          type="submit"
          name="intent"
          value="logout"
          className="text-xs tracking-[0.18em] text-stone uppercase underline-offset-4 hover:text-ink hover:underline"
        >
          Not now, sign out
        </button>
      </Form>
    </div>
  );
}
