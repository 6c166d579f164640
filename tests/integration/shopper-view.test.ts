import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { addLine } from "../../app/modules/cart/cart.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { addToWishlist } from "../../app/modules/wishlist/wishlist.server";
import { loader as rootLoader } from "../../app/root";
import { loader as meLoader } from "../../app/routes/api.me";
import { createTestProduct } from "../factories/catalog";
import { routeRequest, settle, signedInShopper, type RouteArgs } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Shared pages read no shopper (decision 029); the shopper's badge, hearts and phone come
 * from GET /api/me, which is never shared; personal pages still render the shopper on the server.
 */
const t = setupTestDatabase();
let shopper: { id: string; cookie: string };
let kurta: string;

type RootData = {
  scope: string;
  user: { name: string; phone: string | null } | null;
  shopper: { cart: unknown[]; wishlist: string[] } | null;
};
type Me = {
  user: { id: string; name: string; phone: string | null } | null;
  shopper: { cart: Array<{ productId: string; quantity: number }>; wishlist: string[] } | null;
};

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  kurta = await createTestProduct(t.db, {
    sizes: ["M"],
    colors: [{ name: "Rust", hex: "#B4532A" }],
    variantStock: [{ size: "M", colour: "Rust", stock: 5 }],
  });
  shopper = await signedInShopper(t.db, "+919876512345", "203.0.113.91");
  await addLine(t.db, shopper.id, { productId: kurta, size: "M", colour: "Rust", quantity: 2 });
  await addToWishlist(t.db, shopper.id, kurta);
});

async function root(pathname: string, cookie: string | null) {
  const request = routeRequest(pathname, cookie);
  const answer = await rootLoader({ request, params: {}, context: {} } as unknown as RouteArgs<typeof rootLoader>);
  const { data, init } = answer as unknown as { data: RootData; init?: { headers?: Record<string, string> } };
  return { data, cacheControl: init?.headers?.["Cache-Control"] ?? null };
}

async function me(cookie: string | null) {
  return settle<string>(() =>
    meLoader({ request: routeRequest("/api/me", cookie), params: {}, context: {} } as unknown as RouteArgs<
      typeof meLoader
    >),
  );
}

describe("the shopper on shared and personal pages", () => {
  it("reads no shopper for a shared page, even with the session cookie, and marks nothing private", async () => {
    for (const pathname of ["/", "/products", `/product/${kurta}`, "/about"]) {
      const { data, cacheControl } = await root(pathname, shopper.cookie);
      expect(data, pathname).toMatchObject({ scope: "shared", user: null, shopper: null });
      expect(cacheControl, pathname).toBeNull();
    }
  });

  it("renders the shopper with their cart and wishlist on personal pages, marked private", async () => {
    for (const pathname of ["/cart", "/wishlist", "/checkout", "/account/addresses", "/authentication"]) {
      const { data, cacheControl } = await root(pathname, shopper.cookie);
      expect(data.scope, pathname).toBe("personal");
      expect(data.user?.phone, pathname).toBe("+919876512345");
      expect(data.shopper?.wishlist, pathname).toEqual([kurta]);
      expect(cacheControl, pathname).toBe("private, no-cache");
    }
    expect((await root("/cart", null)).data).toMatchObject({ scope: "personal", user: null, shopper: null });
  });

  it("GET /api/me answers the signed-in shopper's cart lines and wishlist, never to be kept by a cache", async () => {
    const answer = await me(shopper.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers?.get("Cache-Control")).toBe("private, no-store");
    const body = JSON.parse(answer.body) as Me;
    expect(body.user).toMatchObject({ id: shopper.id, phone: "+919876512345" });
    expect(body.shopper?.cart).toEqual([expect.objectContaining({ productId: kurta, quantity: 2 })]);
    expect(body.shopper?.wishlist).toEqual([kurta]);
  });

  it("GET /api/me answers a signed-out visitor, or a stale cookie, with nobody", async () => {
    for (const cookie of [null, "shop.session_token=forged.value"]) {
      const answer = await me(cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers?.get("Cache-Control")).toBe("private, no-store");
      expect(JSON.parse(answer.body)).toEqual({ user: null, shopper: null });
    }
  });
});
