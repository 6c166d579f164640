import { describe, expect, it } from "vitest";
import { baseUrlFromMatches, pageMeta } from "./seo";

describe("page meta", () => {
  it("gives title, description, canonical and Open Graph tags with absolute URLs", () => {
    const tags = pageMeta({
      title: "About Us · Saanjh",
      description: "Our story",
      path: "/about",
      baseUrl: "https://shop.example/",
      image: "https://shop.example/media/a.webp",
    });
    expect(tags).toContainEqual({ title: "About Us · Saanjh" });
    expect(tags).toContainEqual({ name: "description", content: "Our story" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://shop.example/about" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://shop.example/about" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://shop.example/media/a.webp" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("leaves out the canonical link when the origin is unknown", () => {
    const tags = pageMeta({ title: "T", description: "D", path: "/x" });
    expect(tags.some((t) => "rel" in t)).toBe(false);
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
  });

  it("reads the shop's origin from the root route's data", () => {
    expect(
      baseUrlFromMatches([{ id: "root", loaderData: { baseUrl: "https://a.example" } }, { id: "routes/about" }]),
    ).toBe("https://a.example");
    expect(baseUrlFromMatches([{ id: "root", data: { baseUrl: "https://b.example" } }])).toBe("https://b.example");
    expect(baseUrlFromMatches([undefined])).toBeUndefined();
  });
});
