import type { Config } from "../config.server";
import { LOOPBACK_HOSTS } from "./values.server";

/* The shop's own address: the origins that are this shop, and the start-up warnings about it. */

/** What the origin checks need to know of the shop's address. */
export type ShopAddress = Pick<Config, "baseUrl" | "isDemo" | "port">;

/** The names a browser on the shop's own machine may use for it. */
const LOCAL_NAMES = ["localhost", "127.0.0.1", "[::1]"] as const;

/**
 * The origins that are this shop for every origin check (the auth library's, the same-origin guard's,
 * sign-in's): BASE_URL's, and in demo mode also localhost, 127.0.0.1 and [::1] on the shop's port (and
 * on BASE_URL's, when BASE_URL is itself on this machine). `npm start` prints localhost, and people
 * open 127.0.0.1 just as often; both reach the same process. Live mode is BASE_URL alone.
 */
export function shopOrigins(address: ShopAddress): string[] {
  const base = new URL(address.baseUrl);
  const origins = new Set([base.origin]);
  if (!address.isDemo) return [...origins];
  const doors = [new URL(`http://localhost:${address.port}`)];
  if (LOOPBACK_HOSTS.test(base.hostname)) doors.push(new URL(base.origin));
  for (const door of doors) {
    for (const name of LOCAL_NAMES) {
      door.hostname = name;
      origins.add(door.origin);
    }
  }
  return [...origins];
}

/** Whether `value` (an Origin header or a page's address) is this shop's origin: see shopOrigins. */
export function isShopOrigin(address: ShopAddress, value: string): boolean {
  let origin: string;
  try {
    origin = new URL(value).origin;
  } catch {
    return false;
  }
  return shopOrigins(address).includes(origin);
}

const EVERY_INTERFACE = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * The start-up banner's warnings about the shop's address. Listening on every interface with a
 * BASE_URL on this machine lets other machines open the shop, but sign-in belongs to BASE_URL's
 * address, so theirs is refused.
 */
export function addressWarnings(config: Pick<Config, "host" | "baseUrl" | "port">): string[] {
  if (!EVERY_INTERFACE.has(config.host) || !LOOPBACK_HOSTS.test(new URL(config.baseUrl).hostname)) return [];
  return [
    `Warning: HOST=${config.host} lets other machines open the shop, but BASE_URL is ${config.baseUrl}, so people on other ` +
      `machines will be refused when they sign in. Set BASE_URL to the address they open (http://<this machine's address>:${config.port}).`,
  ];
}
