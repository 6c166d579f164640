import type { Db, Tx } from "../../db/client.server";

/**
 * What the orders module knows about products, which the product editor and the CSV import ask
 * before they delete anything an order still shows. The orders module sits above the catalogue (an
 * order line names a product), so the catalogue cannot ask it: its callers pass the answer in
 * (orders' `orderHistory`).
 */
export interface OrderHistory {
  /** whether any order names the product */
  productEverOrdered(conn: Db | Tx, productId: string): Promise<boolean>;
  /** which of these variants an order names */
  variantsOrdered(conn: Db | Tx, variantIds: readonly string[]): Promise<Set<string>>;
  /** which of these picture addresses an order line shows (of one product, or of any) */
  picturesShown(conn: Db | Tx, urls: readonly string[], productId?: string): Promise<Set<string | null>>;
}
