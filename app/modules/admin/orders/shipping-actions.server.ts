import type { Db } from "../../../db/client.server";
import { isUuid } from "../../../lib/ids";
import type { Actor } from "../../audit/index.server";
import {
  checkPackage,
  SHIPPING_INTENTS,
  SHIPPING_MESSAGES,
  type PackageField,
  type ShippingIntent,
} from "../../shipping";
import {
  advanceDemoScan,
  bookShipment,
  cancelShipment,
  DEMO_SCAN_MOVES,
  markCodChecked,
  receiveReturnedParcel,
  requestPickup,
  type DemoScanMove,
  type ShippingAnswer,
} from "../../shipping/index.server";

/*
 * The order page's shipping forms (decision 041): book the parcel with a courier, request its pickup,
 * cancel it, receive it back undelivered, and in demo mode advance the demo courier's scans. Each
 * names the version it was made against (the order's for booking, the shipment's for the rest).
 */

export type ShippingActionAnswer =
  | { ok: true; intent: ShippingIntent; message: string }
  | {
      ok: false;
      intent: ShippingIntent | null;
      formError: string;
      fieldErrors: Partial<Record<PackageField | "courierId", string>>;
    };

export function isShippingIntent(value: unknown): value is ShippingIntent {
  return typeof value === "string" && (SHIPPING_INTENTS as readonly string[]).includes(value);
}

export async function runShippingAction(
  db: Db,
  staff: Actor,
  form: FormData,
  options: { orderId: string; demoMode: boolean },
): Promise<{ status: number; body: ShippingActionAnswer }> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const intent = isShippingIntent(field("intent")) ? (field("intent") as ShippingIntent) : null;
  const version = Number(field("version"));
  const refuse = (
    status: number,
    formError: string,
    fieldErrors: Partial<Record<PackageField | "courierId", string>> = {},
  ) => ({
    status,
    body: { ok: false as const, intent, formError, fieldErrors },
  });
  if (!intent || !Number.isInteger(version) || version < 0) return refuse(400, SHIPPING_MESSAGES.failed);
  if (!isUuid(options.orderId)) return refuse(404, SHIPPING_MESSAGES.notFound);

  let answer: ShippingAnswer;
  if (intent === "cod-checked") {
    const checked = await markCodChecked(db, staff, options.orderId);
    if (!checked) return refuse(409, SHIPPING_MESSAGES.codNothingToCheck);
    return { status: 200, body: { ok: true, intent, message: SHIPPING_MESSAGES.codChecked } };
  }
  if (intent === "book-shipment") {
    const parcel = checkPackage({
      weightGrams: field("weightGrams"),
      lengthCm: field("lengthCm"),
      breadthCm: field("breadthCm"),
      heightCm: field("heightCm"),
    });
    const courierId = field("courierId");
    if (!parcel.ok || !courierId) {
      const fieldErrors = {
        ...(parcel.ok ? {} : parcel.fieldErrors),
        ...(courierId ? {} : { courierId: SHIPPING_MESSAGES.courierRequired }),
      };
      return refuse(400, Object.values(fieldErrors)[0] ?? SHIPPING_MESSAGES.failed, fieldErrors);
    }
    answer = await bookShipment(db, staff, { orderId: options.orderId, version, courierId, parcel: parcel.value });
  } else {
    const shipmentId = field("shipmentId");
    if (!isUuid(shipmentId)) return refuse(404, SHIPPING_MESSAGES.shipmentGone);
    const input = { shipmentId, version };
    switch (intent) {
      case "request-pickup":
        answer = await requestPickup(db, staff, input);
        break;
      case "cancel-shipment":
        answer = await cancelShipment(db, staff, input);
        break;
      case "receive-returned":
        answer = await receiveReturnedParcel(db, staff, input);
        break;
      case "advance-demo-scan": {
        if (!options.demoMode) return refuse(403, SHIPPING_MESSAGES.demoOnly);
        const move = field("move");
        if (!(DEMO_SCAN_MOVES as readonly string[]).includes(move)) return refuse(400, SHIPPING_MESSAGES.failed);
        answer = await advanceDemoScan(db, staff, { ...input, move: move as DemoScanMove });
        break;
      }
    }
  }
  if (!answer.ok) return refuse(answer.status, answer.message);
  return { status: 200, body: { ok: true, intent, message: answer.message } };
}
