import type { Tx } from "../../db/client.server";
import { queueMessages } from "./outbox.server";
import { returnUpdateEmail, returnUpdateSms, type ReturnUpdateInput } from "./return-updates";
import { messageKeys, toShopper } from "./to-shopper.server";

export type { ReturnStep, ReturnUpdateInput } from "./return-updates";

/** One step of a return, told once (a step taken again adds nothing). */
export function queueReturnUpdate(tx: Tx, input: ReturnUpdateInput): Promise<number> {
  const kind = `return-${input.step.replace(/_/g, "-")}`;
  const keys = messageKeys(kind, input.returnNumber);
  return queueMessages(
    tx,
    toShopper(input, { kind, keys, sms: () => returnUpdateSms(input), email: () => returnUpdateEmail(input) }),
  );
}
