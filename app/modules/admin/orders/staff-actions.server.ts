import type { Db } from "../../../db/client.server";
import type { Actor } from "../../audit/index.server";
import { checkStatusChange, ORDER_ADMIN_MESSAGES, type OrderActionAnswer, type OrderIntent } from "../../orders";
import { isOrderId } from "../../reports/index.server";
import {
  changeOrderStatus,
  confirmFlaggedPayment,
  refundFlaggedPayment,
  refundMessage,
  refundReturnedOrder,
  retryRefund,
  type ChangeDeps,
  type ChangeResult,
} from "./staff-changes.server";
import { isUuid } from "../../../lib/ids";

/*
 * The order screens' form posts (the list's flagged payments and the order page): read the intent
 * and its fields, call the change, answer with data the form can show. Every form names the order's
 * version it was made against.
 */

const INTENTS: readonly OrderIntent[] = [
  "status",
  "confirm-payment",
  "refund-payment",
  "retry-refund",
  "refund-returned",
];

export async function runOrderAction(
  db: Db,
  staff: Actor,
  form: FormData,
  options: { orderId?: string } & ChangeDeps = {},
): Promise<{ status: number; body: OrderActionAnswer }> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = (INTENTS as readonly string[]).includes(field("intent")) ? (field("intent") as OrderIntent) : null;
  const orderId = options.orderId ?? field("orderId");
  const version = Number(field("version"));
  const bad = (formError: string, status = 400) => ({
    status,
    body: { ok: false as const, intent, orderId: isOrderId(orderId) ? orderId : null, formError, fieldErrors: {} },
  });
  if (!intent || !Number.isInteger(version) || version < 0) return bad(ORDER_ADMIN_MESSAGES.failed);
  if (!isOrderId(orderId)) return bad(ORDER_ADMIN_MESSAGES.notFound, 404);

  let result: ChangeResult;
  switch (intent) {
    case "status": {
      const checked = checkStatusChange({
        status: field("status"),
        courier: field("courier"),
        trackingNumber: field("trackingNumber"),
        reason: field("reason"),
      });
      if (!checked.ok) {
        const first = Object.values(checked.fieldErrors)[0] ?? ORDER_ADMIN_MESSAGES.failed;
        return {
          status: 400,
          body: { ok: false, intent, orderId, formError: first, fieldErrors: checked.fieldErrors },
        };
      }
      result = await changeOrderStatus(db, staff, { orderId, version, change: checked.change }, options);
      break;
    }
    case "confirm-payment":
    case "refund-payment": {
      const paymentId = field("paymentId");
      if (!isUuid(paymentId)) return bad(ORDER_ADMIN_MESSAGES.flagGone, 409);
      result = await (intent === "confirm-payment" ? confirmFlaggedPayment : refundFlaggedPayment)(
        db,
        staff,
        { orderId, version, paymentId },
        options,
      );
      break;
    }
    case "refund-returned":
      result = await refundReturnedOrder(db, staff, { orderId, version }, options);
      break;
    case "retry-refund": {
      const refundId = field("refundId");
      if (!isUuid(refundId)) return bad(ORDER_ADMIN_MESSAGES.refundMissing, 404);
      result = await retryRefund(db, staff, { orderId, version, refundId }, options);
      break;
    }
  }
  if (!result.ok) {
    return {
      status: result.status,
      body: {
        ok: false,
        intent,
        orderId,
        formError: result.formError,
        fieldErrors: result.fieldErrors ?? {},
        conflict: result.conflict,
      },
    };
  }
  return {
    status: 200,
    body: {
      ok: true,
      intent,
      orderId,
      version: result.version,
      message: result.message,
      refund: refundMessage(result.refunds),
    },
  };
}
