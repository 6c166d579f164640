import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  formatPhone,
  MESSAGES,
  normalisePhone,
  OTP_LENGTH,
  RESEND_AFTER_SECONDS,
  type AuthMode,
} from "~/modules/accounts";
import { Field, Notice } from "./field";

export const signInPanelKey = (state: SignInState) => `${state.step}:${state.mode}:${state.sentAt ?? ""}`;

/** The intent of the form being sent (Send OTP or verify), while it is on its way. */
type BusyIntent = FormDataEntryValue | null | undefined;

export interface SignInState {
  step: "phone" | "code";
  mode: AuthMode;
  /** what the visitor typed (phone step) or the normalised number (code step) */
  phone: string;
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  /** changes with every code sent, restarting the resend countdown */
  sentAt?: number;
}

/**
 * Phone number, then one-time code; login and register modes.
 * Render with `key={signInPanelKey(state)}` so each step and each new code starts fresh.
 */
export function SignInPanel({ state, redirectTo }: { state: SignInState; redirectTo: string | null }) {
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const [mode, setMode] = useState<AuthMode>(state.mode);
  const [clientError, setClientError] = useState<{ field: string; message: string } | null>(null);
  // The parent remounts this panel (key) for every new code, so the countdown starts here. Only in
  // the browser: without JavaScript the resend button stays usable (the server enforces the limits).
  const [secondsLeft, setSecondsLeft] = useState(() =>
    typeof window !== "undefined" && state.step === "code" && state.sentAt ? RESEND_AFTER_SECONDS : 0,
  );
  const counting = secondsLeft > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [counting]);

  const fieldError = (name: string) => (clientError?.field === name ? clientError.message : state.fieldErrors?.[name]);

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value;
    const form = new FormData(event.currentTarget);
    if (intent === "send-code" && state.step === "phone") {
      const phone = normalisePhone(String(form.get("phone") ?? ""));
      if (!phone.ok) {
        event.preventDefault();
        setClientError({ field: "phone", message: phone.message });
      }
    } else if (intent === "verify") {
      const value = String(form.get("code") ?? "");
      const message = value === "" ? MESSAGES.otpRequired : /^\d{6}$/.test(value) ? null : MESSAGES.otpInvalidFormat;
      if (message) {
        event.preventDefault();
        setClientError({ field: "code", message });
      }
    }
  }

  const heading = mode === "register" ? "Create your account" : "Sign in";
  return (
    <div className="mx-auto w-full max-w-md">
      <p className="eyebrow text-center">My account</p>
      <h1 className="mt-3 text-center font-display text-4xl text-ink sm:text-5xl">{heading}</h1>
      <p className="mt-3 text-center text-sm leading-relaxed text-stone">
        {mode === "register"
          ? "Register with your mobile number. We will text you a one-time code."
          : "Sign in with your mobile number. We will text you a one-time code."}
      </p>

      {state.step === "phone" ? (
        <div role="group" aria-label="Sign in or register" className="mt-8 grid grid-cols-2 border border-linen p-1">
          {(["login", "register"] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => {
                setMode(m);
                setClientError(null);
              }}
              className={`py-2.5 text-xs font-medium tracking-[0.2em] uppercase transition-colors ${mode === m ? "bg-ink text-ivory" : "text-stone hover:text-ink"}`}
            >
              {m === "login" ? "Login" : "Register"}
            </button>
          ))}
        </div>
      ) : null}

      <div className="mt-6 space-y-4" aria-live="polite">
        {state.error ? <Notice tone="error">{state.error}</Notice> : null}
        {state.message && !state.error ? <Notice tone="success">{state.message}</Notice> : null}
      </div>

      <Form method="post" replace noValidate onSubmit={validate} className="mt-6 space-y-6">
        <input type="hidden" name="mode" value={mode} />
        <input type="hidden" name="step" value={state.step} />
        {state.sentAt ? <input type="hidden" name="sentAt" value={state.sentAt} /> : null}
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {state.step === "phone" ? (
          <PhoneStep
            phone={state.phone}
            error={fieldError("phone")}
            onEdit={() => {
              if (clientError?.field === "phone") setClientError(null);
            }}
            busyIntent={busyIntent}
          />
        ) : (
          <CodeStep
            phone={state.phone}
            mode={mode}
            redirectTo={redirectTo}
            onEdit={() => {
              if (clientError?.field === "code") setClientError(null);
            }}
            error={fieldError("code")}
            busyIntent={busyIntent}
            secondsLeft={secondsLeft}
          />
        )}
      </Form>
    </div>
  );
}

/** The first step: the mobile number and 'Send OTP'. */
function PhoneStep({
  phone,
  error,
  onEdit,
  busyIntent,
}: {
  /** what the visitor typed last */
  phone: string;
  error: string | undefined;
  /** the number changed: a message of the browser's check goes */
  onEdit: () => void;
  busyIntent: BusyIntent;
}) {
  return (
    <>
      <Field
        label="Mobile number"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="98765 43210"
        hint="10-digit Indian mobile number; +91 is added for you"
        defaultValue={phone}
        required
        error={error}
        onChange={onEdit}
      />
      <button
        type="submit"
        name="intent"
        value="send-code"
        className="btn-primary w-full"
        disabled={busyIntent === "send-code"}
      >
        {busyIntent === "send-code" ? "Sending..." : "Send OTP"}
      </button>
    </>
  );
}

/** The second step: the number the code went to, the code (paste-friendly), verify and resend. */
function CodeStep({
  phone,
  mode,
  redirectTo,
  onEdit,
  error,
  busyIntent,
  secondsLeft,
}: {
  /** the normalised number the code was sent to */
  phone: string;
  mode: AuthMode;
  redirectTo: string | null;
  /** the code was typed in: a message of the browser's check goes */
  onEdit: () => void;
  error: string | undefined;
  busyIntent: BusyIntent;
  /** until the code may be sent again */
  secondsLeft: number;
}) {
  const [code, setCode] = useState("");
  return (
    <>
      <input type="hidden" name="phone" value={phone} />
      <div className="flex items-baseline justify-between gap-4 border-b border-linen pb-4 text-sm">
        <span className="text-stone">
          Code sent to <span className="font-medium text-ink">{formatPhone(phone)}</span>
        </span>
        <Link
          to={`/authentication?${new URLSearchParams({ mode, ...(redirectTo ? { redirectTo } : {}) })}`}
          replace
          className="text-xs tracking-[0.18em] text-maroon uppercase underline-offset-4 hover:underline"
        >
          Change number
        </Link>
      </div>
      <Field
        label="One-time code (OTP)"
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        placeholder="6-digit code"
        value={code}
        onChange={(e) => {
          setCode(e.currentTarget.value.replace(/\D/g, "").slice(0, OTP_LENGTH));
          onEdit();
        }}
        onPaste={(e) => {
          // Paste-friendly: '123 456', '123-456' or a whole message keep just the digits.
          const digits = e.clipboardData.getData("text").replace(/\D/g, "").slice(0, OTP_LENGTH);
          if (digits) {
            e.preventDefault();
            setCode(digits);
          }
        }}
        className="[&_input]:text-center [&_input]:font-medium [&_input]:tracking-[0.6em] [&_input]:placeholder:tracking-normal"
        required
        autoFocus
        error={error}
      />
      <button
        type="submit"
        name="intent"
        value="verify"
        className="btn-primary w-full"
        disabled={busyIntent === "verify"}
      >
        {busyIntent === "verify" ? "Verifying..." : mode === "register" ? "Verify and continue" : "Verify and sign in"}
      </button>
      <p className="text-center text-sm text-stone">
        Didn&apos;t get it?{" "}
        <button
          type="submit"
          name="intent"
          value="send-code"
          formNoValidate
          disabled={secondsLeft > 0 || busyIntent === "send-code"}
          className="font-medium text-maroon underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:text-stone disabled:no-underline"
        >
          {secondsLeft > 0 ? `Resend OTP in ${secondsLeft}s` : "Resend OTP"}
        </button>
      </p>
    </>
  );
}
