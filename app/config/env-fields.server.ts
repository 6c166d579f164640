import { z } from "zod";
import { isSmtpUrl, parseMailbox, parseTrustProxy } from "./values.server";

/**
 * Every setting the shop reads from the environment, each on its own: its format, its message and its
 * default. The rules between settings are in env.server.ts.
 */
export const envFields = z.object({
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
  /** demo mode: seed a demo shopper's orders (one delivered, with a return asked for) on the first start */
  DEMO_ORDERS: z.enum(["on", "off"], { error: "must be 'on' or 'off'" }).default("on"),
  SHIPPING_PROVIDER: z.enum(["manual", "shiprocket"], { error: "must be 'manual' or 'shiprocket'" }).optional(),
  SHIPROCKET_EMAIL: z.email({ error: "must be the e-mail address of a Shiprocket API user" }).optional(),
  SHIPROCKET_PASSWORD: z.string().min(1, "must be the API user's password").optional(),
  SHIPROCKET_WEBHOOK_TOKEN: z
    .string()
    .min(12, "must be at least 12 characters long (the token entered for the webhook in Shiprocket's settings)")
    .optional(),
  SHIPROCKET_PICKUP_LOCATION: z.string().min(1, "must be the nickname of a pickup location").optional(),
  SHIPROCKET_API_URL: z
    .url({ error: "must be an absolute URL" })
    .refine((u) => /^https?:\/\//.test(u), "must start with http:// or https://")
    .transform((u) => u.replace(/\/+$/, ""))
    .default("https://apiv2.shiprocket.in"),
  PAGE_CACHE_MB: z.coerce
    .number({ error: "must be a whole number of megabytes (0 turns the page cache off)" })
    .int("must be a whole number of megabytes (0 turns the page cache off)")
    .min(0, "must be a whole number of megabytes (0 turns the page cache off)")
    .max(4096, "must be at most 4096")
    .default(160),
  PAGE_CACHE_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds (30 to 86400)" })
    .int("must be a whole number of seconds (30 to 86400)")
    .min(30, "must be a whole number of seconds (30 to 86400)")
    .max(86_400, "must be a whole number of seconds (30 to 86400)")
    .default(300),
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
  // The logger reads these three before the configuration is checked: config.server.ts, logSettings.
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .optional(),
  LOG_FORMAT: z.enum(["json", "pretty"], { error: "must be 'json' or 'pretty'" }).optional(),
  // Read when the database is migrated: config.server.ts, migrationsDir.
  MIGRATIONS_DIR: z.string().optional(),
});

export type EnvFields = z.infer<typeof envFields>;
