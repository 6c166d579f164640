import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../app/db/client.server";
import { coupons, newsletterSubscribers, orders, products, user } from "../../app/db/schema";
import { createTestProduct, productInput } from "../factories/catalog";
import { setupTestDatabase } from "../setup/test-db";

const t = setupTestDatabase();

/** The PostgreSQL error (code and constraint) behind a failed Drizzle query. */
async function pgError(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await promise;
  } catch (error) {
    const cause =
      (error as { cause?: { code?: string; constraint?: string } }).cause ??
      (error as { code?: string; constraint?: string });
    return { code: cause.code, constraint: cause.constraint };
  }
  throw new Error("expected the query to fail");
}

describe("schema constraints", () => {
  it("applies every migration, including the trigram extension", async () => {
    const rows = await queryRows<{ extname: string }>(
      t.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(rows).toEqual([{ extname: "pg_trgm" }]);
  });

  it("never lets stock go below zero", async () => {
    const id = await createTestProduct(t.db, { stock: 1 });
    const failure = await pgError(
      t.db
        .update(products)
        .set({ stock: sql`${products.stock} - 2` })
        .where(eq(products.id, id)),
    );
    expect(failure).toEqual({ code: "23514", constraint: "products_stock_not_negative" });
    const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
    expect(row?.stock).toBe(1);
  });

  it("keeps slugs and SKUs unique", async () => {
    const first = productInput();
    await createTestProduct(t.db, first);
    expect(await pgError(createTestProduct(t.db, { slug: first.slug }))).toMatchObject({
      code: "23505",
      constraint: "products_slug_key",
    });
    expect(await pgError(createTestProduct(t.db, { sku: first.sku }))).toMatchObject({
      code: "23505",
      constraint: "products_sku_key",
    });
  });

  it("refuses an original price that is not above the price, and unknown categories", async () => {
    expect(await pgError(createTestProduct(t.db, { pricePaise: 100_000, originalPricePaise: 90_000 }))).toMatchObject({
      constraint: "products_original_price_above_price",
    });
    expect(await pgError(createTestProduct(t.db, { category: "no-such-category" }))).toMatchObject({ code: "23503" });
  });

  it("keeps coupon codes unique and upper case, percentages at most 100", async () => {
    await t.db.insert(coupons).values({ code: "TESTTEN", type: "percentage", value: 10 });
    expect(await pgError(t.db.insert(coupons).values({ code: "TESTTEN", type: "fixed", value: 100 }))).toMatchObject({
      code: "23505",
    });
    expect(await pgError(t.db.insert(coupons).values({ code: "lower", type: "fixed", value: 100 }))).toMatchObject({
      constraint: "coupons_code_upper",
    });
    expect(
      await pgError(t.db.insert(coupons).values({ code: "TOOMUCH", type: "percentage", value: 150 })),
    ).toMatchObject({
      constraint: "coupons_percentage_at_most_100",
    });
  });

  it("refuses an order whose total is not subtotal + shipping - discount", async () => {
    await t.db.insert(user).values({ id: "u-orders", name: "Asha", email: "asha@example.com" });
    const base = {
      orderNumber: "ORD-1",
      userId: "u-orders",
      customerName: "Asha Rao",
      customerEmail: "asha@example.com",
      customerPhone: "+919876543210",
      billing: {
        firstName: "Asha",
        lastName: "Rao",
        email: "asha@example.com",
        phone: "+919876543210",
        address: "1 MG Road",
        city: "Pune",
        state: "Maharashtra",
        pincode: "411001",
        country: "India",
      },
      paymentMethod: "cod" as const,
      subtotalPaise: 100_000,
      shippingPaise: 0,
      discountPaise: 10_000,
      checkoutKey: "k-1",
    };
    expect(await pgError(t.db.insert(orders).values({ ...base, totalPaise: 100_000 }))).toMatchObject({
      constraint: "orders_amounts_consistent",
    });
    await t.db.insert(orders).values({ ...base, totalPaise: 90_000 });
    // the same checkout cannot create a second order
    expect(
      await pgError(t.db.insert(orders).values({ ...base, orderNumber: "ORD-2", totalPaise: 90_000 })),
    ).toMatchObject({ code: "23505" });
    // a shopper with orders cannot be deleted: orders are never lost
    // (PostgreSQL 18 reports restrict_violation 23001, older servers foreign_key_violation 23503)
    expect(["23001", "23503"]).toContain((await pgError(t.db.delete(user).where(eq(user.id, "u-orders")))).code);
  });

  it("stores newsletter e-mails lower-cased and once", async () => {
    await t.db.insert(newsletterSubscribers).values({ email: "meera@example.com" });
    expect(await pgError(t.db.insert(newsletterSubscribers).values({ email: "meera@example.com" }))).toMatchObject({
      code: "23505",
    });
    expect(await pgError(t.db.insert(newsletterSubscribers).values({ email: "Meera@Example.com" }))).toMatchObject({
      constraint: "newsletter_subscribers_email_lower",
    });
  });
});
