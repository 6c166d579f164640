import { createHmac } from "node:crypto";
import type { Env } from "./env.server";
import { LOOPBACK_HOSTS, type Mailbox } from "./values.server";

/* The services the shop talks to, as the settings choose them: picture storage, e-mail, payments and SMS. */

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

export function mediaConfig(env: Env): MediaConfig {
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

export function emailConfig(env: Env): EmailConfig {
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

export function paymentsConfig(env: Env, authSecret: string): PaymentsConfig {
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

/** Which SMS gateway delivers sign-in codes: `console` only in demo mode (log line + outbox table). */
export type SmsConfig =
  { provider: "console" } | { provider: "twilio"; accountSid: string; authToken: string; from: string; apiUrl: string };

/**
 * Who carries parcels (docs/decisions/041): Shiprocket when its three settings are set; otherwise the
 * demo courier in demo mode and `manual` (staff type the courier and tracking number) in live mode.
 * SHIPPING_PROVIDER=manual chooses manual in demo mode too.
 */
export type ShippingConfig =
  | { provider: "manual" }
  | { provider: "demo" }
  | {
      provider: "shiprocket";
      email: string;
      password: string;
      webhookToken: string;
      /** the pickup location's nickname; unset: the account's primary location */
      pickupLocation: string | undefined;
      apiUrl: string;
    };

export function shippingConfig(env: Env): ShippingConfig {
  if (
    env.SHIPPING_PROVIDER !== "manual" &&
    env.SHIPROCKET_EMAIL &&
    env.SHIPROCKET_PASSWORD &&
    env.SHIPROCKET_WEBHOOK_TOKEN
  ) {
    return {
      provider: "shiprocket",
      email: env.SHIPROCKET_EMAIL,
      password: env.SHIPROCKET_PASSWORD,
      webhookToken: env.SHIPROCKET_WEBHOOK_TOKEN,
      pickupLocation: env.SHIPROCKET_PICKUP_LOCATION,
      apiUrl: env.SHIPROCKET_API_URL,
    };
  }
  if (env.SHIPPING_PROVIDER === "manual" || env.SHOP_MODE === "live") return { provider: "manual" };
  return { provider: "demo" };
}
