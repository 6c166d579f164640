import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { afterCommit, inTransaction, type RollBack } from "../../db/transaction.server";
import { recordAudit, type Actor } from "../audit/index.server";
import { releaseStock } from "../catalog/index.server";
import { claimUploads, UploadClaimError } from "../media/index.server";
import { kickOutbox, type ReturnStep } from "../messages/index.server";
import { orderLinesOf } from "../orders/index.server";
import { isSizeReason, sizeReturnsChanged } from "./fit-advice.server";
import { queueReturnStep } from "./notices.server";
import { BEFORE_PICKUP, RETURN_MESSAGES, RETURN_STATUS_LABELS, type ReturnStatus } from "./rules";
import { returnEvents, returnLines, returnRequests } from "./schema.server";

/*
 * A return's steps (decision 042). Each step is one transaction: the return's row is locked, the
 * version the person saw is checked (a change made against a stale page is refused, never merged), the
 * status moves only from the statuses the step allows, the step is recorded as an event (and for staff
 * in the audit log), and the shopper is told after the commit.
 */

export type ReturnRow = typeof returnRequests.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;

export type StepResult = { ok: true; version: number } | { ok: false; status: 404 | 409 | 422; message: string };

export const STEP_MESSAGES = {
  notFound: "Return not found",
  stale: RETURN_MESSAGES.stale,
  declineReason: "Tell the shopper why: a reason of a few words.",
  inspection: "Say how many of each piece you accept (the rest are rejected), with a note for any rejected.",
  photos: "A photo could not be attached (it was not uploaded here, or was used already). Upload it again.",
  pickupFields: "Enter the courier and its tracking number (AWB), or book the pickup through the courier service.",
} as const;

/** Why a step cannot be taken from the return's status, in words for the person who tried. */
export function notFrom(status: ReturnStatus): string {
  return `This return is ${RETURN_STATUS_LABELS[status].toLowerCase()}: that step is not possible now.`;
}

export async function lockReturn(tx: Tx, returnId: string): Promise<ReturnRow | null> {
  const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, returnId)).for("update");
  return row ?? null;
}

export async function linesOfReturn(db: Db | Tx, returnId: string): Promise<ReturnLineRow[]> {
  return db.select().from(returnLines).where(eq(returnLines.returnId, returnId)).orderBy(asc(returnLines.id));
}

/** Moves the locked return on: status, the step's own columns, a raised version and the event. */
export async function moveReturn(
  tx: Tx,
  row: ReturnRow,
  move: {
    to: ReturnStatus;
    actorKind: "customer" | "staff" | "system";
    actorUserId: string | null;
    note?: string | null;
    set?: Partial<typeof returnRequests.$inferInsert>;
    now: Date;
  },
): Promise<number> {
  const version = row.version + 1;
  await tx
    .update(returnRequests)
    .set({ ...move.set, status: move.to, version, updatedAt: move.now })
    .where(eq(returnRequests.id, row.id));
  await tx.insert(returnEvents).values({
    returnId: row.id,
    fromStatus: row.status,
    toStatus: move.to,
    actorKind: move.actorKind,
    actorUserId: move.actorUserId,
    note: move.note ?? null,
    createdAt: move.now,
  });
  return version;
}

/** Gives back the exchange pieces a return still holds (declined, withdrawn, or rejected at inspection). */
export async function releaseHeld(
  tx: Tx,
  lines: readonly ReturnLineRow[],
  keep: (line: ReturnLineRow) => number = () => 0,
  now: Date,
): Promise<void> {
  const back = lines.flatMap((l) => {
    const give = l.heldQuantity - keep(l);
    return l.exchangeVariantId && give > 0 ? [{ variantId: l.exchangeVariantId, quantity: give, line: l }] : [];
  });
  if (back.length === 0) return;
  // a variant deleted since has nothing to give back to; its hold simply ends
  await releaseStock(
    tx,
    back.map((b) => ({ variantId: b.variantId, quantity: b.quantity })),
    now,
  );
  for (const b of back)
    await tx
      .update(returnLines)
      .set({ heldQuantity: b.line.heldQuantity - b.quantity })
      .where(eq(returnLines.id, b.line.id));
}

/**
 * The frame of every step: lock, check the version and the statuses it starts from, run the step, tell
 * the shopper and wake the outbox after the commit.
 */
export async function takeStep(
  db: Db,
  input: { returnId: string; version: number; from: readonly ReturnStatus[] },
  step: (
    tx: Tx,
    row: ReturnRow,
    rollBack: RollBack<StepResult>,
  ) => Promise<
    | {
        version: number;
        notice?: {
          step: ReturnStep;
          note?: string;
          amountPaise?: number;
          courier?: string;
          awb?: string;
          exchangeOrderNumber?: string;
        };
      }
    | StepResult
  >,
): Promise<StepResult> {
  return inTransaction<StepResult>(db, async (tx, rollBack) => {
    const row = await lockReturn(tx, input.returnId);
    if (!row) return { ok: false, status: 404, message: STEP_MESSAGES.notFound };
    if (row.version !== input.version) return { ok: false, status: 409, message: STEP_MESSAGES.stale };
    if (!input.from.includes(row.status)) return { ok: false, status: 409, message: notFrom(row.status) };
    const done = await step(tx, row, rollBack);
    if ("ok" in done) return done;
    if (done.notice)
      await queueReturnStep(tx, {
        orderId: row.orderId,
        returnNumber: row.returnNumber,
        resolution: row.resolution,
        ...done.notice,
      });
    afterCommit(tx, kickOutbox);
    // a size return declined or withdrawn no longer counts for its pieces' fit advice (the order's pieces)
    const pieces = isSizeReason(row.reason) ? await orderLinesOf(tx, row.orderId) : [];
    sizeReturnsChanged(
      tx,
      row.reason,
      pieces.map((line) => line.productId),
    );
    return { ok: true, version: done.version };
  });
}

/** The shopper withdraws her request until the courier has it; held exchange pieces go back to stock. */
export async function withdrawReturn(
  db: Db,
  input: { userId: string; returnNumber: string; version: number; now?: Date },
): Promise<StepResult> {
  const now = input.now ?? new Date();
  const [found] = await db
    .select({ id: returnRequests.id, userId: returnRequests.userId })
    .from(returnRequests)
    .where(eq(returnRequests.returnNumber, input.returnNumber));
  if (!found || found.userId !== input.userId) return { ok: false, status: 404, message: STEP_MESSAGES.notFound };
  return takeStep(db, { returnId: found.id, version: input.version, from: BEFORE_PICKUP }, async (tx, row) => {
    await releaseHeld(tx, await linesOfReturn(tx, row.id), undefined, now);
    const version = await moveReturn(tx, row, {
      to: "cancelled",
      actorKind: "customer",
      actorUserId: input.userId,
      set: { cancelledAt: now },
      now,
    });
    // she withdrew it herself: nothing to tell her
    return { version };
  });
}

/** Staff: approve a request. */
export async function approveReturn(
  db: Db,
  input: { returnId: string; version: number; staff: Actor; now?: Date },
): Promise<StepResult> {
  const now = input.now ?? new Date();
  return takeStep(db, { ...input, from: ["requested"] }, async (tx, row) => {
    const version = await moveReturn(tx, row, {
      to: "approved",
      actorKind: "staff",
      actorUserId: input.staff.id,
      set: { decidedAt: now, decidedBy: input.staff.id },
      now,
    });
    await audit(tx, input.staff, row, "approve", `Approved return ${row.returnNumber}`);
    return { version, notice: { step: "approved" } };
  });
}

/** Staff: decline a request (until the pickup), with the reason the shopper reads. */
export async function declineReturn(
  db: Db,
  input: { returnId: string; version: number; reason: string; staff: Actor; now?: Date },
): Promise<StepResult> {
  const now = input.now ?? new Date();
  const reason = input.reason.trim();
  if (reason.length < 3 || reason.length > 500) return { ok: false, status: 422, message: STEP_MESSAGES.declineReason };
  return takeStep(db, { ...input, from: BEFORE_PICKUP }, async (tx, row) => {
    await releaseHeld(tx, await linesOfReturn(tx, row.id), undefined, now);
    const version = await moveReturn(tx, row, {
      to: "declined",
      actorKind: "staff",
      actorUserId: input.staff.id,
      note: reason,
      set: { declineReason: reason, decidedAt: now, decidedBy: input.staff.id },
      now,
    });
    await audit(tx, input.staff, row, "decline", `Declined return ${row.returnNumber}: ${reason}`);
    return { version, notice: { step: "declined", note: reason } };
  });
}

/** Staff: the reverse pickup is booked (by the courier service, or by hand with its courier and AWB). */
export async function recordPickup(
  db: Db,
  input: {
    returnId: string;
    version: number;
    staff: Actor;
    pickup: { provider: string; providerOrderId: string | null; courier: string; awb: string };
    now?: Date;
  },
): Promise<StepResult> {
  const now = input.now ?? new Date();
  const courier = input.pickup.courier.trim();
  const awb = input.pickup.awb.trim();
  if (input.pickup.provider === "manual" && (!courier || !awb || courier.length > 100 || awb.length > 60))
    return { ok: false, status: 422, message: STEP_MESSAGES.pickupFields };
  return takeStep(db, { ...input, from: ["approved"] }, async (tx, row) => {
    const version = await moveReturn(tx, row, {
      to: "pickup_scheduled",
      actorKind: "staff",
      actorUserId: input.staff.id,
      set: {
        pickupProvider: input.pickup.provider,
        pickupProviderOrderId: input.pickup.providerOrderId,
        pickupCourier: courier || null,
        pickupAwb: awb || null,
        pickupScheduledAt: now,
      },
      now,
    });
    await audit(tx, input.staff, row, "pickup", `Pickup booked for ${row.returnNumber}${awb ? ` (AWB ${awb})` : ""}`);
    return { version, notice: { step: "pickup_scheduled", courier: courier || undefined, awb: awb || undefined } };
  });
}

/** Staff (or the courier's scan): the pieces are collected. */
export async function markPickedUp(
  db: Db,
  input: { returnId: string; version: number; staff: Actor; now?: Date },
): Promise<StepResult> {
  const now = input.now ?? new Date();
  return takeStep(db, { ...input, from: ["pickup_scheduled"] }, async (tx, row) => {
    const version = await moveReturn(tx, row, {
      to: "picked_up",
      actorKind: "staff",
      actorUserId: input.staff.id,
      set: { pickedUpAt: now },
      now,
    });
    await audit(tx, input.staff, row, "picked-up", `Return ${row.returnNumber} picked up`);
    return { version, notice: { step: "picked_up" } };
  });
}

export interface Inspection {
  lineId: string;
  /** pieces accepted (0..quantity); the rest are rejected */
  accepted: number;
  note: string;
  /** staff's uploads (their keys) showing the piece as it arrived: at most 4 a piece */
  photoKeys?: string[];
}

/**
 * Staff: the parcel arrived and each piece was inspected. Accepted pieces go back to stock now (never
 * earlier); a rejected piece's exchange hold is given back.
 */
export async function receiveReturn(
  db: Db,
  input: { returnId: string; version: number; staff: Actor; inspections: readonly Inspection[]; now?: Date },
): Promise<StepResult> {
  const now = input.now ?? new Date();
  return takeStep(db, { ...input, from: ["pickup_scheduled", "picked_up"] }, async (tx, row) => {
    const lines = await linesOfReturn(tx, row.id);
    const byLine = new Map(input.inspections.map((i) => [i.lineId, i]));
    for (const line of lines) {
      const inspection = byLine.get(line.id);
      if (
        !inspection ||
        !Number.isInteger(inspection.accepted) ||
        inspection.accepted < 0 ||
        inspection.accepted > line.quantity ||
        (inspection.accepted < line.quantity && inspection.note.trim().length < 3) ||
        inspection.note.length > 500
      )
        return { ok: false, status: 422, message: STEP_MESSAGES.inspection };
    }
    // the photos first: a key that is not staff's own fresh upload refuses the step before anything is written
    const keys = input.inspections.flatMap((i) => (i.photoKeys ?? []).slice(0, 4));
    let urls = new Map<string, string>();
    if (keys.length > 0) {
      try {
        urls = new Map((await claimUploads(tx, keys, input.staff.id, now)).map((c) => [c.key, c.url]));
      } catch (error) {
        if (!(error instanceof UploadClaimError)) throw error;
        return { ok: false, status: 422, message: STEP_MESSAGES.photos };
      }
    }
    const orderLines = new Map((await orderLinesOf(tx, row.orderId)).map((l) => [l.id, l]));
    const restock = lines.flatMap((l) => {
      const accepted = byLine.get(l.id)!.accepted;
      const variantId = orderLines.get(l.orderLineId)?.variantId;
      return accepted > 0 && variantId ? [{ variantId, quantity: accepted }] : [];
    });
    if (restock.length > 0) await releaseStock(tx, restock, now);
    await releaseHeld(tx, lines, (l) => Math.min(l.heldQuantity, byLine.get(l.id)!.accepted), now);
    for (const line of lines) {
      const inspection = byLine.get(line.id)!;
      await tx
        .update(returnLines)
        .set({
          inspection: inspection.accepted > 0 ? "accepted" : "rejected",
          acceptedQuantity: inspection.accepted,
          inspectionNote: inspection.note.trim() || null,
          inspectionPhotos: (inspection.photoKeys ?? []).slice(0, 4).flatMap((k) => urls.get(k) ?? []),
        })
        .where(eq(returnLines.id, line.id));
    }
    const rejected = lines.filter((l) => byLine.get(l.id)!.accepted < l.quantity);
    const note = rejected.map((l) => byLine.get(l.id)!.note.trim()).join("; ");
    const version = await moveReturn(tx, row, {
      to: "received",
      actorKind: "staff",
      actorUserId: input.staff.id,
      note: note || null,
      set: { receivedAt: now },
      now,
    });
    const accepted = lines.reduce((n, l) => n + byLine.get(l.id)!.accepted, 0);
    await audit(
      tx,
      input.staff,
      row,
      "receive",
      `Return ${row.returnNumber} received: ${accepted} piece(s) accepted${rejected.length ? `, some rejected (${note})` : ""}`,
    );
    return { version, notice: { step: "received", note: rejected.length ? `not accepted: ${note}` : undefined } };
  });
}

export function audit(tx: Tx, staff: Actor, row: ReturnRow, action: string, summary: string): Promise<void> {
  return recordAudit(tx, staff, { entity: "return", entityId: row.id, action, summary });
}

/** The steps of some returns, oldest first (for the shopper's and staff's pages). */
export async function returnEventsOf(db: Db | Tx, returnIds: readonly string[]) {
  if (returnIds.length === 0) return [];
  return db
    .select({
      returnId: returnEvents.returnId,
      fromStatus: returnEvents.fromStatus,
      toStatus: returnEvents.toStatus,
      actorKind: returnEvents.actorKind,
      note: returnEvents.note,
      createdAt: returnEvents.createdAt,
    })
    .from(returnEvents)
    .where(and(inArray(returnEvents.returnId, [...returnIds])))
    .orderBy(asc(returnEvents.createdAt), asc(returnEvents.id));
}
export type ReturnEvent = Awaited<ReturnType<typeof returnEventsOf>>[number];
