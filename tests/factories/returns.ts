import { eq } from "drizzle-orm";
import type { Db } from "../../app/db/client.server";
import { addLine } from "../../app/modules/cart/cart.server";
import { productVariants } from "../../app/modules/catalog/schema.server";
import { moveOrder } from "../../app/modules/orders/orders.server";
import * as orderRoute from "../../app/routes/account.order";
import * as returnRoute from "../../app/routes/account.order.return";
import { checkoutForm, placeCheckoutOrder } from "./checkout";
import { routeRequest, settle, TEST_BASE } from "./sessions";

/*
 * Delivered orders and the shopper's return pages for the returns tests: an order placed through the
 * checkout (cash on delivery, confirmed at once) and moved on to delivered on the day given, and the
 * request page and order page called as the browser calls them.
 */

export interface Piece {
  productId: string;
  size: string;
  colour: string;
  quantity: number;
}

/** The shopper's cart of `pieces`, placed as a cash-on-delivery order and delivered `daysAgo` days ago. */
export async function deliveredOrder(
  db: Db,
  userId: string,
  pieces: Piece[],
  options: { daysAgo?: number; status?: "delivered" | "shipped" } = {},
) {
  for (const piece of pieces) {
    const added = await addLine(db, userId, piece);
    if (!added.ok) throw new Error(`could not add ${piece.size} ${piece.colour}: ${JSON.stringify(added)}`);
  }
  const order = await placeCheckoutOrder(db, { userId, onlineAvailable: false, form: checkoutForm() });
  const at = (days: number) => new Date(Date.now() - days * 86_400_000);
  const daysAgo = options.daysAgo ?? 1;
  await db.transaction(async (tx) => {
    await moveOrder(tx, order.id, { from: order.status, to: "shipped", actor: "staff", now: at(daysAgo + 2) });
    if ((options.status ?? "delivered") === "delivered")
      await moveOrder(tx, order.id, { from: "shipped", to: "delivered", actor: "system", now: at(daysAgo) });
  });
  return order;
}

export async function variantStock(db: Db, variantId: string): Promise<number> {
  const [row] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

export async function setVariantStock(db: Db, variantId: string, stock: number): Promise<void> {
  await db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));
}

const returnPath = (orderNumber: string) => `/account/orders/${encodeURIComponent(orderNumber)}/return`;
const orderPath = (orderNumber: string) => `/account/orders/${encodeURIComponent(orderNumber)}`;

export type OfferPage = Extract<Awaited<ReturnType<typeof returnRoute.loader>>, { state: "open" }>;
export type RequestAnswer = {
  message: string;
  fieldErrors: Record<string, string>;
  values: { fields: Record<string, string>; photos: string[] };
};
export type OrderPage = Awaited<ReturnType<typeof orderRoute.loader>>;

/** The request page's loader for the shopper with `cookie`. */
export function requestPage(cookie: string, orderNumber: string) {
  return settle<Awaited<ReturnType<typeof returnRoute.loader>>>(() =>
    returnRoute.loader({
      request: routeRequest(returnPath(orderNumber), cookie),
      params: { orderNumber },
      context: {},
    } as never),
  );
}

/** The request form posted as a browser posts it (`photos` may repeat). */
export function sendRequest(cookie: string, orderNumber: string, form: Record<string, string>, photos: string[] = []) {
  const body = new URLSearchParams(form);
  for (const p of photos) body.append("photos", p);
  const request = new Request(`${TEST_BASE}${returnPath(orderNumber)}`, {
    method: "POST",
    headers: { origin: TEST_BASE, cookie },
    body,
  });
  return settle<RequestAnswer>(() => returnRoute.action({ request, params: { orderNumber }, context: {} } as never));
}

export function orderPage(cookie: string, orderNumber: string, search = "") {
  return settle<OrderPage>(() =>
    orderRoute.loader({
      request: routeRequest(`${orderPath(orderNumber)}${search}`, cookie),
      params: { orderNumber },
      context: {},
    } as never),
  );
}

export function withdraw(cookie: string, orderNumber: string, returnNumber: string, version: number) {
  return settle<{ error: string }>(() =>
    orderRoute.action({
      request: routeRequest(orderPath(orderNumber), cookie, {
        intent: "withdraw",
        returnNumber,
        version: String(version),
      }),
      params: { orderNumber },
      context: {},
    } as never),
  );
}
