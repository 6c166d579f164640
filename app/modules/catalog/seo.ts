/** Search-engine and link-preview tags of a product page; pure so they can be tested. */
import { formatPrice } from "../pricing";
import type { ProductDetailView } from "./types";

function absolute(url: string, origin: string): string {
  return new URL(url, origin).toString();
}

function summary(p: ProductDetailView): string {
  const text = p.description.trim() || `${p.name} by ${p.brand}.`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}...` : text;
}

export function productMeta(p: ProductDetailView, origin: string) {
  const url = `${origin}/product/${p.id}`;
  const image = p.images[0] ? absolute(p.images[0].url, origin) : null;
  const title = `${p.name} · ${p.brand} · Saanjh`;
  const description = `${summary(p)} ${formatPrice(p.pricePaise)}.`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: "Saanjh" },
    { property: "og:title", content: p.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:width", content: String(p.images[0]!.width) },
          { property: "og:image:height", content: String(p.images[0]!.height) },
          { property: "og:image:alt", content: p.images[0]!.alt || p.name },
        ]
      : []),
    { property: "product:price:amount", content: (p.pricePaise / 100).toFixed(2) },
    { property: "product:price:currency", content: "INR" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: p.name },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
}

/** schema.org Product with one INR Offer per variant (size x colour): its SKU, address and availability. */
export function productJsonLd(p: ProductDetailView, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    description: p.description,
    sku: p.sku,
    brand: { "@type": "Brand", name: p.brand },
    category: p.category,
    image: p.images.map((i) => absolute(i.url, origin)),
    ...(p.colors.length > 0 ? { color: p.colors.map((c) => c.name).join(", ") } : {}),
    ...(p.material ? { material: p.material } : {}),
    // only from published reviews (decision 043): the summary the reviews module keeps with the product
    ...(p.rating !== null && p.reviewsCount > 0 && p.reviewSummary
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: p.rating,
            reviewCount: p.reviewsCount,
            bestRating: 5,
            worstRating: 1,
          },
          review: p.reviewSummary.featured.map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.author },
            datePublished: r.publishedAt.slice(0, 10),
            name: r.title,
            reviewBody: r.body,
            reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
    offers: p.variants.map((v) => ({
      "@type": "Offer",
      sku: v.sku,
      name:
        [p.sizes.length > 0 ? v.size : null, p.colors.length > 0 ? v.colour : null].filter(Boolean).join(", ") ||
        p.name,
      url: `${origin}/product/${p.id}?${new URLSearchParams({ size: v.size, colour: v.colour }).toString()}`,
      priceCurrency: "INR",
      price: (p.pricePaise / 100).toFixed(2),
      availability: v.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    })),
  };
}
