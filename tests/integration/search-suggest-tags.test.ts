import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import * as suggestRoute from "../../app/routes/api.search.suggest";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The tags a suggestion's copy carries (decision 044): every list's, so a piece added, renamed or taken
 * off sale drops it, and each shown piece's card, so its price or picture does; not the tags a size
 * selling out purges (a category's lists and the mixed ones), since suggestions never depend on stock.
 */
const t = setupTestDatabase();
let productId = "";

beforeAll(async () => {
  setDatabase(t.database);
  productId = await createTestProduct(t.db, { name: "Zardozi Kurta", category: "kurtas" });
});

type Args = Parameters<typeof suggestRoute.loader>[0];

describe("a suggestion's copy", () => {
  it("is tagged with every list and the cards it shows, not with the lists a sell-out purges", async () => {
    const request = new Request("http://shop.test/api/search/suggest?q=zardo");
    const answer = (await suggestRoute.loader({ request, params: {}, context: {} } as unknown as Args)) as {
      data: { suggestions: Array<{ id: string }> };
      init: { headers: Record<string, string> } | null;
    };
    expect(answer.data.suggestions.map((s) => s.id)).toEqual([productId]);
    const tags = answer.init!.headers["Cache-Tag"]!.split(",");
    expect(tags).toEqual(["list", `card:${productId}`]);
    expect(tags).not.toContain("list-mixed");
    expect(tags).not.toContain("list:kurtas");
  });
});
