import { readFormData } from "~/lib/http.server";
import { fieldErrors } from "~/lib/forms";
import { noStoreHeaders } from "~/lib/cache-control";
import { data, Form, Link, redirect } from "react-router";
import { AccountOverview, type AccountActionState } from "~/components/account/account-overview";
import { RegistrationPanel, type RegistrationState } from "~/components/account/registration-panel";
import { SignInPanel, signInPanelKey, type SignInState } from "~/components/account/sign-in-panel";
import { getDb } from "~/db/client.server";
import {
  authModeSchema,
  formSummary,
  MESSAGES,
  profileSchema,
  safeRedirect,
  sendCodeSchema,
  verifyCodeSchema,
} from "~/modules/accounts";
import {
  completeRegistration,
  getCustomerProfile,
  listAddresses,
  updateProfile,
} from "~/modules/accounts/index.server";
import { getAuth, getSessionUser, requireUser } from "~/modules/accounts/index.server";
import { sendSignInCode, signOut, verifySignInCode } from "~/modules/accounts/index.server";
import { listOrdersForUser } from "~/modules/checkout/index.server";
import { storeCreditSummary } from "~/modules/credit/index.server";
import type { Route } from "./+types/authentication";

/*
 * The account screen at /authentication and /login: the phone sign-in
 * for visitors, registration completion, and the account view for signed-in shoppers.
 */

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: "My account · Saanjh" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const user = await getSessionUser(request);
  if (!user)
    return {
      view: "sign-in" as const,
      mode: authModeSchema.parse(url.searchParams.get("mode") ?? undefined),
      redirectTo,
    };
  const db = getDb();
  const profile = await getCustomerProfile(db, user.id);
  if (!profile) {
    if (!user.phoneNumber) return { view: "staff" as const, name: user.name, isAdmin: user.role === "admin" };
    return { view: "register" as const, phone: user.phoneNumber, redirectTo };
  }
  if (redirectTo) throw redirect(redirectTo);
  const [orders, addresses, storeCredit] = await Promise.all([
    listOrdersForUser(db, user.id),
    listAddresses(db, user.id),
    storeCreditSummary(db, user.id),
  ]);
  return {
    view: "account" as const,
    profile: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email, phone: profile.phone },
    orders,
    primaryAddress: addresses.find((a) => a.isPrimary) ?? null,
    addressCount: addresses.length,
    storeCredit,
  };
}

type ActionResult =
  | ({ kind: "sign-in" } & SignInState)
  | ({ kind: "register" } & RegistrationState)
  | ({ kind: "account" } & AccountActionState);

const reply = (result: ActionResult, init?: number | ResponseInit) => data(result, init);

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readFormData(request)) as Record<string, string>;
  const redirectTo = safeRedirect(form.redirectTo);
  const mode = authModeSchema.parse(form.mode);
  const db = getDb();

  switch (form.intent) {
    case "send-code": {
      const onCodeStep = form.step === "code";
      const parsed = sendCodeSchema.safeParse(form);
      if (!parsed.success)
        return reply(
          { kind: "sign-in", step: "phone", mode, phone: form.phone ?? "", fieldErrors: fieldErrors(parsed.error) },
          400,
        );
      const sent = await sendSignInCode(getAuth(), parsed.data.phone, request.headers);
      if (!sent.ok) {
        return reply(
          onCodeStep
            ? {
                kind: "sign-in",
                step: "code",
                mode,
                phone: parsed.data.phone,
                error: sent.message,
                sentAt: Number(form.sentAt) || undefined,
              }
            : { kind: "sign-in", step: "phone", mode, phone: form.phone ?? "", error: sent.message },
          sent.status,
        );
      }
      return reply({
        kind: "sign-in",
        step: "code",
        mode,
        phone: parsed.data.phone,
        message: sent.message,
        sentAt: Date.now(),
      });
    }
    case "verify": {
      const parsed = verifyCodeSchema.safeParse(form);
      const sentAt = Number(form.sentAt) || undefined;
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        if (errors.phone)
          return reply({ kind: "sign-in", step: "phone", mode, phone: form.phone ?? "", fieldErrors: errors }, 400);
        return reply(
          { kind: "sign-in", step: "code", mode, phone: form.phone ?? "", fieldErrors: errors, sentAt },
          400,
        );
      }
      const result = await verifySignInCode(db, getAuth(), { ...parsed.data, headers: request.headers });
      switch (result.status) {
        case "signed-in":
          if (redirectTo) throw redirect(redirectTo, { headers: result.headers });
          return reply({ kind: "account", welcome: result.message, at: Date.now() }, { headers: result.headers });
        case "needs-registration":
          return reply({ kind: "register", message: result.message }, { headers: result.headers });
        case "failed":
          return reply(
            { kind: "sign-in", step: "code", mode, phone: parsed.data.phone, error: result.message, sentAt },
            result.httpStatus,
          );
      }
      break;
    }
    case "register": {
      const user = await requireUser(request);
      const parsed = parseProfileForm(form);
      const { values } = parsed;
      if (!parsed.success)
        return reply({ kind: "register", error: parsed.error, fieldErrors: parsed.fieldErrors, values }, 400);
      if (!user.phoneNumber) return reply({ kind: "register", error: MESSAGES.registrationFailed, values }, 400);
      try {
        const profile = await completeRegistration(db, user.id, user.phoneNumber, parsed.data);
        if (redirectTo) throw redirect(redirectTo);
        return reply({ kind: "account", welcome: `Welcome to Saanjh, ${profile.firstName}!`, at: Date.now() });
      } catch (error) {
        if (error instanceof Response) throw error;
        return reply({ kind: "register", error: MESSAGES.registrationFailed, values }, 500);
      }
    }
    case "update-profile": {
      const user = await requireUser(request);
      const parsed = parseProfileForm(form);
      const { values } = parsed;
      if (!parsed.success) {
        return reply(
          { kind: "account", profileError: parsed.error, fieldErrors: parsed.fieldErrors, values, at: Date.now() },
          400,
        );
      }
      const saved = await updateProfile(db, user.id, parsed.data).catch(() => false);
      if (!saved)
        return reply({ kind: "account", profileError: MESSAGES.profileUpdateFailed, values, at: Date.now() }, 500);
      return reply({ kind: "account", profileMessage: MESSAGES.profileUpdated, at: Date.now() });
    }
    case "logout": {
      const result = await signOut(getAuth(), request.headers);
      if (!result.ok) return reply({ kind: "account", logoutError: result.message, at: Date.now() }, 500);
      throw redirect("/", { headers: result.headers });
    }
  }
  return reply({ kind: "sign-in", step: "phone", mode, phone: "" }, 400);
}

export default function Authentication({ loaderData, actionData }: Route.ComponentProps) {
  return <div className="px-4 py-12 sm:px-8 sm:py-20">{renderView(loaderData, actionData)}</div>;
}

function renderView(loaderData: Route.ComponentProps["loaderData"], actionData: Route.ComponentProps["actionData"]) {
  switch (loaderData.view) {
    case "sign-in": {
      const state: SignInState =
        actionData?.kind === "sign-in" ? actionData : { step: "phone", mode: loaderData.mode, phone: "" };
      return <SignInPanel key={signInPanelKey(state)} state={state} redirectTo={loaderData.redirectTo} />;
    }
    case "register":
      return (
        <RegistrationPanel
          phone={loaderData.phone}
          state={actionData?.kind === "register" ? actionData : { message: MESSAGES.completeRegistration }}
          redirectTo={loaderData.redirectTo}
        />
      );
    case "staff":
      return (
        <div className="mx-auto max-w-md text-center">
          <p className="eyebrow">Staff account</p>
          <h1 className="mt-3 font-display text-4xl text-ink">Signed in as {loaderData.name}</h1>
          <p className="mt-4 text-sm text-stone">
            Staff accounts have no shopping account. Use the back office, or sign out to shop.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
            {loaderData.isAdmin ? (
              <Link to="/admin" className="btn-primary">
                Back office
              </Link>
            ) : null}
            <Form method="post">
              <button type="submit" name="intent" value="logout" className="btn-outline w-full">
                Logout
              </button>
            </Form>
          </div>
        </div>
      );
    case "account":
      return <AccountOverview data={loaderData} state={actionData?.kind === "account" ? actionData : {}} />;
  }
}

/** The profile form (registration and edit): the values as typed, and either the data or the message to show. */
function parseProfileForm(form: Record<string, string | undefined>) {
  const values = { firstName: form.firstName ?? "", lastName: form.lastName ?? "", email: form.email ?? "" };
  const parsed = profileSchema.safeParse(form);
  if (parsed.success) return { success: true as const, values, data: parsed.data };
  const errors = fieldErrors(parsed.error);
  return { success: false as const, values, fieldErrors: errors, error: formSummary(errors, values) };
}
