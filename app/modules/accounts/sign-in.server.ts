import { isAPIError } from "better-auth/api";
import type { Db } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { ACCOUNT_DISABLED_CODE, ACCOUNT_DISABLED_MESSAGE, type Auth } from "./auth.server";
import { MESSAGES, welcomeBack, type AuthMode } from "./forms";
import { getCustomerProfile } from "./profile.server";
import { signInAddressRefusal } from "./sign-in-address.server";

/*
 * The phone sign-in flow of the account screen (decision 011) on the auth
 * library's phone-number plugin. Route actions call these with the visitor's request headers,
 * so the library's cookies, the abuse limits and the client address all apply.
 */

export type SendCodeResult = { ok: true; message: string } | { ok: false; message: string; status: number };

export async function sendSignInCode(auth: Auth, phone: string, headers: Headers): Promise<SendCodeResult> {
  const elsewhere = signInAddressRefusal(headers);
  if (elsewhere) return { ok: false, message: elsewhere, status: 403 };
  try {
    await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers });
    return { ok: true, message: MESSAGES.otpSent };
  } catch (error) {
    if (isAPIError(error)) {
      const code = errorCode(error);
      if (code === "OTP_LIMIT") return { ok: false, message: error.message, status: 429 };
      if (code === ACCOUNT_DISABLED_CODE) return { ok: false, message: ACCOUNT_DISABLED_MESSAGE, status: 403 };
      if (code === "INVALID_PHONE_NUMBER") return { ok: false, message: MESSAGES.phoneInvalid, status: 400 };
      // When sending fails, the shopper reads 'Error: ' and the library's message.
      return {
        ok: false,
        message: `Error: ${error.message}`,
        status: error.statusCode >= 500 ? 502 : error.statusCode,
      };
    }
    getLogger().error({ err: error }, "sign-in: sending the code failed");
    return { ok: false, message: "Error: The code could not be sent. Please try again.", status: 500 };
  }
}

export type VerifyResult =
  | { status: "signed-in"; message: string; headers: Headers }
  | { status: "needs-registration"; message: string; headers: Headers }
  | { status: "failed"; message: string; httpStatus: number };

/**
 * Checks the code. Profile exists: signed in. No profile: the code has proved the number, so the
 * shopper completes the registration right away, in either mode (in login mode she is told there
 * was no account), instead of asking for a second code. The session the library made is bound to
 * this number's account and counts only for the registration window (getSessionUser); the number
 * registered is always the session's, never one sent with the form.
 */
export async function verifySignInCode(
  db: Db,
  auth: Auth,
  input: { phone: string; code: string; mode: AuthMode; headers: Headers },
): Promise<VerifyResult> {
  const elsewhere = signInAddressRefusal(input.headers);
  if (elsewhere) return { status: "failed", message: elsewhere, httpStatus: 403 };
  let verified: { headers: Headers; response: { token: string | null; user: { id: string } } };
  try {
    verified = await auth.api.verifyPhoneNumber({
      body: { phoneNumber: input.phone, code: input.code },
      headers: input.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (isAPIError(error)) {
      const httpStatus = error.statusCode === 429 ? 429 : errorCode(error) === ACCOUNT_DISABLED_CODE ? 403 : 400;
      return { status: "failed", message: verifyMessage(error), httpStatus };
    }
    throw error;
  }
  const profile = await getCustomerProfile(db, verified.response.user.id);
  if (profile) return { status: "signed-in", message: welcomeBack(profile.firstName), headers: verified.headers };
  const message = input.mode === "login" ? MESSAGES.accountNotFoundRegister : MESSAGES.completeRegistration;
  return { status: "needs-registration", message, headers: verified.headers };
}

function errorCode(error: { body?: { code?: string } | undefined }): string | undefined {
  return error.body?.code;
}

function verifyMessage(error: { message: string; body?: { code?: string } | undefined }): string {
  switch (errorCode(error)) {
    case "OTP_LIMIT":
      return error.message;
    case "OTP_EXPIRED":
      return "This OTP has expired. Please request a new one.";
    case "TOO_MANY_ATTEMPTS":
      return "Too many wrong attempts. Please request a new OTP.";
    case "OTP_NOT_FOUND":
      return "This OTP is no longer valid. Please request a new one.";
    case ACCOUNT_DISABLED_CODE:
      return ACCOUNT_DISABLED_MESSAGE;
    default:
      return MESSAGES.otpWrong;
  }
}

/** Signs the visitor out; the headers clear the session cookie. */
export async function signOut(
  auth: Auth,
  headers: Headers,
): Promise<{ ok: true; headers: Headers } | { ok: false; message: string }> {
  try {
    const result = await auth.api.signOut({ headers, returnHeaders: true });
    return { ok: true, headers: result.headers };
  } catch (error) {
    getLogger().warn({ err: error }, "sign-out failed");
    return { ok: false, message: MESSAGES.logoutFailed };
  }
}
