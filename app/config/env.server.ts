import type { z } from "zod";
import { envFields, type EnvFields } from "./env-fields.server";
import { LOOPBACK_HOSTS } from "./values.server";

const RAZORPAY_KEYS = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const;
/** Shiprocket's API user and the token its webhooks carry: all three or none. */
const SHIPROCKET_KEYS = ["SHIPROCKET_EMAIL", "SHIPROCKET_PASSWORD", "SHIPROCKET_WEBHOOK_TOKEN"] as const;
/** Object storage for pictures: these four come together (S3_ENDPOINT and S3_REGION are optional). */
const S3_REQUIRED = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const;
const S3_OPTIONAL = ["S3_ENDPOINT", "S3_REGION"] as const;

type Ctx = z.RefinementCtx<EnvFields>;

/** Settings that need others: a provider's credentials, the Razorpay keys and the S3 settings all or none. */
function requireCompanions(env: EnvFields, ctx: Ctx): void {
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
  // Shiprocket's three come together (a half-configured courier would book parcels whose scans the shop
  // cannot verify), and SHIPPING_PROVIDER=shiprocket needs them.
  const missingShiprocket = SHIPROCKET_KEYS.filter((name) => !env[name]);
  const shiprocketAsked = env.SHIPPING_PROVIDER === "shiprocket";
  if (missingShiprocket.length > 0 && (shiprocketAsked || missingShiprocket.length < SHIPROCKET_KEYS.length)) {
    for (const name of missingShiprocket) {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: shiprocketAsked
          ? "is required when SHIPPING_PROVIDER=shiprocket"
          : "is required with the other Shiprocket settings: set SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD and SHIPROCKET_WEBHOOK_TOKEN together, or none of them",
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
}

/** Live mode: real secrets, an https address and real gateways for SMS, e-mail and payments. */
function requireLiveSettings(env: EnvFields, ctx: Ctx): void {
  const missingRazorpayKeys = RAZORPAY_KEYS.filter((name) => !env[name]);
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
      message: "must name a real SMS gateway (twilio) when SHOP_MODE=live; the console provider is for demo mode only",
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
  // The key secret travels in every API call, and the checkout script runs on the payment page; the
  // courier service's password travels at sign-in.
  for (const name of ["RAZORPAY_API_URL", "RAZORPAY_CHECKOUT_URL", "SHIPROCKET_API_URL"] as const) {
    if (!env[name].startsWith("https://")) {
      ctx.addIssue({ code: "custom", path: [name], message: "must be an https:// address when SHOP_MODE=live" });
    }
  }
}

/**
 * Every setting the shop reads from the environment, checked once at start-up.
 * A wrong value stops the process with a message naming the variable (see README's table).
 */
export const envSchema = envFields.superRefine((env, ctx) => {
  requireCompanions(env, ctx);
  if (env.SHOP_MODE !== "live") return;
  requireLiveSettings(env, ctx);
});

export type Env = z.infer<typeof envSchema>;
