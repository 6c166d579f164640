import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { backInStockRequests } from "../../app/modules/catalog/schema.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { ATTEMPT_RULES } from "../../app/modules/limits/rules";
import * as productRoute from "../../app/routes/product";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

/*
 * 'Notify me when it is back' through the product page's action, limited per client address
 * (decision 019): the answer past the limit is the form's own kind of message with 429 and
 * Retry-After, keeps the number typed, and records nothing.
 */

const t = setupTestDatabase();
const BASE = "http://localhost:3000";

beforeAll(() => {
  setDatabase(t.database);
});

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

async function notify(productId: string, fields: Record<string, string>, address: string) {
  const request = new Request(`${BASE}/product/${productId}`, {
    method: "POST",
    headers: { origin: BASE, "x-forwarded-for": address },
    body: new URLSearchParams(fields),
  });
  const result = (await productRoute.action({ request, params: { id: productId }, context: {} } as unknown as Args<
    typeof productRoute.action
  >)) as unknown as {
    data: { ok: boolean; text: string; phone?: string };
    init: { status?: number; headers?: HeadersInit } | null;
  };
  const actionHeaders = new Headers(result.init?.headers ?? {});
  const sent = new Headers(
    productRoute.headers({
      actionHeaders,
      loaderHeaders: new Headers(),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    } as never),
  );
  return { ...result.data, status: result.init?.status ?? 200, sent };
}

describe("the back-in-stock form's limit per client address", () => {
  it(`takes ${ATTEMPT_RULES.backInStockPerAddress.limit} requests an hour from one address, then answers 429 with Retry-After and records nothing`, async () => {
    const id = await createTestProduct(t.db, {
      name: "Limit Test Kurta",
      sizes: ["M", "L"],
      colors: [{ name: "Rust", hex: "#B4532A" }],
      variantStock: [{ size: "L", colour: "Rust", stock: 3 }],
    });
    const m = (await findVariant(t.db, id, "M", "Rust"))!.id;
    const address = "203.0.113.77";
    const phoneFor = (i: number) => `98${String(76_000_000 + i).padStart(8, "0")}`;
    for (let i = 0; i < ATTEMPT_RULES.backInStockPerAddress.limit; i++) {
      const answer = await notify(id, { intent: "notify-me", variantId: m, phone: phoneFor(i) }, address);
      expect(answer.status, `request ${i + 1}`).toBe(200);
      expect(answer.text).toMatch(/^Thank you: we'll text/);
    }
    const before = await t.db.select().from(backInStockRequests).where(eq(backInStockRequests.variantId, m));
    const refused = await notify(id, { intent: "notify-me", variantId: m, phone: "98765 00001" }, address);
    expect(refused).toMatchObject({
      ok: false,
      status: 429,
      text: "Too many requests from your network. Please try again in 60 minutes.",
      phone: "98765 00001",
    });
    const retryAfter = Number(refused.sent.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.sent.get("Cache-Control")).toBe("no-store");
    expect(await t.db.select().from(backInStockRequests).where(eq(backInStockRequests.variantId, m))).toHaveLength(
      before.length,
    );

    // another address is not affected
    const other = await notify(id, { intent: "notify-me", variantId: m, phone: "98765 00001" }, "203.0.113.78");
    expect(other).toMatchObject({ ok: true, status: 200 });
  });

  it("does not count a form it cannot read (400), and answers the notify form no-store, the page as before", async () => {
    const id = await createTestProduct(t.db, {
      name: "Header Test Kurta",
      sizes: ["M"],
      colors: [{ name: "Rust", hex: "#B4532A" }],
      variantStock: [],
    });
    const bad = await notify(id, { intent: "notify-me", variantId: "not-a-uuid" }, "203.0.113.79");
    expect(bad).toMatchObject({ status: 400, ok: false });
    expect(bad.sent.get("Cache-Control")).toBe("no-store");
    // a page view (no action) keeps the shared-page headers of decision 013
    const page = new Headers(
      productRoute.headers({
        actionHeaders: new Headers(),
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      } as never),
    );
    expect(page.get("Cache-Control")).toBe("public, max-age=0, s-maxage=30");
    const signedIn = new Headers(
      productRoute.headers({
        actionHeaders: new Headers(),
        loaderHeaders: new Headers(),
        parentHeaders: new Headers({ "Cache-Control": "private, no-cache" }),
        errorHeaders: undefined,
      } as never),
    );
    expect(signedIn.get("Cache-Control")).toBe("private, no-cache");
  });
});
