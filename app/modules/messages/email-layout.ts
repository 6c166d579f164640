/*
 * The frame every e-mail to a shopper shares, as pure functions: the brand line, the white card with
 * its maroon top rule, the footer that says why the mail came, the section headings, the button with
 * its plain-address fallback, and the plain-text part's sign-off. Every value that reaches the HTML
 * goes through `escapeHtml`; the HTML is tables with inline styles only, no remote images or fonts, so
 * it reads the same in Gmail, Outlook and Apple Mail.
 */

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Makes any text inert inside HTML text and inside double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** Only http(s) addresses become links; anything else is shown as text. */
export function isWebAddress(url: string): boolean {
  return /^https?:\/\/[^\s"'<>]+$/i.test(url);
}

/** 'Ships within 6 working days' -> 'Ships within 6 working days.' */
export function sentence(text: string): string {
  const t = text.trim();
  return t === "" || /[.!?]$/.test(t) ? t : `${t}.`;
}

/* Colours of the shop (app/app.css): ivory, sand, linen, ink, stone, maroon. */
export const C = {
  ivory: "#fbf8f3",
  sand: "#f3ece1",
  linen: "#e8dfd0",
  ink: "#1f1a17",
  stone: "#6b625a",
  maroon: "#7a2333",
  white: "#ffffff",
};
export const SERIF = "Georgia, 'Times New Roman', Times, serif";
export const SANS = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
/** A table cell's or a paragraph's text. */
export const CELL = `font-family:${SANS};font-size:14px;line-height:20px;color:${C.ink};`;

/** Why the shopper gets the mail: the last line of both parts. */
function whyThisMail(email: string): string {
  return `You are receiving this e-mail because an order was placed at Saanjh with ${email}.`;
}

/** The plain-text part's ending: the sign-off and why the mail came. */
export function textSignOff(email: string): string[] {
  return ["Warm regards,", "Saanjh", "", whyThisMail(email)];
}

/** The mail's heading, in the shop's serif. */
export function titleHtml(text: string): string {
  return `<h1 style="margin:0 0 12px;font-family:${SERIF};font-size:26px;line-height:32px;font-weight:normal;color:${C.ink};">${escapeHtml(text)}</h1>`;
}

/** The first paragraph under the heading (already escaped HTML: it may hold <strong>). */
export function leadHtml(html: string): string {
  return `<p style="margin:0;font-family:${SANS};font-size:15px;line-height:23px;color:${C.ink};">${html}</p>`;
}

/** A small maroon capitals heading over a section. */
export function sectionHeadingHtml(text: string): string {
  return `<p style="margin:28px 0 8px;font-family:${SANS};font-size:11px;font-weight:600;letter-spacing:2px;text-transform:uppercase;color:${C.maroon};">${escapeHtml(text)}</p>`;
}

/**
 * The button to the page the mail is about, with the address written out under it for mail apps that
 * hide buttons; an address that is not http(s) is shown as text after `fallbackLabel`, never linked.
 */
export function buttonHtml(url: string, label: string, fallbackLabel = "Your order"): string {
  const e = escapeHtml;
  return isWebAddress(url)
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:28px 0 8px;">
                <tr>
                  <td bgcolor="${C.maroon}" style="background:${C.maroon};border-radius:2px;">
                    <a href="${e(url)}" style="display:inline-block;padding:13px 28px;font-family:${SANS};font-size:13px;font-weight:600;letter-spacing:1.5px;text-transform:uppercase;color:${C.white};text-decoration:none;">${e(label)}</a>
                  </td>
                </tr>
              </table>
              <p style="margin:0;font-family:${SANS};font-size:12px;line-height:18px;color:${C.stone};">Or open this address: <a href="${e(url)}" style="color:${C.maroon};word-break:break-all;">${e(url)}</a></p>`
    : `<p style="margin:28px 0 0;font-family:${SANS};font-size:13px;line-height:20px;color:${C.stone};">${e(fallbackLabel)}: ${e(url)}</p>`;
}

/**
 * The whole HTML document around the card's content (already escaped HTML, its parts joined by
 * `CONTENT_BREAK`): the hidden preheader mail apps show beside the subject, the brand line, the
 * card, and the footer naming the address the mail went to.
 */
export function emailDocumentHtml(input: { title: string; preheader: string; content: string; email: string }): string {
  const e = escapeHtml;
  return `<!DOCTYPE html>
<html lang="en-IN" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<title>${e(input.title)}</title>
</head>
<body style="margin:0;padding:0;background:${C.ivory};" bgcolor="${C.ivory}">
  <div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${e(input.preheader)}</div>
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
              ${input.content}
            </td>
          </tr>
          <tr>
            <td align="center" style="padding:20px 12px 0;font-family:${SANS};font-size:12px;line-height:18px;color:${C.stone};">
              ${e(whyThisMail(input.email))}
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

/** Joins the card's parts at the card's indentation, so the source stays readable. */
export const CONTENT_BREAK = "\n              ";
