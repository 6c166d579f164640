import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { afterCommit, inTransaction } from "../../db/transaction.server";
import { isUuid } from "../../lib/ids";
import { productCategories, reserveStock, variantsOf } from "../catalog/index.server";
import { getStoreSettings, type StoreSettings } from "../content/index.server";
import { SHOPPER_PHOTO_MESSAGES } from "../media";
import { claimShopperPhotos } from "../media/index.server";
import { kickOutbox } from "../messages/index.server";
import { deliveredAtOf, findOrderByNumber, lockOrder, orderLinesOf, type OrderRow } from "../orders/index.server";
import { sizeReturnsChanged } from "./fit-advice.server";
import { queueReturnStep } from "./notices.server";
import {
  CLOSED_WITHOUT_RETURN,
  maskRefundDestination,
  RETURN_MESSAGES,
  resolutionRefusal,
  resolutionsFor,
  returnWindows,
  type ReturnPolicy,
  type ReturnRequestInput,
  type ReturnWindows,
} from "./rules";
import { returnEvents, returnLines, returnRequests } from "./schema.server";

/*
 * The shopper's side of returns (decision 042): what she may send back from a delivered order, and
 * her request. Every rule the request page shows is checked again here, under the order's lock, so two
 * requests sent at once cannot take back the same piece twice.
 */

type Conn = Db | Tx;

/** Orders whose pieces may come back: delivered (and completed, which follows delivery). */
const DELIVERED = new Set<OrderRow["status"]>(["delivered", "completed"]);

export function policyOf(settings: StoreSettings): ReturnPolicy {
  return {
    returnWindowDays: settings.returnWindowDays,
    exchangeWindowDays: settings.exchangeWindowDays,
    nonReturnableCategories: settings.nonReturnableCategories,
    refundsOnlyForFaults: settings.refundsOnlyForFaults,
  };
}

export interface ExchangeOption {
  variantId: string;
  size: string;
  colour: string;
  stock: number;
}

export interface ReturnOfferLine {
  orderLineId: string;
  productId: string | null;
  name: string;
  brand: string;
  imageUrl: string | null;
  size: string;
  colour: string;
  unitPricePaise: number;
  delivered: number;
  /** pieces still free to send back (delivered less those in open or finished returns) */
  returnable: number;
  /** why none of it can come back, when none can */
  blocked: string | null;
  /** the product's other sizes and colours, with their stock now */
  exchangeOptions: ExchangeOption[];
}

export interface ReturnOffer {
  orderId: string;
  orderNumber: string;
  paymentMethod: OrderRow["paymentMethod"];
  deliveredAt: Date;
  windows: ReturnWindows;
  policy: ReturnPolicy;
  lines: ReturnOfferLine[];
  /** a cash-on-delivery order's refund needs a UPI ID or bank account */
  needsDestination: boolean;
}

export type OfferAnswer =
  | { kind: "not-found" }
  | { kind: "not-delivered"; orderNumber: string }
  | { kind: "offer"; offer: ReturnOffer; open: boolean };

/** Pieces of each order line spoken for by returns that are not declined or withdrawn. */
async function piecesTaken(db: Conn, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ orderLineId: returnLines.orderLineId, pieces: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.returnId))
    .where(and(eq(returnRequests.orderId, orderId), notInArray(returnRequests.status, [...CLOSED_WITHOUT_RETURN])))
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((r) => [r.orderLineId, r.pieces]));
}

async function buildOffer(db: Conn, order: OrderRow, settings: StoreSettings, now: Date): Promise<OfferAnswer> {
  if (!DELIVERED.has(order.status)) return { kind: "not-delivered", orderNumber: order.orderNumber };
  const deliveredAt = (await deliveredAtOf(db, order.id)) ?? order.updatedAt;
  const policy = policyOf(settings);
  const windows = returnWindows(deliveredAt, now, policy);
  const lines = await orderLinesOf(db, order.id);
  const productIds = lines.flatMap((l) => (l.productId ? [l.productId] : []));
  const [taken, categories, variants] = await Promise.all([
    piecesTaken(db, order.id),
    productCategories(db, productIds),
    variantsOf(db, productIds),
  ]);
  const offerLines = lines.map((l): ReturnOfferLine => {
    const category = l.productId ? categories.get(l.productId) : undefined;
    const returnable = Math.max(0, l.quantity - (taken.get(l.id) ?? 0));
    const blocked =
      category && policy.nonReturnableCategories.includes(category)
        ? RETURN_MESSAGES.notReturnable
        : returnable === 0
          ? "Already being returned."
          : null;
    return {
      orderLineId: l.id,
      productId: l.productId,
      name: l.name,
      brand: l.brand,
      imageUrl: l.imageUrl,
      size: l.size,
      colour: l.colour,
      unitPricePaise: l.unitPricePaise,
      delivered: l.quantity,
      returnable: blocked ? 0 : returnable,
      blocked,
      exchangeOptions: (l.productId ? (variants.get(l.productId) ?? []) : [])
        .filter((v) => v.id !== l.variantId)
        .map((v) => ({ variantId: v.id, size: v.size, colour: v.colour, stock: v.stock })),
    };
  });
  const open = (windows.exchangeOpen || windows.returnOpen) && offerLines.some((l) => l.returnable > 0);
  return {
    kind: "offer",
    open,
    offer: {
      orderId: order.id,
      orderNumber: order.orderNumber,
      paymentMethod: order.paymentMethod,
      deliveredAt,
      windows,
      policy,
      lines: offerLines,
      needsDestination: order.paymentMethod === "cod",
    },
  };
}

/** What the shopper may send back from her order (`not-found` for anyone else's). */
export async function loadReturnOffer(
  db: Db,
  input: { userId: string; orderNumber: string; now?: Date },
): Promise<OfferAnswer> {
  const order = await findOrderByNumber(db, input.orderNumber);
  if (!order || order.userId !== input.userId) return { kind: "not-found" };
  return buildOffer(db, order, await getStoreSettings(db), input.now ?? new Date());
}

export type CreateReturnResult =
  | { ok: true; returnNumber: string; returnId: string }
  | { ok: false; status: 404 | 409 | 422; message: string; fieldErrors: Record<string, string> };

/** The request: checked against the offer under the order's lock, the exchange's pieces held, the shopper told. */
export async function createReturnRequest(
  db: Db,
  input: { userId: string; orderNumber: string; request: ReturnRequestInput; now?: Date },
): Promise<CreateReturnResult> {
  const now = input.now ?? new Date();
  const { request } = input;
  const refuse = (status: 404 | 409 | 422, message: string, fieldErrors: Record<string, string> = {}) =>
    ({ ok: false, status, message, fieldErrors }) as const;
  const found = await findOrderByNumber(db, input.orderNumber);
  if (!found || found.userId !== input.userId) return refuse(404, "Order not found");
  const settings = await getStoreSettings(db);

  return inTransaction<CreateReturnResult>(db, async (tx, rollBack) => {
    const order = await lockOrder(tx, found.id);
    if (!order) return refuse(404, "Order not found");
    const answer = await buildOffer(tx, order, settings, now);
    if (answer.kind === "not-delivered") return refuse(409, RETURN_MESSAGES.notDelivered);
    if (answer.kind !== "offer") return refuse(404, "Order not found");
    const { offer } = answer;
    if (!answer.open) return refuse(409, RETURN_MESSAGES.windowClosed);

    const allowed = resolutionsFor(request.reason, offer.windows, offer.policy);
    if (!allowed.includes(request.resolution)) {
      const message = resolutionRefusal(request.resolution, offer.windows, offer.policy);
      return refuse(422, message, { resolution: message });
    }
    if (request.resolution === "refund" && offer.needsDestination && !request.refundTo)
      return refuse(422, "Tell us where to send your refund.", {
        refundKind: "Choose where we should send your refund.",
      });

    const errors: Record<string, string> = {};
    const byLine = new Map(offer.lines.map((l) => [l.orderLineId, l]));
    const seen = new Set<string>();
    for (const piece of request.pieces) {
      const line = isUuid(piece.orderLineId) ? byLine.get(piece.orderLineId) : undefined;
      const field = `qty:${piece.orderLineId}`;
      if (!line || seen.has(piece.orderLineId)) {
        errors[field] = RETURN_MESSAGES.notReturnable;
        continue;
      }
      seen.add(piece.orderLineId);
      if (line.blocked) errors[field] = line.blocked;
      else if (piece.quantity > line.returnable) errors[field] = RETURN_MESSAGES.tooMany;
      if (request.resolution === "exchange") {
        const option = line.exchangeOptions.find((o) => o.variantId === piece.exchangeVariantId);
        if (!option) errors[`exchange:${piece.orderLineId}`] = RETURN_MESSAGES.sameVariant;
      }
    }
    if (request.pieces.length === 0) errors.pieces = RETURN_MESSAGES.noPieces;
    if (Object.keys(errors).length > 0) return refuse(422, "Please check the pieces you chose.", errors);

    if (request.resolution === "exchange") {
      const held = await reserveStock(
        tx,
        request.pieces.map((p) => ({ variantId: p.exchangeVariantId!, quantity: p.quantity })),
      );
      if (!held.ok) {
        const piece = request.pieces[held.line]!;
        return rollBack(
          refuse(409, RETURN_MESSAGES.soldOut, { [`exchange:${piece.orderLineId}`]: RETURN_MESSAGES.soldOut }),
        );
      }
    }

    if (!(await claimShopperPhotos(tx, input.userId, request.photos.slice(0, 4), now)))
      return rollBack(refuse(422, SHOPPER_PHOTO_MESSAGES.notYours, { photos: SHOPPER_PHOTO_MESSAGES.notYours }));

    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(returnRequests)
      .where(eq(returnRequests.orderId, order.id))) as [{ count: number }];
    const returnNumber = `${order.orderNumber}-R${count + 1}`;
    const [row] = await tx
      .insert(returnRequests)
      .values({
        returnNumber,
        orderId: order.id,
        userId: input.userId,
        resolution: request.resolution,
        reason: request.reason,
        details: request.details,
        photos: request.photos.slice(0, 4),
        refundTo: request.resolution === "refund" && offer.needsDestination ? request.refundTo : null,
        refundToMasked:
          request.resolution === "refund" && offer.needsDestination && request.refundTo
            ? maskRefundDestination(request.refundTo)
            : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: returnRequests.id });
    const returnId = row!.id;
    await tx.insert(returnLines).values(
      request.pieces.map((p) => {
        const option = byLine.get(p.orderLineId)!.exchangeOptions.find((o) => o.variantId === p.exchangeVariantId);
        return {
          returnId,
          orderLineId: p.orderLineId,
          quantity: p.quantity,
          exchangeVariantId: option?.variantId ?? null,
          exchangeSize: option?.size ?? null,
          exchangeColour: option?.colour ?? null,
          heldQuantity: option ? p.quantity : 0,
        };
      }),
    );
    await tx.insert(returnEvents).values({
      returnId,
      fromStatus: null,
      toStatus: "requested",
      actorKind: "customer",
      actorUserId: input.userId,
      createdAt: now,
    });
    await queueReturnStep(tx, { orderId: order.id, returnNumber, step: "requested", resolution: request.resolution });
    requested(tx, request.reason, request.pieces, byLine);
    return { ok: true, returnNumber, returnId };
  });
}

/** After a request commits: the outbox is woken, and the fit advice of pieces sent back for a size is renewed. */
function requested(
  tx: Tx,
  reason: string,
  pieces: ReadonlyArray<{ orderLineId: string }>,
  lines: ReadonlyMap<string, { productId: string | null }>,
): void {
  sizeReturnsChanged(
    tx,
    reason,
    pieces.map((p) => lines.get(p.orderLineId)?.productId ?? null),
  );
  afterCommit(tx, kickOutbox);
}

/** The order's returns for its pages (shopper and staff), oldest first, with their pieces. */
export async function returnsOfOrder(db: Conn, orderId: string) {
  const requests = await db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(returnRequests.createdAt);
  if (requests.length === 0) return [];
  const lines = await db
    .select()
    .from(returnLines)
    .where(
      inArray(
        returnLines.returnId,
        requests.map((r) => r.id),
      ),
    );
  return requests.map(({ refundTo: _full, ...r }) => ({
    ...r,
    lines: lines.filter((l) => l.returnId === r.id),
  }));
}
export type OrderReturn = Awaited<ReturnType<typeof returnsOfOrder>>[number];
