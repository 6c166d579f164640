import { createHmac, randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const RAZORPAY_KEYS = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const;
/** Object storage for pictures: these four come together (S3_ENDPOINT and S3_REGION are optional). */
const S3_REQUIRED = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const;
const S3_OPTIONAL = ["S3_ENDPOINT", "S3_REGION"] as const;

/**
 * Every setting the shop reads from the environment, checked once at start-up.
 * A wrong value stops the process with a message naming the variable (see README's table).
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    SHOP_MODE: z.enum(["demo", "live"], { error: "must be 'demo' or 'live'" }).default("demo"),
    PORT: z.coerce
      .number({ error: "must be a whole number between 1 and 65535" })
      .int("must be a whole number between 1 and 65535")
      .min(1, "must be a whole number between 1 and 65535")
      .max(65535, "must be a whole number between 1 and 65535")
      .default(3000),
    HOST: z.string().min(1, "must not be empty").default("127.0.0.1"),
    DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// connection URL")
      .optional(),
    BASE_URL: z
      .url({ error: "must be an absolute URL such as https://shop.example.com" })
      .refine((u) => /^https?:\/\//.test(u), "must start with http:// or https://")
      .transform((u) => u.replace(/\/+$/, ""))
      .optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters long").optional(),
    SMS_PROVIDER: z.enum(["console", "twilio"], { error: "must be 'console' or 'twilio'" }).optional(),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, "must be a Twilio Account SID (AC followed by 32 hex digits)")
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16, "must be the account's auth token").optional(),
    TWILIO_FROM: z
      .string()
      .regex(
        /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32}|[A-Za-z0-9]{3,11})$/,
        "must be a +E.164 number, an alphanumeric sender ID or a Messaging Service SID (MG...)",
      )
      .optional(),
    TWILIO_API_URL: z
      .url({ error: "must be an absolute URL" })
      .transform((u) => u.replace(/\/+$/, ""))
      .default("https://api.twilio.com"),
    PAYMENTS: z.enum(["online", "cod-only"], { error: "must be 'online' or 'cod-only'" }).default("online"),
    RAZORPAY_KEY_ID: z
      .string()
      .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, "must be a Razorpay key id (rzp_test_... or rzp_live_...)")
      .optional(),
    RAZORPAY_KEY_SECRET: z.string().min(16, "must be the key secret that belongs to RAZORPAY_KEY_ID").optional(),
    RAZORPAY_WEBHOOK_SECRET: z
      .string()
      .min(12, "must be at least 12 characters long (the secret entered for the webhook on the Razorpay Dashboard)")
      .optional(),
    RAZORPAY_API_URL: z
      .url({ error: "must be an absolute URL" })
      .refine((u) => /^https?:\/\//.test(u), "must start with http:// or https://")
      .transform((u) => u.replace(/\/+$/, ""))
      .default("https://api.razorpay.com"),
    RAZORPAY_CHECKOUT_URL: z
      .url({ error: "must be an absolute URL" })
      .refine((u) => /^https?:\/\//.test(u), "must start with http:// or https://")
      .default("https://checkout.razorpay.com/v1/checkout.js"),
    PAGE_CACHE_MB: z.coerce
      .number({ error: "must be a whole number of megabytes (0 turns the page cache off)" })
      .int("must be a whole number of megabytes (0 turns the page cache off)")
      .min(0, "must be a whole number of megabytes (0 turns the page cache off)")
      .max(4096, "must be at most 4096")
      .default(64),
    WEB_CONCURRENCY: z.coerce
      .number({ error: "must be a whole number of server processes (1 or more)" })
      .int("must be a whole number of server processes (1 or more)")
      .min(1, "must be a whole number of server processes (1 or more)")
      .max(64, "must be at most 64")
      .default(1),
    RENDER_CONCURRENCY: z.coerce
      .number({ error: "must be a whole number of pages rendered at once (0 for no limit)" })
      .int("must be a whole number of pages rendered at once (0 for no limit)")
      .min(0, "must be a whole number of pages rendered at once (0 for no limit)")
      .max(1000, "must be at most 1000")
      .default(6),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce
      .number({ error: "must be a whole number of seconds" })
      .int("must be a whole number of seconds")
      .min(0, "must be a whole number of seconds")
      .max(600, "must be at most 600")
      .default(10),
    TRUST_PROXY: z
      .string()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (parsed === null) {
          ctx.addIssue({
            code: "custom",
            message:
              "must be a number of proxy hops, 'true', 'false', or a comma-separated list of addresses, CIDR ranges or the names loopback, linklocal, uniquelocal",
          });
          return z.NEVER;
        }
        return parsed;
      })
      .default(["loopback"]),
    EMAIL_PROVIDER: z.enum(["console", "smtp"], { error: "must be 'console' or 'smtp'" }).optional(),
    SMTP_URL: z
      .string()
      .refine(isSmtpUrl, "must be an smtp:// or smtps:// address such as smtps://user:password@smtp.example.com:465")
      .optional(),
    MAIL_FROM: z
      .string()
      .transform((value, ctx) => {
        const parsed = parseMailbox(value);
        if (!parsed) {
          ctx.addIssue({
            code: "custom",
            message: "must be an e-mail address, optionally with a name: Saanjh <orders@shop.example.com>",
          });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens",
      )
      .optional(),
    S3_ENDPOINT: z
      .url({ error: "must be the storage provider's API address, such as https://<account>.r2.cloudflarestorage.com" })
      .refine((u) => /^https?:\/\//.test(u), "must start with http:// or https://")
      .transform((u) => u.replace(/\/+$/, ""))
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{2,32}$/, "must be a region name such as ap-south-1, or auto")
      .optional(),
    S3_ACCESS_KEY_ID: z
      .string()
      .regex(/^\S{1,256}$/, "must be the access key id of the storage account (no spaces)")
      .optional(),
    S3_SECRET_ACCESS_KEY: z
      .string()
      .regex(/^\S{1,256}$/, "must be the secret access key that belongs to S3_ACCESS_KEY_ID (no spaces)")
      .optional(),
    S3_PUBLIC_URL: z
      .url({
        error:
          "must be the absolute address under which the bucket's files are public, such as https://media.shop.example.com",
      })
      .refine((u) => /^https?:\/\//.test(u), "must start with http:// or https://")
      .refine((u) => !/[?#]/.test(u), "must be a plain address prefix, without ? or #")
      .transform((u) => u.replace(/\/+$/, ""))
      .optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER === "twilio") {
      for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when SMS_PROVIDER=twilio" });
      }
    }
    // EMAIL_PROVIDER defaults to smtp in live mode (which refuses console) and to console in demo mode.
    if ((env.EMAIL_PROVIDER ?? (env.SHOP_MODE === "live" ? "smtp" : "console")) === "smtp") {
      for (const name of ["SMTP_URL", "MAIL_FROM"] as const) {
        if (!env[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message:
              env.SHOP_MODE === "live"
                ? "is required when SHOP_MODE=live (e-mail goes out through SMTP)"
                : "is required when EMAIL_PROVIDER=smtp",
          });
      }
    }
    // The three Razorpay keys come together: a key pair without the webhook secret would take money
    // whose webhooks the shop cannot verify.
    const missingRazorpayKeys = RAZORPAY_KEYS.filter((name) => !env[name]);
    if (missingRazorpayKeys.length > 0 && missingRazorpayKeys.length < RAZORPAY_KEYS.length) {
      for (const name of missingRazorpayKeys) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message:
            "is required with the other Razorpay keys: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together, or none of them",
        });
      }
    }
    // Object storage is all or nothing: half a configuration would store pictures nobody can see.
    const s3Missing = S3_REQUIRED.filter((name) => !env[name]);
    if (s3Missing.length > 0 && s3Missing.length < S3_REQUIRED.length) {
      for (const name of s3Missing) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message:
            "is required with the other S3 settings: set S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL together (plus S3_ENDPOINT for a provider other than AWS), or none of them to keep pictures on local disk",
        });
      }
    }
    if (!env.S3_BUCKET) {
      for (const name of S3_OPTIONAL) {
        if (env[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message:
              "is set but S3_BUCKET is not: pictures are kept on local disk unless S3_BUCKET and its companions are set",
          });
      }
    }
    if (env.SHOP_MODE !== "live") return;
    if (!env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required when SHOP_MODE=live" });
    }
    if (!env.BASE_URL || !env.BASE_URL.startsWith("https://")) {
      ctx.addIssue({
        code: "custom",
        path: ["BASE_URL"],
        message: "must be set to the shop's https:// address when SHOP_MODE=live",
      });
    }
    // Live mode never uses the console provider: sign-in codes must reach real phones.
    if (env.SMS_PROVIDER !== "twilio") {
      ctx.addIssue({
        code: "custom",
        path: ["SMS_PROVIDER"],
        message:
          "must name a real SMS gateway (twilio) when SHOP_MODE=live; the console provider is for demo mode only",
      });
    }
    // Live mode never uses the console e-mail provider: order confirmations must reach real inboxes.
    if (env.EMAIL_PROVIDER === "console") {
      ctx.addIssue({
        code: "custom",
        path: ["EMAIL_PROVIDER"],
        message: "must be 'smtp' when SHOP_MODE=live; the console provider is for demo mode only",
      });
    }
    // Live mode never uses the test gateway: online payments need Razorpay, or the shop takes cash on
    // delivery alone (PAYMENTS=cod-only).
    if (missingRazorpayKeys.length === RAZORPAY_KEYS.length && env.PAYMENTS === "online") {
      for (const name of RAZORPAY_KEYS) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message:
            "is required when SHOP_MODE=live: the test payment gateway is for demo mode only (or set PAYMENTS=cod-only to take cash on delivery alone)",
        });
      }
    }
    // Pages are https in live mode: pictures from plain http would be blocked as mixed content.
    if (env.S3_PUBLIC_URL && !env.S3_PUBLIC_URL.startsWith("https://")) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_PUBLIC_URL"],
        message:
          "must be an https:// address when SHOP_MODE=live (pages are https; browsers block http pictures on them)",
      });
    }
    if (
      env.S3_ENDPOINT &&
      !env.S3_ENDPOINT.startsWith("https://") &&
      !LOOPBACK_HOSTS.test(new URL(env.S3_ENDPOINT).hostname)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_ENDPOINT"],
        message: "must be an https:// address when SHOP_MODE=live, unless the storage runs on this machine",
      });
    }
    // The key secret travels in every API call, and the checkout script runs on the payment page.
    for (const name of ["RAZORPAY_API_URL", "RAZORPAY_CHECKOUT_URL"] as const) {
      if (!env[name].startsWith("https://")) {
        ctx.addIssue({ code: "custom", path: [name], message: "must be an https:// address when SHOP_MODE=live" });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env["NODE_ENV"];
  mode: Env["SHOP_MODE"];
  isDemo: boolean;
  port: number;
  host: string;
  /** absolute path */
  dataDir: string;
  /** absolute path of the embedded database folder (unused when databaseUrl is set) */
  pgliteDir: string;
  /** absolute path under which uploaded and generated pictures are stored (local disk storage) */
  mediaDir: string;
  /** where pictures are stored: local disk (mediaDir, served at /media) or S3-compatible storage */
  media: MediaConfig;
  databaseUrl: string | undefined;
  baseUrl: string;
  authSecret: string;
  logLevel: Env["LOG_LEVEL"];
  sms: SmsConfig;
  /** bytes the shared page cache may hold; 0 = off (docs/decisions/013) */
  pageCacheBytes: number;
  /**
   * server processes on the one port (WEB_CONCURRENCY, node:cluster): as asked on PostgreSQL, always 1
   * on the embedded database, which only one process can open (decision 029)
   */
  processes: number;
  /** WEB_CONCURRENCY as asked, when the embedded database made it 1 (for the start-up message) */
  processesAsked: number;
  /** page requests (GET, HEAD) each process renders at once; the rest wait in order; 0 = no limit (decision 030) */
  renderConcurrency: number;
  /** how long a stopping server lets requests in flight finish before closing their connections */
  shutdownTimeoutMs: number;
  /** which proxies' X-Forwarded-For to believe, in Express's `trust proxy` terms */
  trustProxy: TrustProxy;
  /** who takes online payments, and whether the checkout may offer them (docs/decisions/017) */
  payments: PaymentsConfig;
  /** who delivers e-mail (order confirmations): docs/decisions/018 */
  email: EmailConfig;
}

/**
 * Where pictures live. `local`: files under DATA_DIR/media, served by the shop at /media. `s3`: an
 * S3-compatible bucket (S3_BUCKET ...), read by browsers from `publicUrl`.
 */
export type MediaConfig =
  | { storage: "local" }
  | {
      storage: "s3";
      bucket: string;
      /** unset for AWS itself */
      endpoint: string | undefined;
      region: string;
      accessKeyId: string;
      /** never log it */
      secretAccessKey: string;
      publicUrl: string;
      /** the bucket in the path (what non-AWS providers expect): on whenever S3_ENDPOINT is set */
      forcePathStyle: boolean;
    };

/** S3_REGION when unset: 'auto' for a provider of one's own endpoint (R2 wants it), AWS Mumbai otherwise. */
export const DEFAULT_S3_REGION = { withEndpoint: "auto", aws: "ap-south-1" } as const;

function mediaConfig(env: Env): MediaConfig {
  // The schema requires the four together.
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY && env.S3_PUBLIC_URL) {
    return {
      storage: "s3",
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION ?? (env.S3_ENDPOINT ? DEFAULT_S3_REGION.withEndpoint : DEFAULT_S3_REGION.aws),
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
      forcePathStyle: Boolean(env.S3_ENDPOINT),
    };
  }
  return { storage: "local" };
}

/** A sender or recipient: `orders@shop.example.com`, optionally with a display name. */
export interface Mailbox {
  name: string | null;
  address: string;
}

/**
 * Which service delivers e-mail. `console` (demo mode only): one log line, and the message stays in its
 * outbox row, shown at /dev/outbox?email=. `smtp`: nodemailer over SMTP_URL.
 */
export type EmailConfig =
  | { provider: "console"; from: Mailbox }
  | {
      provider: "smtp";
      /** smtp:// or smtps://, usually with credentials: never log it */
      url: string;
      from: Mailbox;
      /**
       * Live mode with smtp:// to another machine: insist on STARTTLS, so the credentials and the
       * shoppers' addresses never cross the network in clear text (smtps:// is TLS from the start).
       */
      requireTLS: boolean;
    };

/** The sender demo mode shows when MAIL_FROM is unset (the console provider sends nothing). */
export const DEMO_MAIL_FROM: Mailbox = { name: "Saanjh", address: "orders@saanjh.example" };

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

function isSmtpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === "smtp:" || url.protocol === "smtps:") &&
    url.hostname !== "" &&
    url.pathname.replace(/\/+$/, "") === ""
  );
}

const PLAIN_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** One plain address (no name, no list, no spaces): what the outbox sends to. */
export function isPlainEmailAddress(value: string): boolean {
  return value.length <= 254 && PLAIN_ADDRESS.test(value) && !value.includes("..");
}

/** `orders@x.com`, `Saanjh <orders@x.com>` or `"Saanjh Orders" <orders@x.com>`; null when it is anything else. */
export function parseMailbox(raw: string): Mailbox | null {
  const value = raw.trim();
  if (isPlainEmailAddress(value)) return { name: null, address: value };
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(value);
  if (!match) return null;
  let name = (match[1] ?? "").trim();
  if (name.startsWith('"') && name.endsWith('"') && name.length >= 2) name = name.slice(1, -1).trim();
  const address = (match[2] ?? "").trim();
  // a name may hold any printable text except what would start another header or address
  if (
    !isPlainEmailAddress(address) ||
    /[<>"\\]/.test(name) ||
    [...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)
  )
    return null;
  return { name: name || null, address };
}

function emailConfig(env: Env): EmailConfig {
  const provider = env.EMAIL_PROVIDER ?? (env.SHOP_MODE === "live" ? "smtp" : "console");
  // The schema requires SMTP_URL and MAIL_FROM with smtp.
  if (provider === "smtp" && env.SMTP_URL && env.MAIL_FROM) {
    const url = new URL(env.SMTP_URL);
    return {
      provider: "smtp",
      url: env.SMTP_URL,
      from: env.MAIL_FROM,
      requireTLS: env.SHOP_MODE === "live" && url.protocol === "smtp:" && !LOOPBACK_HOSTS.test(url.hostname),
    };
  }
  return { provider: "console", from: env.MAIL_FROM ?? DEMO_MAIL_FROM };
}

/**
 * The payment gateway. `razorpay` when its three keys are set; otherwise the local `test` gateway in
 * demo mode, or `none` in live mode with PAYMENTS=cod-only (live mode refuses the test gateway).
 * `online` is false with PAYMENTS=cod-only: the checkout offers cash on delivery alone, while a
 * configured Razorpay still verifies the webhooks and refunds of payments taken before.
 */
export type PaymentsConfig =
  | {
      provider: "razorpay";
      online: boolean;
      keyId: string;
      keySecret: string;
      webhookSecret: string;
      /** https://api.razorpay.com, or a local fake gateway in tests */
      apiUrl: string;
      /** the Checkout script the payment page loads */
      checkoutUrl: string;
    }
  | {
      provider: "test";
      online: boolean;
      /** demo mode's local gateway signs in Razorpay's format with this key (derived from AUTH_SECRET) */
      keySecret: string;
    }
  | { provider: "none"; online: false };

/**
 * The test gateway's signing key: derived from AUTH_SECRET (so it survives restarts and differs per
 * shop) and never equal to it, so a signature from the test page says nothing about the session key.
 */
export function testGatewaySecret(authSecret: string): string {
  return createHmac("sha256", authSecret).update("saanjh test payment gateway v1").digest("hex");
}

function paymentsConfig(env: Env, authSecret: string): PaymentsConfig {
  const online = env.PAYMENTS === "online";
  if (env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET) {
    return {
      provider: "razorpay",
      online,
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: env.RAZORPAY_API_URL,
      checkoutUrl: env.RAZORPAY_CHECKOUT_URL,
    };
  }
  // The schema refuses live mode without the keys unless PAYMENTS=cod-only.
  if (env.SHOP_MODE === "live") return { provider: "none", online: false };
  return { provider: "test", online, keySecret: testGatewaySecret(authSecret) };
}

/** Express's `trust proxy` values: a hop count, all or nothing, or a list of addresses and ranges. */
export type TrustProxy = boolean | number | string[];

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.has(item)) return true;
  const [address = "", bits, ...rest] = item.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as Express understands it, or null when it is not a valid value. */
export function parseTrustProxy(raw: string): TrustProxy | null {
  const value = raw.trim();
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value) <= 32 ? Number(value) : null;
  const items = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0 || !items.every(isAddressOrRange)) return null;
  return items;
}

/** Which SMS gateway delivers sign-in codes: `console` only in demo mode (log line + outbox table). */
export type SmsConfig =
  { provider: "console" } | { provider: "twilio"; accountSid: string; authToken: string; from: string; apiUrl: string };

/** What the origin checks need to know of the shop's address. */
export type ShopAddress = Pick<Config, "baseUrl" | "isDemo" | "port">;

/** The names a browser on the shop's own machine may use for it. */
const LOCAL_NAMES = ["localhost", "127.0.0.1", "[::1]"] as const;

/**
 * The origins that are this shop for every origin check (the auth library's, the same-origin guard's,
 * sign-in's): BASE_URL's, and in demo mode also localhost, 127.0.0.1 and [::1] on the shop's port (and
 * on BASE_URL's, when BASE_URL is itself on this machine). `npm start` prints localhost, and people
 * open 127.0.0.1 just as often; both reach the same process. Live mode is BASE_URL alone.
 */
export function shopOrigins(address: ShopAddress): string[] {
  const base = new URL(address.baseUrl);
  const origins = new Set([base.origin]);
  if (!address.isDemo) return [...origins];
  const doors = [new URL(`http://localhost:${address.port}`)];
  if (LOOPBACK_HOSTS.test(base.hostname)) doors.push(new URL(base.origin));
  for (const door of doors) {
    for (const name of LOCAL_NAMES) {
      door.hostname = name;
      origins.add(door.origin);
    }
  }
  return [...origins];
}

/** Whether `value` (an Origin header or a page's address) is this shop's origin: see shopOrigins. */
export function isShopOrigin(address: ShopAddress, value: string): boolean {
  let origin: string;
  try {
    origin = new URL(value).origin;
  } catch {
    return false;
  }
  return shopOrigins(address).includes(origin);
}

const EVERY_INTERFACE = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * The start-up banner's warnings about the shop's address. Listening on every interface with a
 * BASE_URL on this machine lets other machines open the shop, but sign-in belongs to BASE_URL's
 * address, so theirs is refused.
 */
export function addressWarnings(config: Pick<Config, "host" | "baseUrl" | "port">): string[] {
  if (!EVERY_INTERFACE.has(config.host) || !LOOPBACK_HOSTS.test(new URL(config.baseUrl).hostname)) return [];
  return [
    `Warning: HOST=${config.host} lets other machines open the shop, but BASE_URL is ${config.baseUrl}, so people on other ` +
      `machines will be refused when they sign in. Set BASE_URL to the address they open (http://<this machine's address>:${config.port}).`,
  ];
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment; pure apart from creating and reading the generated development secret. */
export function parseConfig(source: NodeJS.ProcessEnv, cwd = process.cwd()): Config {
  // Treat empty strings like unset values: `FOO= npm start` should mean the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "environment";
      const got = typeof issue.path[0] === "string" ? cleaned[issue.path[0]] : undefined;
      const shown =
        got === undefined || /SECRET|PASSWORD|DATABASE_URL|TOKEN|SMTP_URL|ACCESS_KEY/.test(name)
          ? ""
          : ` (got "${got}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const env = result.data;
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  const authSecret = env.AUTH_SECRET ?? generatedSecret(dataDir);
  return {
    nodeEnv: env.NODE_ENV,
    mode: env.SHOP_MODE,
    isDemo: env.SHOP_MODE === "demo",
    port: env.PORT,
    host: env.HOST,
    dataDir,
    pgliteDir: path.join(dataDir, "pglite"),
    mediaDir: path.join(dataDir, "media"),
    media: mediaConfig(env),
    databaseUrl: env.DATABASE_URL,
    baseUrl: env.BASE_URL ?? `http://localhost:${env.PORT}`,
    authSecret,
    logLevel: env.LOG_LEVEL,
    pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    processes: env.DATABASE_URL ? env.WEB_CONCURRENCY : 1,
    processesAsked: env.WEB_CONCURRENCY,
    renderConcurrency: env.RENDER_CONCURRENCY,
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    payments: paymentsConfig(env, authSecret),
    email: emailConfig(env),
    sms:
      env.SMS_PROVIDER === "twilio" && env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            provider: "twilio",
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiUrl: env.TWILIO_API_URL,
          }
        : { provider: "console" },
  };
}

/** In demo mode an unset AUTH_SECRET is generated once and kept under DATA_DIR, so sessions survive restarts. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const CONFIG_KEY = Symbol.for("shop.config");
type GlobalWithConfig = typeof globalThis & { [CONFIG_KEY]?: Config };

/** The process-wide configuration, parsed on first use. */
export function getConfig(): Config {
  const g = globalThis as GlobalWithConfig;
  g[CONFIG_KEY] ??= parseConfig(process.env);
  return g[CONFIG_KEY];
}
