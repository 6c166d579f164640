import { formatPaise } from "../pricing";

/*
 * What every text message to a shopper is made of: the GSM 03.38 count that decides whether a text is
 * one message or several, rupees written the way an SMS can carry them, and the rule that picks the
 * fullest wording that still fits one message.
 */

/** GSM 03.38: the characters one 7-bit SMS character carries, and those that take two (escape + char). */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
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
 * per part (two or three billed parts for one message). Texts say 'Rs.' as Indian banks and shops do.
 */
export function smsMoney(paise: number): string {
  return formatPaise(paise).replace("₹", "Rs.");
}

/**
 * The first wording that is one GSM text, fullest first; the last (the shortest) when none fits, so
 * a link at the end is never cut. Words typed by staff (a reason, a courier) may hold characters GSM
 * lacks: a wording with them then does not fit and a shorter one without them is chosen.
 */
export function firstFittingSms(wordings: readonly string[]): string {
  return (
    wordings.find((text) => (gsmLength(text) ?? Infinity) <= SMS_SINGLE_LIMIT) ?? wordings[wordings.length - 1] ?? ""
  );
}

/** Staff's words on one line, without a closing full stop (the text adds its own punctuation). */
export function smsClause(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!?]+$/, "");
}
