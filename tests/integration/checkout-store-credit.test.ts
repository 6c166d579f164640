import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { getAuth } from "../../app/modules/accounts/session.server";
import { createStaffAccount } from "../../app/modules/accounts/staff.server";
import { inTransaction } from "../../app/db/transaction.server";
import { changeOrderStatus } from "../../app/modules/admin/orders/staff-changes.server";
import { addLine, getCartLines } from "../../app/modules/cart/cart.server";
import { productVariants } from "../../app/modules/catalog/schema.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { checkoutPage } from "../../app/modules/checkout/checkout-page.server";
import { settleReturn, startPayment, sweepExpiredPayments } from "../../app/modules/checkout/payment-flow.server";
import { placeOrder } from "../../app/modules/checkout/place-order.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import {
  issueStoreCredit,
  spendStoreCredit,
  storeCreditBalance,
  storeCreditEntries,
} from "../../app/modules/credit/index.server";
import type { InvoiceDocument } from "../../app/modules/invoices/document";
import { renderInvoicePdf } from "../../app/modules/invoices/pdf.server";
import { invoices } from "../../app/modules/invoices/schema.server";
import { applyDemoTaxIdentity, ensureCategoryTax } from "../../app/modules/invoices/tax-settings.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import { findOrderByNumber, type OrderRow } from "../../app/modules/orders/orders.server";
import { testGatewayProvider } from "../../app/modules/payments/provider.server";
import { payments } from "../../app/modules/payments/schema.server";
import { createTestProduct } from "../factories/catalog";
import { checkoutForm } from "../factories/checkout";
import { pdfText } from "../factories/documents";
import { createTestShopper } from "../factories/orders";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Store credit at the checkout (decision 042), on both databases: the server decides how much credit
 * an order uses (all of it, up to the total), spends it in the order's transaction, asks the gateway
 * or the courier only for the rest, confirms an order paid in full by credit at once, and gives the
 * credit back once when the order is cancelled or lapses unpaid.
 */

const t = setupTestDatabase();
const gateway = testGatewayProvider({ keySecret: "store-credit-tests-gateway-secret-0123456789" });

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  await createTestProduct(t.db); // the categories, for their GST rates
  await ensureCategoryTax(t.db);
  await applyDemoTaxIdentity(t.db);
  const created = await createStaffAccount(t.db, getAuth(), {
    name: "Asha Rao",
    email: "asha.credit@example.com",
    password: "kesar-mango-42",
  });
  staff = { id: created.userId, name: "Asha Rao" };
});

/** A shopper with `creditPaise` of store credit and one piece at `pricePaise` (free shipping above ₹499) in her bag. */
async function shopperWithCredit(creditPaise: number, pricePaise = 149_900) {
  const productId = await createTestProduct(t.db, { sizes: [], colors: [], stock: 5, pricePaise });
  const variant = (await findVariant(t.db, productId, "One Size", "Default"))!;
  const shopper = await createTestShopper(t.db);
  await fillBag(shopper.id, productId);
  if (creditPaise > 0)
    await inTransaction(t.db, (tx) =>
      issueStoreCredit(tx, { userId: shopper.id, amountPaise: creditPaise, reason: "Return ORD-TEST-R1" }),
    );
  return { userId: shopper.id, productId, variantId: variant.id };
}

async function fillBag(userId: string, productId: string): Promise<void> {
  const added = await addLine(t.db, userId, { productId, size: "One Size", colour: "Default", quantity: 1 });
  expect(added.ok).toBe(true);
}

/** The checkout as the page sends it: the credit it showed, when the box is ticked. */
function creditForm(method: "online" | "cod", expectedCreditPaise?: number) {
  return checkoutForm({
    paymentMethod: method,
    ...(expectedCreditPaise !== undefined
      ? { useStoreCredit: "on", expectedCreditPaise: String(expectedCreditPaise) }
      : {}),
  });
}

async function place(userId: string, form: ReturnType<typeof checkoutForm>, onlineAvailable = true) {
  return placeOrder(t.db, { userId, form, onlineAvailable });
}

async function orderOf(result: Awaited<ReturnType<typeof placeOrder>>): Promise<OrderRow> {
  if (!result.ok) throw new Error(result.message);
  return (await findOrderByNumber(t.db, result.orderNumber))!;
}

async function stockOf(variantId: string): Promise<number> {
  const [row] = await t.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

let staff: { id: string; name: string };

describe("paying with store credit", () => {
  it("offers the shopper's credit at checkout, and nothing to one who has none", async () => {
    const { userId } = await shopperWithCredit(30_000);
    const page = await checkoutPage(t.db, userId, true);
    expect(page).toMatchObject({ kind: "ready", storeCreditPaise: 30_000, prefill: { useStoreCredit: "on" } });
    const { userId: without } = await shopperWithCredit(0);
    expect(await checkoutPage(t.db, without, true)).toMatchObject({ kind: "ready", storeCreditPaise: 0 });
  });

  it("takes part of a cash-on-delivery order from the credit; the courier collects the rest", async () => {
    const { userId } = await shopperWithCredit(30_000);
    const order = await orderOf(await place(userId, creditForm("cod", 30_000)));
    expect(order).toMatchObject({ status: "confirmed", totalPaise: 149_900, storeCreditPaise: 30_000 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ provider: "cod", amountPaise: 119_900 });
    expect(await storeCreditBalance(t.db, userId)).toBe(0);
    const [spent] = await storeCreditEntries(t.db, userId);
    expect(spent).toMatchObject({ kind: "spent", amountPaise: -30_000, reason: `Order ${order.orderNumber}` });
    // the confirmation says what was paid with credit and what is due at the door
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.dedupeKey, `order-confirmed:email:${order.orderNumber}`));
    expect(JSON.stringify(mail)).toContain("₹300.00 paid with store credit. Cash on delivery: please pay ₹1,199.00");
  });

  it("confirms an order paid in full by credit at once, with no gateway, leaving the rest of the credit", async () => {
    const { userId } = await shopperWithCredit(200_000);
    // online payment is not even configured: nothing is left to pay
    const order = await orderOf(await place(userId, creditForm("online", 149_900), false));
    expect(order).toMatchObject({ status: "confirmed", storeCreditPaise: 149_900, paymentDueAt: null });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
    expect(await storeCreditBalance(t.db, userId)).toBe(50_100);
    // its tax invoice is as without credit (a means of payment), and says how it was paid
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const document = invoice!.document as InvoiceDocument;
    expect(document.totals.totalPaise).toBe(149_900);
    expect(document.order.storeCreditPaise).toBe(149_900);
    const text = await pdfText(new Response(new Uint8Array(await renderInvoicePdf(document))));
    expect(text).toContain("Paid with store credit");
    expect(text).toContain("Store credit");
  });

  it("asks the gateway only for what the credit leaves, and confirms the order when that is paid", async () => {
    const { userId } = await shopperWithCredit(50_000);
    const order = await orderOf(await place(userId, creditForm("online", 50_000)));
    expect(order).toMatchObject({ status: "pending_payment", storeCreditPaise: 50_000 });
    const started = await startPayment(t.db, gateway, {
      order,
      callbackUrl: "http://localhost:3000/cb",
      storeName: "Saanjh",
    });
    if (!started.ok || started.checkout.provider !== "test") throw new Error("no session");
    const [session] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(session!.amountPaise).toBe(99_900);
    expect(
      await settleReturn(t.db, gateway, {
        order,
        result: gateway.approve(started.checkout.providerOrderId),
        source: "page",
      }),
    ).toMatchObject({ kind: "confirmed" });
    expect((await findOrderByNumber(t.db, order.orderNumber))!.status).toBe("confirmed");
  });

  it("uses no credit when the box is not ticked", async () => {
    const { userId } = await shopperWithCredit(30_000);
    const order = await orderOf(await place(userId, creditForm("cod")));
    expect(order.storeCreditPaise).toBe(0);
    expect(await storeCreditBalance(t.db, userId)).toBe(30_000);
  });
});

describe("the last of the credit, wanted twice", () => {
  // We refuse rather than place the order without the credit: the shopper would otherwise be asked
  // at the gateway or the door for more than the page told her. The refusal says what is left, and
  // nothing is written (her bag, the stock and the rest of her credit stay as they were).
  it("refuses a checkout whose page showed credit another order has spent since, saying what is left", async () => {
    const { userId, productId, variantId } = await shopperWithCredit(40_000);
    const first = await orderOf(await place(userId, creditForm("cod", 40_000)));
    expect(first.storeCreditPaise).toBe(40_000);
    // a second tab, opened before the first order, still shows the ₹400
    await fillBag(userId, productId);
    const stale = await place(userId, creditForm("cod", 40_000));
    expect(stale).toEqual({
      ok: false,
      kind: "credit",
      message:
        "Your store credit has changed: ₹0 is available now. Please check the amount to pay and place your order again.",
    });
    expect(await getCartLines(t.db, userId)).toHaveLength(1);
    expect(await stockOf(variantId)).toBe(4);
    // placed again from the page as it is now: without credit
    const again = await orderOf(await place(userId, creditForm("cod")));
    expect(again.storeCreditPaise).toBe(0);
  });

  it("lets one of a checkout and another spend at the same moment have it, never both", async () => {
    for (let round = 0; round < 4; round++) {
      const { userId, variantId } = await shopperWithCredit(25_000);
      const [checkout, other] = await Promise.all([
        place(userId, creditForm("cod", 25_000)),
        inTransaction(t.db, (tx) =>
          spendStoreCredit(tx, {
            userId,
            amountPaise: 25_000,
            orderId: crypto.randomUUID(),
            reason: "Order in another tab",
          }),
        ),
      ]);
      expect([checkout.ok, other.ok].filter(Boolean)).toHaveLength(1);
      if (!checkout.ok) {
        expect(checkout).toMatchObject({ kind: "credit", message: expect.stringContaining("₹0 is available now") });
        expect(await stockOf(variantId)).toBe(5);
      }
      expect(await storeCreditBalance(t.db, userId)).toBe(0);
      const entries = await storeCreditEntries(t.db, userId);
      expect(entries.reduce((sum, e) => sum + e.amountPaise, 0)).toBe(0);
    }
  });
});

describe("giving the credit back", () => {
  it("restores it once when staff cancel the order, whatever is pressed twice", async () => {
    const { userId } = await shopperWithCredit(60_000);
    const order = await orderOf(await place(userId, creditForm("cod", 60_000)));
    const cancel = { status: "cancelled" as const, reason: "Shopper asked to cancel" };
    const results = await Promise.all([
      changeOrderStatus(t.db, staff, { orderId: order.id, version: 0, change: cancel }, { provider: null }),
      changeOrderStatus(t.db, staff, { orderId: order.id, version: 0, change: cancel }, { provider: null }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await storeCreditBalance(t.db, userId)).toBe(60_000);
    const restored = (await storeCreditEntries(t.db, userId)).filter((e) => e.kind === "restored");
    expect(restored).toMatchObject([{ amountPaise: 60_000, reason: `Order ${order.orderNumber} cancelled` }]);
  });

  it("restores it when an online order lapses unpaid, once with two sweeps", async () => {
    const { userId } = await shopperWithCredit(20_000);
    const order = await orderOf(await place(userId, creditForm("online", 20_000)));
    expect(await storeCreditBalance(t.db, userId)).toBe(0);
    const later = new Date(order.paymentDueAt!.getTime() + 1_000);
    await Promise.all([
      sweepExpiredPayments(t.db, null, { now: later }),
      sweepExpiredPayments(t.db, null, { now: later }),
    ]);
    expect((await findOrderByNumber(t.db, order.orderNumber))!.status).toBe("cancelled");
    expect(await storeCreditBalance(t.db, userId, { now: later })).toBe(20_000);
    expect((await storeCreditEntries(t.db, userId)).filter((e) => e.kind === "restored")).toHaveLength(1);
  });
});
