/*
 * Which pages are about the shopper (docs/decisions/029): their cart, wishlist, checkout, payment,
 * orders and account, and the sign-in screen. These are rendered with the shopper's data on the server
 * and are never shared. Every other storefront page (home, lists, search, product pages, content pages)
 * renders nothing personal, so one copy serves every visitor, signed in or not; the shopper's cart,
 * wishlist and sign-in state reach it through one small request after the page loads (GET /api/me).
 *
 * The pattern's source is also put into the page's early inline script (root.tsx), so keep it a plain
 * regular expression.
 */
export const PERSONAL_PATH =
  /^\/(?:cart|wishlist|checkout|payment|order-success|account|authentication|login|track-order)(?:\/|$)/;

/** The back office has its own shell and never shows the shopper's data. */
export const ADMIN_PATH = /^\/admin(?:\/|$)/;

export function isPersonalPath(pathname: string): boolean {
  return PERSONAL_PATH.test(pathname);
}

export function isAdminPath(pathname: string): boolean {
  return ADMIN_PATH.test(pathname);
}

/**
 * Addresses whose answers are the same for every visitor, signed in or not: the home page, lists and
 * search, product pages (and their `.data` forms for client-side navigation), search suggestions,
 * pincodes and a product's published reviews. The shared page cache answers these from a copy even when the request carries a session
 * cookie; the routes still decide with their Cache-Control whether a copy may be kept.
 */
export const SHARED_PATH =
  /^\/(?:_root\.data|products(?:\.data)?|product\/[^/]+|api\/search\/suggest|api\/pincodes\/[^/]+|api\/products\/[^/]+\/reviews)?$/;

export function isSharedPath(pathname: string): boolean {
  return SHARED_PATH.test(pathname);
}
