/*
 * The product form's presets, limits and messages: the sizes and colours the editor offers, the
 * suggestions for its text fields, the stock badge's levels and the longest values it takes.
 */

/** The admin's preset sizes. Custom sizes come after them. */
export const ADMIN_SIZES = ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "Free Size"] as const;

/** Ten preset colours, named as the storefront's catalogue names them. */
export const PRESET_COLOURS: ReadonlyArray<{ name: string; hex: string }> = [
  { name: "Black", hex: "#1C1C1C" },
  { name: "Ivory", hex: "#F4EFE3" },
  { name: "Maroon", hex: "#7B1E2B" },
  { name: "Rani Pink", hex: "#D0417E" },
  { name: "Rust", hex: "#B4532A" },
  { name: "Mustard", hex: "#D9A21B" },
  { name: "Emerald", hex: "#1E6B52" },
  { name: "Indigo", hex: "#2E3A87" },
  { name: "Navy Blue", hex: "#1F2A44" },
  { name: "Gold", hex: "#C9A227" },
];

export const OCCASION_PRESETS = [
  "Birthday",
  "Casual",
  "Everyday",
  "Festive",
  "Formal",
  "Holiday",
  "Party",
  "Wedding",
] as const;
export const BADGE_SUGGESTIONS = ["New", "Bestseller", "Trending", "Limited", "Handloom", "Sale"] as const;
export const FABRIC_SUGGESTIONS = [
  "Cashmere",
  "Chanderi",
  "Cotton",
  "Crepe",
  "Georgette",
  "Linen",
  "Lycra",
  "Modal",
  "Rayon",
  "Satin",
  "Silk",
  "Synthetic",
] as const;
export const FIT_SUGGESTIONS = [
  "Regular",
  "Relaxed",
  "Straight",
  "Slim",
  "A-line",
  "Flared",
  "Free Size",
  "Oversized",
] as const;

/** The editor's category for a new product. */
export const DEFAULT_CATEGORY = "sarees";

/** The stock badge: over 10 green In stock; 1 to 10 yellow; 0 red Out of stock. */
export const STOCK_PLENTY_ABOVE = 10;

export type StockLevel = "in-stock" | "low" | "out";

export function stockLevel(stock: number): StockLevel {
  if (stock > STOCK_PLENTY_ABOVE) return "in-stock";
  return stock > 0 ? "low" : "out";
}

export function stockLabel(stock: number): string {
  const level = stockLevel(stock);
  if (level === "in-stock") return `In stock · ${stock}`;
  if (level === "low") return `Low stock · ${stock} left`;
  return "Out of stock";
}

export const PRODUCT_MESSAGES = {
  required: "Please fill in all required fields",
  imageRequired: "Please upload at least one image",
  uploading: "Please wait until every picture has uploaded",
  added: "Product added successfully!",
  updated: "Product updated successfully!",
  saveFailed: "Error saving product",
  deleted: "Product deleted successfully!",
  archived: "Product archived: it has orders, so it is now inactive and kept for the order history.",
  deleteFailed: "Error deleting product",
  confirmDelete: "Are you sure you want to delete this product?",
  imageRemoved: "Image removed successfully!",
  imageRemoveFailed: "Error removing image",
  imagesUploaded: "Images uploaded successfully!",
  imagesUploadFailed: "Error uploading images",
  conflict:
    "This product was changed by someone else while you were editing. Reload to see the latest version; your changes are still in the form.",
  notFound: "Product not found",
  unknownPicture: "A picture is not one uploaded to this shop. Remove it and upload it again.",
  signedOut: "You were signed out. Sign in again in a new tab, then save again; your changes are still in the form.",
} as const;

export const LIMITS = {
  name: 120,
  brand: 60,
  description: 1000,
  details: 5000,
  shortText: 300,
  badge: 30,
  size: 20,
  colourName: 30,
  sizes: 20,
  colours: 20,
  occasions: 12,
  occasion: 30,
  variants: 200,
  pictures: 12,
  alt: 200,
  stock: 100_000,
  /** ₹10,00,000 in paise */
  pricePaise: 100_000_000,
} as const;

/** A colour's shade as the form keeps it: #RRGGBB. */
export const HEX = /^#[0-9a-fA-F]{6}$/;
