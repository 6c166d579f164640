/** Shapes the catalogue hands to pages; safe for the browser. */
import type { ProductVariantView, VariantStock } from "./variants";

export interface ProductColourView {
  name: string;
  hex: string;
}

export interface ProductImageView {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface ProductCardView {
  id: string;
  slug: string;
  name: string;
  brand: string;
  category: string;
  pricePaise: number;
  originalPricePaise: number | null;
  badge: string | null;
  /** the sum of the variants' stock: 0 means sold out in every size and colour */
  stock: number;
  sizes: string[];
  colors: ProductColourView[];
  rating: number | null;
  reviewsCount: number;
  /** the stock of the variant quick add would choose (size M, first colour) */
  quickAddStock: number;
  /** front and (when there is one) back picture, in position order */
  images: ProductImageView[];
}

/**
 * What a product card draws and its quick add needs: the part of ProductCardView that list pages
 * send to the browser for hydration (decision 028: slug, category and colour hexes are not shown on a
 * card, and the back picture's text is never read; the stars and review count are, decision 043).
 */
export type ProductCardData = Pick<
  ProductCardView,
  | "id"
  | "name"
  | "brand"
  | "pricePaise"
  | "originalPricePaise"
  | "badge"
  | "stock"
  | "sizes"
  | "quickAddStock"
  | "rating"
  | "reviewsCount"
> & {
  colors: Array<Pick<ProductColourView, "name">>;
  images: Array<Pick<ProductImageView, "url" | "width" | "height"> & { alt?: string }>;
};

/** A card's data from a full card view (fields in a fixed order, so every card encodes alike). */
export function cardData(p: ProductCardData): ProductCardData {
  const [front, back] = p.images;
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    pricePaise: p.pricePaise,
    originalPricePaise: p.originalPricePaise,
    badge: p.badge,
    stock: p.stock,
    sizes: p.sizes,
    quickAddStock: p.quickAddStock,
    rating: p.rating,
    reviewsCount: p.reviewsCount,
    colors: p.colors.map((c) => ({ name: c.name })),
    images: [
      ...(front ? [{ url: front.url, width: front.width, height: front.height, alt: front.alt ?? "" }] : []),
      ...(back ? [{ url: back.url, width: back.width, height: back.height }] : []),
    ],
  };
}

/**
 * What a product's published reviews add up to, kept with the product (the reviews module writes it
 * when a review is published, edited or hidden) so a product page never counts reviews per view.
 */
export interface ReviewSummary {
  /** how many published reviews gave 1, 2, 3, 4 and 5 stars */
  stars: [number, number, number, number, number];
  /** how the pieces fitted, among the reviews that said */
  fit: { runsSmall: number; trueToSize: number; runsLarge: number };
  /** buyers' photos, newest first (at most 12): the page's strip */
  photos: Array<{ url: string; reviewId: string }>;
  /** a few reviews for search engines' structured data (most helpful first) */
  featured: Array<{ author: string; rating: number; title: string; body: string; publishedAt: string }>;
}

export interface ProductDetailView extends ProductCardView {
  sku: string;
  description: string;
  details: string;
  fabric: string | null;
  material: string | null;
  fit: string | null;
  care: string | null;
  occasions: string[];
  type: string | null;
  createdAt: string;
  /** the published reviews' summary; null until the first is published */
  reviewSummary: ReviewSummary | null;
  /** every size x colour with its SKU and stock, colour by colour */
  variants: ProductVariantView[];
}

/** A product as the cart and wishlist see it: active or not, with its first picture. */
export interface ShopperProduct {
  id: string;
  name: string;
  brand: string;
  pricePaise: number;
  originalPricePaise: number | null;
  /** the sum of the variants' stock */
  stock: number;
  isActive: boolean;
  sizes: string[];
  colors: ProductColourView[];
  image: ProductImageView | null;
  /** each size x colour's stock: cart lines are capped at their own variant's */
  variants: VariantStock[];
}

/** Filter values with their counts in the catalogue (list.server.ts computes them). */
export interface FacetValue {
  value: string;
  count: number;
  /** colours only */
  hex?: string;
}

export interface Facets {
  sizes: FacetValue[];
  colours: FacetValue[];
  occasions: FacetValue[];
  /** what clothes are woven from */
  fabrics: FacetValue[];
  /** what jewellery is made of (the same column, for the categories of MATERIAL_CATEGORIES) */
  materials: FacetValue[];
  types: FacetValue[];
  availability: { inStock: number; outOfStock: number };
  /** how many of the products counted have a rating (the Rating sort is offered only then) */
  rated: number;
  /** rupees, over the category and search */
  priceMax: number;
}

// The categories' names (what a page's script needs) and, apart, their descriptions (decision 047)
export { CATEGORY_NAMES } from "./category-names";
export { CATEGORIES } from "./categories";

/**
 * Categories whose pieces are made of metal, glass or stone rather than cloth. Their products keep
 * what they are made of in the same column as clothes keep their fabric (one filter value per
 * product), and shoppers see it as 'Material' instead of 'Fabric': Brass is no fabric.
 */
export const MATERIAL_CATEGORIES: readonly string[] = ["accessories"];

/** Why the collection stands in for what an address asked: a page or a category the shop does not have. */
export type ListNotice = { kind: "page" } | { kind: "category"; asked: string };

/** The whole collection, in place of an address that does not exist (shown with status 404). */
export const PAGE_NOT_FOUND: ListNotice = { kind: "page" };
