/* The product form's values as the editor holds and sends them, and the draft the server saves. */

export interface ColourValue {
  name: string;
  hex: string;
}

export interface PictureValue {
  /** storage key: media_uploads.key, the upload result's publicId */
  key: string;
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface StockCell {
  size: string;
  colour: string;
  /** as typed */
  stock: string;
  /** the variant's stock when the form was loaded (null: a new combination); a cell left at it is not written */
  was?: number | null;
}

/** The form as the editor holds and sends it: text as typed, prices in rupees. */
export interface ProductFormValues {
  name: string;
  brand: string;
  price: string;
  originalPrice: string;
  category: string;
  description: string;
  details: string;
  badge: string;
  material: string;
  fabric: string;
  fit: string;
  care: string;
  type: string;
  occasions: string[];
  isActive: boolean;
  sizes: string[];
  colours: ColourValue[];
  stock: StockCell[];
  pictures: PictureValue[];
  /** the packed parcel as typed: grams, then centimetres; empty for the category's default */
  packageWeight: string;
  packageLength: string;
  packageBreadth: string;
  packageHeight: string;
  /** the product page may show fit advice drawn from returns ('Runs small: ...', decision 042) */
  fitAdviceEnabled: boolean;
  /** the product's version the form started from; null for a new product */
  version: number | null;
}

/** What the server saves: checked, trimmed, money in paise, stock as whole numbers in grid order. */
export interface ProductDraft {
  name: string;
  brand: string;
  pricePaise: number;
  originalPricePaise: number | null;
  category: string;
  description: string;
  details: string;
  badge: string | null;
  material: string | null;
  fabric: string | null;
  fit: string | null;
  care: string | null;
  type: string | null;
  occasions: string[];
  isActive: boolean;
  sizes: string[];
  colours: ColourValue[];
  stock: Array<{ size: string; colour: string; stock: number }>;
  pictures: Array<{ key: string; alt: string }>;
  /** the packed parcel in whole grams and centimetres; null for the category's default */
  packageWeightGrams: number | null;
  packageLengthCm: number | null;
  packageBreadthCm: number | null;
  packageHeightCm: number | null;
  fitAdviceEnabled: boolean;
  version: number | null;
}

export type FieldErrors = Partial<Record<string, string>>;

export type FormCheck = { ok: true; draft: ProductDraft } | { ok: false; formError: string; fieldErrors: FieldErrors };

/** A product as the audit line compares it: the saved draft without the version it started from. */
export type ProductSnapshot = Omit<ProductDraft, "version">;
