/*
 * Sign-in from a page at another address than the shop's (BASE_URL; see shopOrigins in the config):
 * the staff dialog shows the message of a 403 with this code, the phone sign-in shows it as its error.
 * Kept apart from the account forms: the footer's dialog is on every page and needs only these.
 */

export const SIGN_IN_ELSEWHERE_CODE = "SIGN_IN_AT_BASE_URL";

export const signInElsewhere = (baseUrl: string) => `Open the shop at ${baseUrl} to sign in.`;
