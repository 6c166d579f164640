import type { Tx } from "../../db/client.server";
import { queueReturnUpdate, type ReturnStep } from "../messages/index.server";
import { findOrderRecipient } from "../orders/index.server";
import type { ReturnResolution } from "./rules";

/** Tells the order's shopper of a step of her return (SMS and e-mail, sent after the commit). */
export async function queueReturnStep(
  tx: Tx,
  input: {
    orderId: string;
    returnNumber: string;
    step: ReturnStep;
    resolution: ReturnResolution;
    note?: string;
    amountPaise?: number;
    courier?: string;
    awb?: string;
    exchangeOrderNumber?: string;
  },
): Promise<void> {
  const recipient = await findOrderRecipient(tx, input.orderId);
  if (!recipient) return;
  const { orderId: _order, ...step } = input;
  await queueReturnUpdate(tx, { ...recipient, ...step });
}
