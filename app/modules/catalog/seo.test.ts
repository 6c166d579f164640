import { describe, expect, it } from "vitest";
import { productJsonLd, productMeta } from "./seo";
import type { ProductDetailView } from "./types";

const product: ProductDetailView = {
  id: "7d3c0a52-6a2f-4b8e-9d51-2f7f0c1b9e11",
  slug: "rust-kurta",
  name: "Rust Anarkali Kurta",
  brand: "Neelgar",
  category: "kurtas",
  pricePaise: 249_900,
  originalPricePaise: 329_900,
  badge: null,
  stock: 3,
  sizes: ["M", "L"],
  colors: [{ name: "Rust", hex: "#B4532A" }],
  quickAddStock: 0,
  rating: 4.5,
  reviewsCount: 12,
  reviewSummary: null,
  images: [{ url: "/media/p/rust-w800.webp", width: 800, height: 1067, alt: "Rust kurta, front" }],
  sku: "KUR-1001",
  description: "Hand block printed.",
  details: "",
  fabric: "Cotton",
  material: null,
  fit: null,
  care: null,
  occasions: [],
  type: "Kurta",
  createdAt: new Date(0).toISOString(),
  variants: [
    { id: "0b7d7a7e-1d3f-4c55-8d0e-0d2b9a3f5a01", sku: "KUR-1001-M-RUS", size: "M", colour: "Rust", stock: 0 },
    { id: "0b7d7a7e-1d3f-4c55-8d0e-0d2b9a3f5a02", sku: "KUR-1001-L-RUS", size: "L", colour: "Rust", stock: 3 },
  ],
};

describe("product SEO", () => {
  it("gives Open Graph and Twitter tags with an absolute picture URL", () => {
    const tags = productMeta(product, "https://shop.example");
    expect(tags).toContainEqual({ property: "og:image", content: "https://shop.example/media/p/rust-w800.webp" });
    expect(tags).toContainEqual({ name: "twitter:image", content: "https://shop.example/media/p/rust-w800.webp" });
    expect(tags).toContainEqual({ property: "og:url", content: `https://shop.example/product/${product.id}` });
    expect(tags[0]).toEqual({ title: "Rust Anarkali Kurta · Neelgar · Saanjh" });
  });
  it("describes a Product with one INR offer per variant: its SKU, address and own availability", () => {
    const ld = productJsonLd(product, "https://shop.example");
    expect(ld.offers).toEqual([
      expect.objectContaining({
        "@type": "Offer",
        sku: "KUR-1001-M-RUS",
        url: `https://shop.example/product/${product.id}?size=M&colour=Rust`,
        priceCurrency: "INR",
        price: "2499.00",
        availability: "https://schema.org/OutOfStock",
      }),
      expect.objectContaining({ sku: "KUR-1001-L-RUS", availability: "https://schema.org/InStock" }),
    ]);
    expect(ld.image).toEqual(["https://shop.example/media/p/rust-w800.webp"]);
  });
});
