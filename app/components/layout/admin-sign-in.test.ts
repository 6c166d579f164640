import { describe, expect, it } from "vitest";
import { ADMIN_SIGN_IN_FAILED, adminSignInFailure } from "./admin-sign-in";

/* What the staff dialog says for each refusal the server gives. */

describe("the staff sign-in dialog's messages", () => {
  it("says where to sign in when the page is at another address than the shop's, never 'Invalid credentials'", () => {
    const words = "Open the shop at https://shop.example.com to sign in.";
    expect(adminSignInFailure(403, { code: "SIGN_IN_AT_BASE_URL", message: words })).toBe(words);
  });

  it("keeps a wrong password (and any other refusal) as invalid credentials, and the server's words for too many attempts", () => {
    expect(adminSignInFailure(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" })).toBe(
      ADMIN_SIGN_IN_FAILED,
    );
    expect(adminSignInFailure(403, { code: "BANNED_USER", message: "This account is disabled." })).toBe(
      ADMIN_SIGN_IN_FAILED,
    );
    expect(adminSignInFailure(403, null)).toBe(ADMIN_SIGN_IN_FAILED);
    expect(adminSignInFailure(429, { message: "Too many attempts for this account. Try again in 15 minutes." })).toBe(
      "Too many attempts for this account. Try again in 15 minutes.",
    );
    expect(adminSignInFailure(429, "Rate limited")).toBe("Too many attempts. Please wait a minute and try again.");
  });
});
