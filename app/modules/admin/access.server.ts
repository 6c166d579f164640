import { data } from "react-router";
import { UPLOAD_MESSAGES, type UploadError } from "../media";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { NO_STORE_HEADERS } from "../../lib/cache-control";
import { STAFF_ROLE } from "../accounts/index.server";
import { currentSession, endSession } from "../accounts/index.server";
import { hasSessionCookie } from "../accounts";
import { isStaffOwner } from "../accounts/index.server";
import { getStoreSettings, type StoreSettings } from "../content/index.server";
import type { Actor } from "../audit/index.server";
import { staffActivity } from "./schema.server";

/** Every admin answer: never stored, never indexed. */
export const ADMIN_HEADERS = { ...NO_STORE_HEADERS, "X-Robots-Tag": "noindex, nofollow" } as const;

export const ADMIN_MESSAGES = {
  forbidden: "You do not have access to the back office.",
  expired: "You were signed out after a long time without activity. Please sign in again.",
} as const;

/** Why the back office shows its sign-in form instead of data (the 401 answer's body). */
export type AdminSignInReason = { signIn: true; reason: "signed-out" | "expired" };

export interface Staff extends Actor {
  email: string;
  sessionId: string;
}

/** The activity mark is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The guard of every admin loader and action, on the server, every time: the signed-in staff member,
 * or a thrown answer: 401 (the admin layout shows its sign-in form; never data) for visitors and for a
 * staff session unused for longer than the store setting's hours (the session is ended), 403 for
 * shoppers. The same-origin rule for changes is the server's, before any route (decision 014).
 */
export async function requireStaff(request: Request, now?: Date): Promise<Staff> {
  return (await guard(request, now)).staff;
}

/** What staff who are not owners are told when they try a change only an owner may make (the 403's body). */
export type OwnersOnly = { ownersOnly: true; message: string };

/**
 * The guard of a change only an owner may make (the store settings, GST rates, staff accounts):
 * requireStaff's answers, then 403 with `message` for staff who are not owners. Called before the
 * request's body is read, so a refused change costs nothing more, whatever it carries. Ownership is
 * read afresh every time: a demoted owner's next change is refused.
 */
export async function requireOwner(request: Request, message: string): Promise<Staff> {
  const staff = await requireStaff(request);
  if (!(await isOwner(staff)))
    throw data<OwnersOnly>({ ownersOnly: true, message }, { status: 403, headers: ADMIN_HEADERS });
  return staff;
}

/** Whether a staff member is an owner: the owners' pages show the others their values read-only. */
export function isOwner(staff: Pick<Staff, "id">): Promise<boolean> {
  return isStaffOwner(getDb(), staff.id);
}

/** requireOwner's refusal, from what a guard threw; null for anything else (sign-in, shoppers). */
function ownersOnlyRefusal(thrown: unknown): OwnersOnly | null {
  const body = (thrown as { data?: unknown } | null)?.data as Partial<OwnersOnly> | undefined;
  return body?.ownersOnly === true && typeof body.message === "string"
    ? { ownersOnly: true, message: body.message }
    : null;
}

/** How a form phrases the guard's refusals: to a visitor or an expired session, and to a shopper. */
export interface RefusalMessages {
  signedOut: string;
  forbidden: string;
}

export type GuardedAction = { ok: true; staff: Staff } | { ok: false; status: 401 | 403; message: string };

/**
 * The guard of an action whose page shows its own refusals (a form that keeps what was typed, a
 * file link): the staff member, or why not, phrased by `messages`: 401 for a visitor or an expired
 * session, 403 for a shopper. With `ownersOnly`, the change is an owner's (requireOwner), and staff
 * who are not owners get 403 with that message. Anything else the guard throws is thrown on.
 */
export async function guardAction(
  request: Request,
  messages: RefusalMessages,
  ownersOnly?: string,
): Promise<GuardedAction> {
  try {
    return { ok: true, staff: ownersOnly ? await requireOwner(request, ownersOnly) : await requireStaff(request) };
  } catch (refusal) {
    const owners = ownersOnlyRefusal(refusal);
    if (owners) return { ok: false, status: 403, message: owners.message };
    const status = (refusal as { init?: { status?: number } | null } | null)?.init?.status;
    if (status === 401) return { ok: false, status, message: messages.signedOut };
    if (status === 403) return { ok: false, status, message: messages.forbidden };
    throw refusal;
  }
}

/**
 * The guard for a link to a file (an invoice, a credit note): there is no page to show the sign-in
 * form on, so a visitor's 401 and a shopper's 403 come back as plain-text answers with `headers`.
 */
export async function requireStaffForFile(
  request: Request,
  headers: Record<string, string>,
): Promise<Staff | Response> {
  const guarded = await guardAction(request, {
    signedOut: "Please sign in to the back office first.",
    forbidden: ADMIN_MESSAGES.forbidden,
  });
  if (guarded.ok) return guarded.staff;
  return new Response(guarded.message, {
    status: guarded.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...headers },
  });
}

/** The guard's answer with the store settings it read (the admin layout shows the store's name). */
export async function requireStaffAndSettings(request: Request): Promise<{ staff: Staff; settings: StoreSettings }> {
  return guard(request);
}

type Guarded = { staff: Staff; settings: StoreSettings };

function guard(request: Request, now?: Date): Promise<Guarded> {
  // React Router runs the layout's and the page's loaders for one request together: check once
  if (now) return checkStaff(request, now);
  let pending = checks.get(request);
  if (!pending) {
    pending = checkStaff(request, new Date());
    checks.set(request, pending);
  }
  return pending;
}

/** The answer of the guard per request object (a request lives only as long as its answer). */
const checks = new WeakMap<Request, Promise<Guarded>>();

/**
 * A staff session's full check (the auth library's session lookup, the settings, the activity
 * mark: about 2 ms of CPU) is reused for STAFF_CHECK_REUSE_MS by the same session's next requests
 * in this process: a page load, its data requests and an action's revalidation come together.
 * Signing out, expiry and the back office's own changes to staff and shoppers forget it at once
 * (`forgetStaffChecks`); a session ended any other way (another server process, the database)
 * keeps access at most this long.
 */
export const STAFF_CHECK_REUSE_MS = 2_000;
const REUSE_LIMIT = 500;
const reused = new Map<string, { at: number; guarded: Guarded; lastSeenAt: number }>();

/** Forgets reused staff checks: of one staff member (their sign-out, removal, deactivation), or all. */
export function forgetStaffChecks(userId?: string): void {
  if (!userId) return reused.clear();
  for (const [key, entry] of reused) if (entry.guarded.staff.id === userId) reused.delete(key);
}

/** The session cookie's value, the key of a reused check. */
function sessionCookieValue(cookieHeader: string | null): string | null {
  return /(?:^|;\s*)(?:__Secure-)?shop\.session_token=([^;]+)/.exec(cookieHeader ?? "")?.[1] ?? null;
}

async function checkStaff(request: Request, now: Date): Promise<Guarded> {
  const signIn = (reason: AdminSignInReason["reason"]) =>
    data<AdminSignInReason>({ signIn: true, reason }, { status: 401, headers: ADMIN_HEADERS });
  const cookie = request.headers.get("cookie");
  if (!hasSessionCookie(cookie)) throw signIn("signed-out");
  const key = sessionCookieValue(cookie);
  const entry = key ? reused.get(key) : undefined;
  if (
    entry &&
    now.getTime() - entry.at >= 0 &&
    now.getTime() - entry.at < STAFF_CHECK_REUSE_MS &&
    now.getTime() - entry.lastSeenAt <= TOUCH_EVERY_MS
  ) {
    return entry.guarded;
  }
  if (key) reused.delete(key);

  const found = await currentSession(request, now.getTime());
  if (!found || found.user.banned) throw signIn("signed-out");
  const { user } = found;
  if (user.role !== STAFF_ROLE) throw data(ADMIN_MESSAGES.forbidden, { status: 403, headers: ADMIN_HEADERS });

  const db = getDb();
  const sessionId = found.session.id;
  const [settings, [mark]] = await Promise.all([
    getStoreSettings(db),
    db
      .select({ lastSeenAt: staffActivity.lastSeenAt })
      .from(staffActivity)
      .where(eq(staffActivity.sessionId, sessionId)),
  ]);
  let lastSeen = mark?.lastSeenAt ?? new Date(found.session.createdAt);
  if (now.getTime() - lastSeen.getTime() > settings.staffSessionHours * 3_600_000) {
    await endSession(db, sessionId);
    throw signIn("expired");
  }
  if (!mark || now.getTime() - lastSeen.getTime() > TOUCH_EVERY_MS) {
    await db
      .insert(staffActivity)
      .values({ sessionId, lastSeenAt: now })
      .onConflictDoUpdate({
        target: staffActivity.sessionId,
        set: { lastSeenAt: sql`GREATEST(${staffActivity.lastSeenAt}, excluded.last_seen_at)` },
      });
    lastSeen = now;
  }
  const guarded = { staff: { id: user.id, name: user.name, email: user.email, sessionId }, settings };
  if (key) {
    if (reused.size >= REUSE_LIMIT) reused.delete(reused.keys().next().value!);
    reused.set(key, { at: now.getTime(), guarded, lastSeenAt: lastSeen.getTime() });
  }
  return guarded;
}

/**
 * `requireStaff` for a JSON endpoint: the staff member, or a thrown JSON answer (401 for visitors and
 * expired staff sessions, 403 for shoppers). Reads only the headers: the body is never touched before
 * the caller knows who is sending it.
 */
export async function requireUploader(request: Request): Promise<Staff> {
  const guarded = await guardAction(request, {
    signedOut: UPLOAD_MESSAGES.signIn,
    forbidden: UPLOAD_MESSAGES.forbidden,
  });
  if (guarded.ok) return guarded.staff;
  throw Response.json({ error: guarded.message } satisfies UploadError, {
    status: guarded.status,
    headers: ADMIN_HEADERS,
  });
}
