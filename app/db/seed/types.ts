/**
 * Shapes shared by the demo catalogue data, the generated artwork and the seed.
 * Prices here are whole rupees for readability; the seed converts them to integer paise.
 */
import { CLOTHING_COLLECTIONS } from "~/modules/content";

/** Every category of the demo catalogue: the clothing collections and the jewellery. */
export const CATEGORY_SLUGS = [...CLOTHING_COLLECTIONS, "accessories"] as const;

export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

/** The printed or woven surface pattern drawn on a garment picture. */
export const PRINT_KINDS = [
  "solid",
  "buti", // small scattered block-print motifs
  "floral",
  "paisley",
  "stripes",
  "checks",
  "ikat",
  "bandhani", // tie-dye dot clusters
  "leheriya", // diagonal waves
  "chevron",
  "polka",
  "zari", // woven gold brocade bands
] as const;

export type PrintKind = (typeof PRINT_KINDS)[number];

/** Which picture of a product: the garment from the front, from the back, or a close-up of the fabric. */
export type PictureView = "front" | "back" | "detail";

export interface SeedColour {
  name: string;
  /** #rrggbb */
  hex: string;
}

export interface SeedProduct {
  /** URL-safe, unique, e.g. "indigo-dabu-print-cotton-kurta" */
  slug: string;
  name: string;
  category: CategorySlug;
  brand: string;
  /** whole rupees, 299 .. 14999 (a few pieces under ₹500 show the shipping charge and its hint) */
  price: number;
  /** whole rupees, greater than price, or omitted */
  originalPrice?: number;
  /** one or two sentences shown on cards and search */
  description: string;
  /** a longer paragraph (or two) for the Product Details accordion */
  details: string;
  /** facet value, e.g. "Cotton", "Linen", "Rayon", "Satin", "Silk", "Chanderi", "Georgette", "Brass" */
  fabric: string;
  /** descriptive composition, e.g. "100% cotton, mulmul lining" */
  material: string;
  /** e.g. "Regular", "Relaxed", "Straight", "A-line", "Flared", "Slim" */
  fit: string;
  /** care instructions, e.g. "Hand wash cold separately; dry in shade" */
  care: string;
  /** subset of: Birthday, Casual, Everyday, Formal, Holiday, Party, Wedding, Festive */
  occasions: string[];
  /** product type facet, e.g. "Kurta", "Kurta Set", "Kurti", "Co-ord Set", "Dress", "Palazzo", "Lehenga Set", "Saree", "Shirt", "Dress Material", "Earrings", "Necklace" */
  type: string;
  /** e.g. "New", "Bestseller", "Handloom", "Limited" or omitted */
  badge?: string;
  /** "XS".."XXL" subset in order, or ["Free Size"] */
  sizes: string[];
  /** 1 to 4 colours */
  colours: SeedColour[];
  print: PrintKind;
  /** 0 = out of stock, 1..10 = low, otherwise in stock */
  stock: number;
  /**
   * 3.0 .. 5.0, one decimal, and a review count: made-up standing that ranks the demo's 'Popular'
   * order. Never stored as the product's rating: the demo shop has no reviews to show.
   */
  rating: number;
  reviewsCount: number;
  orderCount: number;
  /** how many days before "now" the product was added (spread over months) */
  addedDaysAgo: number;
  /** the drawing, where the category's own choice would not fit the piece */
  art?: ArtPiece;
}

/** Drawings a category does not choose by itself: a pair of earrings or a necklace, a dupatta alone. */
export type ArtPiece = "earrings" | "necklace" | "dupatta";

export interface GarmentArtInput {
  category: CategorySlug;
  print: PrintKind;
  /** the product's colours; the first is the main body colour */
  colours: SeedColour[];
  view: PictureView;
  /** a stable number so the same product always draws the same picture */
  seed: number;
  /** what to draw, where the category's own choice would not fit the piece */
  piece?: ArtPiece;
}
