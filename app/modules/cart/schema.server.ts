import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../../db/columns";
import { user } from "../accounts/auth-schema.server";
import { products } from "../catalog/schema.server";

/** A signed-in shopper's stored cart (guests keep theirs in the browser). */
export const carts = pgTable("carts", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  couponCode: text("coupon_code"),
  ...timestamps,
});

export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull().default("One Size"),
    colour: text("colour").notNull().default("Default"),
    quantity: integer("quantity").notNull().default(1),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // cartId = productId-size-colour: one line per combination
    uniqueIndex("cart_lines_variant_key").on(t.cartId, t.productId, t.size, t.colour),
    index("cart_lines_product_idx").on(t.productId),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
