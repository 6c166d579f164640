import type { Tx } from "../../db/client.server";
import { queueMessages } from "./outbox.server";
import { reviewRequestEmail, reviewRequestSms, type ReviewRequestInput } from "./review-requests";
import { messageKeys, toShopper } from "./to-shopper.server";

export type { ReviewRequestInput } from "./review-requests";

/** The review request of one order, queued once (asked again, it adds nothing). */
export function queueReviewRequest(tx: Tx, input: ReviewRequestInput): Promise<number> {
  const kind = "review-request";
  return queueMessages(
    tx,
    toShopper(input, {
      kind,
      keys: messageKeys(kind, input.orderNumber),
      sms: () => reviewRequestSms(input),
      email: () => reviewRequestEmail(input),
    }),
  );
}
