import type { Db } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { smsOutbox } from "./schema.server";

/** Delivers one text message. Providers: `console` (demo mode) and HTTP gateways (added with the sign-in issue). */
export interface SmsProvider {
  readonly name: string;
  send(to: string, body: string): Promise<void>;
}

/**
 * Demo-mode provider: prints one log line and keeps the message in the outbox table, where the
 * developer and the tests read the code. Never used in live mode.
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
