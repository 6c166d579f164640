import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/db/client.server";
import { ensureStoreSettings } from "../../app/modules/content/settings.server";
import { orderLines } from "../../app/modules/orders/schema.server";
import { REFUND_DESTINATION_MESSAGES, RETURN_MESSAGES } from "../../app/modules/returns";
import { returnRequests } from "../../app/modules/returns/schema.server";
import { createTestProduct } from "../factories/catalog";
import {
  deliveredOrder,
  orderPage,
  requestPage,
  sendRequest,
  setVariantStock,
  variantStock,
  withdraw,
  type OfferPage,
  type OrderPage,
  type RequestAnswer,
} from "../factories/returns";
import { signedInShopper } from "../factories/sessions";
import { setupTestDatabase } from "../setup/test-db";

/*
 * The shopper's return and exchange requests (decision 042) through her pages: only her own delivered
 * order within its windows, never more pieces than are left (two requests for the last one at once:
 * one wins), an exchange holding the wanted size (two shoppers after its last unit: one gets it, the
 * other is told it sold out), no refund for 'too small' while refunds are for faults, a cash-on-delivery
 * refund's UPI ID or account checked and shown afterwards only masked, and withdrawing a request.
 */

const t = setupTestDatabase();
let asha: { id: string; cookie: string };
let bina: { id: string; cookie: string };
let kurta: string;

beforeAll(async () => {
  setDatabase(t.database);
  await ensureStoreSettings(t.db);
  kurta = await createTestProduct(t.db, {
    name: "Chanderi Kurta",
    sizes: ["S", "M", "L"],
    colors: [
      { name: "Indigo", hex: "#2E3A87" },
      { name: "Ivory", hex: "#F4EFE6" },
    ],
    stock: 600,
  });
  asha = await signedInShopper(t.db, "+919812300401", "198.51.100.41");
  bina = await signedInShopper(t.db, "+919812300402", "198.51.100.42");
});

const M_INDIGO = () => ({ productId: kurta, size: "M", colour: "Indigo" });

/** The open request page of a delivered order (fails the test otherwise). */
async function offerOf(cookie: string, orderNumber: string): Promise<OfferPage> {
  const page = await requestPage(cookie, orderNumber);
  expect(page.status).toBe(200);
  expect(page.body).toMatchObject({ state: "open" });
  return page.body as OfferPage;
}

function optionOf(offer: OfferPage, size: string, colour: string) {
  const option = offer.lines[0]!.exchangeOptions.find((o) => o.size === size && o.colour === colour);
  if (!option) throw new Error(`no ${size} ${colour} option`);
  return option;
}

const refused = (answer: { body: unknown }) => answer.body as RequestAnswer;

describe("who and when", () => {
  it("answers another shopper's order like a missing one, on the page and to a post", async () => {
    const order = await deliveredOrder(t.db, asha.id, [{ ...M_INDIGO(), quantity: 1 }]);
    expect((await requestPage(bina.cookie, order.orderNumber)).status).toBe(404);
    const posted = await sendRequest(bina.cookie, order.orderNumber, {
      reason: "too_small",
      resolution: "store_credit",
    });
    expect(posted.status).toBe(404);
    expect(posted.body).toBe("Order not found");
    expect((await requestPage(asha.cookie, "ORD-NOPE")).status).toBe(404);
  });

  it("refuses an order that has not been delivered yet", async () => {
    const order = await deliveredOrder(t.db, asha.id, [{ ...M_INDIGO(), quantity: 1 }], { status: "shipped" });
    expect((await requestPage(asha.cookie, order.orderNumber)).body).toEqual({
      state: "not-delivered",
      orderNumber: order.orderNumber,
    });
    const posted = await sendRequest(asha.cookie, order.orderNumber, {
      reason: "too_small",
      resolution: "store_credit",
    });
    expect(posted.status).toBe(409);
    expect(refused(posted).message).toBe(RETURN_MESSAGES.notDelivered);
    // and the order page offers nothing
    expect((await orderPage(asha.cookie, order.orderNumber)).body.returnOffer).toBeNull();
  });

  it("refuses once the windows have closed, and says until when they were open", async () => {
    const order = await deliveredOrder(t.db, asha.id, [{ ...M_INDIGO(), quantity: 1 }], { daysAgo: 20 });
    const page = await requestPage(asha.cookie, order.orderNumber);
    expect(page.body).toMatchObject({ state: "closed" });
    const [{ id: lineId }] = (await t.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))) as [{ id: string }];
    const posted = await sendRequest(asha.cookie, order.orderNumber, {
      [`qty:${lineId}`]: "1",
      reason: "too_small",
      resolution: "store_credit",
    });
    expect(posted.status).toBe(409);
    expect(refused(posted).message).toBe(RETURN_MESSAGES.windowClosed);
    expect((await orderPage(asha.cookie, order.orderNumber)).body.returnOffer).toBeNull();
  });
});

describe("pieces", () => {
  it("refuses more pieces than are left, keeping everything typed", async () => {
    const order = await deliveredOrder(t.db, asha.id, [{ ...M_INDIGO(), quantity: 2 }]);
    const offer = await offerOf(asha.cookie, order.orderNumber);
    const line = offer.lines[0]!;
    expect(line).toMatchObject({ delivered: 2, returnable: 2, blocked: null });
    const form = {
      [`qty:${line.orderLineId}`]: "3",
      reason: "changed_mind",
      resolution: "store_credit",
      details: "Too long for me",
    };
    const posted = await sendRequest(asha.cookie, order.orderNumber, form);
    expect(posted.status).toBe(422);
    expect(refused(posted).fieldErrors[`qty:${line.orderLineId}`]).toBe(RETURN_MESSAGES.tooMany);
    expect(refused(posted).values.fields).toMatchObject(form);
  });

  it("two requests for the last piece at once: one is sent, the other refused", async () => {
    const order = await deliveredOrder(t.db, asha.id, [{ ...M_INDIGO(), quantity: 1 }]);
    const line = (await offerOf(asha.cookie, order.orderNumber)).lines[0]!;
    const form = { [`qty:${line.orderLineId}`]: "1", reason: "changed_mind", resolution: "store_credit" };
    const answers = await Promise.all([
      sendRequest(asha.cookie, order.orderNumber, form),
      sendRequest(asha.cookie, order.orderNumber, form),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(302);
    expect(statuses[1]).toBeGreaterThanOrEqual(409);
    expect(await t.db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id))).toHaveLength(1);
    // the piece is spoken for: nothing is left to ask for
    expect((await requestPage(asha.cookie, order.orderNumber)).body).toMatchObject({ state: "nothing-left" });
  });
});

describe("exchange", () => {
  it("holds the wanted size from the request, and the order page shows it as Requested", async () => {
    const order = await deliveredOrder(t.db, asha.id, [{ ...M_INDIGO(), quantity: 1 }]);
    const offer = await offerOf(asha.cookie, order.orderNumber);
    const line = offer.lines[0]!;
    const large = optionOf(offer, "L", "Ivory");
    const before = await variantStock(t.db, large.variantId);
    expect(large.stock).toBe(before);

    const sent = await sendRequest(asha.cookie, order.orderNumber, {
      [`qty:${line.orderLineId}`]: "1",
      [`exchange:${line.orderLineId}`]: large.variantId,
      reason: "too_small",
      resolution: "exchange",
    });
    expect(sent.status).toBe(302);
    const returnNumber = `${order.orderNumber}-R1`;
    expect(sent.headers!.get("location")).toBe(`/account/orders/${order.orderNumber}?return=${returnNumber}`);
    expect(await variantStock(t.db, large.variantId)).toBe(before - 1);

    const page = await orderPage(asha.cookie, order.orderNumber, `?return=${returnNumber}`);
    expect(page.body.notice).toBe(`Request ${returnNumber} sent. We reply within one working day.`);
    expect(page.body.returns).toHaveLength(1);
    expect(page.body.returns[0]).toMatchObject({
      returnNumber,
      statusLabel: "Requested",
      resolutionLabel: "Exchange",
      reasonLabel: "Too small",
      canWithdraw: true,
      pieces: [{ name: "Chanderi Kurta", size: "M", colour: "Indigo", quantity: 1, exchangeFor: "size L · Ivory" }],
    });
    expect(page.body.returns[0]!.steps.map((s) => s.label)).toEqual(["Requested"]);
  });

  it("two shoppers after the last unit of a size: one gets it, the other is told it sold out", async () => {
    const first = await deliveredOrder(t.db, asha.id, [{ ...M_INDIGO(), quantity: 1 }]);
    const second = await deliveredOrder(t.db, bina.id, [{ ...M_INDIGO(), quantity: 1 }]);
    const [a, b] = [await offerOf(asha.cookie, first.orderNumber), await offerOf(bina.cookie, second.orderNumber)];
    const small = optionOf(a, "S", "Ivory");
    await setVariantStock(t.db, small.variantId, 1);
    const ask = (cookie: string, orderNumber: string, offer: OfferPage) =>
      sendRequest(cookie, orderNumber, {
        [`qty:${offer.lines[0]!.orderLineId}`]: "1",
        [`exchange:${offer.lines[0]!.orderLineId}`]: small.variantId,
        reason: "too_large",
        resolution: "exchange",
      });
    const answers = await Promise.all([
      ask(asha.cookie, first.orderNumber, a),
      ask(bina.cookie, second.orderNumber, b),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([302, 409]);
    const loser = answers.find((x) => x.status === 409)!;
    expect(refused(loser).message).toBe(RETURN_MESSAGES.soldOut);
    expect(Object.values(refused(loser).fieldErrors)).toEqual([RETURN_MESSAGES.soldOut]);
    expect(await variantStock(t.db, small.variantId)).toBe(0);
    // the loser's request page now shows the size as sold out, her piece still free to send back
    const [cookie, orderNumber] =
      answers[0]!.status === 409 ? [asha.cookie, first.orderNumber] : [bina.cookie, second.orderNumber];
    expect(optionOf(await offerOf(cookie, orderNumber), "S", "Ivory").stock).toBe(0);
  });

  it("withdrawing gives the held piece back and the request reads Withdrawn", async () => {
    const order = await deliveredOrder(t.db, bina.id, [{ ...M_INDIGO(), quantity: 1 }]);
    const offer = await offerOf(bina.cookie, order.orderNumber);
    const line = offer.lines[0]!;
    const large = optionOf(offer, "L", "Indigo");
    const before = await variantStock(t.db, large.variantId);
    await sendRequest(bina.cookie, order.orderNumber, {
      [`qty:${line.orderLineId}`]: "1",
      [`exchange:${line.orderLineId}`]: large.variantId,
      reason: "too_small",
      resolution: "exchange",
    });
    const [mine] = (await orderPage(bina.cookie, order.orderNumber)).body.returns;
    // someone else cannot withdraw it
    expect((await withdraw(asha.cookie, order.orderNumber, mine!.returnNumber, mine!.version)).status).toBe(404);
    // a stale page is refused
    expect((await withdraw(bina.cookie, order.orderNumber, mine!.returnNumber, mine!.version + 1)).status).toBe(409);
    const done = await withdraw(bina.cookie, order.orderNumber, mine!.returnNumber, mine!.version);
    expect(done.status).toBe(302);
    expect(done.headers!.get("location")).toBe(`/account/orders/${order.orderNumber}?withdrawn=${mine!.returnNumber}`);
    const page = await orderPage(bina.cookie, order.orderNumber, `?withdrawn=${mine!.returnNumber}`);
    expect(page.body.notice).toBe(`Request ${mine!.returnNumber} withdrawn.`);
    expect(page.body.returns[0]).toMatchObject({ statusLabel: "Withdrawn", canWithdraw: false });
    expect(page.body.returnOffer).not.toBeNull();
    expect(await variantStock(t.db, large.variantId)).toBe(before);
  });
});

describe("refunds", () => {
  it("offers no refund for 'too small' while refunds are only for faults", async () => {
    const order = await deliveredOrder(t.db, asha.id, [{ ...M_INDIGO(), quantity: 1 }]);
    const line = (await offerOf(asha.cookie, order.orderNumber)).lines[0]!;
    const posted = await sendRequest(asha.cookie, order.orderNumber, {
      [`qty:${line.orderLineId}`]: "1",
      reason: "too_small",
      resolution: "refund",
      refundKind: "upi",
      upiId: "asha.v@okaxis",
    });
    expect(posted.status).toBe(422);
    expect(refused(posted).fieldErrors.resolution).toMatch(/^A refund to your payment is for damaged pieces/);
  });

  it("a cash-on-delivery refund needs a valid UPI ID or account, and is shown afterwards only masked", async () => {
    const order = await deliveredOrder(t.db, asha.id, [{ ...M_INDIGO(), quantity: 1 }]);
    const line = (await offerOf(asha.cookie, order.orderNumber)).lines[0]!;
    const base = { [`qty:${line.orderLineId}`]: "1", reason: "damaged", resolution: "refund" };

    const noKind = await sendRequest(asha.cookie, order.orderNumber, base);
    expect(refused(noKind).fieldErrors.refundKind).toBe(REFUND_DESTINATION_MESSAGES.kind);
    const badUpi = await sendRequest(asha.cookie, order.orderNumber, { ...base, refundKind: "upi", upiId: "asha" });
    expect(badUpi.status).toBe(400);
    expect(refused(badUpi).fieldErrors.upiId).toBe(REFUND_DESTINATION_MESSAGES.upi);
    const badBank = await sendRequest(asha.cookie, order.orderNumber, {
      ...base,
      refundKind: "bank",
      accountName: "Asha Verma",
      accountNumber: "123456789012",
      accountNumberAgain: "123456789013",
      ifsc: "hdfc0001234",
    });
    expect(refused(badBank).fieldErrors).toEqual({
      accountNumberAgain: REFUND_DESTINATION_MESSAGES.accountNumberAgain,
    });
    // what she typed comes back to her form
    expect(refused(badBank).values.fields).toMatchObject({ accountName: "Asha Verma", ifsc: "hdfc0001234" });

    const sent = await sendRequest(asha.cookie, order.orderNumber, {
      ...base,
      refundKind: "bank",
      accountName: "Asha Verma",
      accountNumber: "1234 5678 9012",
      accountNumberAgain: "123456789012",
      ifsc: "hdfc0001234",
      details: "The seam came open at the shoulder",
    });
    expect(sent.status).toBe(302);
    const page: OrderPage = (await orderPage(asha.cookie, order.orderNumber)).body;
    expect(page.returns[0]).toMatchObject({
      resolutionLabel: "Refund",
      reasonLabel: "Damaged",
      refundTo: "Bank account ending 9012 (HDFC)",
      details: "The seam came open at the shoulder",
    });
    const everything = JSON.stringify(page);
    expect(everything).not.toContain("123456789012");
    expect(everything).not.toContain("Asha Verma");
  });

  it("a UPI ID is shown as its first two letters and handle", async () => {
    const order = await deliveredOrder(t.db, bina.id, [{ ...M_INDIGO(), quantity: 1 }]);
    const line = (await offerOf(bina.cookie, order.orderNumber)).lines[0]!;
    const sent = await sendRequest(bina.cookie, order.orderNumber, {
      [`qty:${line.orderLineId}`]: "1",
      reason: "not_as_pictured",
      resolution: "refund",
      refundKind: "upi",
      upiId: "binakumari@okaxis",
    });
    expect(sent.status).toBe(302);
    const page = (await orderPage(bina.cookie, order.orderNumber)).body;
    expect(page.returns[0]!.refundTo).toBe("UPI bi…@okaxis");
    expect(JSON.stringify(page)).not.toContain("binakumari");
  });
});
