import type { Db } from "../../app/db/client.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { applyDemoTaxIdentity, ensureCategoryTax } from "../../app/modules/invoices/tax-settings.server";
import { orderLinesOf } from "../../app/modules/orders/orders.server";
import { createReturnRequest } from "../../app/modules/returns/index.server";
import type { ReturnReason, ReturnResolution } from "../../app/modules/returns/rules";
import { createTestProduct } from "./catalog";
import { createTestShopper } from "./orders";
import { deliveredOrder } from "./returns";

/*
 * Size returns for the fit advice and dashboard tests: one shopper's delivered order of a sized
 * kurta (through the checkout, returns.ts's deliveredOrder) and her request through the returns
 * module's face, as her return page sends it.
 */

/** The store settings, a category and its GST rate, and the demo GSTIN: orders are invoiced at confirmation. */
export async function prepareReturnsShop(db: Db): Promise<void> {
  await ensureStoreSettings(db);
  await createTestProduct(db);
  await ensureCategoryTax(db);
  await applyDemoTaxIdentity(db);
}

/** A kurta in S, M and L (Indigo) with stock enough for a test's orders and exchanges. */
export function sizedKurta(db: Db, overrides: Parameters<typeof createTestProduct>[1] = {}): Promise<string> {
  return createTestProduct(db, {
    sizes: ["S", "M", "L"],
    colors: [{ name: "Indigo", hex: "#2E3A87" }],
    variantStock: ["S", "M", "L"].map((size) => ({ size, colour: "Indigo", stock: 100 })),
    pricePaise: 199_900,
    category: "kurtas",
    ...overrides,
  });
}

/** One shopper's order of `quantity` pieces of the product in `size` (Indigo), delivered `daysAgo` days ago. */
export async function deliveredOrderOf(
  db: Db,
  productId: string,
  options: { size?: string; quantity?: number; daysAgo?: number } = {},
) {
  const shopper = await createTestShopper(db);
  const order = await deliveredOrder(
    db,
    shopper.id,
    [{ productId, size: options.size ?? "M", colour: "Indigo", quantity: options.quantity ?? 1 }],
    { daysAgo: options.daysAgo ?? 2 },
  );
  const [line] = await orderLinesOf(db, order.id);
  return { order, shopper, line: line! };
}

/**
 * The shopper asks to send back `quantity` of her order's line for `reason`: an exchange for the
 * next size up (too small) or down (too large) of the same colour, else store credit. Returns the
 * request's id.
 */
export async function askReturn(
  db: Db,
  delivered: Awaited<ReturnType<typeof deliveredOrderOf>>,
  options: { reason: ReturnReason; resolution?: ReturnResolution; quantity?: number; productId: string },
): Promise<string> {
  const resolution = options.resolution ?? "exchange";
  const sizes = ["S", "M", "L"];
  const at = sizes.indexOf(delivered.line.size);
  // one size up for 'too small', one down otherwise (L's 'too small' and S's 'too large' take M)
  const wanted = sizes[options.reason === "too_small" ? (at < 2 ? at + 1 : 1) : at > 0 ? at - 1 : 1]!;
  const exchangeVariant = resolution === "exchange" ? await findVariant(db, options.productId, wanted, "Indigo") : null;
  const created = await createReturnRequest(db, {
    userId: delivered.shopper.id,
    orderNumber: delivered.order.orderNumber,
    request: {
      reason: options.reason,
      resolution,
      details: "",
      pieces: [
        {
          orderLineId: delivered.line.id,
          quantity: options.quantity ?? 1,
          exchangeVariantId: exchangeVariant?.id ?? null,
        },
      ],
      refundTo: null,
      photos: [],
    },
  });
  if (!created.ok) throw new Error(`the return was refused: ${JSON.stringify(created)}`);
  return created.returnId;
}
