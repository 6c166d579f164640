import { orderUpdateEmail, type EmailParts, type OrderRecipient } from "./order-update-email";
import { firstFittingSms, smsClause, smsMoney } from "./sms-text";

/*
 * The courier's news the shopper needs on the day (pure): her parcel is out for delivery, and a
 * delivery attempt failed, with the courier's reason and what to do; and the request to confirm a
 * large cash-on-delivery order before it ships. Shipped and delivered are in order-updates.ts.
 */

export type OutForDeliveryInput = OrderRecipient & { courier: string; trackingNumber: string };

/** 'Saanjh: order ORD-... is out for delivery today with Delhivery. Please keep your phone on. <url>' */
export function outForDeliverySms(input: OutForDeliveryInput): string {
  const n = input.orderNumber;
  const courier = smsClause(input.courier);
  return firstFittingSms([
    `Saanjh: order ${n} is out for delivery today with ${courier}. Please keep your phone on. ${input.orderUrl}`,
    `Saanjh: order ${n} is out for delivery today. ${input.orderUrl}`,
  ]);
}

export function outForDeliveryEmail(input: OutForDeliveryInput): EmailParts {
  const n = input.orderNumber;
  return orderUpdateEmail(input, {
    subject: `Your Saanjh order ${n} is out for delivery`,
    preheader: `${input.courier.trim()} will bring it today.`,
    title: "Arriving today",
    lead: `Your order ${n} is out for delivery with ${input.courier.trim()}.`,
    facts: [
      { label: "Courier", value: input.courier.trim() },
      { label: "Tracking number", value: input.trackingNumber.trim() },
    ],
    paragraphs: ["Please keep your phone on: the courier may call before coming to your door."],
    action: { label: "Track your order", url: input.orderUrl },
  });
}

export type DeliveryFailedInput = OrderRecipient & {
  courier: string;
  trackingNumber: string;
  /** the courier's words ('Consignee not available'); may be empty */
  reason: string;
  /** how many attempts have failed so far (1, 2, ...) */
  attempt: number;
  /** the shop's phone for help, as shown on the site */
  supportPhone: string;
};

/** 'Saanjh: the courier could not deliver order ORD-... today (Consignee not available). ... <url>' */
export function deliveryFailedSms(input: DeliveryFailedInput): string {
  const n = input.orderNumber;
  const reason = input.reason.trim() ? ` (${smsClause(input.reason)})` : "";
  const call = input.supportPhone.trim() ? ` or call ${input.supportPhone.trim()}` : "";
  return firstFittingSms([
    `Saanjh: the courier could not deliver order ${n} today${reason}. They will try again; to change the time or address, see ${input.orderUrl}${call}`,
    `Saanjh: order ${n} not delivered${reason}; the courier will try again. ${input.orderUrl}`,
    `Saanjh: delivery of order ${n} failed today. ${input.orderUrl}`,
  ]);
}

export function deliveryFailedEmail(input: DeliveryFailedInput): EmailParts {
  const n = input.orderNumber;
  const reason = input.reason.trim();
  const phone = input.supportPhone.trim();
  return orderUpdateEmail(input, {
    subject: `We could not deliver your Saanjh order ${n}`,
    preheader: reason ? `The courier said: ${reason}` : "The courier will try again.",
    title: "Delivery attempt missed",
    lead: `${input.courier.trim()} could not deliver your order ${n} today.`,
    facts: [
      ...(reason ? [{ label: "Courier's note", value: reason }] : []),
      { label: "Attempt", value: String(input.attempt) },
      { label: "Tracking number", value: input.trackingNumber.trim() },
    ],
    paragraphs: [
      "The courier will try again on the next working day. Please keep your phone on and someone at the address to receive it.",
      phone
        ? `To change the delivery time or address, call us at ${phone} today. After three missed attempts the parcel comes back to us.`
        : "To change the delivery time or address, reply to this e-mail today. After three missed attempts the parcel comes back to us.",
    ],
    action: { label: "Track your order", url: input.orderUrl },
  });
}

export type CodConfirmationInput = OrderRecipient & {
  totalPaise: number;
  /** the link that confirms (or declines) the order, with its secret */
  confirmUrl: string;
};

/** 'Saanjh: please confirm your cash-on-delivery order ORD-... of Rs 4,999 so we can ship it: <url>' */
export function codConfirmationSms(input: CodConfirmationInput): string {
  const n = input.orderNumber;
  const total = smsMoney(input.totalPaise);
  return firstFittingSms([
    `Saanjh: please confirm your cash-on-delivery order ${n} of ${total} so we can ship it: ${input.confirmUrl}`,
    `Saanjh: confirm COD order ${n} (${total}): ${input.confirmUrl}`,
  ]);
}

export function codConfirmationEmail(input: CodConfirmationInput): EmailParts {
  const n = input.orderNumber;
  const total = smsMoney(input.totalPaise);
  return orderUpdateEmail(input, {
    subject: `Please confirm your Saanjh order ${n}`,
    preheader: `Cash on delivery, ${total}: one tap to confirm and we ship it.`,
    title: "Please confirm your order",
    lead: `Thank you for your order ${n}. You chose to pay ${total} in cash on delivery: please confirm it, and we will pack and ship it.`,
    paragraphs: [
      "If you did not place this order, or no longer want it, say so on the same page and we will not send it.",
    ],
    action: { label: "Confirm my order", url: input.confirmUrl },
  });
}
