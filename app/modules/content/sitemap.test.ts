import { describe, expect, it } from "vitest";
import { buildRobots, buildSitemap } from "./sitemap";

describe("sitemap and robots", () => {
  it("lists the pages, every category and every product with absolute, escaped URLs", () => {
    const xml = buildSitemap(
      "https://shop.example/",
      [{ id: "abc", updatedAt: new Date("2026-03-04T10:00:00Z") }],
      ["kurtas", "co-ords"],
    );
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain("<url><loc>https://shop.example/</loc></url>");
    expect(xml).toContain("<url><loc>https://shop.example/about</loc></url>");
    expect(xml).toContain("<url><loc>https://shop.example/products?category=co-ords</loc></url>");
    expect(xml).toContain("<url><loc>https://shop.example/product/abc</loc><lastmod>2026-03-04</lastmod></url>");
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("keeps private pages out and points at the sitemap", () => {
    const robots = buildRobots("https://shop.example");
    for (const path of ["/admin", "/cart", "/checkout", "/account"]) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).not.toMatch(/Disallow: \/\n/);
    expect(robots).toContain("Sitemap: https://shop.example/sitemap.xml");
  });
});
