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
  it("leaves out aggregateRating and review while the product has no published review", () => {
    // the card's columns alone (a rating without a summary) are not enough
    const ld = productJsonLd(
      { ...product, rating: 4.5, reviewsCount: 12, reviewSummary: null },
      "https://shop.example",
    );
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld).not.toHaveProperty("review");
    const none = productJsonLd(
      { ...product, rating: null, reviewsCount: 0, reviewSummary: reviewed.reviewSummary },
      "https://shop.example",
    );
    expect(none).not.toHaveProperty("aggregateRating");
    expect(none).not.toHaveProperty("review");
  });
  it("gives the average, the count and the featured reviews from the product's review summary", () => {
    const ld = productJsonLd(reviewed, "https://shop.example");
    expect(ld.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toEqual([
      {
        "@type": "Review",
        author: { "@type": "Person", name: "Meera I." },
        datePublished: "2025-03-14",
        name: "Lovely colour",
        reviewBody: "Soft cotton, true to size.",
        reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
      },
      expect.objectContaining({ author: { "@type": "Person", name: "Asha R." }, name: "Runs a little long" }),
    ]);
  });
});

const reviewed: ProductDetailView = {
  ...product,
  rating: 4.5,
  reviewsCount: 2,
  reviewSummary: {
    stars: [0, 0, 0, 1, 1],
    fit: { runsSmall: 0, trueToSize: 2, runsLarge: 0 },
    photos: [],
    featured: [
      {
        author: "Meera I.",
        rating: 5,
        title: "Lovely colour",
        body: "Soft cotton, true to size.",
        publishedAt: "2025-03-14T10:00:00.000Z",
      },
      {
        author: "Asha R.",
        rating: 4,
        title: "Runs a little long",
        body: "Beautiful print; I had it hemmed.",
        publishedAt: "2025-02-01T10:00:00.000Z",
      },
    ],
  },
};
