import { getConfig, isShopOrigin, type ShopAddress } from "../../config.server";
import { getLogger } from "../../lib/logger.server";
import { signInElsewhere } from "./sign-in-address";

/**
 * The address of the page a browser's request comes from: its Origin, or else the page in its
 * Referer. Null when it names neither: not a page in a browser (a script, a test), which the auth
 * library and the same-origin guard let through as well.
 */
function pageOrigin(headers: Headers): string | null {
  const origin = headers.get("origin");
  if (origin) return origin;
  const referer = headers.get("referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return referer;
  }
}

/**
 * Sign-in belongs to the shop's own address (shopOrigins): the browser keeps the session for the
 * address it signed in at, and every link the shop makes points at BASE_URL. A sign-in from a page
 * anywhere else (another name of a proxy, 127.0.0.1 in live mode, a machine on the network while
 * BASE_URL says localhost) is answered with words naming BASE_URL, never as a wrong password, and one
 * warning in the log names both addresses. Null: this request may sign in.
 */
export function signInAddressRefusal(headers: Headers, address: ShopAddress = getConfig()): string | null {
  const origin = pageOrigin(headers);
  if (origin === null || isShopOrigin(address, origin)) return null;
  getLogger().warn(
    { origin, baseUrl: address.baseUrl },
    `sign-in refused: the page is at ${origin}, but the shop's address (BASE_URL) is ${address.baseUrl}`,
  );
  return signInElsewhere(address.baseUrl);
}
