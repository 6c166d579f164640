import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { session as sessionTable, user as userTable } from "./auth-schema.server";
import type { Auth } from "./auth.server";

/*
 * The signed-in account of a request in one statement (decision 058). The auth library's `getSession`
 * checks the session cookie's signature, reads the session, then its user, in two statements, through
 * its endpoint machinery; on every signed-in page and action (a sale's add to bag and checkout) that
 * was about a tenth of the server's time. Here the cookie is checked as the library checks it (its
 * name, its HMAC-SHA256 signature with the library's secret) and the session and its account are read
 * together. Whatever needs a write is left to the library, which does it as before: an expired session
 * (it deletes it) and one due for its daily refresh (it extends it).
 */

/** What the library's own lookup would answer, read in one statement. */
export interface FoundSession {
  session: { id: string; userId: string; createdAt: Date; expiresAt: Date };
  user: {
    id: string;
    name: string;
    email: string;
    role: string | null;
    banned: boolean | null;
    phoneNumber: string | null;
  };
}

/** `none`: signed out (no cookie, a forged or unknown one); `library`: the library must answer (it writes). */
export type SessionLookup = { kind: "found"; found: FoundSession } | { kind: "none" } | { kind: "library" };

interface CookieRules {
  sessionCookie: string;
  dontRememberCookie: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
  /** session options under which the library answers differently (a cookie cache, refresh off or deferred) */
  libraryOnly: boolean;
}

const rulesOf = new WeakMap<Auth, Promise<CookieRules>>();

function cookieRules(auth: Auth): Promise<CookieRules> {
  let rules = rulesOf.get(auth);
  if (!rules) {
    rules = auth.$context.then((ctx) => {
      // read loosely: the options' type is this shop's own, and says these are off; kept honest if one is set
      const loose = ctx.options as {
        session?: {
          cookieCache?: { enabled?: boolean };
          disableSessionRefresh?: boolean;
          deferSessionRefresh?: boolean;
        };
        secondaryStorage?: unknown;
      };
      const options = loose.session;
      return {
        sessionCookie: ctx.authCookies.sessionToken.name,
        dontRememberCookie: ctx.authCookies.dontRememberToken.name,
        secret: ctx.secret,
        expiresInMs: ctx.sessionConfig.expiresIn * 1000,
        updateAgeMs: ctx.sessionConfig.updateAge * 1000,
        libraryOnly:
          options?.cookieCache?.enabled === true ||
          Boolean(options?.disableSessionRefresh) ||
          Boolean(options?.deferSessionRefresh) ||
          Boolean(loose.secondaryStorage),
      };
    });
    rulesOf.set(auth, rules);
  }
  return rules;
}

/** The first value of cookie `name` in a Cookie header, decoded as the library decodes it; null if absent. */
export function cookieValue(header: string, name: string): string | null {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq === -1) return null;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes("%") ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return null;
}

/** The value a signed cookie carries when its signature is the secret's; null otherwise (as the library). */
export function signedValue(raw: string | null, secret: string): string | null {
  if (!raw) return null;
  const dot = raw.lastIndexOf(".");
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  // the canonical base64 of the HMAC, character for character (the library's atob refuses the URL-safe alphabet)
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64"));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

function sessionQuery(db: Db) {
  return db
    .select({
      id: sessionTable.id,
      userId: sessionTable.userId,
      createdAt: sessionTable.createdAt,
      expiresAt: sessionTable.expiresAt,
      name: userTable.name,
      email: userTable.email,
      role: userTable.role,
      banned: userTable.banned,
      phoneNumber: userTable.phoneNumber,
    })
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .where(eq(sessionTable.token, sql.placeholder("token")))
    .limit(1);
}

/** The statement built once per database and prepared: every signed-in request reads a session. */
const prepared = new WeakMap<Db, ReturnType<ReturnType<typeof sessionQuery>["prepare"]>>();

/** The session a request's cookie names, read as the library would answer it, or which of the other two. */
export async function lookUpSession(
  db: Db,
  auth: Auth,
  cookieHeader: string | null,
  now = Date.now(),
): Promise<SessionLookup> {
  if (!cookieHeader) return { kind: "none" };
  const rules = await cookieRules(auth);
  if (rules.libraryOnly) return { kind: "library" };
  const token = signedValue(cookieValue(cookieHeader, rules.sessionCookie), rules.secret);
  if (!token) return { kind: "none" };
  let query = prepared.get(db);
  if (!query) {
    query = sessionQuery(db).prepare("session_of_token");
    prepared.set(db, query);
  }
  const [row] = await query.execute({ token });
  if (!row) return { kind: "none" };
  const expiresAt = row.expiresAt.getTime();
  // expired: the library deletes it and answers signed out
  if (expiresAt < now) return { kind: "library" };
  // due for the daily refresh (unless 'remember me' was off): the library extends it
  const due = expiresAt - rules.expiresInMs + rules.updateAgeMs <= now;
  if (due && !signedValue(cookieValue(cookieHeader, rules.dontRememberCookie), rules.secret))
    return { kind: "library" };
  return {
    kind: "found",
    found: {
      session: { id: row.id, userId: row.userId, createdAt: row.createdAt, expiresAt: row.expiresAt },
      user: {
        id: row.userId,
        name: row.name,
        email: row.email,
        role: row.role,
        banned: row.banned,
        phoneNumber: row.phoneNumber,
      },
    },
  };
}

/** The session of a request: this module's one statement, or the library's own lookup where it must write. */
export async function findSession(
  db: Db,
  auth: Auth,
  headers: Headers,
  now = Date.now(),
): Promise<FoundSession | null> {
  const lookup = await lookUpSession(db, auth, headers.get("cookie"), now);
  if (lookup.kind === "found") return lookup.found;
  if (lookup.kind === "none") return null;
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  const user = found.user as FoundSession["user"];
  return {
    session: found.session,
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role ?? null,
      banned: user.banned ?? null,
      phoneNumber: user.phoneNumber ?? null,
    },
  };
}
