import { desc, eq } from "drizzle-orm";
import type { SmsConfig } from "../../config.server";
import type { Db } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { smsOutbox } from "./schema.server";

/** Delivers one text message. Providers: `console` (demo mode only) and `twilio` (HTTP gateway). */
export interface SmsProvider {
  readonly name: string;
  send(to: string, body: string): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SmsDeliveryError";
  }
}

/**
 * Demo-mode provider: prints one log line and keeps the message in the outbox table, where the
 * developer and the tests read the code. Never used in live mode (the configuration refuses it).
 */
export function consoleSmsProvider(db: Db): SmsProvider {
  return {
    name: "console",
    async send(to, body) {
      await db.insert(smsOutbox).values({ toPhone: to, body, provider: "console" });
      getLogger().info(`SMS to ${to}: ${body}`);
    },
  };
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** +E.164 number, alphanumeric sender ID, or a Messaging Service SID (MG...) */
  from: string;
  /** https://api.twilio.com, or a local fake gateway in tests */
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json, HTTP basic auth with the
 * account SID and auth token, form-encoded To, Body and From (or MessagingServiceSid).
 * The message body is never logged: it carries a sign-in code.
 */
export function twilioSmsProvider(options: TwilioOptions): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async send(to, body) {
      const form = new URLSearchParams({ To: to, Body: body });
      if (/^MG[0-9a-fA-F]{32}$/.test(options.from)) form.set("MessagingServiceSid", options.from);
      else form.set("From", options.from);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        getLogger().error({ err: error, to }, "sms: Twilio could not be reached");
        throw new SmsDeliveryError("The SMS service could not be reached. Please try again in a minute.");
      }
      if (!response.ok) {
        const detail = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
        getLogger().error(
          { status: response.status, code: detail?.code, message: detail?.message, to },
          "sms: Twilio refused the message",
        );
        throw new SmsDeliveryError("The SMS could not be sent. Please check the number and try again.");
      }
      const sent = (await response.json().catch(() => null)) as { sid?: string } | null;
      getLogger().info({ to, sid: sent?.sid }, "sms: sent through Twilio");
    },
  };
}

/** The provider the configuration selects. */
export function smsProviderFor(config: SmsConfig, db: Db): SmsProvider {
  if (config.provider === "twilio") return twilioSmsProvider(config);
  return consoleSmsProvider(db);
}

/** The console provider's latest messages to one phone, newest first (demo mode's outbox page, tests). */
export async function readOutbox(db: Db, phone: string, limit = 5): Promise<Array<{ body: string; createdAt: Date }>> {
  return db
    .select({ body: smsOutbox.body, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(eq(smsOutbox.toPhone, phone))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(limit);
}
