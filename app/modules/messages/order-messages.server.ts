import { isPlainEmailAddress } from "../../config.server";
import type { Tx } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { orderConfirmationEmail, orderConfirmationSms, type OrderMessageInput } from "./order-messages";
import { queueMessages, type OutboxMessage } from "./outbox.server";

export { orderConfirmationEmail, orderConfirmationSms, type OrderMessageInput, type OrderMessageLine } from "./order-messages";

export const ORDER_CONFIRMED_KIND = "order-confirmed";

/** The outbox keys of an order's confirmation: one SMS and one e-mail per order, however often it is queued. */
export function orderConfirmationKeys(orderNumber: string): { sms: string; email: string } {
  return { sms: `${ORDER_CONFIRMED_KIND}:sms:${orderNumber}`, email: `${ORDER_CONFIRMED_KIND}:email:${orderNumber}` };
}

const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * Inside the caller's transaction: queues the confirmation SMS and e-mail (dedupe keys
 * order-confirmed:sms:<orderNumber> and order-confirmed:email:<orderNumber>), so placing or confirming
 * the same order twice sends one of each. A rollback queues nothing. Call it in the transaction that
 * makes the order `confirmed`: at placement for cash on delivery, at the verified payment for an online
 * order (the words say 'Paid online'). Nothing is sent here: after the
 * commit, `kickOutbox()` (or `stockCommitted()`, which kicks it too) has the worker send them at once;
 * otherwise its next run within 30 s does. A send that fails is retried by the outbox and never touches
 * the order.
 *
 * A phone or address that cannot be sent to (the checkout validates both, so this is a defect, not a
 * shopper's mistake) is logged and skipped rather than thrown: a message must never undo an order.
 */
export async function queueOrderConfirmation(tx: Tx, input: OrderMessageInput): Promise<void> {
  const keys = orderConfirmationKeys(input.orderNumber);
  const messages: OutboxMessage[] = [];
  const phone = input.phone.trim();
  if (E164.test(phone)) {
    messages.push({ channel: "sms", recipient: phone, body: orderConfirmationSms(input), kind: ORDER_CONFIRMED_KIND, dedupeKey: keys.sms });
  } else {
    getLogger().warn({ orderNumber: input.orderNumber }, "order confirmation: the phone is not a +E.164 number, no SMS queued");
  }
  const email = input.email.trim();
  if (isPlainEmailAddress(email)) {
    const { subject, text, html } = orderConfirmationEmail(input);
    messages.push({ channel: "email", recipient: email, subject, body: text, html, kind: ORDER_CONFIRMED_KIND, dedupeKey: keys.email });
  } else {
    getLogger().warn({ orderNumber: input.orderNumber }, "order confirmation: the e-mail is not one plain address, no e-mail queued");
  }
  await queueMessages(tx, messages);
}
