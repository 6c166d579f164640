import { formatPaise } from "../pricing";
import { orderUpdateEmail, type EmailParts, type OrderRecipient } from "./order-update-email";
import { firstFittingSms, smsMoney } from "./sms-text";

/*
 * A refund's two messages, as pure functions: 'issued' when the shop decides to give the money back
 * (the refund row is written), 'processed' when the gateway has sent it. Each says how much, where it
 * goes (the way the shopper paid: payments.method) and how long banks take (the return policy's
 * 7 days). A return's refund gives back some pieces of the order, not the order: its words say it is
 * for the pieces sent back, so the shopper does not read the whole order as refunded.
 */

export type RefundMessageInput = OrderRecipient & {
  amountPaise: number;
  /** how the shopper paid, as the gateway named it: 'upi', 'card', 'netbanking', 'wallet', ...; null when not known */
  method: string | null;
  /** a refund for returned pieces rather than for the whole order */
  forReturn?: boolean;
};

/** How long a refund takes to show, as the return policy says. */
const REFUND_DAYS = "7 working days";

/** Where the money goes, in a sentence ('the UPI account you paid with') and in an SMS ('your UPI account'). */
export function refundDestination(method: string | null): { sentence: string; short: string } {
  switch (method?.trim().toLowerCase()) {
    case "upi":
      return { sentence: "the UPI account you paid with", short: "your UPI" };
    case "card":
    case "emi":
      return { sentence: "the card you paid with", short: "your card" };
    case "netbanking":
      return { sentence: "the bank account you paid from", short: "your bank account" };
    case "wallet":
      return { sentence: "the wallet you paid with", short: "your wallet" };
    case "paylater":
    case "cardless_emi":
      return { sentence: "the pay-later account you paid with", short: "your pay-later account" };
    default:
      return { sentence: "the payment method you used", short: "your payment method" };
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/* ---------- issued ---------- */

/** 'Saanjh: Rs.1,499.00 refund for ORD-... to your UPI account, usually in 7 working days. <url>' */
export function refundIssuedSms(input: RefundMessageInput): string {
  const amount = smsMoney(input.amountPaise);
  const to = refundDestination(input.method).short;
  const n = input.orderNumber;
  if (input.forReturn)
    return firstFittingSms([
      `Saanjh: refunding ${amount} for the pieces you returned from order ${n} to ${to}, usually within ${REFUND_DAYS}. ${input.orderUrl}`,
      `Saanjh: ${amount} refund for your return from ${n} to ${to}, usually in ${REFUND_DAYS}. ${input.orderUrl}`,
      `Saanjh: ${amount} refund for your return from ${n} to ${to}. ${input.orderUrl}`,
      `Saanjh: ${amount} refund for your return from ${n}. ${input.orderUrl}`,
      `Saanjh: ${amount} return refund for ${n}. ${input.orderUrl}`,
    ]);
  return firstFittingSms([
    `Saanjh: refunding ${amount} for order ${n} to ${to}, usually within ${REFUND_DAYS}. ${input.orderUrl}`,
    `Saanjh: ${amount} refund for ${n} to ${to}, usually in ${REFUND_DAYS}. ${input.orderUrl}`,
    `Saanjh: ${amount} refund for ${n} to ${to}. ${input.orderUrl}`,
    `Saanjh: ${amount} refund for ${n}. ${input.orderUrl}`,
  ]);
}

export function refundIssuedEmail(input: RefundMessageInput): EmailParts {
  const amount = formatPaise(input.amountPaise);
  const to = refundDestination(input.method).sentence;
  const forWhat = input.forReturn
    ? `the pieces you returned from your order ${input.orderNumber}`
    : `your order ${input.orderNumber}`;
  return orderUpdateEmail(input, {
    subject: input.forReturn
      ? `Your refund of ${amount} for your return from Saanjh order ${input.orderNumber} has started`
      : `Your refund of ${amount} for Saanjh order ${input.orderNumber} has started`,
    preheader: `${amount} back to ${to}, usually within ${REFUND_DAYS}`,
    title: "Your refund has started",
    lead: `We have started a refund of ${amount} for ${forWhat}.`,
    factsHeading: "Refund",
    facts: [
      { label: "Amount", value: amount },
      { label: "Refunded to", value: capitalised(to) },
      { label: "Usually shows within", value: REFUND_DAYS },
    ],
    paragraphs: ["We will write again when the payment gateway has sent it."],
    action: { label: "View your order", url: input.orderUrl },
  });
}

/* ---------- processed ---------- */

/** 'Saanjh: your refund of Rs.1,499.00 for order ORD-... has been sent to your card. <url>' */
export function refundProcessedSms(input: RefundMessageInput): string {
  const amount = smsMoney(input.amountPaise);
  const to = refundDestination(input.method).short;
  const n = input.orderNumber;
  if (input.forReturn)
    return firstFittingSms([
      `Saanjh: your refund of ${amount} for the pieces you returned from order ${n} has been sent to ${to}. ${input.orderUrl}`,
      `Saanjh: your return refund of ${amount} for ${n} has been sent to ${to}. ${input.orderUrl}`,
      `Saanjh: return refund of ${amount} for ${n} sent to ${to}. ${input.orderUrl}`,
      `Saanjh: return refund of ${amount} for ${n} sent. ${input.orderUrl}`,
    ]);
  return firstFittingSms([
    `Saanjh: your refund of ${amount} for order ${n} has been sent to ${to}. Details: ${input.orderUrl}`,
    `Saanjh: your refund of ${amount} for ${n} has been sent to ${to}. ${input.orderUrl}`,
    `Saanjh: refund of ${amount} for ${n} sent to ${to}. ${input.orderUrl}`,
    `Saanjh: refund of ${amount} for ${n} sent. ${input.orderUrl}`,
  ]);
}

export function refundProcessedEmail(input: RefundMessageInput): EmailParts {
  const amount = formatPaise(input.amountPaise);
  const to = refundDestination(input.method).sentence;
  const forWhat = input.forReturn
    ? `the pieces you returned from order ${input.orderNumber}`
    : `order ${input.orderNumber}`;
  return orderUpdateEmail(input, {
    subject: input.forReturn
      ? `Your refund of ${amount} for your return from Saanjh order ${input.orderNumber} has been sent`
      : `Your refund of ${amount} for Saanjh order ${input.orderNumber} has been sent`,
    preheader: `${amount} is on its way to ${to}`,
    title: "Your refund has been sent",
    lead: `Your refund of ${amount} for ${forWhat} has been processed and sent to ${to}.`,
    factsHeading: "Refund",
    facts: [
      { label: "Amount", value: amount },
      { label: "Refunded to", value: capitalised(to) },
    ],
    paragraphs: [
      `Your bank may take a few working days to show it. If you do not see it within ${REFUND_DAYS}, write to us with your order number.`,
    ],
    action: { label: "View your order", url: input.orderUrl },
  });
}
