/*
 * The categories with the description a list page shows under its name. Read on the server (the list
 * page's data carries the description) and by the back office; a file apart from the names
 * (category-names.ts) so that their text is not in every storefront page's JavaScript (decision 047).
 */
import { CATEGORY_NAMES } from "./category-names";

const CATEGORY_DESCRIPTIONS: Readonly<Record<string, string>> = {
  kurtas: "Hand block-printed and embroidered kurtas and kurta sets for every day and every celebration.",
  "short-kurtis": "Easy hip-length kurtis to pair with jeans, palazzos or a skirt.",
  "co-ords": "Matching sets in breathable cottons and fluid rayons, ready to wear together or apart.",
  dresses: "Flowing maxis, tiered midis and wrap dresses with an Indian soul.",
  bottoms: "Palazzos, straight pants and skirts that finish every kurta.",
  lehengas: "Festive and bridal lehenga sets with hand embroidery and zari.",
  loungewear: "Soft cotton and modal sets for slow mornings and long nights.",
  sarees: "Handloom, Banarasi, chanderi and printed sarees, woven and finished by artisans.",
  shirts: "Relaxed shirts in handloom cottons and linens.",
  unstitched: "Dress materials with dupattas, to be tailored just the way you like.",
  accessories: "Jhumkas, chandbalis, necklaces and bangles to complete the look.",
};

function withDescriptions(names: typeof CATEGORY_NAMES) {
  return names.map((c) => ({ ...c, description: CATEGORY_DESCRIPTIONS[c.slug] ?? "" }));
}

/** Each category with its description, in the shop's order. */
export const CATEGORIES: ReadonlyArray<{ slug: string; name: string; description: string }> =
  /* @__PURE__ */ withDescriptions(CATEGORY_NAMES);
