import type { OrderAmounts } from "../orders";
import { formatPaise } from "../pricing";
import {
  buttonHtml,
  C,
  CELL,
  CONTENT_BREAK,
  emailDocumentHtml,
  escapeHtml,
  leadHtml,
  SERIF,
  sectionHeadingHtml,
  sentence,
  textSignOff,
  titleHtml,
} from "./email-layout";
import { firstFittingSms, smsMoney } from "./sms-text";

/*
 * The order confirmation's words, as pure functions (no database, no clock): the SMS and the e-mail
 * (subject, plain text, HTML). `order-messages.server.ts` queues them in the order's transaction.
 * The frame (escaping, layout, footer) is `email-layout.ts`, shared with the order's later messages.
 */

export interface OrderMessageLine {
  name: string;
  size: string;
  colour: string;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
}

export interface OrderMessageInput extends OrderAmounts {
  /** 'ORD-...' */
  orderNumber: string;
  /** 'Meera Iyer' */
  customerName: string;
  email: string;
  /** +91XXXXXXXXXX */
  phone: string;
  lines: OrderMessageLine[];
  couponCode: string | null;
  paymentMethod: "online" | "cod";
  /** what of the total the shopper's store credit paid (decision 042); none when absent */
  storeCreditPaise?: number;
  billing: {
    firstName: string;
    lastName: string;
    address: string;
    city: string;
    state: string;
    pincode: string;
    country: string;
    phone: string;
    email: string;
  };
  /** absolute link to the shopper's order page (built by the caller from BASE_URL) */
  orderUrl: string;
  /** e.g. 'Ships within 6 working days' (the shipping policy's wording) */
  expectedDispatch: string;
}

/* ---------- the SMS ---------- */

function paymentWords(input: OrderMessageInput): string {
  const credit = input.storeCreditPaise ?? 0;
  if (credit > 0 && credit >= input.totalPaise) return "Store credit";
  if (credit > 0 && input.paymentMethod === "cod") return `${smsMoney(input.totalPaise - credit)} on delivery`;
  return input.paymentMethod === "cod" ? "Cash on delivery" : "Paid online";
}

/**
 * 'Saanjh: order ORD-... placed. Total Rs.1,234.00 (Cash on delivery). Track: <orderUrl>': one
 * 160-character GSM text where possible (a shorter wording is used when a long order address needs
 * the room; the link is never cut).
 */
export function orderConfirmationSms(input: OrderMessageInput): string {
  const total = smsMoney(input.totalPaise);
  const payment = paymentWords(input);
  return firstFittingSms([
    `Saanjh: order ${input.orderNumber} placed. Total ${total} (${payment}). Track: ${input.orderUrl}`,
    `Saanjh: order ${input.orderNumber} placed, ${total} (${input.paymentMethod === "cod" ? "COD" : "paid"}). ${input.orderUrl}`,
  ]);
}

/* ---------- the e-mail ---------- */

interface AmountRow {
  label: string;
  value: string;
}

/** The summary's rows between the lines and the total; each discount or fee only when there is one. */
function amountRows(input: OrderMessageInput): AmountRow[] {
  const rows: AmountRow[] = [{ label: "Subtotal", value: formatPaise(input.subtotalPaise) }];
  rows.push({ label: "Shipping", value: input.shippingPaise === 0 ? "Free" : formatPaise(input.shippingPaise) });
  if (input.discountPaise > 0) {
    rows.push({
      label: input.couponCode ? `Coupon discount (${input.couponCode})` : "Discount",
      value: `-${formatPaise(input.discountPaise)}`,
    });
  }
  if (input.prepaidDiscountPaise > 0)
    rows.push({ label: "Prepaid discount", value: `-${formatPaise(input.prepaidDiscountPaise)}` });
  if (input.codFeePaise > 0) rows.push({ label: "Cash on delivery fee", value: formatPaise(input.codFeePaise) });
  return rows;
}

function lineDetails(line: OrderMessageLine): string {
  const parts: string[] = [];
  const size = line.size.trim();
  // 'Free Size' and 'One Size' say it themselves
  if (size) parts.push(/\bsize\b/i.test(size) ? size : `Size ${size}`);
  // 'Default' is the variant model's placeholder for a product without colours
  if (line.colour.trim() && line.colour.trim() !== "Default") parts.push(line.colour.trim());
  parts.push(`Qty ${line.quantity}`);
  return parts.join(" · ");
}

function paymentSentence(input: OrderMessageInput): string {
  const credit = input.storeCreditPaise ?? 0;
  if (credit > 0) {
    const rest = input.totalPaise - credit;
    if (rest <= 0) return `Paid with store credit (${formatPaise(credit)}).`;
    return input.paymentMethod === "cod"
      ? `${formatPaise(credit)} paid with store credit. Cash on delivery: please pay ${formatPaise(rest)} when your order arrives.`
      : `${formatPaise(credit)} paid with store credit and ${formatPaise(rest)} online.`;
  }
  return input.paymentMethod === "cod"
    ? `Cash on delivery. Please pay ${formatPaise(input.totalPaise)} when your order arrives.`
    : `Paid online (${formatPaise(input.totalPaise)}).`;
}

function addressLines(billing: OrderMessageInput["billing"]): string[] {
  const name = `${billing.firstName} ${billing.lastName}`.trim();
  const street = billing.address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const cityLine = [billing.city.trim(), [billing.state.trim(), billing.pincode.trim()].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [
    name,
    ...street,
    cityLine,
    billing.country.trim(),
    billing.phone.trim() ? `Phone: ${displayPhone(billing.phone)}` : "",
  ].filter(Boolean);
}

/** +919876543210 -> +91 98765 43210; anything else as it is. */
function displayPhone(phone: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(phone.trim());
  return indian ? `+91 ${indian[1]} ${indian[2]}` : phone.trim();
}

function orderConfirmationSubject(input: OrderMessageInput): string {
  return `Your Saanjh order ${input.orderNumber} is confirmed`;
}

function orderConfirmationText(input: OrderMessageInput): string {
  const out: string[] = [];
  out.push(`Hello ${input.customerName.trim() || "there"},`, "");
  out.push(`Thank you for shopping with Saanjh. Your order ${input.orderNumber} is confirmed.`, "");
  out.push("YOUR ORDER", "");
  for (const line of input.lines) {
    out.push(
      line.name,
      `  ${lineDetails(line)} × ${formatPaise(line.unitPricePaise)} = ${formatPaise(line.lineTotalPaise)}`,
    );
  }
  out.push("");
  const rows = [...amountRows(input), { label: "Total", value: formatPaise(input.totalPaise) }];
  const width = Math.max(...rows.map((r) => r.label.length)) + 2;
  for (const row of rows) out.push(`${`${row.label}:`.padEnd(width)} ${row.value}`);
  out.push("");
  out.push(`Payment: ${paymentSentence(input)}`, "");
  out.push("Delivering to:", ...addressLines(input.billing).map((l) => `  ${l}`), "");
  out.push(sentence(input.expectedDispatch), "");
  out.push(`See your order and follow its progress: ${input.orderUrl}`, "");
  out.push(...textSignOff(input.email));
  return out.join("\n");
}

function orderConfirmationHtml(input: OrderMessageInput): string {
  const e = escapeHtml;
  const name = input.customerName.trim() || "there";
  const total = formatPaise(input.totalPaise);

  const lineRows = input.lines
    .map(
      (line) => `
              <tr>
                <td style="${CELL}padding:14px 0;border-bottom:1px solid ${C.linen};" valign="top">
                  <div style="font-weight:600;">${e(line.name)}</div>
                  <div style="font-size:13px;color:${C.stone};">${e(lineDetails(line))} × ${e(formatPaise(line.unitPricePaise))}</div>
                </td>
                <td style="${CELL}padding:14px 0 14px 16px;border-bottom:1px solid ${C.linen};white-space:nowrap;" align="right" valign="top">${e(formatPaise(line.lineTotalPaise))}</td>
              </tr>`,
    )
    .join("");

  const amountRowsHtml = amountRows(input)
    .map(
      (row) => `
              <tr>
                <td style="${CELL}padding:4px 0;color:${C.stone};">${e(row.label)}</td>
                <td style="${CELL}padding:4px 0 4px 16px;white-space:nowrap;" align="right">${e(row.value)}</td>
              </tr>`,
    )
    .join("");

  const content = [
    titleHtml(`Thank you, ${name}`),
    leadHtml(
      `Your order <strong>${e(input.orderNumber)}</strong> is confirmed. ${e(sentence(input.expectedDispatch))}`,
    ),
    sectionHeadingHtml("Your order"),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-top:1px solid ${C.linen};">${lineRows}
              </table>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin-top:12px;">${amountRowsHtml}
                <tr>
                  <td style="padding:12px 0 0;border-top:1px solid ${C.linen};font-family:${SERIF};font-size:19px;line-height:24px;color:${C.ink};">Total</td>
                  <td style="padding:12px 0 0 16px;border-top:1px solid ${C.linen};font-family:${SERIF};font-size:19px;line-height:24px;color:${C.ink};white-space:nowrap;" align="right">${e(total)}</td>
                </tr>
              </table>`,
    sectionHeadingHtml("Payment"),
    `<p style="margin:0;${CELL}">${e(paymentSentence(input))}</p>`,
    sectionHeadingHtml("Delivering to"),
    `<p style="margin:0;${CELL}">${addressLines(input.billing).map(e).join("<br>")}</p>`,
    buttonHtml(input.orderUrl, "View your order"),
  ].join(CONTENT_BREAK);

  return emailDocumentHtml({
    title: orderConfirmationSubject(input),
    preheader: `Order ${input.orderNumber} · ${total} · ${input.expectedDispatch.trim()}`,
    content,
    email: input.email,
  });
}

/** The confirmation e-mail: subject, plain-text part and HTML part. */
export function orderConfirmationEmail(input: OrderMessageInput): { subject: string; text: string; html: string } {
  return {
    subject: orderConfirmationSubject(input),
    text: orderConfirmationText(input),
    html: orderConfirmationHtml(input),
  };
}
