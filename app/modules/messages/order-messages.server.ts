import type { Tx } from "../../db/client.server";
import { orderConfirmationEmail, orderConfirmationSms, type OrderMessageInput } from "./order-messages";
import { queueMessages } from "./outbox.server";
import { messageKeys, toShopper } from "./to-shopper.server";

export {
  orderConfirmationEmail,
  orderConfirmationSms,
  type OrderMessageInput,
  type OrderMessageLine,
} from "./order-messages";

const ORDER_CONFIRMED_KIND = "order-confirmed";

/** The outbox keys of an order's confirmation: one SMS and one e-mail per order, however often it is queued. */
export function orderConfirmationKeys(orderNumber: string): { sms: string; email: string } {
  return messageKeys(ORDER_CONFIRMED_KIND, orderNumber);
}

/**
 * Inside the caller's transaction: queues the confirmation SMS and e-mail (dedupe keys
 * order-confirmed:sms:<orderNumber> and order-confirmed:email:<orderNumber>), so placing or confirming
 * the same order twice sends one of each. A rollback queues nothing. Call it in the transaction that
 * makes the order `confirmed`: at placement for cash on delivery, at the verified payment for an online
 * order (the words say 'Paid online'). Nothing is sent here: the caller registers `kickOutbox` to run
 * after the commit (`afterCommit`; a stock change registers it too), and the worker sends them at once;
 * otherwise its next run within 30 s does. A send that fails is retried by the outbox and never touches
 * the order.
 *
 * A phone or address that cannot be sent to (the checkout validates both, so this is a defect, not a
 * shopper's mistake) is logged and skipped rather than thrown: a message must never undo an order.
 */
export async function queueOrderConfirmation(tx: Tx, input: OrderMessageInput): Promise<void> {
  await queueMessages(
    tx,
    toShopper(input, {
      kind: ORDER_CONFIRMED_KIND,
      keys: orderConfirmationKeys(input.orderNumber),
      sms: () => orderConfirmationSms(input),
      email: () => orderConfirmationEmail(input),
    }),
  );
}
