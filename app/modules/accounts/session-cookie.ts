/**
 * Whether a Cookie header carries the shop's session (better-auth's `session_token` under the
 * `shop` cookie prefix set in auth.server.ts; `__Secure-` in front over https). Requests without it
 * are signed out: no session lookup is made for them, and the shared page cache may answer them.
 */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?shop\.session_token=/;

export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? "");
}
