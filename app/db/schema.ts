/*
 * Every table of the shop. Each module owns its tables; this file only gathers them for
 * drizzle-kit and the database client. Other modules call a module's functions, not its tables.
 */
export * from "../modules/accounts/auth-schema.server";
export * from "../modules/accounts/schema.server";
export * from "../modules/catalog/schema.server";
export * from "../modules/cart/schema.server";
export * from "../modules/wishlist/schema.server";
export * from "../modules/coupons/schema.server";
export * from "../modules/orders/schema.server";
export * from "../modules/payments/schema.server";
export * from "../modules/content/schema.server";
export * from "../modules/messages/schema.server";
export * from "../modules/limits/schema.server";
export * from "../modules/admin/schema.server";
export * from "../modules/audit/schema.server";
export * from "../modules/media/schema.server";
export * from "../modules/invoices/schema.server";
export * from "../modules/shipping/schema.server";
export * from "../modules/returns/schema.server";
export * from "../modules/credit/schema.server";
export * from "../modules/reviews/schema.server";
