import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { inTransaction } from "../../app/db/transaction.server";
import { addLine, applyCoupon } from "../../app/modules/cart/cart.server";
import { findVariant } from "../../app/modules/catalog/variants.server";
import { storeSettings } from "../../app/modules/content/schema.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { ensureCoupons } from "../../app/modules/coupons/coupons.server";
import { storeCreditBalance } from "../../app/modules/credit/index.server";
import type { CreditNoteDocument } from "../../app/modules/invoices/credit-note";
import { creditNotes, invoices } from "../../app/modules/invoices/schema.server";
import { applyDemoTaxIdentity, ensureCategoryTax } from "../../app/modules/invoices/tax-settings.server";
import { outboxMessages } from "../../app/modules/messages/schema.server";
import { findOrderByNumber, moveOrder, orderLinesOf, type OrderRow } from "../../app/modules/orders/orders.server";
import { orders } from "../../app/modules/orders/schema.server";
import {
  approveReturn,
  createReturnRequest,
  declineReturn,
  loadReturnOffer,
  markPickedUp,
  receiveReturn,
  recordPickup,
  resolveReturn,
  returnsOfOrder,
  withdrawReturn,
} from "../../app/modules/returns/index.server";
import { RETURN_MESSAGES, type ReturnRequestInput } from "../../app/modules/returns/rules";
import { returnLines, returnRequests } from "../../app/modules/returns/schema.server";
import { createTestProduct } from "../factories/catalog";
import { checkoutForm, placeCheckoutOrder } from "../factories/checkout";
import { createTestShopper } from "../factories/orders";
import { setupTestDatabase } from "../setup/test-db";

/*
 * Returns and exchanges on the database (decision 042), through the module's face: a delivered order's
 * pieces come back and the books agree (the credit note's total is what was credited or refunded, stock
 * comes back only when staff accept a piece), an exchange holds its size from the request and ships as
 * an order of zero value, and two hands on one return make one change.
 */

const t = setupTestDatabase();
const staff = { id: "", name: "Priya Shah" };
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  await ensureCoupons(t.db);
  // the categories first, then their GST rates and the demo's GSTIN: orders are invoiced at confirmation
  await createTestProduct(t.db);
  await ensureCategoryTax(t.db);
  await applyDemoTaxIdentity(t.db);
  staff.id = (await createTestShopper(t.db, { firstName: "Priya" })).id;
});

/** A cash-on-delivery order (invoiced at confirmation), delivered `daysAgo` days ago. */
async function deliveredOrder(
  options: { quantity?: number; coupon?: string; daysAgo?: number; stock?: [number, number, number] } = {},
) {
  const productId = await createTestProduct(t.db, {
    sizes: ["S", "M", "L"],
    colors: [{ name: "Indigo", hex: "#2E3A87" }],
    variantStock: ["S", "M", "L"].map((size, i) => ({
      size,
      colour: "Indigo",
      stock: (options.stock ?? [5, 5, 5])[i]!,
    })),
    pricePaise: 199_900,
    category: "kurtas",
  });
  const shopper = await createTestShopper(t.db);
  const added = await addLine(t.db, shopper.id, {
    productId,
    size: "M",
    colour: "Indigo",
    quantity: options.quantity ?? 2,
  });
  expect(added.ok).toBe(true);
  if (options.coupon) expect((await applyCoupon(t.db, shopper.id, options.coupon)).ok).toBe(true);
  const order = await placeCheckoutOrder(t.db, { userId: shopper.id, onlineAvailable: false, form: checkoutForm() });
  const deliveredAt = new Date(Date.now() - (options.daysAgo ?? 2) * DAY);
  await inTransaction(t.db, async (tx) => {
    await moveOrder(tx, order.id, { from: "confirmed", to: "delivered", actor: "system", now: deliveredAt });
  });
  const [line] = await orderLinesOf(t.db, order.id);
  const stockOf = async (size: string) => (await findVariant(t.db, productId, size, "Indigo"))!.stock;
  return { order, shopper, productId, line: line!, stockOf };
}

function request(lineId: string, overrides: Partial<ReturnRequestInput> = {}): ReturnRequestInput {
  return {
    reason: "too_small",
    resolution: "store_credit",
    details: "",
    pieces: [{ orderLineId: lineId, quantity: 1, exchangeVariantId: null }],
    refundTo: null,
    photos: [],
    ...overrides,
  };
}

async function returnRow(returnId: string) {
  const [row] = await t.db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
  return row!;
}

/** Approve, pickup by hand, picked up, received with `accepted` of each piece; returns the version. */
async function bringBack(returnId: string, accepted: (quantity: number) => number = (q) => q, note = "") {
  let version = (await returnRow(returnId)).version;
  const step = async (result: Promise<{ ok: boolean } & Record<string, unknown>>) => {
    const done = await result;
    expect(done).toMatchObject({ ok: true });
    version = (done as unknown as { version: number }).version;
  };
  await step(approveReturn(t.db, { returnId, version, staff }));
  await step(
    recordPickup(t.db, {
      returnId,
      version,
      staff,
      pickup: { provider: "manual", providerOrderId: null, courier: "Delhivery", awb: "DLV123456" },
    }),
  );
  await step(markPickedUp(t.db, { returnId, version, staff }));
  const lines = await t.db.select().from(returnLines).where(eq(returnLines.returnId, returnId));
  await step(
    receiveReturn(t.db, {
      returnId,
      version,
      staff,
      inspections: lines.map((l) => ({ lineId: l.id, accepted: accepted(l.quantity), note })),
    }),
  );
  return version;
}

async function creditNotesOf(order: OrderRow) {
  return t.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
}

describe("what a shopper may ask for", () => {
  it("offers only a delivered order's own pieces, within the windows, and refuses the rest on the server", async () => {
    const { order, shopper, line } = await deliveredOrder({ daysAgo: 10 });
    const stranger = await createTestShopper(t.db);
    expect(await loadReturnOffer(t.db, { userId: stranger.id, orderNumber: order.orderNumber })).toEqual({
      kind: "not-found",
    });
    const offer = await loadReturnOffer(t.db, { userId: shopper.id, orderNumber: order.orderNumber });
    expect(offer.kind === "offer" && offer.open).toBe(true);
    if (offer.kind !== "offer") return;
    // ten days after delivery: exchanges (15 days) are open, returns (7 days) are not
    expect(offer.offer.windows).toMatchObject({ exchangeOpen: true, returnOpen: false });

    const late = await createReturnRequest(t.db, {
      userId: shopper.id,
      orderNumber: order.orderNumber,
      request: request(line.id),
    });
    expect(late).toMatchObject({ ok: false, status: 422 });
    expect(!late.ok && late.fieldErrors.resolution).toBe("Returns can be asked for within 7 days of delivery.");

    const tooMany = await createReturnRequest(t.db, {
      userId: shopper.id,
      orderNumber: order.orderNumber,
      request: request(line.id, {
        resolution: "exchange",
        pieces: [
          { orderLineId: line.id, quantity: 3, exchangeVariantId: offer.offer.lines[0]!.exchangeOptions[0]!.variantId },
        ],
      }),
    });
    expect(!tooMany.ok && tooMany.fieldErrors[`qty:${line.id}`]).toBe(RETURN_MESSAGES.tooMany);

    const foreign = await createReturnRequest(t.db, {
      userId: stranger.id,
      orderNumber: order.orderNumber,
      request: request(line.id),
    });
    expect(foreign).toMatchObject({ ok: false, status: 404 });
  });

  it("refuses an order not delivered yet, and a refund for a size when refunds are only for faults", async () => {
    const { order, shopper, line } = await deliveredOrder();
    const placedOnly = await placeCheckoutOrder(t.db, {
      userId: shopper.id,
      onlineAvailable: false,
      form: checkoutForm(),
    }).catch(() => null);
    if (placedOnly) {
      const refused = await createReturnRequest(t.db, {
        userId: shopper.id,
        orderNumber: placedOnly.orderNumber,
        request: request(line.id),
      });
      expect(refused).toMatchObject({ ok: false, status: 409, message: RETURN_MESSAGES.notDelivered });
    }
    const refund = await createReturnRequest(t.db, {
      userId: shopper.id,
      orderNumber: order.orderNumber,
      request: request(line.id, { resolution: "refund", refundTo: { kind: "upi", upiId: "meera@okaxis" } }),
    });
    expect(refund).toMatchObject({ ok: false, status: 422 });
    const damaged = await createReturnRequest(t.db, {
      userId: shopper.id,
      orderNumber: order.orderNumber,
      request: request(line.id, {
        reason: "damaged",
        resolution: "refund",
        refundTo: { kind: "upi", upiId: "meera@okaxis" },
      }),
    });
    expect(damaged.ok).toBe(true);
    const [shown] = await returnsOfOrder(t.db, order.id);
    expect(shown!.refundToMasked).toBe("UPI me…@okaxis");
    expect(JSON.stringify(shown)).not.toContain("meera@okaxis");
  });

  it("two requests for the last returnable piece at once: one is taken, the other refused", async () => {
    const { order, shopper, line } = await deliveredOrder({ quantity: 1 });
    const both = await Promise.all(
      [0, 1].map(() =>
        createReturnRequest(t.db, { userId: shopper.id, orderNumber: order.orderNumber, request: request(line.id) }),
      ),
    );
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ ok: false });
  });
});

describe("store credit and refunds: the books agree", () => {
  it("a piece returned for credit: stock back only when accepted, credit equal to its credit note", async () => {
    const { order, shopper, line, stockOf } = await deliveredOrder({ quantity: 2, coupon: "SAVE10" });
    const before = await stockOf("M");
    const asked = await createReturnRequest(t.db, {
      userId: shopper.id,
      orderNumber: order.orderNumber,
      request: request(line.id),
    });
    expect(asked.ok).toBe(true);
    if (!asked.ok) return;
    expect(await stockOf("M")).toBe(before);
    const version = await bringBack(asked.returnId);
    expect(await stockOf("M")).toBe(before + 1);

    const resolved = await resolveReturn(t.db, { returnId: asked.returnId, version, staff });
    expect(resolved.ok).toBe(true);
    const [note] = await creditNotesOf(order);
    const row = await returnRow(asked.returnId);
    expect(row.creditNoteId).toBe(note!.id);
    // one of two ₹1,999 kurtas less its share of the 10% coupon
    expect(note!.totalPaise).toBe(199_900 - 20_000);
    expect(row.creditedPaise).toBe(note!.totalPaise);
    expect(await storeCreditBalance(t.db, shopper.id)).toBe(note!.totalPaise);
    // the credit note names the invoice's goods line and leaves shipping alone
    const doc = note!.document as CreditNoteDocument;
    expect(doc.lines.map((l) => l.quantity)).toEqual([1]);
    const told = await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "return-credited"));
    expect(told.some((m) => m.body.includes(row.returnNumber))).toBe(true);
  });

  it("a damaged piece of a cash-on-delivery order refunded by transfer: the reference is required and kept", async () => {
    const { order, shopper, line } = await deliveredOrder({ quantity: 1 });
    const asked = await createReturnRequest(t.db, {
      userId: shopper.id,
      orderNumber: order.orderNumber,
      request: request(line.id, {
        reason: "damaged",
        resolution: "refund",
        refundTo: { kind: "bank", accountName: "Meera Iyer", accountNumber: "123456789012", ifsc: "HDFC0001234" },
      }),
    });
    if (!asked.ok) throw new Error(asked.message);
    const version = await bringBack(asked.returnId);
    const missing = await resolveReturn(t.db, { returnId: asked.returnId, version, staff });
    expect(missing).toMatchObject({ ok: false, status: 422 });
    const paid = await resolveReturn(t.db, {
      returnId: asked.returnId,
      version,
      staff,
      payoutReference: "UTR 4412 9981",
    });
    expect(paid.ok).toBe(true);
    const row = await returnRow(asked.returnId);
    const [note] = await creditNotesOf(order);
    expect(row).toMatchObject({
      status: "resolved",
      refundedPaise: note!.totalPaise,
      payoutReference: "UTR 4412 9981",
    });
    expect(row.refundToMasked).toBe("Bank account ending 9012 (HDFC)");
    // the invoice of one piece less its credit note leaves only the shipping charge
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice!.totalPaise - note!.totalPaise).toBe(order.shippingPaise + order.codFeePaise);
  });

  it("a line returned in two steps: its credit notes add up to the invoice line, head by head, and to what was paid back", async () => {
    const { order, shopper, line } = await deliveredOrder({ quantity: 3, coupon: "SAVE10" });
    const ask = async (request_: ReturnRequestInput) => {
      const asked = await createReturnRequest(t.db, {
        userId: shopper.id,
        orderNumber: order.orderNumber,
        request: request_,
      });
      if (!asked.ok) throw new Error(asked.message);
      return asked.returnId;
    };
    const first = await ask(request(line.id));
    expect((await resolveReturn(t.db, { returnId: first, version: await bringBack(first), staff })).ok).toBe(true);
    const second = await ask(
      request(line.id, {
        reason: "damaged",
        resolution: "refund",
        refundTo: { kind: "upi", upiId: "meera@okaxis" },
        pieces: [{ orderLineId: line.id, quantity: 2, exchangeVariantId: null }],
      }),
    );
    expect(
      (
        await resolveReturn(t.db, {
          returnId: second,
          version: await bringBack(second),
          staff,
          payoutReference: "UTR 77",
        })
      ).ok,
    ).toBe(true);

    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const goods = (invoice!.document as { lines: Array<Record<string, number | string>> }).lines[0]!;
    const notes = await creditNotesOf(order);
    expect(notes).toHaveLength(2);
    const credited = notes.flatMap((n) => (n.document as CreditNoteDocument).lines);
    for (const head of [
      "grossPaise",
      "discountPaise",
      "taxablePaise",
      "cgstPaise",
      "sgstPaise",
      "igstPaise",
      "taxPaise",
      "amountPaise",
    ] as const)
      expect(
        credited.reduce((sum, l) => sum + l[head], 0),
        head,
      ).toBe(goods[head]);
    const paidBack = (await returnRow(first)).creditedPaise + (await returnRow(second)).refundedPaise;
    expect(notes.reduce((sum, n) => sum + n.totalPaise, 0)).toBe(paidBack);
    // nothing is left to return
    const offer = await loadReturnOffer(t.db, { userId: shopper.id, orderNumber: order.orderNumber });
    expect(offer.kind === "offer" && offer.offer.lines[0]!.returnable).toBe(0);
  });

  it("a rejected piece is neither restocked nor credited; two staff resolving at once make one credit note", async () => {
    const { order, shopper, line, stockOf } = await deliveredOrder({ quantity: 2 });
    const asked = await createReturnRequest(t.db, {
      userId: shopper.id,
      orderNumber: order.orderNumber,
      request: request(line.id, { pieces: [{ orderLineId: line.id, quantity: 2, exchangeVariantId: null }] }),
    });
    if (!asked.ok) throw new Error(asked.message);
    const before = await stockOf("M");
    const version = await bringBack(asked.returnId, () => 1, "Worn, perfume stains");
    expect(await stockOf("M")).toBe(before + 1);
    const both = await Promise.all([0, 1].map(() => resolveReturn(t.db, { returnId: asked.returnId, version, staff })));
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toMatchObject({ status: 409, message: RETURN_MESSAGES.stale });
    const notes = await creditNotesOf(order);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.totalPaise).toBe(199_900);
    expect(await storeCreditBalance(t.db, shopper.id)).toBe(199_900);
  });
});

describe("exchanges", () => {
  it("holds the wanted size from the request and ships it as an order of zero value; no credit note", async () => {
    const { order, shopper, line, stockOf } = await deliveredOrder({ quantity: 1 });
    const offer = await loadReturnOffer(t.db, { userId: shopper.id, orderNumber: order.orderNumber });
    if (offer.kind !== "offer") throw new Error("no offer");
    const large = offer.offer.lines[0]!.exchangeOptions.find((o) => o.size === "L")!;
    const [mBefore, lBefore] = [await stockOf("M"), await stockOf("L")];
    const asked = await createReturnRequest(t.db, {
      userId: shopper.id,
      orderNumber: order.orderNumber,
      request: request(line.id, {
        resolution: "exchange",
        pieces: [{ orderLineId: line.id, quantity: 1, exchangeVariantId: large.variantId }],
      }),
    });
    if (!asked.ok) throw new Error(asked.message);
    expect(await stockOf("L")).toBe(lBefore - 1);
    const version = await bringBack(asked.returnId);
    expect(await stockOf("M")).toBe(mBefore + 1);
    const resolved = await resolveReturn(t.db, { returnId: asked.returnId, version, staff });
    expect(resolved.ok).toBe(true);
    const row = await returnRow(asked.returnId);
    const exchange = (await findOrderByNumber(t.db, `${row.returnNumber}-X`))!;
    expect(exchange).toMatchObject({ status: "confirmed", totalPaise: 0, exchangeOfOrderId: order.id });
    expect(row.exchangeOrderId).toBe(exchange.id);
    const [newLine] = await orderLinesOf(t.db, exchange.id);
    expect(newLine).toMatchObject({ size: "L", quantity: 1, unitPricePaise: 0 });
    // the held piece is the new order's: stock of L does not move again
    expect(await stockOf("L")).toBe(lBefore - 1);
    expect(await creditNotesOf(order)).toHaveLength(0);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, exchange.id))).toHaveLength(0);
  });

  it("an exchange that cannot be sent is resolved as store credit instead: the held size goes back on sale", async () => {
    const { order, shopper, line, stockOf, productId } = await deliveredOrder({ quantity: 1 });
    const large = (await findVariant(t.db, productId, "L", "Indigo"))!;
    const before = await stockOf("L");
    const asked = await createReturnRequest(t.db, {
      userId: shopper.id,
      orderNumber: order.orderNumber,
      request: request(line.id, {
        resolution: "exchange",
        pieces: [{ orderLineId: line.id, quantity: 1, exchangeVariantId: large.id }],
      }),
    });
    if (!asked.ok) throw new Error(asked.message);
    const version = await bringBack(asked.returnId);
    expect(await stockOf("L")).toBe(before - 1);
    const resolved = await resolveReturn(t.db, { returnId: asked.returnId, version, staff, instead: "store_credit" });
    expect(resolved.ok).toBe(true);
    expect(await stockOf("L")).toBe(before);
    const row = await returnRow(asked.returnId);
    const [note] = await creditNotesOf(order);
    expect(row).toMatchObject({ resolution: "store_credit", exchangeOrderId: null, creditedPaise: note!.totalPaise });
    expect(await storeCreditBalance(t.db, shopper.id)).toBe(note!.totalPaise);
  });

  it("the last unit of a size: one exchange request holds it, the other is told it sold out", async () => {
    const first = await deliveredOrder({ quantity: 1, stock: [0, 4, 1] });
    const [orderLine] = await orderLinesOf(t.db, first.order.id);
    // a second shopper's delivered order of the same product
    const other = await createTestShopper(t.db);
    await addLine(t.db, other.id, { productId: first.productId, size: "M", colour: "Indigo", quantity: 1 });
    const second = await placeCheckoutOrder(t.db, { userId: other.id, onlineAvailable: false, form: checkoutForm() });
    await inTransaction(t.db, (tx) =>
      moveOrder(tx, second.id, { from: "confirmed", to: "delivered", actor: "system" }),
    );
    const [secondLine] = await orderLinesOf(t.db, second.id);
    const large = (await findVariant(t.db, first.productId, "L", "Indigo"))!;
    const ask = (userId: string, orderNumber: string, lineId: string) =>
      createReturnRequest(t.db, {
        userId,
        orderNumber,
        request: request(lineId, {
          resolution: "exchange",
          pieces: [{ orderLineId: lineId, quantity: 1, exchangeVariantId: large.id }],
        }),
      });
    const both = await Promise.all([
      ask(first.shopper.id, first.order.orderNumber, orderLine!.id),
      ask(other.id, second.orderNumber, secondLine!.id),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    const lost = both.find((r) => !r.ok);
    expect(lost && !lost.ok && lost.message).toBe(RETURN_MESSAGES.soldOut);
    expect(await first.stockOf("L")).toBe(0);
  });

  it("a withdrawn or declined exchange gives its held piece back", async () => {
    const { order, shopper, line, stockOf } = await deliveredOrder({ quantity: 2 });
    const large = (await findVariant(t.db, (await orderLinesOf(t.db, order.id))[0]!.productId!, "L", "Indigo"))!;
    const before = await stockOf("L");
    const ask = () =>
      createReturnRequest(t.db, {
        userId: shopper.id,
        orderNumber: order.orderNumber,
        request: request(line.id, {
          resolution: "exchange",
          pieces: [{ orderLineId: line.id, quantity: 1, exchangeVariantId: large.id }],
        }),
      });
    const first = await ask();
    if (!first.ok) throw new Error(first.message);
    expect(await stockOf("L")).toBe(before - 1);
    const row = await returnRow(first.returnId);
    const stranger = await createTestShopper(t.db);
    expect(
      await withdrawReturn(t.db, { userId: stranger.id, returnNumber: row.returnNumber, version: row.version }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await withdrawReturn(t.db, { userId: shopper.id, returnNumber: row.returnNumber, version: row.version }),
    ).toMatchObject({ ok: true });
    expect(await stockOf("L")).toBe(before);

    const second = await ask();
    if (!second.ok) throw new Error(second.message);
    const again = await returnRow(second.returnId);
    expect(again.returnNumber).toBe(`${order.orderNumber}-R2`);
    const declined = await declineReturn(t.db, {
      returnId: again.id,
      version: again.version,
      reason: "Worn pieces cannot be exchanged",
      staff,
    });
    expect(declined.ok).toBe(true);
    expect(await stockOf("L")).toBe(before);
    const told = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, "return-declined"), eq(outboxMessages.channel, "sms")));
    expect(told.some((m) => m.body.includes(again.returnNumber) && m.body.includes("Worn pieces"))).toBe(true);
  });
});

describe("settings", () => {
  it("a non-returnable category offers nothing", async () => {
    await t.db.update(storeSettings).set({ nonReturnableCategories: ["kurtas"] });
    try {
      const { order, shopper, line } = await deliveredOrder();
      const offer = await loadReturnOffer(t.db, { userId: shopper.id, orderNumber: order.orderNumber });
      expect(offer.kind === "offer" && offer.open).toBe(false);
      const refused = await createReturnRequest(t.db, {
        userId: shopper.id,
        orderNumber: order.orderNumber,
        request: request(line.id),
      });
      expect(refused.ok).toBe(false);
      expect(await t.db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
    } finally {
      await t.db.update(storeSettings).set({ nonReturnableCategories: [] });
    }
  });
});
