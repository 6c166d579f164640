/* What seed-bodies-shop.ts puts into the shop of tests/e2e/request-bodies.spec.ts. */

export const BODIES_SHOP_STAFF = {
  name: "Farah Qureshi",
  email: "farah.bodies@example.com",
  password: "indigo-dabu-2026",
} as const;

/** 12 products x 8 sizes x 10 colours, each export row carrying 5,000 characters of details: about 5 MB. */
export const BODIES_SHOP_PRODUCTS = { count: 12, colours: 10, detailsLength: 5000 } as const;
