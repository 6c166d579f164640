import {
  buttonHtml,
  C,
  CELL,
  CONTENT_BREAK,
  emailDocumentHtml,
  escapeHtml,
  isWebAddress,
  leadHtml,
  SANS,
  sectionHeadingHtml,
  textSignOff,
  titleHtml,
} from "./email-layout";

/*
 * The e-mail of a change to an order after the confirmation (cancelled, refunded, shipped, delivered),
 * in the confirmation's frame: a heading, a first paragraph naming the order, what the shopper needs
 * to know in a few labelled rows (the courier and tracking number, the refund's amount and where it
 * goes), and the button to the order. Pure: the words come from `order-updates.ts` and
 * `refund-messages.ts`; the plain-text part says the same as the HTML.
 */

/** Who is told, and where her order is: taken from the order by the caller. */
export interface OrderRecipient {
  /** 'ORD-...' */
  orderNumber: string;
  /** 'Meera Iyer' */
  customerName: string;
  /** +91XXXXXXXXXX */
  phone: string;
  email: string;
  /** absolute link to the shopper's order page (the account's) */
  orderUrl: string;
  /** absolute link to the shop's home page, without a trailing slash */
  shopUrl: string;
}

export interface EmailParts {
  subject: string;
  text: string;
  html: string;
}

export interface UpdateEmail {
  subject: string;
  /** what mail apps show beside the subject */
  preheader: string;
  title: string;
  /** the first paragraph; the order number in it is set in bold in the HTML */
  lead: string;
  /** labelled rows under `factsHeading` ('Courier: Blue Dart') */
  factsHeading?: string;
  facts?: Array<{ label: string; value: string }>;
  /** paragraphs after the rows */
  paragraphs?: string[];
  /** the button */
  action: { label: string; url: string };
  /** further links, in small type under the button ('Track without signing in: ...') */
  links?: Array<{ label: string; url: string }>;
}

function textPart(to: OrderRecipient, mail: UpdateEmail): string {
  const out: string[] = [`Hello ${to.customerName.trim() || "there"},`, "", mail.lead, ""];
  const facts = mail.facts ?? [];
  if (facts.length > 0) {
    const width = Math.max(...facts.map((f) => f.label.length)) + 2;
    for (const fact of facts) out.push(`${`${fact.label}:`.padEnd(width)} ${fact.value}`);
    out.push("");
  }
  for (const paragraph of mail.paragraphs ?? []) out.push(paragraph, "");
  out.push(`${mail.action.label}: ${mail.action.url}`);
  for (const link of mail.links ?? []) out.push(`${link.label}: ${link.url}`);
  out.push("", ...textSignOff(to.email));
  return out.join("\n");
}

function factsHtml(facts: NonNullable<UpdateEmail["facts"]>, marginTop: number): string {
  const e = escapeHtml;
  const rows = facts
    .map(
      (fact) => `
                <tr>
                  <td width="1%" style="${CELL}padding:10px 24px 10px 0;border-bottom:1px solid ${C.linen};color:${C.stone};white-space:nowrap;" valign="top">${e(fact.label)}</td>
                  <td style="${CELL}padding:10px 0;border-bottom:1px solid ${C.linen};font-weight:600;word-break:break-word;" valign="top">${e(fact.value)}</td>
                </tr>`,
    )
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin-top:${marginTop}px;border-top:1px solid ${C.linen};">${rows}
              </table>`;
}

function linkHtml(link: { label: string; url: string }): string {
  const e = escapeHtml;
  const target = isWebAddress(link.url)
    ? `<a href="${e(link.url)}" style="color:${C.maroon};word-break:break-all;">${e(link.url)}</a>`
    : e(link.url);
  return `<p style="margin:8px 0 0;font-family:${SANS};font-size:12px;line-height:18px;color:${C.stone};">${e(link.label)}: ${target}</p>`;
}

function htmlPart(to: OrderRecipient, mail: UpdateEmail): string {
  const e = escapeHtml;
  const number = e(to.orderNumber);
  // the order number in bold where the lead names it (an empty number would match everywhere)
  const lead = number
    ? e(mail.lead).replace(number, `<strong style="white-space:nowrap;">${number}</strong>`)
    : e(mail.lead);
  const parts = [titleHtml(mail.title), leadHtml(lead)];
  const facts = mail.facts ?? [];
  if (facts.length > 0) {
    if (mail.factsHeading) parts.push(sectionHeadingHtml(mail.factsHeading));
    parts.push(factsHtml(facts, mail.factsHeading ? 0 : 20));
  }
  for (const paragraph of mail.paragraphs ?? []) parts.push(`<p style="margin:16px 0 0;${CELL}">${e(paragraph)}</p>`);
  parts.push(buttonHtml(mail.action.url, mail.action.label, mail.action.label));
  for (const link of mail.links ?? []) parts.push(linkHtml(link));
  return emailDocumentHtml({
    title: mail.subject,
    preheader: mail.preheader,
    content: parts.join(CONTENT_BREAK),
    email: to.email,
  });
}

/** Subject, plain-text part and HTML part of one update. */
export function orderUpdateEmail(to: OrderRecipient, mail: UpdateEmail): EmailParts {
  return { subject: mail.subject, text: textPart(to, mail), html: htmlPart(to, mail) };
}
