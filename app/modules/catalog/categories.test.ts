import { describe, expect, it } from "vitest";
import { CATEGORIES } from "./categories";
import { CATEGORY_NAMES } from "./category-names";

/*
 * The categories' names (what a storefront page's script carries) and the categories with their
 * descriptions (what the list page's data and the back office read) are one list, in one order.
 */
describe("the categories", () => {
  it("are the same slugs and names in the same order in both lists, each with its own description", () => {
    expect(CATEGORIES.map(({ slug, name }) => ({ slug, name }))).toEqual(CATEGORY_NAMES);
    expect(CATEGORIES).toHaveLength(11);
    for (const c of CATEGORIES) expect(c.description.length, c.slug).toBeGreaterThan(20);
    expect(new Set(CATEGORIES.map((c) => c.description)).size).toBe(CATEGORIES.length);
    expect(CATEGORIES.find((c) => c.slug === "accessories")).toEqual({
      slug: "accessories",
      name: "Jewellery & Accessories",
      description: "Jhumkas, chandbalis, necklaces and bangles to complete the look.",
    });
  });
});
