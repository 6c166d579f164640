import { describe, expect, it } from "vitest";
import { getProduct, listNewArrivals } from "../../app/modules/catalog/products.server";
import { createTestProduct } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

const t = setupTestDatabase();
const day = 86_400_000;
const now = Date.now();

describe("catalogue queries", () => {
  it("lists the four newest active products as New Arrivals, with their first two pictures", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(
        await createTestProduct(
          t.db,
          { name: `Arrival ${i}`, createdAt: new Date(now - (10 - i) * day) },
          [0, 1, 2].map((n) => ({ key: `p/${i}-${n}`, url: `/media/p/${i}-${n}-w800.webp`, width: 800, height: 1067 })),
        ),
      );
    }
    // the newest of all is inactive: it must not show
    await createTestProduct(t.db, { name: "Hidden newest", createdAt: new Date(now), isActive: false });

    const arrivals = await listNewArrivals(t.db, 4);
    expect(arrivals.map((p) => p.name)).toEqual(["Arrival 5", "Arrival 4", "Arrival 3", "Arrival 2"]);
    expect(arrivals[0]!.images.map((img) => img.url)).toEqual(["/media/p/5-0-w800.webp", "/media/p/5-1-w800.webp"]);
    expect(arrivals[0]!.images[0]).toMatchObject({ width: 800, height: 1067, alt: "Arrival 5" });
  });

  it("returns a product with all pictures in order, and null for unknown, malformed or inactive ids", async () => {
    const id = await createTestProduct(
      t.db,
      {
        name: "Detail Kurta",
        pricePaise: 249_900,
        originalPricePaise: 329_900,
        colors: [
          { name: "Rust", hex: "#B4532A" },
          { name: "Ivory", hex: "#F4EFE3" },
        ],
      },
      [0, 1, 2].map((n) => ({
        key: `d/${n}`,
        url: `/media/d/${n}-w800.webp`,
        width: 800,
        height: 1067,
        alt: `view ${n}`,
      })),
    );
    const product = await getProduct(t.db, id);
    expect(product).toMatchObject({ name: "Detail Kurta", pricePaise: 249_900, originalPricePaise: 329_900 });
    expect(product!.images.map((i) => i.alt)).toEqual(["view 0", "view 1", "view 2"]);
    expect(product!.colors).toEqual([
      { name: "Rust", hex: "#B4532A" },
      { name: "Ivory", hex: "#F4EFE3" },
    ]);

    expect(await getProduct(t.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getProduct(t.db, "not-a-uuid")).toBeNull();
    const hidden = await createTestProduct(t.db, { isActive: false });
    expect(await getProduct(t.db, hidden)).toBeNull();
  });
});
