import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUuid } from "../../lib/ids";
import { listStaffMembers } from "../accounts/index.server";
import { findOrderById, orderCardsOf, orderLinesOf, orderMatchesSearch } from "../orders/index.server";
import type { OrderStatus } from "../orders";
import { refundsOfOrder, returnIdOfRefund } from "../payments/index.server";
import {
  RESOLUTIONS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  type ReturnReason,
  type ReturnResolution,
  type ReturnStatus,
} from "./rules";
import { returnEvents, returnLines, returnRequests, type RefundDestination } from "./schema.server";
import { previewReturnWorth } from "./resolve.server";
import { linesOfReturn } from "./steps.server";

/*
 * The back office's returns (decision 042): the queue, a page at a time with a count per status for
 * its tabs, and one return with everything staff need to resolve it. The orders, refunds and staff
 * names come through their modules' faces; only the returns' own tables are read here.
 */

export const RETURN_PAGE_SIZE = 25;

/** The queue's tabs: every status, and all of them together. */
export type ReturnListTab = ReturnStatus | "all";

export interface ReturnListParams {
  status: ReturnListTab;
  resolution: ReturnResolution | "";
  reason: ReturnReason | "";
  q: string;
  page: number;
}

const STATUSES = Object.keys(RETURN_STATUS_LABELS) as ReturnStatus[];

/**
 * The queue's filters from the address. Without a status the queue opens on the requests waiting
 * for an answer (staff's work), unless a search is typed: then every status, so a return is found
 * wherever it stands.
 */
export function parseReturnListParams(search: URLSearchParams): ReturnListParams {
  const text = (name: string) => (search.get(name) ?? "").trim();
  const q = text("q").slice(0, 100);
  const status = text("status");
  const page = Number(text("page"));
  return {
    status:
      status === "all" || (STATUSES as string[]).includes(status) ? (status as ReturnListTab) : q ? "all" : "requested",
    resolution: RESOLUTIONS.find((r) => r.value === text("resolution"))?.value ?? "",
    reason: RETURN_REASONS.find((r) => r.value === text("reason"))?.value ?? "",
    q,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export interface StaffReturnRow {
  id: string;
  returnNumber: string;
  orderId: string;
  orderNumber: string;
  customerName: string;
  customerPhone: string;
  requestedAt: string;
  status: ReturnStatus;
  resolution: ReturnResolution;
  reason: ReturnReason;
  pieces: number;
  refundedPaise: number;
  creditedPaise: number;
}

export interface StaffReturnPage {
  rows: StaffReturnRow[];
  total: number;
  page: number;
  pages: number;
  /** returns per status under the other filters (resolution, reason, search), and all of them */
  counts: Record<ReturnListTab, number>;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every filter but the status: the tabs count under these. */
function otherFilters(params: Pick<ReturnListParams, "resolution" | "reason" | "q">): SQL[] {
  const where: SQL[] = [];
  if (params.resolution) where.push(eq(returnRequests.resolution, params.resolution));
  if (params.reason) where.push(eq(returnRequests.reason, params.reason));
  if (params.q) {
    // a return's number begins with its order's, so the number matches either; names and phones are the order's
    where.push(
      or(
        ilike(returnRequests.returnNumber, `%${escapeLike(params.q)}%`),
        orderMatchesSearch(returnRequests.orderId, params.q),
      )!,
    );
  }
  return where;
}

/** One page of returns, newest first, with the counts per status for the tabs. */
export async function listReturnsForStaff(db: Db, params: ReturnListParams): Promise<StaffReturnPage> {
  const others = otherFilters(params);
  const where = and(...others, ...(params.status === "all" ? [] : [eq(returnRequests.status, params.status)]));
  const [rows, byStatus] = await Promise.all([
    db
      .select({
        id: returnRequests.id,
        returnNumber: returnRequests.returnNumber,
        orderId: returnRequests.orderId,
        createdAt: returnRequests.createdAt,
        status: returnRequests.status,
        resolution: returnRequests.resolution,
        reason: returnRequests.reason,
        refundedPaise: returnRequests.refundedPaise,
        creditedPaise: returnRequests.creditedPaise,
      })
      .from(returnRequests)
      .where(where)
      .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
      .limit(RETURN_PAGE_SIZE)
      .offset((params.page - 1) * RETURN_PAGE_SIZE),
    db
      .select({ status: returnRequests.status, n: count() })
      .from(returnRequests)
      .where(and(...others))
      .groupBy(returnRequests.status),
  ]);
  const ids = rows.map((r) => r.id);
  const [cards, pieces] = await Promise.all([
    orderCardsOf(
      db,
      rows.map((r) => r.orderId),
    ),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ returnId: returnLines.returnId, pieces: sql<number>`sum(${returnLines.quantity})::int` })
          .from(returnLines)
          .where(inArray(returnLines.returnId, ids))
          .groupBy(returnLines.returnId),
  ]);
  const piecesOf = new Map(pieces.map((p) => [p.returnId, Number(p.pieces)]));
  const counts = Object.fromEntries([...STATUSES, "all"].map((s) => [s, 0])) as Record<ReturnListTab, number>;
  for (const { status, n } of byStatus) {
    counts[status] = Number(n);
    counts.all += Number(n);
  }
  const total = params.status === "all" ? counts.all : counts[params.status];
  return {
    rows: rows.map(({ createdAt, ...r }) => {
      const card = cards.get(r.orderId);
      return {
        ...r,
        orderNumber: card?.orderNumber ?? r.returnNumber.replace(/-R\d+$/, ""),
        customerName: card?.customerName ?? "",
        customerPhone: card?.customerPhone ?? "",
        requestedAt: createdAt.toISOString(),
        pieces: piecesOf.get(r.id) ?? 0,
      };
    }),
    total,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / RETURN_PAGE_SIZE)),
    counts,
  };
}

/** Requests waiting for staff's answer (the back office's navigation shows the number). */
export async function countReturnsWaiting(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(returnRequests).where(eq(returnRequests.status, "requested"));
  return Number(row?.n ?? 0);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The steps with who took them: the shopper, a staff member by name, or the shop itself. */
async function eventsWithNames(db: Db, returnId: string, customerName: string) {
  const [events, staff] = await Promise.all([
    db
      .select()
      .from(returnEvents)
      .where(eq(returnEvents.returnId, returnId))
      .orderBy(asc(returnEvents.createdAt), asc(returnEvents.id)),
    listStaffMembers(db),
  ]);
  const names = new Map(staff.map((s) => [s.id, s.name]));
  return events.map((e) => ({
    id: e.id,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    actorKind: e.actorKind,
    who:
      e.actorKind === "customer"
        ? customerName || "The shopper"
        : e.actorKind === "staff"
          ? ((e.actorUserId && names.get(e.actorUserId)) ?? "Staff")
          : e.actorKind === "courier"
            ? "The courier"
            : "The shop",
    note: e.note,
    at: e.createdAt.toISOString(),
  }));
}

/** The pieces of the return beside what was bought: picture, size, colour, price, and inspection. */
async function linesWithOrder(db: Db, returnId: string, orderId: string) {
  const [lines, orderLines] = await Promise.all([linesOfReturn(db, returnId), orderLinesOf(db, orderId)]);
  const byId = new Map(orderLines.map((l) => [l.id, l]));
  return lines.map((l) => {
    const o = byId.get(l.orderLineId);
    return {
      id: l.id,
      orderLineId: l.orderLineId,
      productId: o?.productId ?? null,
      name: o?.name ?? "Piece no longer on the order",
      brand: o?.brand ?? "",
      sku: o?.sku ?? "",
      imageUrl: o?.imageUrl ?? null,
      size: o?.size ?? "",
      colour: o?.colour ?? "",
      unitPricePaise: o?.unitPricePaise ?? 0,
      quantity: l.quantity,
      exchangeSize: l.exchangeSize,
      exchangeColour: l.exchangeColour,
      heldQuantity: l.heldQuantity,
      inspection: l.inspection,
      acceptedQuantity: l.acceptedQuantity,
      inspectionNote: l.inspectionNote,
      inspectionPhotos: l.inspectionPhotos,
    };
  });
}

/**
 * One return for staff: the request with the full refund destination (only for the staff member
 * paying a cash-on-delivery refund by hand), its pieces, its steps with who took them, the order,
 * the exchange's order, the credit note and this return's refunds. Null for an unknown id.
 */
export async function loadReturnForStaff(db: Db, returnId: string) {
  if (!isUuid(returnId)) return null;
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
  if (!row) return null;
  const order = await findOrderById(db, row.orderId);
  if (!order) return null;
  const [lines, events, refunds, exchangeOrder] = await Promise.all([
    linesWithOrder(db, row.id, order.id),
    eventsWithNames(db, row.id, order.customerName),
    refundsOfOrder(db, order.id),
    row.exchangeOrderId ? findOrderById(db, row.exchangeOrderId) : Promise.resolve(null),
  ]);
  // what the credit note will credit for the accepted pieces, so staff pay a transfer of exactly that
  const worthPaise =
    row.status === "received" && row.resolution !== "exchange" ? await previewReturnWorth(db, order, lines) : null;
  return {
    worthPaise,
    request: {
      id: row.id,
      returnNumber: row.returnNumber,
      status: row.status,
      resolution: row.resolution,
      reason: row.reason,
      details: row.details,
      photos: row.photos,
      refundTo: row.refundTo as RefundDestination | null,
      refundToMasked: row.refundToMasked,
      payoutReference: row.payoutReference,
      declineReason: row.declineReason,
      pickupProvider: row.pickupProvider,
      pickupProviderOrderId: row.pickupProviderOrderId,
      pickupCourier: row.pickupCourier,
      pickupAwb: row.pickupAwb,
      refundedPaise: row.refundedPaise,
      creditedPaise: row.creditedPaise,
      version: row.version,
      requestedAt: row.createdAt.toISOString(),
      decidedAt: iso(row.decidedAt),
      pickupScheduledAt: iso(row.pickupScheduledAt),
      pickedUpAt: iso(row.pickedUpAt),
      receivedAt: iso(row.receivedAt),
      resolvedAt: iso(row.resolvedAt),
      cancelledAt: iso(row.cancelledAt),
    },
    lines,
    events,
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status as OrderStatus,
      paymentMethod: order.paymentMethod,
      subtotalPaise: order.subtotalPaise,
      discountPaise: order.discountPaise + order.prepaidDiscountPaise,
      totalPaise: order.totalPaise,
      storeCreditPaise: order.storeCreditPaise,
      customerName: order.customerName,
      customerPhone: order.customerPhone,
      customerEmail: order.customerEmail,
      userId: order.userId,
      billing: order.billing,
      placedAt: order.createdAt.toISOString(),
    },
    exchangeOrder: exchangeOrder
      ? { id: exchangeOrder.id, orderNumber: exchangeOrder.orderNumber, status: exchangeOrder.status as OrderStatus }
      : null,
    creditNoteId: row.creditNoteId,
    refunds: refunds
      .filter((r) => returnIdOfRefund(r) === row.id)
      .map((r) => ({
        id: r.id,
        provider: r.provider,
        providerRefundId: r.providerRefundId,
        amountPaise: r.amountPaise,
        status: r.status,
        errorDescription: r.errorDescription,
        requestedAt: r.createdAt.toISOString(),
        processedAt: iso(r.processedAt),
      })),
  };
}

export type StaffReturnView = NonNullable<Awaited<ReturnType<typeof loadReturnForStaff>>>;
