import { orderUpdateEmail, type EmailParts, type OrderRecipient } from "./order-update-email";
import { formatPaise } from "../pricing";
import { firstFittingSms, smsClause, smsMoney } from "./sms-text";

/*
 * What the shopper is told at each step of a return or exchange she did not take herself (pure). The
 * link is her order's page, where the return's steps are shown.
 */

export type ReturnStep =
  | "requested"
  | "approved"
  | "declined"
  | "pickup_scheduled"
  | "picked_up"
  | "received"
  | "refunded"
  | "credited"
  | "exchange_shipped";

export type ReturnUpdateInput = OrderRecipient & {
  returnNumber: string;
  step: ReturnStep;
  /** 'exchange' | 'store_credit' | 'refund' */
  resolution: "exchange" | "store_credit" | "refund";
  /** declined: staff's reason; received: a note on pieces not accepted */
  note?: string;
  /** refunded or credited */
  amountPaise?: number;
  /** pickup: the courier and its AWB; exchange: the new order's number */
  courier?: string;
  awb?: string;
  exchangeOrderNumber?: string;
};

const WANTED = { exchange: "exchange", store_credit: "return", refund: "return" } as const;

export function returnUpdateSms(input: ReturnUpdateInput): string {
  const r = input.returnNumber;
  const url = input.orderUrl;
  const what = WANTED[input.resolution];
  const note = input.note?.trim() ? ` (${smsClause(input.note)})` : "";
  const amount = input.amountPaise ? smsMoney(input.amountPaise) : "";
  switch (input.step) {
    case "requested":
      return firstFittingSms([
        `Saanjh: we have your ${what} request ${r}. We will reply within one working day. ${url}`,
        `Saanjh: ${what} request ${r} received. ${url}`,
      ]);
    case "approved":
      return firstFittingSms([
        `Saanjh: your ${what} ${r} is approved. We will book a free pickup from your address. ${url}`,
        `Saanjh: ${what} ${r} approved. ${url}`,
      ]);
    case "declined":
      return firstFittingSms([
        `Saanjh: we could not accept ${what} request ${r}${note}. ${url}`,
        `Saanjh: ${what} request ${r} declined. ${url}`,
      ]);
    case "pickup_scheduled":
      return firstFittingSms([
        `Saanjh: pickup for ${r} is booked${input.courier ? ` with ${smsClause(input.courier)}` : ""}. Please keep the pieces packed with their tags. ${url}`,
        `Saanjh: pickup for ${r} booked. ${url}`,
      ]);
    case "picked_up":
      return firstFittingSms([`Saanjh: the courier has collected ${r}. We will tell you when it reaches us. ${url}`]);
    case "received":
      return firstFittingSms([
        `Saanjh: ${r} has reached us and been checked${note}. ${url}`,
        `Saanjh: ${r} received. ${url}`,
      ]);
    case "refunded":
      return firstFittingSms([
        `Saanjh: refund of ${amount} for ${r} is on its way. It shows on your payment within 7 working days. ${url}`,
        `Saanjh: refund of ${amount} for ${r} sent. ${url}`,
      ]);
    case "credited":
      return firstFittingSms([
        `Saanjh: ${amount} store credit for ${r} is in your account, ready to spend at checkout. ${url}`,
        `Saanjh: ${amount} store credit added for ${r}. ${url}`,
      ]);
    case "exchange_shipped":
      return firstFittingSms([
        `Saanjh: your exchange for ${r} is being packed as order ${input.exchangeOrderNumber ?? ""}, nothing to pay. ${url}`,
        `Saanjh: exchange for ${r} is being packed. ${url}`,
      ]);
  }
}

export function returnUpdateEmail(input: ReturnUpdateInput): EmailParts {
  const r = input.returnNumber;
  const what = WANTED[input.resolution];
  const amount = input.amountPaise ? formatPaise(input.amountPaise) : "";
  const action = { label: "See your order", url: input.orderUrl };
  const base = { action, facts: [{ label: "Return", value: r }] };
  switch (input.step) {
    case "requested":
      return orderUpdateEmail(input, {
        ...base,
        subject: `We have your ${what} request ${r}`,
        preheader: "We reply within one working day.",
        title: `${what === "exchange" ? "Exchange" : "Return"} requested`,
        lead: `Thank you: we have your ${what} request ${r} for order ${input.orderNumber}.`,
        paragraphs: ["We look at every request within one working day and book a free pickup from your address."],
      });
    case "approved":
      return orderUpdateEmail(input, {
        ...base,
        subject: `Your ${what} ${r} is approved`,
        preheader: "A free pickup comes next.",
        title: "Approved",
        lead: `Your ${what} ${r} for order ${input.orderNumber} is approved.`,
        paragraphs: ["We will book a free pickup from your address. Please keep the pieces unworn, with their tags."],
      });
    case "declined":
      return orderUpdateEmail(input, {
        ...base,
        facts: [...base.facts, ...(input.note?.trim() ? [{ label: "Why", value: input.note.trim() }] : [])],
        subject: `About your ${what} request ${r}`,
        preheader: "We could not accept it.",
        title: "Request declined",
        lead: `We are sorry: we could not accept your ${what} request ${r} for order ${input.orderNumber}.`,
        paragraphs: ["If you think we have this wrong, reply to this e-mail and we will look again."],
      });
    case "pickup_scheduled":
      return orderUpdateEmail(input, {
        ...base,
        facts: [
          ...base.facts,
          ...(input.courier ? [{ label: "Courier", value: input.courier }] : []),
          ...(input.awb ? [{ label: "Tracking number", value: input.awb }] : []),
        ],
        subject: `Pickup booked for ${r}`,
        preheader: "Keep the pieces packed with their tags.",
        title: "Pickup booked",
        lead: `A courier will collect your ${what} ${r} from your address.`,
        paragraphs: ["Please pack the pieces in their original packaging with the tags attached."],
      });
    case "picked_up":
      return orderUpdateEmail(input, {
        ...base,
        subject: `${r} is on its way to us`,
        preheader: "We will tell you when it arrives.",
        title: "Picked up",
        lead: `The courier has collected your ${what} ${r}.`,
      });
    case "received":
      return orderUpdateEmail(input, {
        ...base,
        facts: [...base.facts, ...(input.note?.trim() ? [{ label: "Note", value: input.note.trim() }] : [])],
        subject: `${r} has reached us`,
        preheader: "We have checked the pieces.",
        title: "Received",
        lead: `Your ${what} ${r} has reached us and we have checked the pieces.`,
      });
    case "refunded":
      return orderUpdateEmail(input, {
        ...base,
        facts: [...base.facts, { label: "Refund", value: amount }],
        subject: `Refund of ${amount} for ${r}`,
        preheader: "It shows within 7 working days.",
        title: "Refund on its way",
        lead: `We have refunded ${amount} for your return ${r}.`,
        paragraphs: ["It shows on the payment you used, or in the account you gave us, within 7 working days."],
      });
    case "credited":
      return orderUpdateEmail(input, {
        ...base,
        facts: [...base.facts, { label: "Store credit", value: amount }],
        subject: `${amount} store credit for ${r}`,
        preheader: "Ready to spend at checkout.",
        title: "Store credit added",
        lead: `${amount} of store credit for your return ${r} is in your account.`,
        paragraphs: ["It is used at checkout when you choose to, on anything in the shop."],
      });
    case "exchange_shipped":
      return orderUpdateEmail(input, {
        ...base,
        facts: [...base.facts, { label: "New order", value: input.exchangeOrderNumber ?? "" }],
        subject: `Your exchange for ${r} is being packed`,
        preheader: "Nothing to pay.",
        title: "Exchange on its way",
        lead: `Your new size or colour for ${r} is being packed as order ${input.exchangeOrderNumber ?? ""}, with nothing to pay.`,
        paragraphs: ["We will send you its tracking link as soon as the courier has it."],
      });
  }
}
