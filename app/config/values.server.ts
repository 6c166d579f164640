import { isIP } from "node:net";

/* The settings' own formats: e-mail addresses and senders, SMTP addresses, TRUST_PROXY's values, this machine's names. */

/** The host names of this machine. */
export const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** A sender or recipient: `orders@shop.example.com`, optionally with a display name. */
export interface Mailbox {
  name: string | null;
  address: string;
}

export function isSmtpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === "smtp:" || url.protocol === "smtps:") &&
    url.hostname !== "" &&
    url.pathname.replace(/\/+$/, "") === ""
  );
}

const PLAIN_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** One plain address (no name, no list, no spaces): what the outbox sends to. */
export function isPlainEmailAddress(value: string): boolean {
  return value.length <= 254 && PLAIN_ADDRESS.test(value) && !value.includes("..");
}

/** `orders@x.com`, `Saanjh <orders@x.com>` or `"Saanjh Orders" <orders@x.com>`; null when it is anything else. */
export function parseMailbox(raw: string): Mailbox | null {
  const value = raw.trim();
  if (isPlainEmailAddress(value)) return { name: null, address: value };
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(value);
  if (!match) return null;
  let name = (match[1] ?? "").trim();
  if (name.startsWith('"') && name.endsWith('"') && name.length >= 2) name = name.slice(1, -1).trim();
  const address = (match[2] ?? "").trim();
  // a name may hold any printable text except what would start another header or address
  if (
    !isPlainEmailAddress(address) ||
    /[<>"\\]/.test(name) ||
    [...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)
  )
    return null;
  return { name: name || null, address };
}

/** Express's `trust proxy` values: a hop count, all or nothing, or a list of addresses and ranges. */
export type TrustProxy = boolean | number | string[];

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.has(item)) return true;
  const [address = "", bits, ...rest] = item.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as Express understands it, or null when it is not a valid value. */
export function parseTrustProxy(raw: string): TrustProxy | null {
  const value = raw.trim();
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value) <= 32 ? Number(value) : null;
  const items = value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0 || !items.every(isAddressOrRange)) return null;
  return items;
}
