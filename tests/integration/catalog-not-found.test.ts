import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { loader as adminNotFound } from "../../app/routes/admin.not-found";
import { loader as notFound } from "../../app/routes/catch-all";
import { loader as categoryRedirect } from "../../app/routes/category-redirect";
import { loader as products } from "../../app/routes/products";
import { createTestProduct } from "../factories/catalog";
import { TEST_BASE as BASE, signedInShopper, signedInStaff } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Addresses the shop does not have: the shopper still gets the collection, told so in words, with
 * status 404 (never a soft 404 a search engine would index); unknown back-office addresses answer
 * staff with the back office's own 'not found' and everyone else as any admin screen does.
 */

const t = setupTestDatabase();

interface Answer {
  init: { status?: number } | null;
  data: { notice: unknown; total: number; category: unknown; items: Array<{ name: string }> };
}
const args = (path: string, cookie?: string) =>
  ({
    request: new Request(`${BASE}${path}`, { headers: cookie ? { cookie } : {} }),
    params: { slug: path.split("/").pop() ?? "" },
    context: {},
  }) as never;
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { init?: { status?: number } },
  );

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  await createTestProduct(t.db, { name: "Cotton Kurta", category: "kurtas" });
  await createTestProduct(t.db, { name: "Silk Saree", category: "sarees", sizes: ["Free Size"] });
});

describe("an unknown address", () => {
  it("shows the whole collection under 'We could not find that page' with status 404, whatever its query", async () => {
    const answer = (await notFound(args("/no/such/page?category=kurtas&sortBy=name"))) as unknown as Answer;
    expect(answer.init?.status).toBe(404);
    expect(answer.data.notice).toEqual({ kind: "page" });
    expect(answer.data).toMatchObject({ total: 2, category: null });
  });
});

describe("an unknown category", () => {
  it("shows the whole collection with a notice naming it, with status 404", async () => {
    for (const asked of ["nonsense", "Not A Category"]) {
      const answer = (await products(args(`/products?category=${encodeURIComponent(asked)}`))) as unknown as Answer;
      expect(answer.init?.status, asked).toBe(404);
      expect(answer.data.notice, asked).toEqual({ kind: "category", asked });
      expect(answer.data.total, asked).toBe(2);
    }
  });

  it("leaves known categories, 'all' and no category alone (status 200, no notice), in any case of letters", async () => {
    for (const [path, total] of [
      ["/products?category=kurtas", 1],
      ["/products?category=Sarees", 1],
      ["/products?category=all", 2],
      ["/products", 2],
    ] as const) {
      const answer = (await products(args(path))) as unknown as Answer;
      expect(answer.init?.status ?? 200, path).toBe(200);
      expect(answer.data.notice, path).toBeNull();
      expect(answer.data.total, path).toBe(total);
    }
  });

  it("at /categories/{name} goes to the list for good when the shop has it, and only for now when it does not", async () => {
    const known = (await categoryRedirect(args("/categories/Kurtas"))) as Response;
    expect([known.status, known.headers.get("location")]).toEqual([301, "/products?category=kurtas"]);
    const unknown = (await categoryRedirect(args("/categories/nonsense"))) as Response;
    expect([unknown.status, unknown.headers.get("location")]).toEqual([302, "/products?category=nonsense"]);
  });
});

describe("an unknown back-office address", () => {
  it("is the back office's own 404 for staff, the sign-in form for a visitor and a refusal for a shopper", async () => {
    expect(await refusal(adminNotFound(args("/admin/settingz")))).toMatchObject({ init: { status: 401 } });
    const shopper = await signedInShopper(t.db, "+919812300071", "203.0.113.71");
    expect(await refusal(adminNotFound(args("/admin/settingz", shopper.cookie)))).toMatchObject({
      init: { status: 403 },
    });
    const staff = await signedInStaff(
      t.db,
      { name: "Asha Staff", email: "asha.notfound@example.com", password: "saffron-tea-77" },
      "203.0.113.72",
    );
    const answer = (await adminNotFound(args("/admin/settingz", staff.cookie))) as unknown as {
      init: { status: number; headers: Record<string, string> };
      data: { path: string };
    };
    expect(answer.init.status).toBe(404);
    expect(answer.init.headers).toMatchObject({ "Cache-Control": "no-store" });
    expect(answer.data.path).toBe("/admin/settingz");
  });
});
