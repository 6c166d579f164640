import { isPlainEmailAddress } from "../../config.server";
import { getLogger } from "../../lib/logger.server";
import type { EmailParts } from "./order-update-email";
import type { OutboxMessage } from "./outbox.server";

const E164 = /^\+[1-9]\d{7,14}$/;

/** The outbox keys of one message about an order: one SMS and one e-mail, however often it is queued. */
export function messageKeys(kind: string, ...about: string[]): { sms: string; email: string } {
  const tail = about.join(":");
  return { sms: `${kind}:sms:${tail}`, email: `${kind}:email:${tail}` };
}

/**
 * One message to the shopper of an order, as outbox rows: a text to the order's phone and an e-mail to
 * its address (never anyone else's). A phone or address that cannot be sent to (the checkout validates
 * both, so this is a defect, not a shopper's mistake) is logged and skipped rather than thrown: a
 * message must never undo the change it reports.
 */
export function toShopper(
  to: { orderNumber: string; phone: string; email: string },
  message: { kind: string; keys: { sms: string; email: string }; sms: () => string; email: () => EmailParts },
): OutboxMessage[] {
  const rows: OutboxMessage[] = [];
  const phone = to.phone.trim();
  if (E164.test(phone)) {
    rows.push({
      channel: "sms",
      recipient: phone,
      body: message.sms(),
      kind: message.kind,
      dedupeKey: message.keys.sms,
    });
  } else {
    getLogger().warn(
      { orderNumber: to.orderNumber, kind: message.kind },
      "order message: the phone is not a +E.164 number, no SMS queued",
    );
  }
  const email = to.email.trim();
  if (isPlainEmailAddress(email)) {
    const { subject, text, html } = message.email();
    rows.push({
      channel: "email",
      recipient: email,
      subject,
      body: text,
      html,
      kind: message.kind,
      dedupeKey: message.keys.email,
    });
  } else {
    getLogger().warn(
      { orderNumber: to.orderNumber, kind: message.kind },
      "order message: the e-mail is not one plain address, no e-mail queued",
    );
  }
  return rows;
}
