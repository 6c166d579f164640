import { formatPaise } from "../pricing";
import { sentence } from "./email-layout";
import { orderUpdateEmail, type EmailParts, type OrderRecipient } from "./order-update-email";
import { firstFittingSms, smsClause, smsMoney } from "./sms-text";

/*
 * The words of an order's changes that the shopper did not make herself, as pure functions (no
 * database, no clock): cancelled by staff or lapsed unpaid, shipped (or its tracking changed),
 * delivered. Each has a text message that fits one GSM SMS where it can and links to the order, and
 * an e-mail (`order-update-email.ts`). The refund's messages are in `refund-messages.ts`;
 * `order-updates.server.ts` queues them all.
 */

export type { OrderRecipient } from "./order-update-email";

/* ---------- cancelled ---------- */

/** What happens to the shopper's money when staff cancel her order. */
export type CancelledPayment =
  /** the order was paid online: this much is being refunded (the refund's own message follows) */
  | { kind: "refunding"; amountPaise: number }
  /** an online order that was never paid */
  | { kind: "not-charged" }
  /** cash on delivery: nothing was due yet */
  | { kind: "cash-on-delivery" }
  /** nothing to say (a payment already refunded, say) */
  | { kind: "none" };

export type OrderCancelledInput = OrderRecipient &
  (
    | { cause: "staff"; /** staff's reason, as they typed it */ reason: string; payment: CancelledPayment }
    /**
     * an unpaid online order whose time to pay ran out; `unmatchedPaidPaise` is what the gateway took
     * in a payment that did not match the order (flagged for staff to refund), usually 0
     */
    | { cause: "lapsed"; unmatchedPaidPaise?: number }
  );

function paymentSms(payment: CancelledPayment): string {
  switch (payment.kind) {
    case "refunding":
      return `Your ${smsMoney(payment.amountPaise)} will be refunded. `;
    case "not-charged":
      return "Nothing was charged. ";
    default:
      return "";
  }
}

function paymentSentence(payment: CancelledPayment): string | null {
  switch (payment.kind) {
    case "refunding":
      return `The ${formatPaise(payment.amountPaise)} you paid is being refunded in full: a separate message tells you where it goes and when.`;
    case "not-charged":
      return "Nothing was charged for this order.";
    case "cash-on-delivery":
      return "Nothing is due: the order was to be paid on delivery.";
    case "none":
      return null;
  }
}

/**
 * 'Saanjh: order ORD-... has been cancelled: <reason>. Your Rs.1,499.00 will be refunded. Details: <url>';
 * staff's reason only when it fits one GSM text. A lapsed order: not paid in time, nothing charged,
 * and the shop's address to order again.
 */
export function orderCancelledSms(input: OrderCancelledInput): string {
  const n = input.orderNumber;
  if (input.cause === "lapsed" && input.unmatchedPaidPaise) {
    const paid = smsMoney(input.unmatchedPaidPaise);
    return firstFittingSms([
      `Saanjh: order ${n} was not paid in full in time, so it has been cancelled. Your ${paid} will be refunded. ${input.orderUrl}`,
      `Saanjh: order ${n} not fully paid in time, cancelled. Your ${paid} will be refunded. ${input.orderUrl}`,
      `Saanjh: order ${n} cancelled, ${paid} to be refunded. ${input.orderUrl}`,
    ]);
  }
  if (input.cause === "lapsed") {
    return firstFittingSms([
      `Saanjh: order ${n} was not paid in time, so it has been cancelled. Nothing was charged. Shop again: ${input.shopUrl}`,
      `Saanjh: order ${n} was not paid in time and is cancelled. Nothing was charged. ${input.shopUrl}`,
      `Saanjh: order ${n} not paid in time, cancelled. ${input.shopUrl}`,
    ]);
  }
  const reason = smsClause(input.reason);
  const money = paymentSms(input.payment);
  const url = input.orderUrl;
  // staff's reason matters more than the money's sentence (a refund has its own text)
  const withReason = reason
    ? [
        `Saanjh: order ${n} has been cancelled: ${reason}. ${money}Details: ${url}`,
        `Saanjh: order ${n} cancelled: ${reason}. ${money}${url}`,
        `Saanjh: order ${n} cancelled: ${reason}. ${url}`,
      ]
    : [];
  return firstFittingSms([
    ...withReason,
    `Saanjh: order ${n} has been cancelled. ${money}Details: ${url}`,
    `Saanjh: order ${n} cancelled. ${money}${url}`,
    `Saanjh: order ${n} cancelled. ${url}`,
  ]);
}

export function orderCancelledEmail(input: OrderCancelledInput): EmailParts {
  const n = input.orderNumber;
  if (input.cause === "lapsed" && input.unmatchedPaidPaise) {
    const paid = formatPaise(input.unmatchedPaidPaise);
    return orderUpdateEmail(input, {
      subject: `Your Saanjh order ${n} was not paid in time`,
      preheader: `Order ${n} is cancelled · your ${paid} will be refunded`,
      title: "Your order was not paid in time",
      lead: `Your order ${n} has been cancelled because its payment did not come to the order's total in time.`,
      paragraphs: [
        `We received ${paid}, which did not match the order. It will be refunded to you in full: a separate message tells you when. The pieces you chose are back on sale, and you are welcome to order again.`,
      ],
      action: { label: "View the order", url: input.orderUrl },
      links: [{ label: "Shop again", url: input.shopUrl }],
    });
  }
  if (input.cause === "lapsed") {
    return orderUpdateEmail(input, {
      subject: `Your Saanjh order ${n} was not paid in time`,
      preheader: `Order ${n} is cancelled · nothing was charged`,
      title: "Your order was not paid in time",
      lead: `Your order ${n} has been cancelled because its online payment was not completed in time.`,
      paragraphs: [
        "Nothing was charged. The pieces you chose are back on sale: if you still want them, you are welcome to order again.",
      ],
      action: { label: "Shop again", url: input.shopUrl },
      links: [{ label: "The cancelled order", url: input.orderUrl }],
    });
  }
  const reason = sentence(input.reason.replace(/\s+/g, " "));
  const money = paymentSentence(input.payment);
  return orderUpdateEmail(input, {
    subject: `Your Saanjh order ${n} has been cancelled`,
    preheader: reason ? `Order ${n} · ${reason}` : `Order ${n} has been cancelled`,
    title: "Your order has been cancelled",
    lead: `We are sorry: your order ${n} has been cancelled.`,
    facts: reason ? [{ label: "Reason", value: reason }] : [],
    paragraphs: money ? [money] : [],
    action: { label: "View your order", url: input.orderUrl },
  });
}

/* ---------- shipped ---------- */

export type OrderShippedInput = OrderRecipient & {
  courier: string;
  trackingNumber: string;
  /** the order had shipped already: only its courier or tracking number changed */
  trackingChanged: boolean;
};

const trackOrderUrl = (input: OrderRecipient) => `${input.shopUrl}/track-order`;

/** 'Saanjh: order ORD-... has shipped with Blue Dart, tracking number BD123. Track: <url>' */
export function orderShippedSms(input: OrderShippedInput): string {
  const n = input.orderNumber;
  const courier = smsClause(input.courier);
  const tracking = smsClause(input.trackingNumber);
  const url = input.orderUrl;
  if (input.trackingChanged) {
    return firstFittingSms([
      `Saanjh: new tracking for order ${n}: ${courier}, tracking number ${tracking}. Track: ${url}`,
      `Saanjh: order ${n} new tracking: ${courier} ${tracking}. ${url}`,
      `Saanjh: order ${n} new tracking no. ${tracking}. ${url}`,
    ]);
  }
  return firstFittingSms([
    `Saanjh: order ${n} has shipped with ${courier}, tracking number ${tracking}. Track: ${url}`,
    `Saanjh: order ${n} shipped with ${courier}, tracking no. ${tracking}. ${url}`,
    `Saanjh: order ${n} shipped, tracking no. ${tracking}. ${url}`,
  ]);
}

export function orderShippedEmail(input: OrderShippedInput): EmailParts {
  const n = input.orderNumber;
  const courier = input.courier.trim();
  const tracking = input.trackingNumber.trim();
  return orderUpdateEmail(input, {
    subject: input.trackingChanged
      ? `New tracking number for your Saanjh order ${n}`
      : `Your Saanjh order ${n} has shipped`,
    preheader: `${courier} · tracking number ${tracking}`,
    title: input.trackingChanged ? "New tracking details" : "Your order is on its way",
    lead: input.trackingChanged
      ? `The tracking details of your order ${n} have changed. Please use these from now on.`
      : `Your order ${n} has left our studio with ${courier}.`,
    factsHeading: "Shipment",
    facts: [
      { label: "Courier", value: courier },
      { label: "Tracking number", value: tracking },
    ],
    paragraphs: [`Follow it on your order page, or on ${courier}'s website with the tracking number.`],
    action: { label: "Track your order", url: input.orderUrl },
    links: [{ label: "Track without signing in", url: trackOrderUrl(input) }],
  });
}

/* ---------- delivered ---------- */

export type OrderDeliveredInput = OrderRecipient;

/** 'Saanjh: order ORD-... has been delivered. We hope you love it! Your order: <url>' */
export function orderDeliveredSms(input: OrderDeliveredInput): string {
  const n = input.orderNumber;
  return firstFittingSms([
    `Saanjh: order ${n} has been delivered. We hope you love it! Your order: ${input.orderUrl}`,
    `Saanjh: order ${n} delivered. ${input.orderUrl}`,
  ]);
}

export function orderDeliveredEmail(input: OrderDeliveredInput): EmailParts {
  const n = input.orderNumber;
  return orderUpdateEmail(input, {
    subject: `Your Saanjh order ${n} has been delivered`,
    preheader: `Order ${n} has been delivered. We hope you love it.`,
    title: "Your order has arrived",
    lead: `Your order ${n} has been delivered. We hope you love it.`,
    paragraphs: [
      "If a piece is not right, you can ask for an exchange within 15 days of delivery, or for a return within 7 days if it arrived damaged.",
    ],
    action: { label: "View your order", url: input.orderUrl },
    links: [{ label: "Return policy", url: `${input.shopUrl}/return-policy` }],
  });
}
