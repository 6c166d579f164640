import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { products } from "../../app/modules/catalog/schema.server";
import { declineReturn, fitAdviceOf, withdrawReturn } from "../../app/modules/returns/index.server";
import { returnRequests } from "../../app/modules/returns/schema.server";
import * as productRoute from "../../app/routes/product";
import { createTestShopper } from "../factories/orders";
import { askReturn, deliveredOrderOf, prepareReturnsShop, sizedKurta } from "../factories/size-returns";
import { countPageCachePurges } from "../support/page-cache";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Fit advice on the product page (decision 042): the page's loader data, as the shared page is
 * rendered from it, says 'Runs small' once five size returns lean 70 % one way; declined and
 * withdrawn requests do not count, and staff can turn it off per product.
 */

const t = setupTestDatabase();
const purges = countPageCachePurges();
const staff = { id: "", name: "Priya Shah" };

beforeAll(async () => {
  setDatabase(t.database);
  await prepareReturnsShop(t.db);
  staff.id = (await createTestShopper(t.db, { firstName: "Priya" })).id;
});

type LoaderData = { fitAdvice: string | null; product: { id: string } };

/** The product page's loader data, as the page (and its shared copy) is rendered from it. */
async function productPage(productId: string): Promise<LoaderData> {
  return (await productAnswer(productId)).data;
}

/** The product page's loader answer: its data and the headers its shared copy is kept with. */
async function productAnswer(productId: string) {
  const answer = await productRoute.loader({
    request: new Request(`http://localhost:3000/product/${productId}`),
    params: { id: productId },
    context: {},
  } as never);
  return answer as unknown as { data: LoaderData; init: { headers: Record<string, string> } };
}

/** `n` shoppers each send one piece back for `reason`; returns the requests' ids. */
async function sizeReturns(productId: string, reason: "too_small" | "too_large", n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const delivered = await deliveredOrderOf(t.db, productId, { size: "M" });
    ids.push(await askReturn(t.db, delivered, { reason, productId }));
  }
  return ids;
}

async function versionOf(returnId: string) {
  const [row] = await t.db
    .select({
      version: returnRequests.version,
      returnNumber: returnRequests.returnNumber,
      userId: returnRequests.userId,
    })
    .from(returnRequests)
    .where(eq(returnRequests.id, returnId));
  return row!;
}

describe("fit advice on the product page", () => {
  it("says nothing until five shoppers sent it back too small, then 'Runs small'", async () => {
    const kurta = await sizedKurta(t.db);
    expect((await productPage(kurta)).fitAdvice).toBeNull();

    await sizeReturns(kurta, "too_small", 4);
    expect((await productPage(kurta)).fitAdvice).toBeNull();

    await sizeReturns(kurta, "too_small", 1);
    expect((await productPage(kurta)).fitAdvice).toBe("Runs small: most shoppers took one size up");
    // another product's returns say nothing about this one
    expect((await productPage(await sizedKurta(t.db))).fitAdvice).toBeNull();
  });

  it("says 'Runs large' the other way, and nothing when the returns do not lean 70 % one way", async () => {
    const large = await sizedKurta(t.db);
    await sizeReturns(large, "too_large", 4);
    await sizeReturns(large, "too_small", 1);
    expect((await productPage(large)).fitAdvice).toBe("Runs large: most shoppers took one size down");

    const even = await sizedKurta(t.db);
    await sizeReturns(even, "too_large", 3);
    await sizeReturns(even, "too_small", 3);
    expect((await productPage(even)).fitAdvice).toBeNull();
  });

  it("counts only size reasons, and no request that was declined or withdrawn", async () => {
    const kurta = await sizedKurta(t.db);
    const [declined, withdrawn] = await sizeReturns(kurta, "too_small", 4);
    // a colour complaint is not about the fit
    const colour = await deliveredOrderOf(t.db, kurta);
    await askReturn(t.db, colour, { reason: "colour_not_as_shown", resolution: "store_credit", productId: kurta });
    await sizeReturns(kurta, "too_small", 1);
    expect((await productPage(kurta)).fitAdvice).toBe("Runs small: most shoppers took one size up");

    const refused = await declineReturn(t.db, {
      returnId: declined!,
      version: (await versionOf(declined!)).version,
      reason: "Worn pieces cannot be exchanged",
      staff,
    });
    expect(refused).toMatchObject({ ok: true });
    expect((await productPage(kurta)).fitAdvice).toBeNull();

    await sizeReturns(kurta, "too_small", 1);
    expect((await productPage(kurta)).fitAdvice).toBe("Runs small: most shoppers took one size up");
    const row = await versionOf(withdrawn!);
    expect(
      await withdrawReturn(t.db, { userId: row.userId, returnNumber: row.returnNumber, version: row.version }),
    ).toMatchObject({ ok: true });
    expect((await productPage(kurta)).fitAdvice).toBeNull();
  });

  it("makes the piece's page stale in every process when a size return is asked for or declined, for no other reason", async () => {
    const kurta = await sizedKurta(t.db);
    const fitPurges = (from: number) =>
      purges.scopes.slice(from).filter((scope) => scope?.tags.some((tag) => tag.startsWith("fit:")));

    const colour = await deliveredOrderOf(t.db, kurta);
    const beforeColour = purges.scopes.length;
    await askReturn(t.db, colour, { reason: "colour_not_as_shown", resolution: "store_credit", productId: kurta });
    expect(fitPurges(beforeColour)).toEqual([]);

    const beforeAsk = purges.scopes.length;
    const [asked] = await sizeReturns(kurta, "too_large", 1);
    expect(fitPurges(beforeAsk)).toEqual([{ tags: [`fit:${kurta}`], expire: true }]);

    const beforeDecline = purges.scopes.length;
    const declined = await declineReturn(t.db, {
      returnId: asked!,
      version: (await versionOf(asked!)).version,
      reason: "Worn pieces cannot be exchanged",
      staff,
    });
    expect(declined).toMatchObject({ ok: true });
    expect(fitPurges(beforeDecline)).toEqual([{ tags: [`fit:${kurta}`], expire: true }]);
    // the page's copy carries the tag the purge names
    expect((await productAnswer(kurta)).init.headers["Cache-Tag"]).toContain(`fit:${kurta}`);
  });

  it("counts a request once however many pieces of the product it sends back", async () => {
    const kurta = await sizedKurta(t.db);
    for (let i = 0; i < 4; i++) {
      const delivered = await deliveredOrderOf(t.db, kurta, { size: "M", quantity: 3 });
      await askReturn(t.db, delivered, { reason: "too_small", productId: kurta, quantity: 3 });
    }
    expect(await fitAdviceOf(t.db, kurta)).toBeNull();
  });

  it("shows nothing for a product whose fit advice staff turned off, and again once turned back on", async () => {
    const kurta = await sizedKurta(t.db);
    await sizeReturns(kurta, "too_small", 5);
    expect((await productPage(kurta)).fitAdvice).toBe("Runs small: most shoppers took one size up");

    // as the editor's 'Show fit advice from returns' saves it
    await t.db.update(products).set({ fitAdviceEnabled: false }).where(eq(products.id, kurta));
    expect((await productPage(kurta)).fitAdvice).toBeNull();
    await t.db.update(products).set({ fitAdviceEnabled: true }).where(eq(products.id, kurta));
    expect((await productPage(kurta)).fitAdvice).toBe("Runs small: most shoppers took one size up");
  });

  it("is null for an address that names no product", async () => {
    expect(await fitAdviceOf(t.db, "not-a-product")).toBeNull();
    expect(await fitAdviceOf(t.db, "3f1c2d9e-8a41-4c1e-9a57-1d2b3c4d5e6f")).toBeNull();
  });
});
