import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getIP } from "better-auth/api";
import { admin, phoneNumber } from "better-auth/plugins";
import type { Config } from "../../config.server";
import type { Db } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { authTables } from "./auth-schema.server";
import { checkOtpRequest, pruneOtpRequests } from "./otp-limits.server";
import { SmsDeliveryError, type SmsProvider } from "./sms.server";

export const STAFF_ROLE = "admin";
export const CUSTOMER_ROLE = "customer";
export const MIN_STAFF_PASSWORD_LENGTH = 10;

export interface AuthDeps {
  db: Db;
  config: Pick<Config, "baseUrl" | "authSecret">;
  sms: SmsProvider;
}

const OTP_PATHS: Record<string, "send" | "verify"> = {
  "/phone-number/send-otp": "send",
  "/phone-number/verify": "verify",
};

export function createAuth({ db, config, sms }: AuthDeps) {
  const auth = betterAuth({
    appName: "Saanjh",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.baseUrl],
    logger: {
      log: (level, message, ...args) => {
        const log = getLogger();
        const details = args.length > 0 ? { details: args } : {};
        if (level === "error") log.error(details, `auth: ${message}`);
        else if (level === "warn") log.warn(details, `auth: ${message}`);
        else log.debug(details, `auth: ${message}`);
      },
    },
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
      useSecureCookies: config.baseUrl.startsWith("https://"),
      cookiePrefix: "shop",
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: {
      // Code abuse limits (per phone per hour, per IP), in the database; they apply to the HTTP
      // endpoints and to server calls through auth.api alike.
      before: createAuthMiddleware(async (ctx) => {
        const kind = OTP_PATHS[ctx.path];
        if (!kind) return;
        const phone = (ctx.body as { phoneNumber?: unknown } | undefined)?.phoneNumber;
        if (typeof phone !== "string" || !/^\+91[6-9]\d{9}$/.test(phone)) return; // the plugin answers invalid numbers
        const source = ctx.request ?? ctx.headers;
        const ip = source ? getIP(source, ctx.context.options) : null;
        const result = await checkOtpRequest(db, { kind, phone, ip });
        if (kind === "send" && Math.random() < 0.05) await pruneOtpRequests(db);
        if (!result.allowed) {
          throw new APIError("TOO_MANY_REQUESTS", {
            message: result.message,
            code: "OTP_LIMIT",
          }, { "Retry-After": String(result.retryAfterSeconds) });
        }
      }),
    },
    plugins: [
      phoneNumber({
        otpLength: 6,
        expiresIn: 300,
        allowedAttempts: 3,
        phoneNumberValidator: (phone) => /^\+91[6-9]\d{9}$/.test(phone),
        sendOTP: async ({ phoneNumber: to, code }) => {
          try {
            await sms.send(to, `${code} is your Saanjh sign-in code. It expires in 5 minutes. Do not share it with anyone.`);
          } catch (error) {
            if (error instanceof SmsDeliveryError) throw new APIError("BAD_GATEWAY", { message: error.message, code: "SMS_FAILED" });
            throw error;
          }
        },
        signUpOnVerification: {
          getTempEmail: (phone) => `${phone.replace(/\D/g, "")}@phone.invalid`,
          getTempName: (phone) => phone,
        },
      }),
      admin({ defaultRole: CUSTOMER_ROLE, adminRoles: [STAFF_ROLE] }),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
