import type { Db } from "../../../db/client.server";
import { isUuid } from "../../../lib/ids";
import type { Actor } from "../../audit/index.server";
import {
  approveReturn,
  declineReturn,
  loadReturnForStaff,
  markPickedUp,
  receiveReturn,
  recordPickup,
  resolveReturn,
  RESOLVE_MESSAGES,
  STEP_MESSAGES,
  type Inspection,
  type StepResult,
} from "../../returns/index.server";
import { bookReturnPickup, type ReturnPickupAnswer } from "../../shipping/index.server";

/*
 * The return page's form posts (decision 042): read the intent and its fields, call the returns
 * module's step, answer with data the form can show. Every form names the version of the return it
 * was made against; a change against an older one is refused with the module's message and the
 * form keeps what was typed.
 */

export const RETURN_INTENTS = [
  "approve",
  "decline",
  "book-pickup",
  "manual-pickup",
  "picked-up",
  "receive",
  "resolve",
] as const;
export type ReturnIntent = (typeof RETURN_INTENTS)[number];

export type ReturnActionAnswer =
  | { ok: true; intent: ReturnIntent; message: string; version: number }
  | {
      ok: false;
      intent: ReturnIntent | null;
      formError: string;
      fieldErrors: Record<string, string>;
      /** the return changed since the page was loaded: reload it (what was typed stays) */
      conflict?: boolean;
      /** the pickup could not be booked through the courier service: book it by hand */
      manualPickup?: boolean;
    };

export const RETURN_ADMIN_MESSAGES = {
  failed: "Something went wrong. Please try again.",
  signedOut: "You were signed out. Sign in again in another tab, then send this again; what you typed is still here.",
  notFound: STEP_MESSAGES.notFound,
  declineReason: STEP_MESSAGES.declineReason,
  courier: "Enter the courier that collects the parcel.",
  awb: "Enter the courier's tracking number (AWB).",
  accepted: (quantity: number) => `Enter how many were accepted: 0 to ${quantity}.`,
  inspectionNote: "Say why the rest were not accepted (the shopper reads it).",
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
  payout: RESOLVE_MESSAGES.payout,
  approved: "Return approved. The shopper has been told; book the pickup next.",
  declined: "Return declined. The shopper has been told why.",
  pickedUp: "Marked as picked up.",
  resolved: "Return resolved. The shopper has been told.",
} as const;

type Answer = { status: number; body: ReturnActionAnswer };

function refusal(intent: ReturnIntent | null, result: { status: number; message: string }, field?: string): Answer {
  return {
    status: result.status,
    body: {
      ok: false,
      intent,
      formError: result.message,
      fieldErrors: field && result.status === 422 ? { [field]: result.message } : {},
      // a step refused for the version or the status: the page is out of date
      conflict: result.status === 409 || undefined,
    },
  };
}

function done(intent: ReturnIntent, result: StepResult, message: string, field?: string): Answer {
  if (!result.ok) return refusal(intent, result, field);
  return { status: 200, body: { ok: true, intent, message, version: result.version } };
}

const fieldErrors = (intent: ReturnIntent, errors: Record<string, string>): Answer => ({
  status: 422,
  body: { ok: false, intent, formError: Object.values(errors)[0] ?? RETURN_ADMIN_MESSAGES.failed, fieldErrors: errors },
});

/** Books the reverse pickup through the courier service, then records it; the manual form when that cannot be done. */
async function bookPickup(
  db: Db,
  staff: Actor,
  input: { returnId: string; version: number },
  book: typeof bookReturnPickup,
): Promise<Answer> {
  const view = await loadReturnForStaff(db, input.returnId);
  if (!view) return refusal("book-pickup", { status: 404, message: RETURN_ADMIN_MESSAGES.notFound });
  // checked before the courier is asked, so a stale page books nothing
  if (view.request.version !== input.version)
    return refusal("book-pickup", { status: 409, message: STEP_MESSAGES.stale });
  const booked: ReturnPickupAnswer = await book(db, {
    orderId: view.order.id,
    returnNumber: view.request.returnNumber,
    pieces: view.lines.map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity })),
  });
  if (!booked.ok)
    return {
      status: 422,
      body: { ok: false, intent: "book-pickup", formError: booked.message, fieldErrors: {}, manualPickup: true },
    };
  const result = await recordPickup(db, {
    ...input,
    staff,
    pickup: {
      provider: booked.provider,
      providerOrderId: booked.providerOrderId,
      courier: booked.courier,
      awb: booked.awb,
    },
  });
  return done(
    "book-pickup",
    result,
    `Pickup booked with ${booked.courier}${booked.awb ? `, AWB ${booked.awb}` : ""}. The shopper has been told.`,
  );
}

/** The inspection of each piece from `accepted:<line id>` and `note:<line id>`, or the fields' errors. */
async function readInspections(
  db: Db,
  returnId: string,
  field: (name: string) => string,
  all: (name: string) => string[],
): Promise<{ ok: true; inspections: Inspection[] } | { ok: false; errors: Record<string, string> } | null> {
  const view = await loadReturnForStaff(db, returnId);
  if (!view) return null;
  const errors: Record<string, string> = {};
  const inspections = view.lines.map((line): Inspection => {
    const raw = field(`accepted:${line.id}`);
    const accepted = raw === "" ? line.quantity : Number(raw);
    const note = field(`note:${line.id}`);
    if (!Number.isInteger(accepted) || accepted < 0 || accepted > line.quantity)
      errors[`accepted:${line.id}`] = RETURN_ADMIN_MESSAGES.accepted(line.quantity);
    else if (accepted < line.quantity && note.length < 3)
      errors[`note:${line.id}`] = RETURN_ADMIN_MESSAGES.inspectionNote;
    if (note.length > 500) errors[`note:${line.id}`] = RETURN_ADMIN_MESSAGES.tooLong(500);
    const photoKeys = all(`photo:${line.id}`).slice(0, 4);
    return { lineId: line.id, accepted, note, photoKeys };
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, inspections };
}

export async function runReturnAction(
  db: Db,
  staff: Actor,
  form: FormData,
  options: { returnId: string; book?: typeof bookReturnPickup },
): Promise<Answer> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const intent = (RETURN_INTENTS as readonly string[]).includes(field("intent"))
    ? (field("intent") as ReturnIntent)
    : null;
  const version = Number(field("version"));
  if (!intent || field("version") === "" || !Number.isInteger(version) || version < 0)
    return refusal(intent, { status: 400, message: RETURN_ADMIN_MESSAGES.failed });
  if (!isUuid(options.returnId)) return refusal(intent, { status: 404, message: RETURN_ADMIN_MESSAGES.notFound });
  const input = { returnId: options.returnId, version, staff };

  switch (intent) {
    case "approve":
      return done(intent, await approveReturn(db, input), RETURN_ADMIN_MESSAGES.approved);
    case "decline": {
      const reason = field("reason");
      if (reason.length < 3) return fieldErrors(intent, { reason: RETURN_ADMIN_MESSAGES.declineReason });
      if (reason.length > 500) return fieldErrors(intent, { reason: RETURN_ADMIN_MESSAGES.tooLong(500) });
      return done(intent, await declineReturn(db, { ...input, reason }), RETURN_ADMIN_MESSAGES.declined, "reason");
    }
    case "book-pickup":
      return bookPickup(db, staff, { returnId: options.returnId, version }, options.book ?? bookReturnPickup);
    case "manual-pickup": {
      const courier = field("courier");
      const awb = field("awb");
      const errors: Record<string, string> = {};
      if (!courier) errors.courier = RETURN_ADMIN_MESSAGES.courier;
      else if (courier.length > 100) errors.courier = RETURN_ADMIN_MESSAGES.tooLong(100);
      if (!awb) errors.awb = RETURN_ADMIN_MESSAGES.awb;
      else if (awb.length > 60) errors.awb = RETURN_ADMIN_MESSAGES.tooLong(60);
      if (Object.keys(errors).length > 0) return fieldErrors(intent, errors);
      const result = await recordPickup(db, {
        ...input,
        pickup: { provider: "manual", providerOrderId: null, courier, awb },
      });
      return done(intent, result, `Pickup recorded: ${courier}, AWB ${awb}. The shopper has been told.`);
    }
    case "picked-up":
      return done(intent, await markPickedUp(db, input), RETURN_ADMIN_MESSAGES.pickedUp);
    case "receive": {
      const all = (name: string) =>
        form.getAll(name).flatMap((v) => (typeof v === "string" && v.trim() ? [v.trim()] : []));
      const read = await readInspections(db, options.returnId, field, all);
      if (!read) return refusal(intent, { status: 404, message: RETURN_ADMIN_MESSAGES.notFound });
      if (!read.ok) return fieldErrors(intent, read.errors);
      const accepted = read.inspections.reduce((n, i) => n + i.accepted, 0);
      return done(
        intent,
        await receiveReturn(db, { ...input, inspections: read.inspections }),
        accepted > 0
          ? `Received. ${accepted} piece${accepted === 1 ? "" : "s"} accepted and back in stock; resolve the return next.`
          : "Received. No piece was accepted; resolve the return next.",
      );
    }
    case "resolve": {
      const payoutReference = field("payoutReference");
      const instead = field("instead") === "store_credit" ? ("store_credit" as const) : undefined;
      const result = await resolveReturn(db, { ...input, payoutReference, instead });
      return done(intent, result, RETURN_ADMIN_MESSAGES.resolved, "payoutReference");
    }
  }
}
