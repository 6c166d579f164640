/*
 * The Content-Security-Policy of the shop's pages (decision 020, 'Headers').
 * Scripts run only from this site or with the page's nonce; no inline script without it.
 *
 * Pages are rendered with NONCE_PLACEHOLDER wherever the nonce goes (React Router's inline scripts)
 * and in this header; the server puts a fresh random nonce of the same length in both places on every
 * response, cached or not (server/nonce.ts), so a page kept in the shared cache never reuses one.
 */

/** 24 characters, like the base64 of the 16 random bytes that replace it. */
export const NONCE_PLACEHOLDER = "shopNonceX7q2Zr9Lk3Vw5Pa";

export interface CspSources {
  /** extra script origins (a payment gateway's checkout script) */
  script?: readonly string[];
  /** extra frame origins (the gateway's checkout frame) */
  frame?: readonly string[];
  /** extra origins scripts may call */
  connect?: readonly string[];
  /** extra origins forms may post to */
  formAction?: readonly string[];
  /** extra image origins */
  img?: readonly string[];
}

const join = (base: readonly string[], extra: readonly string[] = []) => [...base, ...extra].join(" ");

export function contentSecurityPolicy(extra: CspSources = {}): string {
  return [
    "default-src 'self'",
    `script-src ${join(["'self'", `'nonce-${NONCE_PLACEHOLDER}'`], extra.script)}`,
    // server-rendered style attributes (a picture's aspect ratio, a swatch's colour) need inline styles
    "style-src 'self' 'unsafe-inline'",
    `img-src ${join(["'self'", "data:", "blob:"], extra.img)}`,
    "font-src 'self'",
    `connect-src ${join(["'self'"], extra.connect)}`,
    `frame-src ${extra.frame && extra.frame.length > 0 ? extra.frame.join(" ") : "'none'"}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${join(["'self'"], extra.formAction)}`,
  ].join("; ");
}
