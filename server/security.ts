import type { NextFunction, Request, Response } from "express";
import { shopOrigins, type Config, type ShopAddress } from "../app/config.server";
import { SIGN_IN_ELSEWHERE_CODE } from "../app/modules/accounts";
import { signInAddressRefusal } from "../app/modules/accounts/index.server";
import { refuseUnread } from "./body-limit";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Paths posted to from other sites by design, matched exactly after normalisation: Razorpay's
 * webhooks (from its servers) and Checkout's redirect mode (a form post from Razorpay's page), and the
 * courier service's tracking webhooks. They are verified by signature or token instead, and none acts
 * on the visitor's session.
 */
const CROSS_ORIGIN_ALLOWED = new Set([
  "/api/payments/razorpay/webhook",
  "/api/payments/razorpay/callback",
  "/api/shipping/tracking",
]);
/** The staff dialog's sign-in, which reads a JSON answer: a refusal there says where to sign in. */
const STAFF_SIGN_IN = "/api/auth/sign-in/email";

/**
 * The path React Router will route: dot segments resolved and percent-encoded dots decoded, as the
 * URL parser does. Matching the raw path instead let `/api/webhooks/../../wishlist` pass as a webhook.
 */
export function routedPath(originalUrl: string): string {
  try {
    return new URL(originalUrl, "http://shop.invalid").pathname;
  } catch {
    return originalUrl;
  }
}

/**
 * Rejects state-changing requests that a browser sent from another site. The auth library guards
 * only its own routes; this covers every form action and data route. An origin is ours when it is
 * one of the shop's (BASE_URL's; in demo mode the local names too: shopOrigins) or the one this
 * request was addressed to (scheme and host both).
 */
export function sameOriginGuard(config: ShopAddress) {
  const ownOrigins = new Set(shopOrigins(config));
  return (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const path = routedPath(req.originalUrl ?? req.url);
    if (CROSS_ORIGIN_ALLOWED.has(path)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const referer = req.get("referer");
    const host = req.get("host");
    const requestOrigin = host ? `${req.protocol}://${host}`.toLowerCase() : null;
    const isOurs = (value: string) => {
      try {
        const url = new URL(value);
        return ownOrigins.has(url.origin) || (requestOrigin !== null && url.origin === new URL(requestOrigin).origin);
      } catch {
        return false;
      }
    };
    const rejected =
      (origin !== undefined && origin !== "null" && !isOurs(origin)) ||
      origin === "null" ||
      fetchSite === "cross-site" ||
      (origin === undefined && referer !== undefined && !isOurs(referer));
    // a page at another address of the shop (a proxy's other name) is told where to sign in, as the
    // auth route tells it when this guard lets the request through
    const elsewhere =
      rejected && path === STAFF_SIGN_IN
        ? signInAddressRefusal(new Headers(pageHeaders(origin, referer)), config)
        : null;
    if (elsewhere) {
      refuseUnread(req, res, () =>
        res
          .status(403)
          .type("application/json")
          .send(JSON.stringify({ code: SIGN_IN_ELSEWHERE_CODE, message: elsewhere })),
      );
      return;
    }
    if (rejected) {
      refuseUnread(req, res, () => res.status(403).type("text/plain").send("Cross-site request refused."));
      return;
    }
    next();
  };
}

function pageHeaders(origin: string | undefined, referer: string | undefined): Record<string, string> {
  return { ...(origin ? { origin } : {}), ...(referer ? { referer } : {}) };
}

/** The headers every response carries (the static files, server/static-files.ts, set them themselves). */
export function securityHeaderPairs(config: Pick<Config, "baseUrl">): Array<[string, string]> {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "SAMEORIGIN"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)"],
    ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
    ...(config.baseUrl.startsWith("https://")
      ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
  ];
}

export function securityHeaders(config: Pick<Config, "baseUrl">) {
  const pairs = securityHeaderPairs(config);
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of pairs) res.setHeader(name, value);
    next();
  };
}

/**
 * Puts the client's address, as Express resolves it under its `trust proxy` setting, into
 * X-Forwarded-For as the only value. The auth library's rate limiter and the sign-in code limits
 * read the client from that header; a direct connection would otherwise have none, and a
 * visitor could send a forged one.
 */
export function clientAddressHeader() {
  return (req: Request, _res: Response, next: NextFunction) => {
    const address = req.ip ?? req.socket.remoteAddress;
    if (address) req.headers["x-forwarded-for"] = address.replace(/^::ffff:/, "");
    else delete req.headers["x-forwarded-for"];
    next();
  };
}
