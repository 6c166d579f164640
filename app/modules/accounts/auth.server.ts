import { BASE_ERROR_CODES, betterAuth } from "better-auth";
import { eq, sql } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getIP, isAPIError } from "better-auth/api";

import { admin, phoneNumber } from "better-auth/plugins";
import { shopOrigins, type Config } from "../../config.server";
import type { Db } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { authTables, user as users } from "./auth-schema.server";
import { MIN_STAFF_PASSWORD_LENGTH } from "./staff-form";
import { checkOtpRequest, pruneOtpRequests } from "./otp-limits.server";
import { beginPasswordAttempt, clearPasswordAttempts, passwordLimitMessage } from "./password-limits.server";
import { SmsDeliveryError, type SmsProvider } from "./sms.server";

export const STAFF_ROLE = "admin";
export const CUSTOMER_ROLE = "customer";
/** The admin plugin's error code for a banned (deactivated) account; the code request answers with it too. */
export const ACCOUNT_DISABLED_CODE = "BANNED_USER";
/** What a deactivated shopper is told when asking for a code and when verifying one. */
export const ACCOUNT_DISABLED_MESSAGE = "This account is disabled. Please contact support.";

/**
 * How long a number verified for a new account stays signed in without completing the registration.
 * The session that proves the number is the only thing that lets a profile be made, for that number
 * alone (its account's), and only this long; an account never completed is removed after it
 * (sign-ups.server.ts).
 */
export const REGISTRATION_WINDOW_MS = 30 * 60_000;

/**
 * An account the phone plugin made on verifying a new number keeps the number as its name until the
 * registration gives it a real one (completeRegistration writes 'First Last', never a bare number).
 * Read from the session's user, so the check costs no query.
 */
export function registrationPending(account: {
  role?: string | null;
  name: string;
  phoneNumber?: string | null;
}): boolean {
  return (
    account.role === CUSTOMER_ROLE && typeof account.phoneNumber === "string" && account.name === account.phoneNumber
  );
}

export interface AuthDeps {
  db: Db;
  config: Pick<Config, "baseUrl" | "authSecret" | "isDemo" | "port">;
  sms: SmsProvider;
}

const OTP_PATHS: Record<string, "send" | "verify"> = {
  "/phone-number/send-otp": "send",
  "/phone-number/verify": "verify",
};

/**
 * The auth library's HTTP endpoints that the shop's screens call, with their methods; every other
 * path under /api/auth answers 404 (decision 014). Phone sign-in runs through the account screen's
 * own actions, which call the library on the server (`auth.api`), so it needs no public endpoint.
 */
export const AUTH_HTTP_ENDPOINTS: Readonly<Record<string, readonly string[]>> = {
  // the footer's ADM modal: staff e-mail and password
  "/sign-in/email": ["POST"],
};

const PASSWORD_SIGN_IN = "/sign-in/email";

/** The library's answer to a wrong password, given word for word to shoppers' accounts too. */
function wrongPassword(): APIError {
  return APIError.from("UNAUTHORIZED", BASE_ERROR_CODES.INVALID_EMAIL_OR_PASSWORD);
}

/** The library's log lines in the shop's log, marked as the library's. */
const authLogger = {
  log: (level: string, message: string, ...args: unknown[]) => {
    const log = getLogger();
    const details = args.length > 0 ? { details: args } : {};
    if (level === "error") log.error(details, `auth: ${message}`);
    else if (level === "warn") log.warn(details, `auth: ${message}`);
    else log.debug(details, `auth: ${message}`);
  },
};

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function clientIp(ctx: HookContext): string | null {
  const source = ctx.request ?? ctx.headers;
  return source ? getIP(source, ctx.context.options) : null;
}

/**
 * Before a code is sent or checked: the code abuse limits (per phone per hour, per IP), and a
 * deactivated shopper is told so when asking for a code, not only after typing it (where the admin
 * plugin refuses the new session with the same message).
 */
async function beforeCodeRequest(db: Db, ctx: HookContext, kind: "send" | "verify"): Promise<void> {
  const phone = (ctx.body as { phoneNumber?: unknown } | undefined)?.phoneNumber;
  if (typeof phone !== "string" || !/^\+91[6-9]\d{9}$/.test(phone)) return; // the plugin answers invalid numbers
  const result = await checkOtpRequest(db, { kind, phone, ip: clientIp(ctx) });
  if (kind === "send" && Math.random() < 0.05) await pruneOtpRequests(db);
  if (!result.allowed) {
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { message: result.message, code: "OTP_LIMIT" },
      { "Retry-After": String(result.retryAfterSeconds) },
    );
  }
  const [account] = await db.select({ banned: users.banned }).from(users).where(eq(users.phoneNumber, phone)).limit(1);
  if (account?.banned)
    throw new APIError("FORBIDDEN", { message: ACCOUNT_DISABLED_MESSAGE, code: ACCOUNT_DISABLED_CODE });
}

/** Before a password sign-in: the limits per account and per address, and staff accounts only. */
async function beforePasswordSignIn(db: Db, ctx: HookContext): Promise<void> {
  const body = ctx.body as { email?: unknown; password?: unknown } | undefined;
  if (typeof body?.email !== "string" || typeof body.password !== "string") return; // the library answers malformed input
  const attempt = await beginPasswordAttempt(db, body.email, clientIp(ctx));
  if (!attempt.allowed) {
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { message: passwordLimitMessage(attempt.retryAfterSeconds), code: "PASSWORD_LIMIT" },
      { "Retry-After": String(attempt.retryAfterSeconds) },
    );
  }
  // Passwords are for staff (decision 003). A shopper's account answers exactly as a wrong
  // password does, after the same hashing work, so neither the answer nor its timing tells.
  const [found] = await db
    .select({ role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${body.email.trim().toLowerCase()}`)
    .limit(1);
  if (found && found.role !== STAFF_ROLE) {
    await ctx.context.password.hash(body.password);
    throw wrongPassword();
  }
}

/**
 * The shop's checks around the library's endpoints, kept in the database; they apply to the HTTP
 * endpoints and to server calls through auth.api alike. Codes: abuse limits. Password sign-in: staff
 * only, limited per account as well as per address, the account's count cleared on success.
 */
function authHooks(db: Db) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path === PASSWORD_SIGN_IN) return beforePasswordSignIn(db, ctx);
      const kind = OTP_PATHS[ctx.path];
      if (kind) await beforeCodeRequest(db, ctx, kind);
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== PASSWORD_SIGN_IN || isAPIError(ctx.context.returned)) return;
      const email = (ctx.body as { email?: unknown } | undefined)?.email;
      if (typeof email === "string") await clearPasswordAttempts(db, email);
    }),
  };
}

/** Shoppers sign in by a code sent to their phone; a new number makes an account on verification. */
function phoneSignIn(sms: SmsProvider) {
  return phoneNumber({
    otpLength: 6,
    expiresIn: 300,
    allowedAttempts: 3,
    phoneNumberValidator: (phone) => /^\+91[6-9]\d{9}$/.test(phone),
    sendOTP: async ({ phoneNumber: to, code }) => {
      try {
        await sms.send(
          to,
          `${code} is your Saanjh sign-in code. It expires in 5 minutes. Do not share it with anyone.`,
        );
      } catch (error) {
        if (error instanceof SmsDeliveryError)
          throw new APIError("BAD_GATEWAY", { message: error.message, code: "SMS_FAILED" });
        throw error;
      }
    },
    signUpOnVerification: {
      getTempEmail: (phone) => `${phone.replace(/\D/g, "")}@phone.invalid`,
      // the mark of an account whose registration is not complete (registrationPending)
      getTempName: (phone) => phone,
    },
  });
}

export function createAuth({ db, config, sms }: AuthDeps) {
  // Filled below with every endpoint path the library and its plugins mount, less the allow-list.
  const disabledPaths: string[] = [];
  const auth = betterAuth({
    disabledPaths,
    appName: "Saanjh",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    // the same origins as every other check of the shop (in demo mode, 127.0.0.1 is localhost)
    trustedOrigins: shopOrigins(config),
    logger: authLogger,
    database: drizzleAdapter(db, { provider: "pg", schema: authTables }),
    // Staff sign in with e-mail and password; accounts are made by `npm run admin:create`, never by sign-up.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_STAFF_PASSWORD_LENGTH,
      maxPasswordLength: 128,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // On in every environment and kept in the database, so limits hold across instances and restarts.
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/phone-number/send-otp": { window: 60, max: 3 },
        "/phone-number/verify": { window: 60, max: 10 },
      },
    },
    advanced: {
      // The library turns its origin check off under NODE_ENV=test; on here, so tests meet the check browsers do.
      disableOriginCheck: false,
      useSecureCookies: config.baseUrl.startsWith("https://"),
      cookiePrefix: "shop",
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: authHooks(db),
    plugins: [
      phoneSignIn(sms),
      admin({ defaultRole: CUSTOMER_ROLE, adminRoles: [STAFF_ROLE], bannedUserMessage: ACCOUNT_DISABLED_MESSAGE }),
    ],
  });

  const allowed = new Set(Object.keys(AUTH_HTTP_ENDPOINTS));
  for (const endpoint of Object.values(auth.api) as Array<{ path?: unknown }>) {
    if (typeof endpoint.path === "string" && !allowed.has(endpoint.path) && !disabledPaths.includes(endpoint.path)) {
      disabledPaths.push(endpoint.path);
    }
  }
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
