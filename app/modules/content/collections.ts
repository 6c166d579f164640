/**
 * The shop's ten clothing collections, in the order the menu and the home page show them. The
 * jewellery (accessories) is not among them: it has its own entry in the sub-navigation.
 */
export const CLOTHING_COLLECTIONS = [
  "kurtas",
  "short-kurtis",
  "co-ords",
  "dresses",
  "bottoms",
  "lehengas",
  "loungewear",
  "sarees",
  "shirts",
  "unstitched",
] as const;
