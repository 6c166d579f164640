/** /sitemap.xml and /robots.txt bodies (pure: the routes hand in the data). */

export const STATIC_PAGES = [
  "/",
  "/products",
  "/about",
  "/shipping-policy",
  "/return-policy",
  "/privacy-policy",
] as const;

/** Kept out of search engines: private, per-shopper or back-office pages and data routes. */
export const ROBOTS_DISALLOW = [
  "/admin",
  "/cart",
  "/checkout",
  "/account",
  "/authentication",
  "/wishlist",
  "/payment",
  "/order-success",
  "/api/",
] as const;

function xmlEscape(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );
}

export function buildSitemap(
  baseUrl: string,
  products: ReadonlyArray<{ id: string; updatedAt: Date }>,
  categorySlugs: readonly string[],
): string {
  const base = baseUrl.replace(/\/+$/, "");
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${xmlEscape(base + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((p) => url(p)),
    ...categorySlugs.map((slug) => url(`/products?category=${encodeURIComponent(slug)}`)),
    ...products.map((p) => url(`/product/${p.id}`, p.updatedAt)),
    "</urlset>",
    "",
  ].join("\n");
}

export function buildRobots(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
