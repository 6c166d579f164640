/*
 * Picture addresses in the products CSV: the export writes them absolute, the shop stores its own
 * pictures by their path.
 */

/** A picture's address as a person can open it: stored paths get the shop's address in front. */
export function absoluteUrl(url: string, baseUrl: string): string {
  try {
    return new URL(url, baseUrl).href;
  } catch {
    return url;
  }
}

/** A picture address in the form the shop stores it: its own address is dropped, leaving the path. */
export function storedForm(url: string, baseUrl: string): string | null {
  try {
    const base = new URL(baseUrl);
    const u = new URL(url, base);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return u.origin === base.origin ? `${u.pathname}${u.search}` : u.href;
  } catch {
    return null;
  }
}
