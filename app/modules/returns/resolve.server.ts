import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import type { Actor } from "../audit/index.server";
import { variantsOf } from "../catalog/index.server";
import { issueStoreCredit } from "../credit/index.server";
import { issueReturnCreditNote, previewReturnCredit } from "../invoices/index.server";
import type { ReturnStep } from "../messages/index.server";
import { findOrderById, insertOrder, orderLinesOf, type OrderRow } from "../orders/index.server";
import { requestReturnRefund, settleRefunds } from "../payments/index.server";
import { returnLines, returnRequests } from "./schema.server";
import {
  audit,
  releaseHeld,
  linesOfReturn,
  moveReturn,
  type ReturnLineRow,
  type ReturnRow,
  type StepResult,
  takeStep,
} from "./steps.server";

/*
 * Resolving a received return (decision 042): the accepted pieces become an exchange order of zero
 * value, store credit, or a refund. A refund or credit is worth exactly what the return's GST credit
 * note credits (the pieces' price less their share of the discounts; shipping and the COD fee stay);
 * an exchange issues no credit note (the original supply stands). Two staff resolving at once: the
 * second finds the version moved and is refused, so there is one credit note, one credit, one refund.
 */

export const RESOLVE_MESSAGES = {
  payout: "Enter the reference of the UPI or bank transfer you made to the shopper (3 to 60 characters).",
  exchangeGone: "The sizes held for this exchange no longer exist. Give store credit instead.",
} as const;

type OrderLine = Awaited<ReturnType<typeof orderLinesOf>>[number];

/**
 * Without an invoice (a shop that has not set up GST yet) the pieces' worth is their price less their
 * share of the order's discounts, rounded down: the same rule the credit note follows, without tax heads.
 */
function worthWithoutInvoice(order: OrderRow, line: OrderLine, pieces: number): number {
  const discount = order.discountPaise + order.prepaidDiscountPaise;
  const gross = line.unitPricePaise * pieces;
  if (order.subtotalPaise <= 0 || discount <= 0) return gross;
  return gross - Math.round((discount * gross) / order.subtotalPaise);
}

/**
 * What resolving would credit or refund for the accepted pieces, without issuing anything (staff see it
 * before they pay a transfer): the credit note's total, or without an invoice the same rule as below.
 */
export async function previewReturnWorth(
  db: Db,
  order: OrderRow,
  accepted: ReadonlyArray<{ orderLineId: string; acceptedQuantity: number }>,
): Promise<number> {
  const pieces = accepted.map((l) => ({ orderLineId: l.orderLineId, quantity: l.acceptedQuantity }));
  const exact = await previewReturnCredit(db, { orderId: order.id, pieces });
  if (exact !== null) return exact;
  const lines = new Map((await orderLinesOf(db, order.id)).map((l) => [l.id, l]));
  return pieces.reduce((sum, p) => {
    const line = lines.get(p.orderLineId);
    return line && p.quantity > 0 ? sum + worthWithoutInvoice(order, line, p.quantity) : sum;
  }, 0);
}

async function returnWorth(
  tx: Tx,
  row: ReturnRow,
  order: OrderRow,
  accepted: ReturnLineRow[],
  now: Date,
): Promise<{ amountPaise: number; creditNoteId: string | null }> {
  const note = await issueReturnCreditNote(tx, {
    orderId: order.id,
    reason: `Goods returned: ${row.returnNumber}`,
    pieces: accepted.map((l) => ({ orderLineId: l.orderLineId, quantity: l.acceptedQuantity })),
    now,
  });
  if (note) return { amountPaise: note.totalPaise, creditNoteId: note.id };
  const lines = new Map((await orderLinesOf(tx, order.id)).map((l) => [l.id, l]));
  const amountPaise = accepted.reduce(
    (sum, l) => sum + worthWithoutInvoice(order, lines.get(l.orderLineId)!, l.acceptedQuantity),
    0,
  );
  return { amountPaise, creditNoteId: null };
}

/** The exchange: a confirmed order of zero value for the accepted pieces, in the sizes and colours held for them. */
async function placeExchangeOrder(tx: Tx, row: ReturnRow, order: OrderRow, accepted: ReturnLineRow[], now: Date) {
  const originals = new Map((await orderLinesOf(tx, order.id)).map((l) => [l.id, l]));
  const productIds = [...new Set(accepted.flatMap((l) => originals.get(l.orderLineId)?.productId ?? []))];
  const variants = [...(await variantsOf(tx, productIds)).values()].flat();
  const lines = accepted.flatMap((l) => {
    const original = originals.get(l.orderLineId)!;
    const variant = variants.find((v) => v.id === l.exchangeVariantId);
    if (!variant || !original.productId) return [];
    return [
      {
        productId: original.productId,
        variantId: variant.id,
        name: original.name,
        brand: original.brand,
        sku: variant.sku,
        imageUrl: original.imageUrl,
        size: variant.size,
        colour: variant.colour,
        unitPricePaise: 0,
        quantity: l.acceptedQuantity,
      },
    ];
  });
  if (lines.length === 0) return null;
  const orderNumber = `${row.returnNumber}-X`;
  const placed = await insertOrder(
    tx,
    {
      orderNumber,
      userId: order.userId,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
      billing: order.billing,
      status: "confirmed",
      paymentMethod: "online",
      subtotalPaise: 0,
      shippingPaise: 0,
      discountPaise: 0,
      prepaidDiscountPaise: 0,
      codFeePaise: 0,
      totalPaise: 0,
      couponCode: null,
      noteToSeller: `Exchange for ${row.returnNumber}`,
      checkoutKey: `exchange:${row.id}`,
      paymentDueAt: null,
      lines,
      exchangeOfOrderId: order.id,
      confirmedBecause: `Exchange for ${row.returnNumber}`,
    },
    now,
  );
  if (!placed) return null;
  // the held pieces are the new order's now: cancelling it gives them back through the order
  for (const l of accepted) await tx.update(returnLines).set({ heldQuantity: 0 }).where(eq(returnLines.id, l.id));
  return { id: placed.id, orderNumber };
}

/** Store credit already given back for the order's store-credit part by its earlier refunded returns. */
async function creditAlreadyBack(tx: Tx, row: ReturnRow): Promise<number> {
  const [sum] = await tx
    .select({ paise: sql<number>`coalesce(sum(${returnRequests.creditedPaise}), 0)::int` })
    .from(returnRequests)
    .where(
      and(
        eq(returnRequests.orderId, row.orderId),
        eq(returnRequests.resolution, "refund"),
        eq(returnRequests.status, "resolved"),
        ne(returnRequests.id, row.id),
      ),
    );
  return sum?.paise ?? 0;
}

type Notice = { step: ReturnStep; amountPaise?: number; exchangeOrderNumber?: string };

/** Staff: resolve a received return by what the shopper asked for, for the pieces accepted. */
export async function resolveReturn(
  db: Db,
  input: {
    returnId: string;
    version: number;
    staff: Actor;
    payoutReference?: string;
    /** an exchange that cannot go ahead (its sizes gone) is resolved as store credit instead */
    instead?: "store_credit";
    now?: Date;
  },
): Promise<StepResult & { refundIds?: string[] }> {
  const now = input.now ?? new Date();
  const refundIds: string[] = [];
  const result = await takeStep(db, { ...input, from: ["received"] }, async (tx, locked, rollBack) => {
    const order = (await findOrderById(tx, locked.orderId))!;
    const lines = await linesOfReturn(tx, locked.id);
    const accepted = lines.filter((l) => l.acceptedQuantity > 0);
    const set: Partial<typeof returnRequests.$inferInsert> = { resolvedAt: now };
    const switched = locked.resolution === "exchange" && input.instead === "store_credit";
    const row: ReturnRow = switched ? { ...locked, resolution: "store_credit" } : locked;
    if (switched) {
      // the sizes held for the exchange go back on sale
      await releaseHeld(tx, lines, undefined, now);
      set.resolution = "store_credit";
    }
    let notice: Notice | undefined;
    let summary = `Resolved return ${row.returnNumber}: no piece was accepted`;
    const payout = input.payoutReference?.trim() ?? "";

    if (accepted.length > 0 && row.resolution === "exchange") {
      const exchange = await placeExchangeOrder(tx, row, order, accepted, now);
      if (exchange) {
        set.exchangeOrderId = exchange.id;
        notice = { step: "exchange_shipped", exchangeOrderNumber: exchange.orderNumber };
        summary = `Resolved return ${row.returnNumber}: exchange order ${exchange.orderNumber}`;
      }
    } else if (accepted.length > 0) {
      if (row.resolution === "refund" && order.paymentMethod === "cod" && (payout.length < 3 || payout.length > 60))
        return { ok: false, status: 422, message: RESOLVE_MESSAGES.payout };
      const worth = await returnWorth(tx, row, order, accepted, now);
      set.creditNoteId = worth.creditNoteId;
      let credit = 0;
      let refund = 0;
      if (row.resolution === "store_credit") credit = worth.amountPaise;
      else {
        // what the order paid in store credit comes back as store credit first
        credit = Math.min(worth.amountPaise, Math.max(0, order.storeCreditPaise - (await creditAlreadyBack(tx, row))));
        refund = worth.amountPaise - credit;
        if (refund > 0 && order.paymentMethod === "online") {
          const placed = await requestReturnRefund(tx, {
            orderId: order.id,
            returnId: row.id,
            amountPaise: refund,
            requestedBy: input.staff.id,
            now,
          });
          refundIds.push(...placed.refunds.map((r) => r.id));
          // a payment with less left than the pieces' worth (refunded on the gateway's dashboard meanwhile): the rest as credit
          credit += refund - placed.refundablePaise;
          refund = placed.refundablePaise;
        } else if (refund > 0) {
          set.payoutReference = payout;
        }
      }
      if (credit > 0)
        await issueStoreCredit(tx, {
          userId: row.userId,
          amountPaise: credit,
          reason: `Return ${row.returnNumber}`,
          returnId: row.id,
          orderId: order.id,
          now,
        });
      set.creditedPaise = credit;
      set.refundedPaise = refund;
      summary = `Resolved return ${row.returnNumber}: ${refund > 0 ? `refund ${refund} paise` : ""}${refund > 0 && credit > 0 ? ", " : ""}${credit > 0 ? `store credit ${credit} paise` : ""}`;
      // an online refund tells the shopper itself (the payments module's refund messages)
      if (credit > 0 && refund === 0) notice = { step: "credited", amountPaise: credit };
      else if (refund > 0 && order.paymentMethod === "cod") notice = { step: "refunded", amountPaise: refund };
      else if (credit > 0) notice = { step: "credited", amountPaise: credit };
    }
    if (accepted.length > 0 && row.resolution === "exchange" && !set.exchangeOrderId)
      return rollBack({
        ok: false,
        status: 409,
        message: RESOLVE_MESSAGES.exchangeGone,
      });
    const version = await moveReturn(tx, locked, {
      to: "resolved",
      actorKind: "staff",
      actorUserId: input.staff.id,
      note: set.payoutReference
        ? `Paid by transfer ${set.payoutReference}`
        : switched
          ? "Store credit instead of the exchange"
          : null,
      set,
      now,
    });
    await audit(tx, input.staff, row, "resolve", summary);
    return { version, notice };
  });
  if (result.ok && refundIds.length > 0) {
    // after the commit: ask the gateway (a failure is kept on the refund, to retry from the order's page)
    await settleRefunds(db, refundIds, { now }).catch((error: unknown) =>
      getLogger().warn(
        { err: error, returnId: input.returnId },
        "returns: a refund could not be sent; it can be retried",
      ),
    );
  }
  return result.ok ? { ...result, refundIds } : result;
}
