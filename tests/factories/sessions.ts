import { eq, sql } from "drizzle-orm";
import type { Db } from "../../app/db/client.server";
import { smsOutbox } from "../../app/modules/accounts/schema.server";
import { getAuth } from "../../app/modules/accounts/session.server";
import { createStaffAccount } from "../../app/modules/accounts/staff.server";

/*
 * Signed-in callers and route calls for integration tests: staff signed in with their password and
 * shoppers with the code from the console outbox, through the auth library's own endpoints, each
 * from the address given (the sign-in limits count per address); loaders and actions called with a
 * request as the browser sends it, their answer read whether returned or thrown.
 */

export const TEST_BASE = "http://localhost:3000";

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A password sign-in through POST /api/auth/sign-in/email from `ip`: its status and session cookie. */
export async function passwordSignIn(
  email: string,
  password: string,
  ip: string,
): Promise<{ status: number; cookie: string }> {
  const response = await getAuth().handler(
    new Request(`${TEST_BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_BASE, "x-forwarded-for": ip },
      body: JSON.stringify({ email, password }),
    }),
  );
  return { status: response.status, cookie: cookieOf(response.headers) };
}

/** A new staff account (as `npm run admin:create` makes it, or as `options` say), signed in from `ip`. */
export async function signedInStaff(
  db: Db,
  account: { name: string; email: string; password: string },
  ip: string,
  options?: Parameters<typeof createStaffAccount>[3],
): Promise<{ id: string; cookie: string }> {
  const created = await createStaffAccount(db, getAuth(), account, options);
  const signIn = await passwordSignIn(account.email, account.password, ip);
  if (signIn.status !== 200) throw new Error(`staff sign-in of ${account.email} answered ${signIn.status}`);
  return { id: created.userId, cookie: signIn.cookie };
}

/**
 * A staff member and a shopper, both signed in (staff from `ips[0]`, the shopper from `ips[1]`): the
 * two visitors a back-office test asks its pages for.
 */
export async function signedInStaffAndShopper(
  db: Db,
  staff: { name: string; email: string; password: string },
  shopperPhone: string,
  ips: [string, string],
): Promise<{ staffId: string; staffCookie: string; shopperCookie: string }> {
  const signedIn = await signedInStaff(db, staff, ips[0]);
  const shopper = await signedInShopper(db, shopperPhone, ips[1]);
  return { staffId: signedIn.id, staffCookie: signedIn.cookie, shopperCookie: shopper.cookie };
}

/** The newest sign-in code texted to `phone` (the console provider's outbox). */
export async function latestCode(db: Db, phone: string): Promise<string> {
  const [message] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toPhone, phone))
    .orderBy(sql`${smsOutbox.createdAt} desc`)
    .limit(1);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

/** A shopper signed in by phone code from `ip` (registered on first sign-in): their id and session cookie. */
export async function signedInShopper(db: Db, phone: string, ip: string): Promise<{ id: string; cookie: string }> {
  const headers = new Headers({ origin: TEST_BASE, "x-forwarded-for": ip });
  await getAuth().api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers });
  const verified = await getAuth().api.verifyPhoneNumber({
    body: { phoneNumber: phone, code: await latestCode(db, phone) },
    headers,
    returnHeaders: true,
  });
  return { id: verified.response.user.id, cookie: cookieOf(verified.headers) };
}

export type Answer<T = unknown> = { status: number; body: T; headers?: Headers };
export type RouteArgs<F extends (...args: never[]) => unknown> = Parameters<F>[0];

/** A loader's or action's answer, returned or thrown (React Router's data() objects and Responses). */
export async function settle<T = unknown>(run: () => Promise<unknown>): Promise<Answer<T>> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response)
    return { status: value.status, body: (await value.text()) as T, headers: value.headers };
  const withInit = value as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (withInit && withInit.type === "DataWithResponseInit")
    return { status: withInit.init?.status ?? 200, body: withInit.data as T };
  return { status: 200, body: value as T };
}

/** A same-origin GET of `pathname`, or a form POST when `form` is given, with the session cookie if any. */
export function routeRequest(
  pathname: string,
  cookie: string | null,
  form?: Record<string, string>,
  headers: Record<string, string> = {},
): Request {
  const all: Record<string, string> = { origin: TEST_BASE, ...headers };
  if (cookie) all.cookie = cookie;
  return form
    ? new Request(`${TEST_BASE}${pathname}`, { method: "POST", headers: all, body: new URLSearchParams(form) })
    : new Request(`${TEST_BASE}${pathname}`, { headers: all });
}
