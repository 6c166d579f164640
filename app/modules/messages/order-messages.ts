import type { OrderAmounts } from "../orders/amounts";
import { formatPaise } from "../pricing/money";

/*
 * The order confirmation's words, as pure functions (no database, no clock): the SMS and the e-mail
 * (subject, plain text, HTML). `order-messages.server.ts` queues them in the order's transaction.
 * Every value that reaches the HTML goes through `escapeHtml`; the HTML is tables with inline
 * styles only, no remote images or fonts, so it reads the same in Gmail, Outlook and Apple Mail.
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
  billing: { firstName: string; lastName: string; address: string; city: string; state: string; pincode: string; country: string; phone: string; email: string };
  /** absolute link to the shopper's order page (built by the caller from BASE_URL) */
  orderUrl: string;
  /** e.g. 'Ships within 6 working days' (the shipping policy's wording) */
  expectedDispatch: string;
}

/* ---------- the SMS ---------- */

/** GSM 03.38: the characters one 7-bit SMS character carries, and those that take two (escape + char). */
const GSM_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

/** How many GSM 7-bit characters a text takes, or null when it needs UCS-2 (then one SMS holds 70, not 160). */
export function gsmLength(text: string): number | null {
  let length = 0;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) length += 1;
    else if (GSM_EXTENDED.includes(ch)) length += 2;
    else return null;
  }
  return length;
}

export const SMS_SINGLE_LIMIT = 160;

/**
 * '₹' is not in the GSM alphabet: one ₹ turns a 160-character text into a UCS-2 one of 70 characters
 * per part (two or three billed parts for this message). Texts say 'Rs.' as Indian banks and shops do.
 */
function smsMoney(paise: number): string {
  return formatPaise(paise).replace("₹", "Rs.");
}

function paymentWords(method: OrderMessageInput["paymentMethod"]): string {
  return method === "cod" ? "Cash on delivery" : "Paid online";
}

/**
 * 'Saanjh: order ORD-... placed. Total Rs.1,234.00 (Cash on delivery). Track: <orderUrl>': one
 * 160-character GSM text where possible (a shorter wording is used when a long order address needs
 * the room; the link is never cut).
 */
export function orderConfirmationSms(input: OrderMessageInput): string {
  const total = smsMoney(input.totalPaise);
  const payment = paymentWords(input.paymentMethod);
  const candidates = [
    `Saanjh: order ${input.orderNumber} placed. Total ${total} (${payment}). Track: ${input.orderUrl}`,
    `Saanjh: order ${input.orderNumber} placed, ${total} (${input.paymentMethod === "cod" ? "COD" : "paid"}). ${input.orderUrl}`,
  ];
  return candidates.find((text) => (gsmLength(text) ?? Infinity) <= SMS_SINGLE_LIMIT) ?? candidates[candidates.length - 1]!;
}

/* ---------- the e-mail ---------- */

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Makes any text inert inside HTML text and inside double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** Only http(s) addresses become links; anything else is shown as text. */
function isWebAddress(url: string): boolean {
  return /^https?:\/\/[^\s"'<>]+$/i.test(url);
}

interface AmountRow {
  label: string;
  value: string;
}

/** The summary's rows between the lines and the total; each discount or fee only when there is one. */
function amountRows(input: OrderMessageInput): AmountRow[] {
  const rows: AmountRow[] = [{ label: "Subtotal", value: formatPaise(input.subtotalPaise) }];
  rows.push({ label: "Shipping", value: input.shippingPaise === 0 ? "Free" : formatPaise(input.shippingPaise) });
  if (input.discountPaise > 0) {
    rows.push({ label: input.couponCode ? `Coupon discount (${input.couponCode})` : "Discount", value: `-${formatPaise(input.discountPaise)}` });
  }
  if (input.prepaidDiscountPaise > 0) rows.push({ label: "Prepaid discount", value: `-${formatPaise(input.prepaidDiscountPaise)}` });
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
  const cityLine = [billing.city.trim(), [billing.state.trim(), billing.pincode.trim()].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [name, ...street, cityLine, billing.country.trim(), billing.phone.trim() ? `Phone: ${displayPhone(billing.phone)}` : ""].filter(Boolean);
}

/** +919876543210 -> +91 98765 43210; anything else as it is. */
function displayPhone(phone: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(phone.trim());
  return indian ? `+91 ${indian[1]} ${indian[2]}` : phone.trim();
}

/** 'Ships within 6 working days' -> 'Ships within 6 working days.' */
function sentence(text: string): string {
  const t = text.trim();
  return t === "" || /[.!?]$/.test(t) ? t : `${t}.`;
}

export function orderConfirmationSubject(input: OrderMessageInput): string {
  return `Your Saanjh order ${input.orderNumber} is confirmed`;
}

function orderConfirmationText(input: OrderMessageInput): string {
  const out: string[] = [];
  out.push(`Hello ${input.customerName.trim() || "there"},`, "");
  out.push(`Thank you for shopping with Saanjh. Your order ${input.orderNumber} is confirmed.`, "");
  out.push("YOUR ORDER", "");
  for (const line of input.lines) {
    out.push(line.name, `  ${lineDetails(line)} × ${formatPaise(line.unitPricePaise)} = ${formatPaise(line.lineTotalPaise)}`);
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
  out.push("Warm regards,", "Saanjh", "");
  out.push(`You are receiving this e-mail because an order was placed at Saanjh with ${input.email}.`);
  return out.join("\n");
}

/* Colours of the shop (app/app.css): ivory, sand, linen, ink, stone, maroon. */
const C = { ivory: "#fbf8f3", sand: "#f3ece1", linen: "#e8dfd0", ink: "#1f1a17", stone: "#6b625a", maroon: "#7a2333", white: "#ffffff" };
const SERIF = "Georgia, 'Times New Roman', Times, serif";
const SANS = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

function orderConfirmationHtml(input: OrderMessageInput): string {
  const e = escapeHtml;
  const name = input.customerName.trim() || "there";
  const total = formatPaise(input.totalPaise);
  const preheader = `Order ${input.orderNumber} · ${total} · ${input.expectedDispatch.trim()}`;
  const cell = `font-family:${SANS};font-size:14px;line-height:20px;color:${C.ink};`;

  const lineRows = input.lines
    .map(
      (line) => `
              <tr>
                <td style="${cell}padding:14px 0;border-bottom:1px solid ${C.linen};" valign="top">
                  <div style="font-weight:600;">${e(line.name)}</div>
                  <div style="font-size:13px;color:${C.stone};">${e(lineDetails(line))} × ${e(formatPaise(line.unitPricePaise))}</div>
                </td>
                <td style="${cell}padding:14px 0 14px 16px;border-bottom:1px solid ${C.linen};white-space:nowrap;" align="right" valign="top">${e(formatPaise(line.lineTotalPaise))}</td>
              </tr>`,
    )
    .join("");

  const amountRowsHtml = amountRows(input)
    .map(
      (row) => `
              <tr>
                <td style="${cell}padding:4px 0;color:${C.stone};">${e(row.label)}</td>
                <td style="${cell}padding:4px 0 4px 16px;white-space:nowrap;" align="right">${e(row.value)}</td>
              </tr>`,
    )
    .join("");

  const link = isWebAddress(input.orderUrl)
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:28px 0 8px;">
                <tr>
                  <td bgcolor="${C.maroon}" style="background:${C.maroon};border-radius:2px;">
                    <a href="${e(input.orderUrl)}" style="display:inline-block;padding:13px 28px;font-family:${SANS};font-size:13px;font-weight:600;letter-spacing:1.5px;text-transform:uppercase;color:${C.white};text-decoration:none;">View your order</a>
                  </td>
                </tr>
              </table>
              <p style="margin:0;font-family:${SANS};font-size:12px;line-height:18px;color:${C.stone};">Or open this address: <a href="${e(input.orderUrl)}" style="color:${C.maroon};word-break:break-all;">${e(input.orderUrl)}</a></p>`
    : `<p style="margin:28px 0 0;font-family:${SANS};font-size:13px;line-height:20px;color:${C.stone};">Your order: ${e(input.orderUrl)}</p>`;

  const heading = (text: string) =>
    `<p style="margin:28px 0 8px;font-family:${SANS};font-size:11px;font-weight:600;letter-spacing:2px;text-transform:uppercase;color:${C.maroon};">${e(text)}</p>`;

  return `<!DOCTYPE html>
<html lang="en-IN" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<title>${e(orderConfirmationSubject(input))}</title>
</head>
<body style="margin:0;padding:0;background:${C.ivory};" bgcolor="${C.ivory}">
  <div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${e(preheader)}</div>
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${C.ivory}" style="background:${C.ivory};">
    <tr>
      <td align="center" style="padding:32px 12px;">
        <!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
          <tr>
            <td align="center" style="padding:0 0 20px;font-family:${SERIF};font-size:26px;letter-spacing:6px;color:${C.maroon};">SAANJH</td>
          </tr>
          <tr>
            <td bgcolor="${C.white}" style="background:${C.white};border:1px solid ${C.linen};border-top:3px solid ${C.maroon};padding:32px 28px;">
              <h1 style="margin:0 0 12px;font-family:${SERIF};font-size:26px;line-height:32px;font-weight:normal;color:${C.ink};">Thank you, ${e(name)}</h1>
              <p style="margin:0;font-family:${SANS};font-size:15px;line-height:23px;color:${C.ink};">Your order <strong>${e(input.orderNumber)}</strong> is confirmed. ${e(sentence(input.expectedDispatch))}</p>
              ${heading("Your order")}
              <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-top:1px solid ${C.linen};">${lineRows}
              </table>
              <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin-top:12px;">${amountRowsHtml}
                <tr>
                  <td style="padding:12px 0 0;border-top:1px solid ${C.linen};font-family:${SERIF};font-size:19px;line-height:24px;color:${C.ink};">Total</td>
                  <td style="padding:12px 0 0 16px;border-top:1px solid ${C.linen};font-family:${SERIF};font-size:19px;line-height:24px;color:${C.ink};white-space:nowrap;" align="right">${e(total)}</td>
                </tr>
              </table>
              ${heading("Payment")}
              <p style="margin:0;${cell}">${e(paymentSentence(input))}</p>
              ${heading("Delivering to")}
              <p style="margin:0;${cell}">${addressLines(input.billing).map(e).join("<br>")}</p>
              ${link}
            </td>
          </tr>
          <tr>
            <td align="center" style="padding:20px 12px 0;font-family:${SANS};font-size:12px;line-height:18px;color:${C.stone};">
              You are receiving this e-mail because an order was placed at Saanjh with ${e(input.email)}.
            </td>
          </tr>
        </table>
        <!--[if mso]></td></tr></table><![endif]-->
      </td>
    </tr>
  </table>
</body>
</html>
`;
}

/** The confirmation e-mail: subject, plain-text part and HTML part. */
export function orderConfirmationEmail(input: OrderMessageInput): { subject: string; text: string; html: string } {
  return { subject: orderConfirmationSubject(input), text: orderConfirmationText(input), html: orderConfirmationHtml(input) };
}
