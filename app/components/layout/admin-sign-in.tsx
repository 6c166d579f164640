import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { SIGN_IN_ELSEWHERE_CODE } from "~/modules/accounts";
import { CloseIcon } from "~/components/ui/icons";
import { useModalDialog } from "./use-modal-dialog";

export const ADMIN_SIGN_IN_FAILED = "Invalid credentials. Please try again.";
const TOO_MANY = "Too many attempts. Please wait a minute and try again.";
const UNREACHABLE = "Something went wrong. Please try again.";

/**
 * What the dialog says when the server refuses: its own words where it has them (too many attempts,
 * or a page opened at another address than the shop's), else that the e-mail or password is wrong.
 */
export function adminSignInFailure(status: number, body: unknown): string {
  const answer = (body ?? {}) as { code?: unknown; message?: unknown };
  const message = typeof answer.message === "string" ? answer.message : null;
  // per address (a minute) or per account (a quarter of an hour): the server says which
  if (status === 429) return message?.startsWith("Too many") ? message : TOO_MANY;
  if (status === 403 && answer.code === SIGN_IN_ELSEWHERE_CODE && message) return message;
  return ADMIN_SIGN_IN_FAILED;
}

/**
 * Staff sign-in with e-mail and password against the server (better-auth's email sign-in;
 * docs/decisions/009), never against a list in the browser. Used by the footer's 'ADM' modal and by
 * /admin itself when nobody is signed in. `onSignedIn` runs after the session cookie is set.
 */
export function AdminSignInForm({ onSignedIn, idPrefix }: { onSignedIn: () => void; idPrefix?: string }) {
  const generated = useId();
  const id = idPrefix ?? generated;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Until the page's script runs, the form must not be sent: a plain GET would put the password in the address.
  const hydrated = useHydrated();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) {
      setError(ADMIN_SIGN_IN_FAILED);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ email, password }),
      });
      if (response.ok) {
        onSignedIn();
        return;
      }
      setError(adminSignInFailure(response.status, await response.json().catch(() => null)));
    } catch {
      setError(UNREACHABLE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
      <div>
        <label htmlFor={`${id}-email`} className="text-xs font-medium tracking-[0.18em] text-stone uppercase">
          Email
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="username"
          required
          className="mt-1.5 w-full border border-linen bg-white px-3 py-2.5 text-sm focus:border-ink focus:outline-none"
        />
      </div>
      <div>
        <label htmlFor={`${id}-password`} className="text-xs font-medium tracking-[0.18em] text-stone uppercase">
          Password
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className="mt-1.5 w-full border border-linen bg-white px-3 py-2.5 text-sm focus:border-ink focus:outline-none"
        />
      </div>
      <p role="alert" className="min-h-5 text-sm text-sale">
        {error ?? ""}
      </p>
      <button type="submit" disabled={busy || !hydrated} className="btn-primary w-full">
        {busy ? "Checking..." : "Sign in"}
      </button>
    </form>
  );
}

/** The footer's 'ADM' modal: the staff sign-in form, then /admin. */
export function AdminSignInModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useModalDialog(open, onClose);
  const navigate = useNavigate();
  const id = useId();

  // The dialog's contents are drawn only while it is open: every storefront page carries the closed
  // dialog, and its markup stayed out of their HTML (decision 030), as the menu's and search's do.
  return (
    <dialog
      ref={ref}
      aria-label="Admin sign in"
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none items-center justify-center bg-transparent p-4 backdrop:bg-ink/50 open:flex"
    >
      {open ? (
        <div className="w-full max-w-sm bg-ivory p-8 text-ink shadow-2xl">
          <div className="flex items-start justify-between gap-4">
            <div>
              <p className="eyebrow">Staff only</p>
              <h2 className="mt-2 font-display text-3xl">Admin sign in</h2>
            </div>
            <button
              type="button"
              onClick={onClose}
              className="-mt-1 -mr-2 rounded-full p-2 hover:text-maroon"
              aria-label="Close admin sign in"
            >
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>
          <AdminSignInForm
            idPrefix={id}
            onSignedIn={() => {
              onClose();
              void navigate("/admin");
            }}
          />
        </div>
      ) : null}
    </dialog>
  );
}
