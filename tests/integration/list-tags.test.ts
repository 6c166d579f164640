import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import * as productsRoute from "../../app/routes/products";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The tags a list's copy carries (decisions 044 and 059): every list's, its category's (or the mixed
 * lists'), the cards it shows, and the price lists' only where a sort by price or a price range orders or
 * picks its pieces, so that a new price makes exactly those stale.
 */
const t = setupTestDatabase();
let productId = "";

beforeAll(async () => {
  setDatabase(t.database);
  productId = await createTestProduct(t.db, { name: "Zardozi Kurta", category: "kurtas", pricePaise: 249_900 });
});

type Args = Parameters<typeof productsRoute.loader>[0];

async function tagsOf(query: string): Promise<string[]> {
  const request = new Request(`http://shop.test/products${query}`);
  const answer = (await productsRoute.loader({ request, params: {}, context: {} } as unknown as Args)) as {
    data: { items: Array<{ id: string }> };
    init: { headers: Record<string, string> } | null;
  };
  expect(answer.data.items.map((item) => item.id)).toEqual([productId]);
  return answer.init!.headers["Cache-Tag"]!.split(",");
}

describe("a list's copy", () => {
  it("is tagged as a price list of its category when sorted by price or filtered by a price range", async () => {
    expect(await tagsOf("?category=kurtas&sortBy=price-low")).toEqual([
      "list",
      "list:kurtas",
      "list-price:kurtas",
      `card:${productId}`,
    ]);
    expect(await tagsOf("?category=kurtas&priceRange=2000to5000")).toContain("list-price:kurtas");
    expect(await tagsOf("?search=zardozi&maxPrice=3000")).toEqual([
      "list",
      "list-mixed",
      "list-price-mixed",
      `card:${productId}`,
    ]);
  });

  it("carries no price list's tag when neither its order nor its members follow prices", async () => {
    expect(await tagsOf("?category=kurtas")).toEqual(["list", "list:kurtas", `card:${productId}`]);
    expect(await tagsOf("?search=zardozi")).toEqual(["list", "list-mixed", `card:${productId}`]);
  });
});
