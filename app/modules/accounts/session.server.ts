import { redirect } from "react-router";
import { getConfig } from "../../config.server";
import { eq } from "drizzle-orm";
import { getDatabase, type Db } from "../../db/client.server";
import { NO_STORE, NO_STORE_HEADERS } from "../../lib/cache-control";
import { processSlot } from "../../lib/process-singleton";
import { session as sessionTable } from "./auth-schema.server";
import { AUTH_HTTP_ENDPOINTS, createAuth, REGISTRATION_WINDOW_MS, registrationPending, type Auth } from "./auth.server";
import { SIGN_IN_ELSEWHERE_CODE } from "./sign-in-address";
import { hasSessionCookie } from "./session-cookie";
import { findSession, type FoundSession } from "./session-lookup.server";
import { signInAddressRefusal } from "./sign-in-address.server";
import { smsProviderFor } from "./sms.server";

const authSlot = processSlot<{ auth: Auth; db: Db }>("auth");

/** The process-wide auth instance over the process-wide database (made again if the database is replaced). */
export function getAuth(): Auth {
  const { db } = getDatabase();
  const current = authSlot.get();
  if (current?.db === db) return current.auth;
  const config = getConfig();
  return authSlot.set({ db, auth: createAuth({ db, config, sms: smsProviderFor(config.sms, db) }) }).auth;
}

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  banned?: boolean | null;
  phoneNumber?: string | null;
};

/**
 * The signed-in user of a request, or null (at once, without a lookup, when it has no session cookie).
 * A number verified for a new account is signed in only for the registration window after its code.
 */
export async function getSessionUser(request: Request, now = Date.now()): Promise<SessionUser | null> {
  if (!hasSessionCookie(request.headers.get("cookie"))) return null;
  const session = await currentSession(request, now);
  if (!session || session.user.banned) return null;
  const user: SessionUser = session.user;
  if (registrationPending(user) && now - session.session.createdAt.getTime() > REGISTRATION_WINDOW_MS) return null;
  return user;
}

/**
 * The session a request's cookie names and its account, as the auth library would answer it (read in one
 * statement where nothing needs writing: decision 058), or null when signed out.
 */
export function currentSession(request: Request, now = Date.now()): Promise<FoundSession | null> {
  return findSession(getDatabase().db, getAuth(), request.headers, now);
}

function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  const to = `${url.pathname}${url.search}`;
  return redirect(`/authentication?redirectTo=${encodeURIComponent(to)}`);
}

/** Guard for shopper pages and actions: the signed-in user, or a redirect to the account screen. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw signInRedirect(request);
  return user;
}

const AUTH_BASE_PATH = "/api/auth";

/**
 * The auth library's HTTP endpoints as the shop exposes them: only the allow-list's paths and
 * methods reach the library; every other path under /api/auth is 404 (decision 014).
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const endpoint = path.startsWith(`${AUTH_BASE_PATH}/`) ? path.slice(AUTH_BASE_PATH.length) : null;
  const methods = endpoint ? AUTH_HTTP_ENDPOINTS[endpoint] : undefined;
  if (!methods?.includes(request.method)) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE },
    });
  }
  // Checked before the library, whose own refusal (403 INVALID_ORIGIN) the staff dialog could only
  // show as a wrong password.
  const elsewhere = signInAddressRefusal(request.headers);
  if (elsewhere)
    return Response.json(
      { code: SIGN_IN_ELSEWHERE_CODE, message: elsewhere },
      { status: 403, headers: NO_STORE_HEADERS },
    );
  return getAuth().handler(request);
}

/** Ends one session (a staff session past its inactivity limit): its cookie no longer signs anyone in. */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessionTable).where(eq(sessionTable.id, sessionId));
}
