import type { Tx } from "../../db/client.server";
import {
  orderCancelledEmail,
  orderCancelledSms,
  orderDeliveredEmail,
  orderDeliveredSms,
  orderShippedEmail,
  orderShippedSms,
  type OrderCancelledInput,
  type OrderDeliveredInput,
  type OrderShippedInput,
} from "./order-updates";
import {
  codConfirmationEmail,
  codConfirmationSms,
  type CodConfirmationInput,
  deliveryFailedEmail,
  deliveryFailedSms,
  outForDeliveryEmail,
  outForDeliverySms,
  type DeliveryFailedInput,
  type OutForDeliveryInput,
} from "./delivery-updates";
import { queueMessages } from "./outbox.server";
import {
  refundIssuedEmail,
  refundIssuedSms,
  refundProcessedEmail,
  refundProcessedSms,
  type RefundMessageInput,
} from "./refund-messages";
import { messageKeys, toShopper } from "./to-shopper.server";

export type {
  CancelledPayment,
  OrderCancelledInput,
  OrderDeliveredInput,
  OrderRecipient,
  OrderShippedInput,
} from "./order-updates";
export type { RefundMessageInput } from "./refund-messages";
export type { CodConfirmationInput, DeliveryFailedInput, OutForDeliveryInput } from "./delivery-updates";

/*
 * The shopper is told of every change to her order that she did not make herself. Each function here
 * queues one SMS and one e-mail to the order's own phone and address, inside the caller's transaction
 * (the one that makes the change: a rollback queues nothing), under a dedupe key that makes a second
 * save, a repeated webhook or a retry queue nothing more. The worker sends them after the commit; the
 * caller has `afterCommit` kick it (`kickOutbox`) when the result says something new was queued.
 * Each returns how many rows were new.
 */

const ORDER_UPDATE_KINDS = {
  cancelled: "order-cancelled",
  shipped: "order-shipped",
  delivered: "order-delivered",
  refundIssued: "refund-issued",
  refundProcessed: "refund-processed",
  outForDelivery: "order-out-for-delivery",
  deliveryFailed: "order-delivery-failed",
  codConfirmation: "order-cod-confirmation",
} as const;

/** Staff cancelled the order, or its time to pay ran out: once per order. */
export function queueOrderCancelled(tx: Tx, input: OrderCancelledInput): Promise<number> {
  const kind = ORDER_UPDATE_KINDS.cancelled;
  return queueMessages(
    tx,
    toShopper(input, {
      kind,
      keys: messageKeys(kind, input.orderNumber),
      sms: () => orderCancelledSms(input),
      email: () => orderCancelledEmail(input),
    }),
  );
}

/** The order shipped, or its courier or tracking number changed: once per courier and tracking number. */
export function queueOrderShipped(tx: Tx, input: OrderShippedInput): Promise<number> {
  const kind = ORDER_UPDATE_KINDS.shipped;
  const keys = messageKeys(kind, input.orderNumber, input.courier, input.trackingNumber);
  return queueMessages(
    tx,
    toShopper(input, { kind, keys, sms: () => orderShippedSms(input), email: () => orderShippedEmail(input) }),
  );
}

/** The order was delivered: once per order. */
export function queueOrderDelivered(tx: Tx, input: OrderDeliveredInput): Promise<number> {
  const kind = ORDER_UPDATE_KINDS.delivered;
  return queueMessages(
    tx,
    toShopper(input, {
      kind,
      keys: messageKeys(kind, input.orderNumber),
      sms: () => orderDeliveredSms(input),
      email: () => orderDeliveredEmail(input),
    }),
  );
}

/** A refund was decided (its row written): once per refund. */
export function queueRefundIssued(tx: Tx, input: RefundMessageInput & { refundId: string }): Promise<number> {
  const kind = ORDER_UPDATE_KINDS.refundIssued;
  const keys = messageKeys(kind, input.orderNumber, input.refundId);
  return queueMessages(
    tx,
    toShopper(input, { kind, keys, sms: () => refundIssuedSms(input), email: () => refundIssuedEmail(input) }),
  );
}

/** The gateway has processed a refund (its answer or its webhook, whichever comes first): once per refund. */
export function queueRefundProcessed(tx: Tx, input: RefundMessageInput & { refundId: string }): Promise<number> {
  const kind = ORDER_UPDATE_KINDS.refundProcessed;
  const keys = messageKeys(kind, input.orderNumber, input.refundId);
  return queueMessages(
    tx,
    toShopper(input, { kind, keys, sms: () => refundProcessedSms(input), email: () => refundProcessedEmail(input) }),
  );
}

/** The parcel is out for delivery: once per shipment's AWB and day it goes out. */
export function queueOutForDelivery(tx: Tx, input: OutForDeliveryInput & { day: string }): Promise<number> {
  const kind = ORDER_UPDATE_KINDS.outForDelivery;
  const keys = messageKeys(kind, input.orderNumber, input.trackingNumber, input.day);
  return queueMessages(
    tx,
    toShopper(input, { kind, keys, sms: () => outForDeliverySms(input), email: () => outForDeliveryEmail(input) }),
  );
}

/** A delivery attempt failed: once per attempt. */
export function queueDeliveryFailed(tx: Tx, input: DeliveryFailedInput): Promise<number> {
  const kind = ORDER_UPDATE_KINDS.deliveryFailed;
  const keys = messageKeys(kind, input.orderNumber, input.trackingNumber, String(input.attempt));
  return queueMessages(
    tx,
    toShopper(input, { kind, keys, sms: () => deliveryFailedSms(input), email: () => deliveryFailedEmail(input) }),
  );
}

/** A cash-on-delivery order above the store's threshold waits for the shopper's confirmation: once per order. */
export function queueCodConfirmation(tx: Tx, input: CodConfirmationInput): Promise<number> {
  const kind = ORDER_UPDATE_KINDS.codConfirmation;
  const keys = messageKeys(kind, input.orderNumber);
  return queueMessages(
    tx,
    toShopper(input, { kind, keys, sms: () => codConfirmationSms(input), email: () => codConfirmationEmail(input) }),
  );
}
